// spec: OpenCL matrix-vector product with mad24 and mul24 (SDK style: a helper per row, the 24-bit multiply for the index and the accumulation)
// run: run --local-size 4 --init A=1,2,3,4,0,1,0,1,-1,0,2,0,5,5,5,5 --init x=1,2,3,4
// exit: 0
// expect: verdict=ok final.y=[30,6,5,50]
// run: run --local-size 1 --init A=16777217,0,0,0 --init x=3,0,0,0
// exit: 0
// expect: verdict=ok final.y=[3]
// why: y[i] = sum_j A[4 i + j] x[j], accumulated with mad24(a, b, acc) = mul24(a, b) + acc; the
//   row offset is mul24(i, 4). Every operand is within [-2^23, 2^23 - 1], where mul24 is the
//   product: y0 = 1 + 4 + 9 + 16 = 30; y1 = 0 + 2 + 0 + 4 = 6; y2 = -1 + 0 + 6 + 0 = 5;
//   y3 = 5 (1 + 2 + 3 + 4) = 50. Each work-item writes its own y[i] and only reads A and x: no
//   race. Second case: 16777217 = 2^24 + 1 is outside mul24's range, where OpenCL leaves the
//   result implementation-defined; sdvmc multiplies the low 24 bits, sign-extended (as CUDA's
//   __mul24 and 24-bit multipliers do): low 24 bits of 2^24 + 1 = 1, so y0 = 1 * 3 = 3.
#define N 4

int dot_row(__global const int *A, __global const int *x, int row) {
  int acc = 0;
  for (int j = 0; j < N; ++j) acc = mad24(A[mul24(row, N) + j], x[j], acc);
  return acc;
}

__kernel void matvec(__global const int *A, __global const int *x, __global int *y) {
  int i = get_global_id(0);
  y[i] = dot_row(A, x, i);
}
