// spec: crosscheck corpus (project format): a union local, which sdvmc does not model
// run: check --local-size 2
// exit: 2
// stderr: unsupported:
// why: unions are unsupported (frontends/clang/README.md): a diagnostic, exit status 2.
union word { int i; unsigned int u; };
__kernel void k(__global int *A) {
  union word w;
  w.i = get_local_id(0);
  A[get_local_id(0)] = w.u;
}
