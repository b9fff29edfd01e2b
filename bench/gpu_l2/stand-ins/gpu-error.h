// Stand-in: abort on a CUDA error.
#pragma once
#include <cstdio>
#include <cstdlib>
#define GPU_ERROR(ans) do { cudaError_t e_ = (ans); if (e_ != cudaSuccess) { \
  fprintf(stderr, "GPU error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); exit(1); } } while (0)
