//pass
//--local_size=2 --num_groups=1

// GPUVerify does not check division by zero, and the kernel has no race (each item its own
// A[i]): pass. sdvmc finds the division by zero when B[i] is 0 (an input in its domain
// 0..1): class "beyond", with the replay.
__kernel void divide(__global int *A, __global int *B) {
  int i = get_local_id(0);
  A[i] = 10 / B[i];
}
