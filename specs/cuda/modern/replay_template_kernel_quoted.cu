// spec: a replay command names a template kernel in single quotes (its name has spaces and angle brackets), so that it runs as printed in a shell; check's witness replay is re-run by the variant gate
// run: run --kernel 'ops::shift_left<float, 4>' --block-dim 4
// exit: 1
// expect: verdict=out-of-bounds threads=[3] location.line=23 replay="sdvmc run $FILE --block-dim 4,1,1 --kernel 'ops::shift_left<float, 4>' --group 0"
// run: check --kernel 'ops::shift_left<float, 4>' --block-dim 4
// exit: 1
// expect: verdict=out-of-bounds location.line=23
// why: shift_left<float, 4> stages the 4 values in tile[4], then thread t reads tile[t + 1]:
//   thread 3 reads tile[4], one past the end: out-of-bounds at that read (line 23), thread 3,
//   in both run and check (no input value changes it). The kernel's name as the file
//   instantiates it, `ops::shift_left<float, 4>`, holds a space and < >, which a shell would
//   split and redirect: the replay quotes it, '…', and the rest of the launch (block size,
//   group) as run and check write it.
#include <cuda_runtime.h>

namespace ops {

template <typename T, int N>
__global__ void shift_left(T* __restrict__ data) {
  __shared__ T tile[N];
  tile[threadIdx.x] = data[threadIdx.x];
  __syncthreads();
  data[threadIdx.x] = tile[threadIdx.x + 1];
}

template __global__ void shift_left<float, 4>(float*);

}  // namespace ops
