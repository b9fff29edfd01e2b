#include "config.h"
#include "gemm/gemm.h"
#include "common/main.h"

RFL_PROGRAM_MAIN(gemm)
