// spec: OpenCL diagnostic: struct locals are lowered, but a union local is unsupported, at its name
// run: run --local-size 2
// exit: 2
// stderr: diag_struct.cl:10:11: error: unsupported: type 'union P' (union)
// why: `union P p;` (line 10) is named at column 11. Exit 2.
union P { int a; float b; };
__kernel void k(__global int *A) {
  A[0] = 1;
  barrier(CLK_GLOBAL_MEM_FENCE);
  union P p;
  p.a = 1;
}
