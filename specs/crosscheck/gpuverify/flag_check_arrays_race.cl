//xfail:NOT_ALL_VERIFIED
//--local_size=4 --num_groups=1 --vcgen-opt=/checkArrays:$$B
//possible\s*write-write\s*race

// The same kernel as flag_check_arrays.cl with races checked on B: the four different
// writes to B[0] race.
__kernel void only_b(__global int *A, __global int *B) {
  int i = get_local_id(0);
  A[i] = i;
  B[0] = i;
}
