//pass
//--local_size=2 --global_size=4

// Two groups of two (global size 4); each item scales its own cell A[global id].
__kernel void scale(__global int *A) {
  int g = get_global_id(0);
  A[g] = 3 * A[g];
}
