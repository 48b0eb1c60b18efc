// spec: CUDA private (per-thread) arrays: indexed by a loop counter and by threadIdx.x; an out-of-range private index is out-of-bounds (T-PRIVATE-INDEX) naming the array (kernel oob)
// run: run --block-dim 4 --kernel fill
// exit: 0
// expect: verdict=ok final.out=[0,4,10,18]
// run: run --block-dim 5 --kernel oob
// exit: 1
// expect: verdict=out-of-bounds rule=T-PRIVATE-INDEX threads=[4] array=loc index=4 size=4 private=true location.line=25
// expect: message="thread 4 indexes the private array loc (4 elements) at 4"
// run: run --block-dim 4 --kernel oob
// exit: 0
// expect: verdict=ok final.out=[1,0,0,0]
// why: fill: loc[k] = k·t, so loc[t] + loc[3] = t² + 3t → 0, 4, 10, 18; every thread has its
//   own loc (private: no race). oob: loc[threadIdx.x] = 1 with 5 threads: thread 4 indexes
//   loc[4] of a 4-element private array, which the frontend checks as private_index(loc, i, 4):
//   out-of-bounds at line 25 for thread 4 only, index 4 of 4 elements. With 4 threads every index is in range and only
//   thread 0 finds loc[0] = 1: out = [1, 0, 0, 0].
__global__ void fill(int *out) {
  int t = threadIdx.x;
  int loc[4];
  for (int k = 0; k < 4; k++) loc[k] = k * t;
  out[t] = loc[t % 4] + loc[3];
}
__global__ void oob(int *out) {
  int loc[4];
  loc[threadIdx.x] = 1;
  out[threadIdx.x] = loc[0];
}
