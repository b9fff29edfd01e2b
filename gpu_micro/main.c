#include "config.h"
#include "gpu_micro/gpu_micro.h"
#include "common/main.h"

RFL_PROGRAM_MAIN(gpu_micro)
