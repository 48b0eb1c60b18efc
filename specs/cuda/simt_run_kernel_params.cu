// spec: `run --model simt:W` takes the kernel's scalar parameters (--param): a warp sum of the first n lanes' inputs times scale, n and scale parameters; the same shuffles inside a branch on the parameter are a warp-mask verdict when n < 32, and the replay names the parameter
// run: run --kernel reduce::sum_first_n --block-dim 32 --model simt:32 --param n=5 --param scale=3 --buffer out=1 --init in=1,2,3,4,5,6,7,8
// exit: 0
// expect: verdict=ok final.out=[45] model=simt:32
// run: run --kernel reduce::sum_first_n_divergent --block-dim 32 --model simt:32 --param n=8 --buffer out=1
// exit: 1
// expect: verdict=warp-mask location.line=35 replay="sdvmc run $FILE --block-dim 32,1,1 --kernel reduce::sum_first_n_divergent --buffer out=1 --group 0 --model simt:32 --param n=8"
// run: run --kernel reduce::sum_first_n_divergent --block-dim 32 --model simt:32 --param n=32 --buffer out=1 --init in=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32
// exit: 0
// expect: verdict=ok final.out=[528]
// why: sum_first_n: lane l contributes in[l] * scale when l < n, else 0; the butterfly of
//   __shfl_xor_sync over offsets 16, 8, 4, 2, 1 with all 32 lanes gives every lane the sum of
//   the 32 contributions (each step adds the partner's partial sum over a disjoint half);
//   lane 0 writes it: (1 + 2 + 3 + 4 + 5) * 3 = 45. Before parameters were passed to the warp
//   machines this was refused (unsupported); with n and scale 0, as the machines' slots start,
//   it would be 0, so 45 shows both values arrive.
//   sum_first_n_divergent with n = 8: only lanes 0..7 enter the branch and call the shuffle
//   with the full mask 0xffffffff, naming lanes 8..31, which neither execute it nor have
//   exited: warp-mask at the shuffle (line 35). The replay command is the launch as SDV's run
//   writes it (block size, --kernel, --buffer), then --group 0, the model and --param n=8.
//   With n = 32 every lane executes the shuffles: the sum of in[0..31] = 1 + … + 32 = 528.
#include <cuda_runtime.h>

namespace reduce {

__device__ __forceinline__ int warp_sum(int v) {
#pragma unroll
  for (int offset = 16; offset > 0; offset >>= 1) {
    v += __shfl_xor_sync(0xffffffff, v, offset);
  }
  return v;
}

__device__ __forceinline__ int warp_sum_in_branch(int v) {
  for (int offset = 16; offset > 0; offset >>= 1) v += __shfl_xor_sync(0xffffffff, v, offset);
  return v;
}

__global__ void sum_first_n(int* __restrict__ out, const int* __restrict__ in, const int n, const int scale) {
  const int lane = threadIdx.x % 32;
  int v = lane < n ? in[lane] * scale : 0;
  v = warp_sum(v);
  if (lane == 0) out[0] = v;
}

__global__ void sum_first_n_divergent(int* __restrict__ out, const int* __restrict__ in, const int n) {
  const int lane = threadIdx.x % 32;
  if (lane < n) {
    const int v = warp_sum_in_branch(in[lane]);
    if (lane == 0) out[0] = v;
  }
}

}  // namespace reduce
