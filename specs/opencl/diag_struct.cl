// spec: OpenCL diagnostic: struct locals are lowered, but a union local with a pointer member (an int and a pointer) is unsupported, at its name
// run: run --local-size 2
// exit: 2
// stderr: diag_struct.cl:12:11: error: unsupported: union P: member 'b' of type '__private int *' holds a pointer
// why: `union P p;` (line 12) is named at column 11 (OpenCL C: the pointee is __private). A pointer is two cells of the model (its
//   offset and its array), not bytes that an int could share, so a union holding one is refused
//   (frontends/clang/README.md, unions). Exit 2.
union P { int a; int *b; };
__kernel void k(__global int *A) {
  A[0] = 1;
  barrier(CLK_GLOBAL_MEM_FENCE);
  union P p;
  p.a = 1;
}
