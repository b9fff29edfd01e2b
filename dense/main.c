#include "config.h"
#include "dense/dense.h"
#include "common/main.h"

RFL_PROGRAM_MAIN(dense)
