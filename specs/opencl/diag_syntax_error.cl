// spec: OpenCL diagnostic: a Clang syntax error (missing ';') is forwarded at its line:col with exit 2
// run: run --local-size 2
// exit: 2
// stderr: diag_syntax_error.cl:9:26: error: expected ';'
// why: line 9 is `  int i = get_local_id(0)` with no ';': 2 spaces and 23 characters end at column
//   25, and Clang reports the missing ';' just after the last token, column 26.
__kernel void k(__global int *A) {
  // the declaration below lacks its semicolon
  int i = get_local_id(0)
  A[i] = 1;
}
