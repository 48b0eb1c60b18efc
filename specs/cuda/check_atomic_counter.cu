// spec: CUDA check: atomicAdd on an arbitrary counter, read plainly after a __syncthreads: no race, and the observed increments are bounded for every initial value
// run: check --block-dim 2
// exit: 0
// expect: verdict=ok
// run: run --block-dim 2 --init c=5
// exit: 0
// expect: verdict=ok final.c=[7] final.out=[2,1]
// why: thread t gets old = v + t (ascending order, v = the initial c[0]); after the barrier
//   both read now = v + 2 plainly (the barrier ended the atomic/plain conflict window), so
//   now - old = 2 - t ∈ {1, 2}: the assert holds for every v. With v = 5: c = 7, out[t] =
//   2 - t → [2, 1].
__global__ void k(int *c, int *out) {
  int t = threadIdx.x;
  int old = atomicAdd(&c[0], 1);
  __syncthreads();
  int now = c[0];
  assert(now - old >= 1 && now - old <= 2);
  out[t] = now - old;
}
