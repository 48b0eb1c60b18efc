// spec: OpenCL barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE) orders both spaces: local tile and global scratch exchanged race-free
// run: run --local-size 4 --init in=3,1,4,1
// exit: 0
// expect: verdict=ok final.scratch=[6,2,8,2] final.out=[3,10,3,11]
// run: check --local-size 4
// exit: 0
// expect: verdict=ok
// why: with both flags the barrier is KPL's plain `barrier;` (every log merged and emptied).
//   Work-item i reads in[i] and writes tile[i] = in[i] and scratch[i] = 2 in[i]:
//   tile = {3,1,4,1}, scratch = {6,2,8,2}. After the barrier it reads tile[(i + 1) % 4] and
//   scratch[(i + 3) % 4] (other work-items' cells, now ordered: reads only) and writes its
//   own out[i] = tile[(i + 1) % 4] + scratch[(i + 3) % 4]:
//   out[0] = tile[1] + scratch[3] = 1 + 2 = 3;  out[1] = tile[2] + scratch[0] = 4 + 6 = 10;
//   out[2] = tile[3] + scratch[1] = 1 + 2 = 3;  out[3] = tile[0] + scratch[2] = 3 + 8 = 11.
//   check: every input value gives a race-free run (the addresses do not depend on them).
__kernel void mix(__global const int *in, __global int *scratch, __global int *out) {
  __local int tile[4];
  int i = get_local_id(0);
  int v = in[i];
  tile[i] = v;
  scratch[i] = 2 * v;
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  out[i] = tile[(i + 1) % 4] + scratch[(i + 3) % 4];
}
