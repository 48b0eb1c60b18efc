//pass
//--local_size=4 --num_groups=1

// Each item writes its own cell of A or of B (the same array for every item, chosen by the
// uniform c): no race, GPUVerify passes it. sdvmc's pointers are (base, offset) pairs with a
// base known statically, and p may point into A or B: it rejects the kernel (unsupported).
__kernel void pick(__global int *A, __global int *B, int c) {
  __global int *p = c ? A : B;
  p[get_local_id(0)] = 1;
}
