// spec: OpenCL &&, || and ?: evaluate a read only on the threads that need it: no race unless a thread does
// run: run --local-size 4 --param k=7
// exit: 0
// expect: verdict=ok final.B=[110,110,110,110] final.A=[1,2,3,4]
// run: run --local-size 4 --param k=3
// exit: 1
// expect: verdict=race rule=G-RACE threads=[0,3] location.line=26
// expect: accesses.0={"thread":0,"kind":"write","array":"A","index":0,"location":{"line":18}}
// expect: accesses.1={"thread":3,"kind":"read","array":"A","index":0,"location":{"line":20}}
// why: each thread writes A[i] = i + 1 (line 18), then reads neighbours' cells only in the right
//   operand of && (line 20), of || (line 22), or the first arm of ?: (line 24) — each reached
//   only when i == k. k = 7: no thread reads A; r = 0 + 10 (i != k), v = 100: B[i] = 110. k = 3:
//   thread 3 reads A[0], A[1], A[2], written by threads 0, 1, 2 with no barrier: smallest cell
//   A[0], (write 0, read 3), the read's first location being the && of line 20; found at the
//   closing brace (line 26).
__kernel void guards(__global int *A, __global int *B, int k) {
  int i = get_local_id(0);
  A[i] = i + 1;
  int r = 0;
  if (i == k && A[(i + 1) % 4] > 0)
    r += 1;
  if (i != k || A[(i + 2) % 4] > 0)
    r += 10;
  int v = (i == k) ? A[(i + 3) % 4] : 100;
  B[i] = r + v;
}
