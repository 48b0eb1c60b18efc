// spec: OpenCL diagnostic: Clang's semantic errors (an undeclared identifier) are forwarded, exit 2
// run: run --local-size 2
// exit: 2
// stderr: diag_undeclared.cl:9:5: error: use of undeclared identifier 'j'
// why: line 9 `  A[j] = i;` uses j, never declared; the identifier is at column 5.
__kernel void k(__global int *A) {
  int i = get_local_id(0);
  // j is not declared anywhere
  A[j] = i;
}
