// spec: OpenCL barrier(CLK_GLOBAL_MEM_FENCE) orders global memory: reading a neighbour's __global cell after it is race-free
// run: run --local-size 4
// exit: 0
// expect: verdict=ok final.out=[0,10,20,30] final.res=[10,20,30,0]
// run: check --local-size 4
// exit: 0
// expect: verdict=ok
// why: work-item i writes out[i] = 10 i, passes barrier(CLK_GLOBAL_MEM_FENCE) (barrier(global)
//   in KPL), which merges and empties the global logs, then reads out[(i + 1) % 4] and writes
//   res[i]. After the barrier out[c] has one reader (c - 1 mod 4) and no writer; res[i] one
//   writer each: no race at the final barrier. res = {out[1], out[2], out[3], out[0]} =
//   {10, 20, 30, 0}. No local memory is used, so the fence misses nothing.
int neighbour(int i, int n) { return (i + 1) % n; }

__kernel void rotate(__global int *out, __global int *res) {
  int i = get_local_id(0);
  int n = get_local_size(0);
  out[i] = i * 10;
  barrier(CLK_GLOBAL_MEM_FENCE);
  res[i] = out[neighbour(i, n)];
}
