#include "config.h"
#include "bandwidth/bandwidth.h"
#include "common/main.h"

RFL_PROGRAM_MAIN(bandwidth)
