//pass
//--local_size=4 --num_groups=1 --vcgen-opt=/checkArrays:$$A

// Races are checked on A only (/checkArrays:$$A). Every item writes its own A[i]; all items
// write different values to B[0], a race that is not asked about: pass.
__kernel void only_a(__global int *A, __global int *B) {
  int i = get_local_id(0);
  A[i] = i;
  B[0] = i;
}
