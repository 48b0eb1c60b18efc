//pass
//--local_size=4 --num_groups=1 --no-inline --equality-abstraction --frobnicate

// A helper call and flags that do not change the verdict: --no-inline (sdvmc inlines),
// --equality-abstraction (GPUVerify's technique) and an unknown flag, all noted.
int twice(int x) { return 2 * x; }
__kernel void helper(__global int *A) {
  int i = get_local_id(0);
  A[i] = twice(i);
}
