// Loops with continue and break, a do-while, short-circuit reads and GPUVerify invariants.
__kernel void loops(__global int *A, __global uint *U, int n) {
  __requires(n >= 0);
  int i = get_local_id(0);
  int acc = 0;
  for (int j = 0; __invariant(j >= 0), j < n; ++j) {
    if (j % 3 == 1) continue;
    if (acc > 100) break;
    acc += (j < 8 && A[j] > 0) ? A[j] : 1;
  }
  uint u = (uint)acc;
  do {
    u = u / 2u;
  } while (u > 7u);
  U[i] = u;
  char c = (char)acc;
  short s = (short)(acc * 1000);
  A[8 + i] = c + s;
}
