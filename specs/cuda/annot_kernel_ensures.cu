// spec: postconditions of the kernel itself (checked before its final barrier, where the thread's write log still holds what it wrote since the last barrier): __ensures(__write(out)) and an __ensures over the written offsets, a __global_ensures on a value every thread computes; in a helper the global forms are refused (the spec annot_global_in_helper_unsupported)
// run: run --block-dim 4 --buffer out=8
// exit: 0
// expect: verdict=ok final.out=[0,1,2,3,0,-1,-2,-3]
// stderr: note: candidate does not hold for thread 0: dropped
// why: out[t] = t and out[t + 4] = -t: each thread's write log of out is {t, t + 4}, so __write(out) holds and
//   __write_implies(out, offset == t || offset == t + 4) holds. w = 4 (blockDim.x) in every thread:
//   __global_ensures(w == 4) holds for all. scale(t, k) is called by threads 0, 1 with k = 4: its __requires
//   (k > 0) holds; out[t] = t * 4 / 4 = t for them, out[t] = t for 2, 3. The loop runs once: out[t + 4] = -t.
//   __candidate_global_invariant(i == 0) holds at the first head (i = 0 everywhere) and not at the second
//   (i = 1): dropped, thread 0 named in the note; the run goes on.
#include <gpuverify.h>

__device__ int scale(int x, int k) {
  __requires(k > 0);
  return x * k;
}

__global__ void writeBoth(int *out) {
  __ensures(__write(out));
  __ensures(__write_implies(out, __write_offset(out) == (int)threadIdx.x || __write_offset(out) == (int)threadIdx.x + 4));
  int t = threadIdx.x;
  int w = blockDim.x;
  __global_ensures(w == 4);
  int k = w;
  if (t < 2) out[t] = scale(t, k) / 4;
  else out[t] = t;
  for (int i = 0; __candidate_global_invariant(i == 0), i < 1; i++) out[t + 4] = -t;
}
