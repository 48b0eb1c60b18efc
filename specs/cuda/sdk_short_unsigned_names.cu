// spec: SDK-style code using the short unsigned names device code takes from the host's <sys/types.h> (uint, ushort, uchar) and NULL for an optional table, through a __device__ helper
// run: run --block-dim 4 --buffer out=4 --param useBias=0
// exit: 0
// expect: verdict=ok final.out=[254,256255,512000,768001]
// run: run --block-dim 4 --buffer out=4 --param useBias=1
// exit: 0
// expect: verdict=ok final.out=[255,256256,512001,768002]
// why: pack(lo, hi) = lo | hi << 8 with lo = (uchar)(t + 254) and hi = (ushort)(t * 1000):
//   t = 0: lo 254, hi 0 -> 254; t = 1: lo 255, hi 1000 -> 255 + 256000 = 256255; t = 2: lo
//   256 mod 256 = 0, hi 2000 -> 512000; t = 3: lo 257 mod 256 = 1, hi 3000 -> 768001.
//   useBias = 0: bias = NULL, nothing added; useBias = 1: bias points to ones[] (all 1),
//   out[t] + 1. Each thread writes only out[t] and its own ones[t] first: no race.
typedef unsigned int uint;  // as <sys/types.h> declares it: a second, identical typedef

__device__ uint pack(uchar lo, ushort hi) { return (uint)lo | ((uint)hi << 8); }

__global__ void packKernel(uint *out, int useBias) {
  __shared__ uint ones[4];
  const uint t = threadIdx.x;
  ones[t] = 1;
  const uint *bias = useBias ? ones : NULL;
  uint v = pack((uchar)(t + 254), (ushort)(t * 1000));
  if (bias != NULL) v += bias[t];
  out[t] = v;
}
