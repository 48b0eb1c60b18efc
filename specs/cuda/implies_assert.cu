// spec: CUDA __implies inside __assert: vacuous when the premise is false; the lowest failing thread is reported
// run: run --block-dim 4 --param k=2
// exit: 0
// expect: verdict=ok final.out=[1,1,2,2]
// run: run --block-dim 4 --param k=1
// exit: 1
// expect: verdict=assertion rule=T-ASSERT threads=[1] location.line=18
// run: run --block-dim 4 --param k=0
// exit: 1
// expect: verdict=assertion threads=[0]
// why: out[t] = (t < k) ? 1 : 2, then __assert(__implies(t < 2, out[t] == 1)) = !(t < 2) || out[t]
//   == 1 (reading the thread's own write). Threads 2, 3: premise false, holds. k = 2: threads 0,
//   1 wrote 1 → ok. k = 1: thread 1 wrote 2 → fails (line 18). k = 0: threads 0 and 1 fail, the
//   lowest is 0.
__global__ void imp(int *out, int k) {
  int t = threadIdx.x;
  out[t] = t < k ? 1 : 2;
  __assert(__implies(t < 2, out[t] == 1));
}
