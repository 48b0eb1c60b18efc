// A project header in the style of the CUDA samples' Common/helper_cuda.h (for
// hdr_missing_project_header.cu, found with -I $DIR/include): error checking for host code.
#pragma once
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define checkCudaErrors(val) check_cuda((val), #val, __FILE__, __LINE__)

inline void check_cuda(cudaError_t result, const char* func, const char* file, int line) {
  if (result != cudaSuccess) {
    std::fprintf(stderr, "CUDA error at %s:%d code=%d \"%s\"\n", file, line, (int)result, func);
    std::exit(EXIT_FAILURE);
  }
}
