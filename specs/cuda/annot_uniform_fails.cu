// spec: a loop whose trip count depends on the thread (i starts at t, steps by t + 1): GPUVerify's __invariant(__uniform_bool(...)) on the guard fails, and sdvmc names the first thread of the first pair where it does not hold
// run: run --block-dim 2 --buffer a=4
// exit: 1
// expect: verdict=assertion rule=T-ASSERT threads=[0] location.line=10
// why: thread 0: i = 0, 1, 2, 3, 4 (step 1); thread 1: i = 1, 3, 5 (step 2). Heads: (0, 1) both < 4;
//   (1, 3) both < 4; (2, 5): thread 0 has 2 < 4 true, thread 1 has 5 < 4 false: __uniform_bool fails for
//   the pair (0, 1) and for (1, 0); the lowest thread, 0, is reported. (Both threads write a[1], at
//   different iterations; SDV finds races at barriers, and the assertion at the third head comes first.)
__global__ void strided(int *a) {
  for (int i = threadIdx.x; __invariant(__uniform_bool(i < 4)), i < 4; i += threadIdx.x + 1)
    a[i] = i;
}
