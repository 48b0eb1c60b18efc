// spec: OpenCL atomic_inc on a __local histogram, then a barrier, then plain reads: race-free
// run: run --local-size 5
// exit: 0
// expect: verdict=ok final.out=[3,2,3,2,3] final.hist=[3,2]
// why: threads 0, 2, 4 increment hist[0] and 1, 3 hist[1] (local memory starts at 0 in run):
//   hist = [3, 2]. Atomics are visible at once and never race with each other; the plain reads
//   come after the barrier, so nothing conflicts. out[i] = hist[i % 2].
__kernel void hist2(__global int *out) {
  __local int hist[2];
  int i = get_local_id(0);
  atomic_inc(&hist[i % 2]);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[i] = hist[i % 2];
}
