// spec: OpenCL private array indexed by a loop variable; an out-of-range private index is an assertion
// run: run --local-size 4
// exit: 0
// expect: verdict=ok final.out=[0,3,6,9]
// run: run --local-size 4 --param k=1
// exit: 1
// expect: verdict=assertion rule=T-ASSERT threads=[3] location.line=16
// why: p[j] = i*j for j = 0..3 (each thread has its own p). k = 0: out[i] = p[i] + p[3-i] =
//   i*i + i*(3-i) = 3i. k = 1: p[i + 1] for thread 3 is p[4], outside int p[4]; a non-constant
//   private index is checked by assert(0 <= i && i < 4), failing for thread 3 only (line 16).
__kernel void priv(__global int *out, int k) {
  int i = get_local_id(0);
  int p[4];
  for (int j = 0; j < 4; j++)
    p[j] = i * j;
  out[i] = p[i + k] + p[3 - i];
}
