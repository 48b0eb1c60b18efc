// spec: prove (CUDA, two blocks): every thread of every block writes A[threadIdx.x]: threads of different blocks race on global memory even with one thread per block; the pair spans two groups and the witness replays as the whole launch
// run: prove --block-dim 4 --grid-dim 2 --every-size
// exit: 1
// expect: verdict=race rule=INTER-GROUP-RACE witness.threads=1 witness.pair_groups=[0,1] confirmed=true
// run: prove --block-dim 4 --grid-dim 2
// exit: 1
// expect: verdict=race rule=INTER-GROUP-RACE witness.threads=4 bound.mode="launch" confirmed=true
// run: prove --block-dim 4 --grid-dim 2 --only-intra-group
// exit: 0
// expect: verdict=ok
// run: run --block-dim 4 --grid-dim 2
// exit: 1
// expect: verdict=race rule=INTER-GROUP-RACE scope=inter-group group=1
// why: within a block the cells A[threadIdx.x] are distinct: no intra-group race for any
//   block size. Thread t of block 0 and thread t of block 1 write the same cell A[t], and
//   blocks cannot synchronise: a race already with blocks of one thread (N = 1: thread 0 of
//   block 0 and thread 0 of block 1, prove's smallest group size with --every-size; the grid
//   stays the launch's 2 blocks). At the launch itself (the default: blocks of 4) the witness
//   has the launch's 4 threads per block. With --only-intra-group nothing is left. run at the launch: block 1's
//   write of A[0] meets block 0's (rule INTER-GROUP-RACE, verdict in group 1).
__global__ void k(int *A) {
  A[threadIdx.x] = blockIdx.x;
}
