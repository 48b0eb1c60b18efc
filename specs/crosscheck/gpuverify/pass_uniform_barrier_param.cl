//pass
//--local_size=4 --num_groups=1

// The barrier is under a condition on the scalar argument n, the same for every item:
// all items reach it or none does, and the cross-item read is after it.
__kernel void maybe_sync(__global int *A, int n) {
  __local int t[4];
  int i = get_local_id(0);
  t[i] = i;
  if (n > 0) {
    barrier(CLK_LOCAL_MEM_FENCE);
    A[i] = t[(i + 1) % 4];
  }
}
