// spec: CUDA G-RACE: every thread writes the same value to a __shared__ flag — a race under SDV, accepted with --benign-writes
// run: run --block-dim 4
// exit: 1
// expect: verdict=race rule=G-RACE threads=[0,1] location.line=18 location.col=3
// expect: accesses.0={"thread":0,"kind":"write","array":"flag","index":0,"location":{"line":17}}
// expect: accesses.1={"thread":1,"kind":"write","array":"flag","index":0,"location":{"line":17}}
// run: run --block-dim 4 --benign-writes
// exit: 0
// expect: verdict=ok final.out=[1,1,1,1]
// why: flag is a one-cell __shared__ array; all 4 threads write 1 to flag[0] (line 17). At the
//   __syncthreads (line 18, col 3) W(flag[0]) = {0,1,2,3}: write-write race, the two lowest
//   writers 0 and 1. With --benign-writes equal values are not a race: the barrier syncs,
//   flag = 1 and every thread copies 1 to out[t].
__global__ void setflag(int *out) {
  __shared__ int flag;
  int t = threadIdx.x;
  flag = 1;
  __syncthreads();
  out[t] = flag;
}
