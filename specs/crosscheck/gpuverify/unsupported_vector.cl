//pass
//--local_size=4 --num_groups=1

// Each item updates its own int4: no race, GPUVerify passes it. sdvmc does not model
// vector types: it rejects the kernel (class unsupported).
__kernel void vec(__global int4 *A) {
  int i = get_local_id(0);
  A[i] = A[i] + (int4)(1, 2, 3, 4);
}
