// spec: CUDA out-of-bounds on pointer parameters bounded with --buffer (unbounded by default): a read (T-RD) and a write (T-WR)
// run: run --block-dim 4 --buffer A=4
// exit: 1
// expect: verdict=out-of-bounds rule=T-RD threads=[2] location.line=19
// run: run --block-dim 4
// exit: 0
// expect: verdict=ok final.out=[0,0,0,0]
// run: run --block-dim 4 --buffer A=8 --init A=1,2,3,4,5,6,7,8
// exit: 0
// expect: verdict=ok final.out=[1,3,5,7]
// run: run --block-dim 4 --buffer out=2
// exit: 1
// expect: verdict=out-of-bounds rule=T-WR threads=[2] location.line=19
// why: thread t reads A[2t] and writes out[t]. A bounded to 4: threads 2, 3 read A[4], A[6];
//   lowest 2 (T-RD). Unbounded: every read is fine, A is 0 → out = [0,0,0,0]. A of 8 cells
//   [1..8]: out = A[0], A[2], A[4], A[6] = [1,3,5,7]. out bounded to 2: threads 2, 3 write
//   out[2], out[3] → T-WR for thread 2.
__global__ void gather(int *A, int *out) {
  out[threadIdx.x] = A[2 * threadIdx.x];
}
