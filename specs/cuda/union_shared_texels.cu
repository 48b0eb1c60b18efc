// spec: unions in shared memory: each thread stores an int4 into its element of a __shared__ array of int4/float4 unions, and after the barrier reads its neighbour's element as a float4 (the same bits) and adds x and y; without the barrier the neighbour's element is a race
// run: run --block-dim 2 --init in=1056964608,1069547520,0,0,1065353216,1073741824,0,0
// exit: 0
// expect: verdict=ok final.out=[1077936128,1073741824]
// run: run --block-dim 2 --init in=1056964608,1069547520,0,0,1065353216,1073741824,0,0 -D NO_SYNC
// exit: 1
// expect: verdict=race rule=G-RACE
// why: in holds the bits of 0.5f (0x3F000000), 1.5f (0x3FC00000), 0, 0, 1.0f (0x3F800000),
//   2.0f (0x40000000), 0, 0. Thread t writes tile[t].i = in[4t .. 4t + 3]: the union's 4 cells
//   (int4 and float4 are both 4 whole words). After __syncthreads, thread t reads tile[1 − t].f,
//   the same 4 cells as floats: thread 0 gets (1.0, 2.0, 0, 0) and writes 1.0 + 2.0 = 3.0f =
//   0x40400000 = 1077936128; thread 1 gets (0.5, 1.5, 0, 0): 2.0f = 0x40000000 = 1073741824.
//   Without the barrier thread 0 reads tile[1], which thread 1 wrote since the last barrier
//   (and thread 1 tile[0]): a race, reported at the kernel's end (G-RACE).
union Texel {
  int4 i;
  float4 f;
};

__device__ inline int4 load4(const int* p, unsigned k) { return make_int4(p[4 * k], p[4 * k + 1], p[4 * k + 2], p[4 * k + 3]); }

__global__ void neighbourSums(const int* in, float* out) {
  __shared__ Texel tile[2];
  const unsigned t = threadIdx.x;
  tile[t].i = load4(in, t);
#ifndef NO_SYNC
  __syncthreads();
#endif
  const float4 v = tile[1 - t].f;
  out[t] = v.x + v.y;
}
