// spec: CUDA __syncthreads_or as a loop guard: the vote makes the loop uniform, so the barriers in it never diverge; votes in a row do not race
// run: run --block-dim 4
// exit: 0
// expect: verdict=ok final.A=[41,41,41,41]
// run: check --block-dim 4
// exit: 0
// expect: verdict=ok
// why: r = 0: or(active = 1) = 1, then active = t > 0, r = 1; or = 1 (threads 1..3), active =
//   t > 1, r = 2; or = 1 (2, 3), active = t > 2, r = 3; or = 1 (3), active = t > 3 = 0, r = 4;
//   or(0) = 0: every thread leaves after the same 5 votes with r = 4, and and(r == 4) = 1:
//   A[t] = 41. Each vote writes __sync_vote[lid] after the previous vote's second barrier and
//   reads all cells between its own two barriers: no race; all threads reach every barrier.
__global__ void rounds(int *A) {
  int t = threadIdx.x;
  int active = 1, r = 0;
  while (__syncthreads_or(active)) {
    active = t > r;
    r = r + 1;
  }
  A[t] = r * 10 + __syncthreads_and(r == 4);
}
