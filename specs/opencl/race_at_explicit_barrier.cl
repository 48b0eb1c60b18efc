// spec: OpenCL race between two barriers: reversal of a __local array in place, reported at the second barrier
// run: run --local-size 4
// exit: 1
// expect: verdict=race rule=G-RACE threads=[0,3] location.line=19 location.col=3
// expect: accesses.0={"thread":0,"kind":"write","array":"tile","index":0,"location":{"line":18}}
// expect: accesses.1={"thread":3,"kind":"read","array":"tile","index":0,"location":{"line":17}}
// why: phase 1 (line 15) writes tile[i] = i, one cell per thread: no race at the barrier of line
//   16. Phase 2 reads tile[3-i] (line 17) and writes tile[i] (line 18) with no barrier between:
//   cell c is written by c and read by 3-c. Smallest cell tile[0]: writer 0, reader 3, reported
//   at the barrier of line 19 (col 3), before out is written. out is declared first but has no
//   conflict.
__kernel void reverse(__global int *out) {
  __local int tile[4];
  int i = get_local_id(0);
  tile[i] = i;
  barrier(CLK_LOCAL_MEM_FENCE);
  int v = tile[3 - i];
  tile[i] = v;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[i] = tile[i];
}
