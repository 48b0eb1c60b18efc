// spec: CUDA benign writes within and between blocks: every thread of every block sets flag[0] = 1 — an intra-group race first, none with --benign-writes; with one thread per block an inter-group race
// run: run --block-dim 2 --grid-dim 2
// exit: 1
// expect: verdict=race rule=G-RACE group=0 threads=[0,1] location.line=17 location.col=1
// run: run --block-dim 2 --grid-dim 2 --benign-writes
// exit: 0
// expect: verdict=ok final.flag=[1]
// run: run --block-dim 1 --grid-dim 2
// exit: 1
// expect: verdict=race rule=INTER-GROUP-RACE scope=inter-group group=1 threads=[0,0]
// why: 2 threads per block: both write flag[0] in block 0, a write-write race at the final
//   barrier (closing brace, line 17) of group 0, before any inter-group check. With
//   --benign-writes the equal values are tolerated inside the block and between blocks: ok,
//   flag = [1]. One thread per block: no intra-group pair, but blocks 0 and 1 both write flag[0].
__global__ void setflag(int *flag) {
  flag[0] = 1;
}
