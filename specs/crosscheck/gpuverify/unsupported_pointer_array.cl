//pass
//--local_size=4 --num_groups=1

// Each item writes its own cell of A or of B (the same array for every item, chosen by the
// uniform c): no race, GPUVerify passes it. The pointers are kept in a private array (once
// refused by sdvmc, whence the name): each is two cells there, its offset and its array's id,
// so ps[c & 1] is a pointer with a run-time base over A and B.
__kernel void pick(__global int *A, __global int *B, int c) {
  __global int *ps[2] = {A, B};
  ps[c & 1][get_local_id(0)] = 1;
}
