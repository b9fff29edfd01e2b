#include "config.h"
#include "gpu_link/gpu_link.h"
#include "common/main.h"

RFL_PROGRAM_MAIN(gpu_link)
