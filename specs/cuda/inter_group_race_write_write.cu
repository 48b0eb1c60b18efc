// spec: CUDA inter-group race: two blocks write the same global cells (blockIdx-dependent values, so --benign-writes does not help)
// run: run --block-dim 2 --grid-dim 2
// exit: 1
// expect: verdict=race rule=INTER-GROUP-RACE scope=inter-group group=1 threads=[0,0] location.line=18
// expect: accesses.0={"thread":0,"kind":"write","array":"A","index":0,"group":0,"group_id":[0,0,0],"local_id":[0,0,0]}
// expect: accesses.1={"thread":0,"kind":"write","array":"A","index":0,"group":1,"group_id":[1,0,0],"local_id":[0,0,0]}
// run: run --block-dim 2 --grid-dim 2 --benign-writes
// exit: 1
// expect: verdict=race rule=INTER-GROUP-RACE accesses.0.index=0
// run: run --block-dim 2 --grid-dim 1
// exit: 0
// expect: verdict=ok final.A=[0,0]
// why: thread t of block b writes A[t] = b. Within a block the cells differ (no G-RACE). Block
//   0 writes A[0], A[1] with 0; block 1 writes the same cells with 1: write-write between groups;
//   the smallest cell A[0], thread 0 of each block; located at block 1's write (line 18).
//   Values 0 ≠ 1, so --benign-writes still reports it. One block alone: A = [0, 0].
__global__ void clash(int *A) {
  A[threadIdx.x] = blockIdx.x;
}
