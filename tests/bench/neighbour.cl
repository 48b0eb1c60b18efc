// OpenCL C version of tests/bench/neighbour.kpl, for the Oclgrind comparison in
// run_bench.sh: one work-group of 1024 work-items, 200 iterations; each iteration writes
// the work-item's own cell, meets at a barrier, and reads its right neighbour's cell.
// Two halves of A alternate so that no iteration's write races with the previous
// iteration's read. A lives in __local memory (the analogue of KPL's `shared`); after the
// loop it is copied to the __global buffer `out` so that oclgrind-kernel can dump it.
__kernel void neighbour(__global int *out)
{
  __local int A[2048];
  int lid = (int)get_local_id(0);
  int t = 0;
  for (int i = 0; i < 200; i++) {
    int buf = i % 2;
    A[buf * 1024 + lid] = t + lid;
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    t = A[buf * 1024 + (lid + 1) % 1024];
  }
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  out[lid] = A[lid];
  out[1024 + lid] = A[1024 + lid];
}
