// spec: OpenCL diagnostic: struct locals are lowered, but a union local whose members are not all whole words (an int and a char) is unsupported, at its name
// run: run --local-size 2
// exit: 2
// stderr: diag_struct.cl:11:11: error: unsupported: union P: member 'b' of type 'char' has 1 bytes, the union 4
// why: `union P p;` (line 11) is named at column 11. A char member (1 byte, the union 4) does not share the int's
//   bits cell by cell (frontends/clang/README.md, unions). Exit 2.
union P { int a; char b; };
__kernel void k(__global int *A) {
  A[0] = 1;
  barrier(CLK_GLOBAL_MEM_FENCE);
  union P p;
  p.a = 1;
}
