// spec: CUDA check with a 2-D block (2,2): a data-dependent write-write race between threads (0,0) and (1,0)
// run: check --block-dim 2,2
// exit: 1
// expect: verdict=race rule=G-RACE threads=[0,1] location.line=19 location.col=1
// expect: accesses.0={"thread":0,"kind":"write","array":"S","index":0,"local_id":[0,0,0]}
// expect: accesses.1={"thread":1,"kind":"write","array":"S","index":0,"local_id":[1,0,0]}
// run: run --block-dim 2,2
// exit: 0
// expect: verdict=ok final.S=[1,1,1,1]
// why: m = A[0] ∈ {0,1}. m = 0: (x,y) writes S[x + 2y] (its own lid): no conflict. m = 1: it
//   writes S[y]: (0,0), (1,0) both write S[0], (0,1), (1,1) both write S[1]; the smallest cell
//   S[0], writers lid 0 and 1 → race at the closing brace (line 19). run (A = 0): S = [1,1,1,1].
__global__ void k(int *A) {
  __shared__ int S[4];
  if (A[0] == 1)
    S[threadIdx.y] = 1;
  else
    S[threadIdx.x + 2 * threadIdx.y] = 1;
}
