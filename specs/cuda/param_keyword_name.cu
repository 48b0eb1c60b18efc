// spec: CUDA: a kernel parameter whose C name is a KPL keyword (skip) is still addressed by its C name in --param and --init
// run: run --block-dim 2 --param skip=3
// exit: 0
// expect: verdict=ok final.A=[3,3]
// why: A[t] = skip for both threads → [3,3]. The lowering renames the KPL parameter (skip_1),
//   but --param names the kernel's parameter as written in the C source.
__global__ void k(int *A, int skip) {
  A[threadIdx.x] = skip;
}
