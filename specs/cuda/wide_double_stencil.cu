// spec: CUDA double stencil in __shared__ memory: IEEE double rounding of (a + b + c) / 3; without the barrier the neighbour reads race
// run: run --block-dim 4 --param sync=1
// exit: 0
// expect: verdict=ok final.out=[0,0,-1717986917,1069128089,-1717986917,1070176665,0,0]
// run: run --block-dim 4 --param sync=0
// exit: 1
// expect: verdict=race rule=G-RACE location.line=27
// why: in[t] = t * 0.1 in double: 0, 0.1 = 0x3fb99999_9999999a, 0.2 = 0x3fc99999_9999999a (2 * 0.1
//   exactly), 3 * 0.1 = 0x3fd33333_33333334. Threads 1 and 2 average their neighbours:
//   (0 + 0.1) + 0.2 = 0.30000000000000004 = 5404319552844596 * 2^-54, divided by 3 is
//   7205759403792794.67 * 2^-56, rounded to 7205759403792795 = 0x1999999999999b:
//   0x3fb99999_9999999b (low word 0x9999999b = -1717986917, high 0x3fb99999 = 1069128089).
//   (0.1 + 0.2) + 0.30000000000000004 = 0.6000000000000001 = 5404319552844596 * 2^-53, / 3 rounds
//   likewise to 0x3fc99999_9999999b (high 0x3fc99999 = 1070176665). Threads 0 and 3 write 0.
//   out holds each double as two words, low first. Without the barrier (sync = 0, uniform),
//   thread 1 reads in[0] and in[2] that threads 0 and 2 wrote: a race at the end (line 27).
__global__ void k(double *out, int sync) {
  __shared__ double in[4];
  int t = threadIdx.x;
  in[t] = t * 0.1;
  if (sync)
    __syncthreads();
  double v = 0;
  if (t > 0 && t < 3)
    v = (in[t - 1] + in[t] + in[t + 1]) / 3;
  out[t] = v;
}
