// spec: crosscheck corpus (project format): a struct argument, which sdvmc does not model
// run: check --local-size 2
// exit: 2
// stderr: unsupported:
// why: structs are unsupported (frontends/clang/README.md): a diagnostic, exit status 2.
struct pair { int a; int b; };
__kernel void k(__global struct pair *P) {
  P[get_local_id(0)].a = 1;
}
