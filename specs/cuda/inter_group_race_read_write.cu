// spec: CUDA inter-group race between a read and a write: block 0 copies A into B while block 1 overwrites A
// run: run --block-dim 2 --grid-dim 2
// exit: 1
// expect: verdict=race rule=INTER-GROUP-RACE scope=inter-group group=1 threads=[0,0] location.line=18
// expect: accesses.0={"thread":0,"kind":"read","array":"A","index":0,"group":0,"location":{"line":17}}
// expect: accesses.1={"thread":0,"kind":"write","array":"A","index":0,"group":1,"location":{"line":18}}
// run: run --block-dim 2 --grid-dim 1 --init A=4,5
// exit: 0
// expect: verdict=ok final.B=[4,5]
// why: block 0 reads A[t] (line 17) and writes B[t]; block 1 writes A[t] = 5 (line 18). A is the
//   first parameter: the smallest conflicting cell is A[0], read by thread 0 of group 0, written
//   by thread 0 of group 1; reported at group 1's write. One block: B = A = [4, 5].
__global__ void copy(int *A, int *B) {
  int t = threadIdx.x;
  if (blockIdx.x == 0)
    B[t] =
      A[t];
  else A[t] = 5;
}
