// spec: OpenCL helper with a __local pointer parameter, several parameters, barriers and a return value, called by all threads
// run: run --local-size 4
// exit: 0
// expect: verdict=ok final.out=[12,16,22,10]
// why: exchange(t, i, v) writes t[i] = v, synchronises, reads the neighbour t[(i+1)%4],
//   synchronises again and returns it; every thread calls it, so its barriers are uniform, and
//   each phase writes one cell per thread and reads only after a barrier (no race). Call 1:
//   t = [0,1,4,9], a = [1,4,9,0]. Call 2: t = [10,11,12,13], b = [11,12,13,10].
//   out = a + b = [12,16,22,10].
int exchange(__local int *t, int i, int v) {
  t[i] = v;
  barrier(CLK_LOCAL_MEM_FENCE);
  int r = t[(i + 1) % 4];
  barrier(CLK_LOCAL_MEM_FENCE);
  return r;
}
__kernel void twice(__global int *out) {
  __local int t[4];
  int i = get_local_id(0);
  int a = exchange(t, i, i * i);
  int b = exchange(t, i, 10 + i);
  out[i] = a + b;
}
