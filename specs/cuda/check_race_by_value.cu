// spec: CUDA check: a write-write race for one initial value of global input (A[0] = 1) only; the witness names it
// run: check --block-dim 2
// exit: 1
// expect: verdict=race rule=G-RACE threads=[0,1] location.line=18 location.col=1
// expect: accesses.0={"thread":0,"kind":"write","array":"B","index":0} accesses.1={"thread":1,"kind":"write","array":"B","index":0}
// expect: witness.init.A=[[0,1]]
// run: run --block-dim 2
// exit: 0
// expect: verdict=ok final.B=[1,1]
// run: run --block-dim 2 --init A=1
// exit: 1
// expect: verdict=race rule=G-RACE threads=[0,1]
// why: i = A[0] ∈ {0, 1} (domain 0..1); thread t writes B[t·(1 - i)]. i = 0: B[0], B[1], no
//   conflict; i = 1: both write B[0] → write-write race at the closing brace (line 18). The
//   only violating initial memory has A[0] = 1. run starts A at 0: B = [1, 1].
__global__ void k(int *A, int *B) {
  B[threadIdx.x * (1 - A[0])] = 1;
}
