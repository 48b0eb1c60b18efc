// spec: OpenCL diagnostic: a pointer that may point into two arrays (base not statically known)
// run: run --local-size 2
// exit: 2
// stderr: diag_pointer_two_arrays.cl:9:21: error: unsupported: a pointer into 'A' or 'B'
// why: p = c ? A : B on line 9: the conditional expression starts at column 21 (2 spaces +
//   "__global int *p = " is 20 characters). Pointers are (base, offset) pairs with a static
//   base, so this is refused: exit 2.
__kernel void k(__global int *A, __global int *B, int c) {
  __global int *p = c ? A : B;
  p[get_local_id(0)] = 1;
}
