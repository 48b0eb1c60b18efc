// spec: CUDA atomicCAS as a try-lock: in ascending thread order only the first thread finds the lock free
// run: run --block-dim 4
// exit: 0
// expect: verdict=ok final.lock=[1] final.out=[0,1,1,1] final.winner=[1]
// run: run --block-dim 4 --init lock=9
// exit: 0
// expect: verdict=ok final.lock=[9] final.out=[9,9,9,9] final.winner=[]
// why: atomicCAS(&lock[0], 0, t+1) in lid order: thread 0 sees 0 and stores 1 (returns 0);
//   threads 1..3 see 1 ≠ 0 and change nothing (return 1). Only thread 0 has old == 0 and
//   adds 1 to winner[0] (an atomic: no race). With lock = 9 nobody matches: every old = 9,
//   winner is never written (an unbounded pointer parameter prints cells 0..highest written: []).
__global__ void trylock(unsigned *lock, unsigned *out, int *winner) {
  unsigned t = threadIdx.x;
  unsigned old = atomicCAS(&lock[0], 0u, t + 1);
  out[t] = old;
  if (old == 0) atomicAdd(&winner[0], 1);
}
