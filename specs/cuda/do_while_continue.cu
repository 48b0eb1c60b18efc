// spec: CUDA continue inside a do-while jumps to the loop test (not the top of the body); per-thread trip counts
// run: run --block-dim 2
// exit: 0
// expect: verdict=ok final.out=[6,15]
// why: thread t loops while i < 5 + t, odd i continue (to the test), even i add i + t.
//   t = 0: i = 1..5, adds at 2 and 4 → 2 + 4 = 6; the test after i = 5 fails. t = 1: i = 1..6,
//   adds at 2, 4, 6 → 3 + 5 + 7 = 15. Had continue skipped the test, thread 0 would run on.
__global__ void k(int *out) {
  int i = 0, s = 0;
  do {
    i++;
    if (i % 2 == 1) continue;
    s += i + threadIdx.x;
  } while (i < 5 + threadIdx.x);
  out[threadIdx.x] = s;
}
