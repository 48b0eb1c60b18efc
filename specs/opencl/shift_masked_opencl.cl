// spec: OpenCL shifts use only the low log2(32) = 5 bits of the shift amount (OpenCL C 1.2 §6.3 j): no shift error
// run: run --local-size 2 --param n=31
// exit: 0
// expect: verdict=ok final.A=[-2147483648,1,0,0,1,-2147483648]
// why: OpenCL C defines E1 << E2 and E1 >> E2 as shifting by E2's log2(N) least significant bits
//   (N = 32 for int/uint), unlike C where an amount >= 32 is undefined. Thread i shifts by 31 + i:
//   thread 0 by 31: 1 << 31 = INT_MIN, 0x80000000u >> 31 = 1; thread 1 by 32 & 31 = 0: 1 << 0 = 1,
//   0x80000000u >> 0 = 0x80000000 (INT_MIN as int). A[2], A[3] are never written (0).
__kernel void k(__global int *A, int n) {
  int i = get_local_id(0);
  A[i] = 1 << (n + i);
  A[4 + i] = (int)(0x80000000u >> (n + i));
}
