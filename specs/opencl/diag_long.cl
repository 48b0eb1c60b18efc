// spec: OpenCL diagnostic: long and long2 are lowered (two words per value), but a 64-bit atomic through a pointer that may point to several arrays and as_T splitting a long2 into ints stay unsupported, each at its line:col
// run: run --local-size 2
// exit: 2
// stderr: diag_long.cl:13:3: error: unsupported: a 64-bit atomic operation through a pointer that may point to several arrays
// stderr: diag_long.cl:15:12: error: unsupported: reinterpreting 'long2' as 'int4'
// why: line 13 calls `atom_add` through p, which points to B or C depending on the thread
//   (line 12): the 64-bit atomic would need a run-time choice of array (column 3, where the call
//   starts). Line 15 reinterprets the long2 of line 14 as an int4: a split of elements, refused
//   (its result would depend on the device's byte order), at as_int4, column 12 (two spaces,
//   `int4 w = `). The pointer p and the long2 v on line 14 are lowered. Exit 2.
__kernel void k(__global int *A, __global long *B, __global long *C) {
  __global long *p = get_local_id(0) ? B : C;
  atom_add(p, 1L);
  long2 v = (long2)(get_local_id(0), 1);
  int4 w = as_int4(v);
  A[0] = w.x;
}
