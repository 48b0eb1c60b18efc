// spec: OpenCL private array indexed by a loop variable; an out-of-range private index is out-of-bounds (T-PRIVATE-INDEX) naming the array
// run: run --local-size 4
// exit: 0
// expect: verdict=ok final.out=[0,3,6,9]
// run: run --local-size 4 --param k=1
// exit: 1
// expect: verdict=out-of-bounds rule=T-PRIVATE-INDEX threads=[3] array=p index=4 size=4 location.line=17
// why: p[j] = i*j for j = 0..3 (each thread has its own p). k = 0: out[i] = p[i] + p[3-i] =
//   i*i + i*(3-i) = 3i. k = 1: p[i + 1] for thread 3 is p[4], outside int p[4]; a non-constant
//   private index is checked by private_index(p, i + 1, 4), failing for thread 3 only (line 17),
//   at index 4 of p's 4 elements (p[3 - i] is 0..3 for every thread, checked after).
__kernel void priv(__global int *out, int k) {
  int i = get_local_id(0);
  int p[4];
  for (int j = 0; j < 4; j++)
    p[j] = i * j;
  out[i] = p[i + k] + p[3 - i];
}
