// spec: OpenCL diagnostic: long and long2 are lowered (two words per value), but 64-bit atomics and as_T splitting a long2 into ints stay unsupported, each at its line:col
// run: run --local-size 2
// exit: 2
// stderr: diag_long.cl:13:3: error: unsupported: a 64-bit atomic operation ('atom_add'; only 32-bit integers)
// stderr: diag_long.cl:15:12: error: unsupported: reinterpreting 'long2' as 'int4'
// why: line 13 calls `atom_add` on a __global long (column 3, where the call starts): KPL's
//   atomics work on one word. Line 15 reinterprets the long2 of line 14 as an int4: a split of
//   elements, refused (its result would depend on the device's byte order), at as_int4,
//   column 12 (two spaces, `int4 w = `). The long x on line 12 and the long2 v on line 14
//   are lowered. Exit 2.
__kernel void k(__global int *A, __global long *B) {
  long x = get_local_id(0);
  atom_add(B, x);
  long2 v = (long2)(x, x);
  int4 w = as_int4(v);
  A[0] = w.x;
}
