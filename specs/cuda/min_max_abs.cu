// spec: CUDA integer min, max and abs builtins, with the unsigned min overload comparing as unsigned
// run: run --block-dim 4
// exit: 0
// expect: verdict=ok final.out=[-2,-1,0,0,-1,-1,0,1,2,1,0,1,5,5,0,1]
// why: s = t - 2 = -2, -1, 0, 1. min(s, 0) → -2, -1, 0, 0; max(s, -1) → -1, -1, 0, 1; abs(s) →
//   2, 1, 0, 1; min((unsigned)s, 5u): u = 0xFFFFFFFE, 0xFFFFFFFF, 0, 1 are compared unsigned →
//   5, 5, 0, 1.
__global__ void mm(int *out) {
  int t = threadIdx.x;
  int s = t - 2;
  out[t] = min(s, 0);
  out[4 + t] = max(s, -1);
  out[8 + t] = abs(s);
  out[12 + t] = (int)min((unsigned)s, 5u);
}
