// spec: CUDA __assume: a false assumption on an enabled thread discards the execution; on disabled threads it does nothing
// run: run --block-dim 4 --param n=3
// exit: 0
// expect: verdict=discarded rule=T-ASSUME location.line=14
// run: run --block-dim 4 --param n=4
// exit: 0
// expect: verdict=ok final.out=[2,2,2,2]
// why: the __assume(false) at line 13 runs under threadIdx.x >= 8: no thread of a 4-thread block
//   is enabled there, so it has no effect. __assume(n % 2 == 0) (line 14): n = 3 → discarded;
//   n = 4 → every thread writes n / 2 = 2.
__global__ void even(int *out, int n) {
  if (threadIdx.x >= 8)
    __assume(false);
  __assume(n % 2 == 0);
  out[threadIdx.x] = n / 2;
}
