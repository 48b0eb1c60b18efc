// spec: a file whose host code uses Thrust: `#include <thrust/…>` is one located unsupported error at the include (whether the system has libthrust-dev or not), not Thrust's own errors
// run: run --block-dim 4 --buffer out=4
// exit: 2
// stderr: 10:10: error: unsupported: <thrust/device_vector.h>: Thrust is not supported
// why: Thrust's headers need the whole CUDA runtime and do not parse with sdvmc's cuda.h; where
//   they are not installed the include is not found. Either way the frontend refuses the
//   include on line 10 at the header's name (column 10) and names it, exit 2.
#include <cstdio>
#include <cuda_runtime.h>
#include <thrust/device_vector.h>
#include <thrust/reduce.h>

__global__ void fill(int* out) { out[threadIdx.x] = threadIdx.x; }

int main() {
  thrust::device_vector<int> v(4);
  fill<<<1, 4>>>(thrust::raw_pointer_cast(v.data()));
  std::printf("%d\n", thrust::reduce(v.begin(), v.end()));
  return 0;
}
