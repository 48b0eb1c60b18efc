// spec: OpenCL diagnostic: a struct local and its member accesses are unsupported
// run: run --local-size 2
// exit: 2
// stderr: diag_struct.cl:10:12: error: unsupported:
// stderr: diag_struct.cl:11:3: error: unsupported:
// why: `struct P p;` (line 10) is named at column 12; `p.a = 1;` (line 11) is a member access
//   starting at column 3. Exit 2.
struct P { int a; int b; };
__kernel void k(__global int *A) {
  struct P p;
  p.a = 1;
  A[0] = 1;
}
