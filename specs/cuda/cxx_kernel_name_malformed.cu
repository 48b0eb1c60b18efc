// spec: a malformed --kernel spelling (one '>' too many) names no kernel; the message lists the specialisations the file instantiates, not the one Clang made while reading the spelling, exit 2; the right spelling of either specialisation runs
// run: run --kernel 'ops::fill<int, 8>>' --block-dim 2
// exit: 2
// stderr: error: no kernel named 'ops::fill<int, 8>>' (--kernel) (expected expression); the file has ops::fill<float, 2>
// run: run --kernel 'ops::fill<int, 8>' --block-dim 2 --buffer a=2
// exit: 0
// expect: verdict=ok final.a=[8,9]
// run: run --kernel 'ops::fill<float, 2>' --block-dim 2 --buffer a=2
// exit: 0
// expect: verdict=ok
// why: the reference `(void)&ops::fill<int, 8>>;` that sdvmc appends after the file parses
//   `ops::fill<int, 8>` and then meets a stray '>' where Clang expects an expression: the
//   spelling names nothing (exit 2, Clang's reason in parentheses). Clang instantiated
//   fill<int, 8> on its way, but the file itself instantiates only fill<float, 2> (the
//   launch in launch_fill), so that is the one listed. Spelt correctly, fill<int, 8> writes
//   a[t] = 8 + t for t = 0, 1: [8, 9]; fill<float, 2> runs too.
#include <cuda_runtime.h>

namespace ops {
template <typename T, int V>
__global__ void fill(T* __restrict__ a) {
  a[threadIdx.x] = static_cast<T>(V + threadIdx.x);
}
}  // namespace ops

void launch_fill(float* a, cudaStream_t stream) {
  ops::fill<float, 2><<<1, 2, 0, stream>>>(a);
}
