// spec: a private array of pointers into two buffers (`__global int* ps[2] = {A, B}`) indexed by a uniform parameter (each item writes its own cell of the chosen buffer) or by the item's parity (items 0 and 2 both write A[0]: a race)
// run: run --kernel pick --local-size 4 --param c=1 --buffer A=4 --buffer B=4
// exit: 0
// expect: verdict=ok final.A=[0,0,0,0] final.B=[1,1,1,1]
// run: run --kernel pick --local-size 4 --param c=2 --buffer A=4 --buffer B=4
// exit: 0
// expect: verdict=ok final.A=[1,1,1,1] final.B=[0,0,0,0]
// run: run --kernel byParity --local-size 4 --buffer A=4 --buffer B=4
// exit: 1
// expect: verdict=race
// why: ps holds two pointers, A then B (each its offset 0 and its array's id). pick: c & 1
//   chooses B for c = 1 and A for c = 2, the same for every item; item i writes 1 to cell i:
//   the chosen buffer becomes [1, 1, 1, 1], the other keeps run's zeros; no two items write one
//   cell. byParity: item i writes ps[i & 1][i >> 2] = ps[i & 1][0]: items 0 and 2 both write
//   A[0] (and 1 and 3 both B[0]): a write-write conflict at the final barrier.
__kernel void pick(__global int* A, __global int* B, int c) {
  __global int* ps[2] = {A, B};
  ps[c & 1][get_local_id(0)] = 1;
}

__kernel void byParity(__global int* A, __global int* B) {
  __global int* ps[2] = {A, B};
  size_t i = get_local_id(0);
  ps[i & 1][i >> 2] = (int)i;
}
