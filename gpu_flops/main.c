#include "config.h"
#include "gpu_flops/gpu_flops.h"
#include "common/main.h"

RFL_PROGRAM_MAIN(gpu_flops)
