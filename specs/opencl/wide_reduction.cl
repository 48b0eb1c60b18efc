// spec: OpenCL long tree reduction in __local memory (values beyond 32 bits, negative ones), barrier per round: no race, exact sum
// run: run --local-size 8
// exit: 0
// expect: verdict=ok final.A=[-8,13]
// run: run --local-size 4
// exit: 0
// expect: verdict=ok final.A=[-4,2]
// run: check --local-size 4
// exit: 0
// expect: verdict=ok
// why: thread t contributes v(t) = t * 2^31 - 1 (a long: t * 2^31 needs 35 bits for t = 7).
//   8 threads: sum = 2^31 * (0 + 1 + ... + 7) - 8 = 28 * 2^31 - 8 = 14 * 2^32 - 8
//   = 13 * 2^32 + 4294967288: words (low 4294967288 = -8 as a signed word, high 13), low word
//   first in A. With 4 threads: 6 * 2^31 - 4 =
//   3 * 2^32 - 4 = 2 * 2^32 + 4294967292: (low -4, high 2). Each round's reads of s[t + d]
//   follow the barrier after their writes, and a thread writes only s[t]: no race.
__kernel void k(__global long *A) {
  __local long s[8];
  int t = get_local_id(0);
  s[t] = (long)t * 2147483648L - 1;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int d = get_local_size(0) / 2; d > 0; d /= 2) {
    if (t < d)
      s[t] += s[t + d];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (t == 0)
    A[0] = s[0];
}
