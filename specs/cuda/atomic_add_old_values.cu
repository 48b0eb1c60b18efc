// spec: CUDA atomicAdd returns the old value; the enabled threads apply their atomics in ascending thread order
// run: run --block-dim 4
// exit: 0
// expect: verdict=ok final.c=[8,-2] final.out=[0,2,4,6,0,0,0,-1]
// why: line 11: threads 0..3 add 2 in lid order: old = 0, 2, 4, 6; c[0] = 8. Line 12: only the odd
//   threads 1 and 3 subtract 1 from c[1] (0): thread 1 gets 0, thread 3 gets -1; c[1] = -2.
//   The even threads keep o2 = 0. out[t] = old, out[4+t] = o2 → [0,2,4,6] and [0,0,0,-1].
__global__ void tickets(int *c, int *out) {
  int t = threadIdx.x;
  int o2 = 0;
  int old = atomicAdd(&c[0], 2);
  if (t % 2 == 1) o2 = atomicSub(&c[1], 1);
  out[t] = old;
  out[4 + t] = o2;
}
