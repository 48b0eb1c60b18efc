// spec: OpenCL diagnostic: long is lowered (two words), but 64-bit atomics and vectors of long stay unsupported, each at its line:col
// run: run --local-size 2
// exit: 2
// stderr: diag_long.cl:11:3: error: unsupported: a 64-bit atomic operation ('atom_add'; only 32-bit integers)
// stderr: diag_long.cl:12:9: error: unsupported: vector type 'long2'
// why: line 11 calls `atom_add` on a __global long (column 3, where the call starts): KPL's
//   atomics work on one word. Line 12 declares `long2 v`, named at column 9. The long x on
//   line 10 is lowered. Exit 2.
__kernel void k(__global int *A, __global long *B) {
  long x = get_local_id(0);
  atom_add(B, x);
  long2 v = (long2)(x, x);
  A[0] = 1;
}
