// spec: OpenCL while loop whose guard reads memory, with barriers around the single writer: uniform and race-free
// run: run --local-size 3 --init C=1
// exit: 0
// expect: verdict=ok final.A=[3] final.out=[3,3,3]
// run: run --local-size 3 --init C=2
// exit: 0
// expect: verdict=ok final.A=[4] final.out=[2,2,2]
// why: every thread evaluates A[0] < 3 after the previous iteration's second barrier, so all see
//   the same value and iterate together. Inside, thread 0 alone reads and writes A[0] between the
//   two barriers (no other thread touches it there); C is __constant and only read. C = 1: A[0]
//   goes 0, 1, 2, 3 → 3 iterations. C = 2: 0, 2, 4 → 2 iterations. out[i] = iterations.
__kernel void k(__global int *A, __constant int *C, __global int *out) {
  int i = get_local_id(0);
  int n = 0;
  while (A[0] < 3) {
    barrier(CLK_GLOBAL_MEM_FENCE);
    if (i == 0)
      A[0] = A[0] + C[0];
    n++;
    barrier(CLK_GLOBAL_MEM_FENCE);
  }
  out[i] = n;
}
