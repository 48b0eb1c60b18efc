// spec: a sample's project header that is not found (the CUDA samples' helper_cuda.h) is a located error naming the option that fixes it, -I DIR; with -I the file checks
// run: run --block-dim 4 --buffer data=4 --init data=1,2,3,4
// exit: 2
// stderr: 14:10: error: 'helper_cuda.h' file not found (sdvmc searches the kernel's folder, its own CUDA headers and the C++ library; give the project's include folders with -I DIR, as to nvcc)
// run: run --block-dim 4 --buffer data=4 --init data=1,2,3,4 -I $DIR/include
// exit: 0
// expect: verdict=ok final.data=[2,4,6,8]
// why: helper_cuda.h is in specs/cuda/include, not next to the kernel nor among sdvmc's
//   headers: without -I the #include on line 14 (column 10, the header's name) is not found and
//   the message names -I DIR. With -I $DIR/include it is found (host code: checkCudaErrors, not
//   lowered) and each thread doubles its own element: 2, 4, 6, 8.
#include <cstdio>
#include <cuda_runtime.h>
#include <helper_cuda.h>

__global__ void doubleElements(int* data) { data[threadIdx.x] *= 2; }

int main() {
  int* d_data = nullptr;
  checkCudaErrors(cudaMalloc(&d_data, 4 * sizeof(int)));
  doubleElements<<<1, 4>>>(d_data);
  checkCudaErrors(cudaDeviceSynchronize());
  checkCudaErrors(cudaFree(d_data));
  std::printf("done\n");
  return 0;
}
