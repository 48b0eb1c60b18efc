// spec: crosscheck corpus (project format): a union local with a pointer member (an int and a pointer), which sdvmc does not model
// run: check --local-size 2
// exit: 2
// stderr: unsupported:
// why: a union is lowered when its members are made of integers, floats, their structs, arrays
//   and vectors (frontends/clang/README.md); a pointer is two cells of the model, not bytes the
//   int could share: a diagnostic, exit status 2.
union word { int i; __global int *p; };
__kernel void k(__global int *A) {
  union word w;
  w.i = get_local_id(0);
  A[get_local_id(0)] = w.i;
}
