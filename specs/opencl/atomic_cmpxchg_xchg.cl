// spec: OpenCL atomic_cmpxchg (only the first thread in lid order wins a lock) and atomic_xchg (old values chain)
// run: run --local-size 4
// exit: 0
// expect: verdict=ok final.L=[1] final.won=[1,0,0,0] final.X=[13] final.px=[0,10,11,12]
// why: atomics run in ascending lid order. cmpxchg(&L[0], 0, i + 1): thread 0 finds 0 and stores 1
//   (prev 0: won); threads 1..3 find 1 ≠ 0 and change nothing (prev 1). xchg(&X[0], i + 10):
//   thread 0 gets 0 and leaves 10, thread 1 gets 10 and leaves 11, thread 2 gets 11, thread 3 gets
//   12 and leaves 13.
__kernel void lock(__global int *L, __global int *won, __global int *X, __global int *px) {
  int i = get_local_id(0);
  int prev = atomic_cmpxchg(&L[0], 0, i + 1);
  won[i] = (prev == 0);
  px[i] = atomic_xchg(&X[0], i + 10);
}
