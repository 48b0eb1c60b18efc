// spec: OpenCL diagnostic: recursion (calls are inlined) is refused at the call that closes the cycle
// run: run --local-size 2
// exit: 2
// stderr: diag_recursion.cl:10:23: error: recursion: sum -> sum
// why: sum calls itself at line 10; the call `sum(n - 1)` starts at column 23 (after
//   `  return n == 0 ? 0 : ` ... counted: 2 spaces + "return n == 0 ? 0 : " is 22 characters).
//   Calls are inlined, so recursion cannot be lowered: exit 2.
int sum(int n) {
  // n + (n-1) + ... + 0
  return n == 0 ? 0 : sum(n - 1) + n;
}
__kernel void k(__global int *A) {
  A[get_local_id(0)] = sum(3);
}
