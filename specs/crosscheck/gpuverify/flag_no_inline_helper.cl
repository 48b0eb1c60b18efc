//pass
//--local_size=4 --num_groups=1 --no-inline

// --no-inline makes GPUVerify check procedures modularly; the verdict of a correct kernel
// is the same. The helper loads its neighbour's cell after the caller's barrier: item i
// writes t[i], the barrier orders it, then every item reads t[(i + 1) % 4]: pass.
int neighbour(__local int *t, int i) { return t[(i + 1) % 4]; }

__kernel void rotate(__global int *A) {
  __local int t[4];
  int i = get_local_id(0);
  t[i] = A[i];
  barrier(CLK_LOCAL_MEM_FENCE);
  A[i] = neighbour(t, i);
}
