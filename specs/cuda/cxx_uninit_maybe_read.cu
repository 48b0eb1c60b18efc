// spec: C++ uninitialised locals: a running maximum whose variable is assigned only inside the loop (read before any assignment when n = 0) starts arbitrary; run takes 0, check finds the value that breaks the kernel's assertion
// run: run --block-dim 2 --param n=0
// exit: 0
// expect: verdict=ok final.out=[0,0]
// stderr: note: 'best' may be read before it is assigned: it starts arbitrary
// run: check --block-dim 2 --param n=0
// exit: 1
// expect: verdict=assertion
// run: check --block-dim 2 --param n=2 --buffer in=2
// exit: 0
// expect: verdict=ok
// why: with n = 0 the loop never runs, so `best` is read by the assertion while unassigned: C
//   leaves it undefined, the frontend makes it arbitrary (Clang's analysis reports the read).
//   run uses 0: 0 <= 0 holds for both threads and out = [0, 0]. check explores the domain 0..1:
//   a thread with best = 1 fails `best <= 0`, an assertion. With n = 2 and in of 2 cells (their
//   values from 0..1) the loop assigns best before any read of it, and the assertion is checked
//   only when n == 0: every state is ok.
__global__ void runningMax(const int* in, int* out, int n) {
  int t = threadIdx.x;
  int best;
  for (int i = 0; i < n; ++i)
    if (i == 0 || in[i] > best) best = in[i];
  if (n == 0) assert(best <= 0);
  out[t] = n == 0 ? best : 0;
}
