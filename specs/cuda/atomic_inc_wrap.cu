// spec: CUDA atomicInc with a limit: old >= limit wraps the counter to 0 (unsigned), in ascending thread order
// run: run --block-dim 4
// exit: 0
// expect: verdict=ok final.C=[1] final.out=[0,1,2,0]
// run: run --block-dim 4 --init C=4294967295
// exit: 0
// expect: verdict=ok final.C=[0] final.out=[-1,0,1,2]
// why: atomicInc(&C[0], 2) stores (old >= 2) ? 0 : old + 1 and returns old. From 0 in lid order:
//   0 → 1, 1 → 2, 2 → 0 (wrap), 0 → 1: out = [0, 1, 2, 0], C = 1. From 0xFFFFFFFF (≥ 2 as an
//   unsigned): thread 0 gets 0xFFFFFFFF (stored to the int out as -1) and leaves 0; then 0 → 1,
//   1 → 2, and thread 3 sees 2 ≥ 2 → 0: out = [-1, 0, 1, 2], C = 0.
__global__ void ring(unsigned *C, int *out) {
  unsigned t = threadIdx.x;
  out[t] = (int)atomicInc(&C[0], 2u);
}
