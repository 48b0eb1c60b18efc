// spec: CUDA switch with fallthrough, break and default
// run: run --block-dim 5
// exit: 0
// expect: verdict=ok final.out=[11,10,1100,1000,1000]
// why: t = 0: case 0 adds 1, falls into case 1 (+10), break → 11. t = 1: +10, break → 10.
//   t = 2: +100, falls into default (+1000) → 1100. t = 3, 4: no label, default → 1000.
__global__ void sw(int *out) {
  int t = threadIdx.x;
  int r = 0;
  switch (t) {
    case 0: r += 1;
    case 1: r += 10; break;
    case 2: r += 100;
    default: r += 1000;
  }
  out[t] = r;
}
