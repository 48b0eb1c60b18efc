// spec: OpenCL diagnostic: long, long2 and 64-bit atomics (also through a pointer to one of two arrays) are lowered, but as_T splitting a long2 into ints stays unsupported, at its line:col
// run: run --local-size 2
// exit: 2
// stderr: diag_long.cl:15:12: error: unsupported: reinterpreting 'long2' as 'int4'
// why: line 15 reinterprets the long2 of line 14 as an int4: a split of elements, refused (its
//   result would depend on the device's byte order), at as_int4, column 12 (two spaces,
//   `int4 w = `). The pointer p to B or C (line 12), the atom_add through it (line 13, an
//   if-chain over the two arrays) and the long2 v on line 14 are lowered. It is the only
//   error: exit 2.

__kernel void k(__global int *A, __global long *B, __global long *C) {
  __global long *p = get_local_id(0) ? B : C;
  atom_add(p, 1L);
  long2 v = (long2)(get_local_id(0), 1);
  int4 w = as_int4(v);
  A[0] = w.x;
}
