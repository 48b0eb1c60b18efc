//xfail:NOT_ALL_VERIFIED
//--local_size=4 --num_groups=1 --no-benign-tolerance
//possible\s*(read-write|write-read)\s*race

// The kernel of benign_unchanged_write.cl without benign tolerance: item 0's write of A[0]
// and item 1's read of it race.
__kernel void write_back(__global int *A, __global int *B) {
  int i = get_local_id(0);
  int v = A[0];
  if (i == 0) A[0] = v;
  B[i] = v;
}
