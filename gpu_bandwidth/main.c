#include "config.h"
#include "gpu_bandwidth/gpu_bandwidth.h"
#include "common/main.h"

RFL_PROGRAM_MAIN(gpu_bandwidth)
