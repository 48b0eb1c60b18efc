// spec: CUDA __constant__ initialiser: run uses it (and says so in a note), check starts the table arbitrary (the host may cudaMemcpyToSymbol it)
// run: run --block-dim 4 --init x=1,2,3,4
// exit: 0
// expect: verdict=ok final.y=[7,10,13,16]
// stderr: note: __constant__ 'coef' starts arbitrary in check and prove
// run: check --block-dim 4
// exit: 1
// expect: verdict=assertion rule=T-ASSERT threads=[0] location.line=21
// why: coef = {3, 4} in the source: run starts it there, y[i] = coef[0] * x[i] + coef[1]
//   = 3 x[i] + 4 = 7, 10, 13, 16 for x = 1..4, and the kernel's own sanity check
//   coef[0] != 0 (line 21) holds. check treats __constant__ contents as the host's: each
//   cell arbitrary over the default domain 0..1, so coef[0] = 0 is explored and the
//   assertion fails for every thread: the lowest, 0, is reported.
//   The note is printed at the declaration by both commands.
__constant__ int coef[2] = {3, 4};

__device__ int affine(int v) { return coef[0] * v + coef[1]; }

__global__ void saxpy_int(const int *x, int *y) {
  int i = threadIdx.x;
  assert(coef[0] != 0);
  y[i] = affine(x[i]);
}
