#include "config.h"
#include "flops/flops.h"
#include "common/main.h"

RFL_PROGRAM_MAIN(flops)
