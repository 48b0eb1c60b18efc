// spec: OpenCL atom_* on long and ulong: inc/dec (add/sub 1), signed vs unsigned min/max, cmpxchg succeeding once, add carrying into the high word, xor; values returned in ascending thread order
// run: run --local-size 4 --buffer A=5 --buffer U=3 --buffer R=4
// exit: 0
// expect: verdict=ok final.A=[4,0,-4,-1,-3,-1,0,1,0,2] final.R=[0,0,1,0,2,0,3,0] final.U=[-1,-1,0,0,1,-1]
// why: 4 threads, every cell 0 at the start; each 64-bit value is two words, low first.
//   A[0]: atom_inc by all: 4 = (4, 0); it returns 0, 1, 2, 3 in thread order (R). A[1]: four
//   atom_dec: -4 = (-4, -1). A[2]: signed min of 0, 0, -1, -2, -3 = -3 = (-3, -1). A[3]:
//   cmpxchg(0 -> 2^32 + t): thread 0 finds 0 and stores 2^32 = (0, 1), the others find 2^32 and
//   fail. A[4]: 4 * 2^31 = 2^33 = (0, 2). U[0]: unsigned max of 0, (ulong)-t: (ulong)-1 is the
//   largest, (-1, -1). U[1]: unsigned min of 0, (ulong)-1, 0, 1, 2 = 0. U[2]: threads 0..2 xor
//   0xFFFFFFFF_00000001 three times: the value itself, (1, -1).
__kernel void k(__global long *A, __global ulong *U, __global long *R) {
  long t = get_local_id(0);
  R[t] = atom_inc(&A[0]);
  atom_dec(&A[1]);
  atom_min(&A[2], -t);
  atom_max(&U[0], (ulong)-t);
  atom_min(&U[1], (ulong)(t - 1));
  atom_cmpxchg(&A[3], 0L, 0x100000000L + t);
  atom_add(&A[4], 0x80000000L);
  if (t < 3)
    atom_xor(&U[2], 0xFFFFFFFF00000001UL);
}
