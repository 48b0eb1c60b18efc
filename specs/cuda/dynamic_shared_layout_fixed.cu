// spec: dynamic shared memory sized by the launch: the fixed two-tile layout (tile b right after tile a) stays inside the launch's 8 floats; an int view of the same bytes is the same cells
// run: run --block-dim 4 --dynamic-shared-bytes 32 --buffer in=4 --buffer out=4 --buffer bits=4 --init in=1065353216,1073741824,1077936128,1082130432
// exit: 0
// expect: verdict=ok final.out=[1082130432,1088421888,1092616192,1091567616] final.bits=[1065353216,1073741824,1077936128,1082130432]
// run: run --block-dim 4 --dynamic-shared-bytes 28 --buffer in=4 --buffer out=4 --buffer bits=4
// exit: 1
// expect: verdict=out-of-bounds threads=[3] array=buf index=7 location.line=29
// why: in = 1.0f, 2.0f, 3.0f, 4.0f (their bits). buf is 32 / 4 = 8 floats; a = buf[0..3],
//   b = buf[4..7]. out[t] = a[(t + 1) % 4] + 2 in[t]: 2 + 2 = 4 (0x40800000 = 1082130432),
//   3 + 4 = 7 (0x40e00000 = 1088421888), 4 + 6 = 10 (0x41200000 = 1092616192), 1 + 8 = 9
//   (0x41100000 = 1091567616). `raw` is a second extern __shared__ array, of 4-byte ints: CUDA
//   places every extern __shared__ array at the same address, so raw[t] is a[t]'s bits:
//   bits = in's bits. With 28 bytes (7 floats, buf[0..6]) thread 3's b[3] = buf[7] is out of
//   bounds at line 29.
namespace smem {
template <typename T> __device__ inline T* tile_a(T* base) { return base; }
template <typename T> __device__ inline T* tile_b(T* base, unsigned n) { return base + n; }
}  // namespace smem

template <typename T> __device__ inline T twice(T v) { return v + v; }

__global__ void pairwise_sum(const float* in, float* out, int* bits) {
  extern __shared__ float buf[];
  extern __shared__ int raw[];
  float* a = smem::tile_a(buf);
  float* b = smem::tile_b(buf, blockDim.x);
  unsigned t = threadIdx.x;
  a[t] = in[t];
  b[t] = twice(in[t]);
  __syncthreads();
  out[t] = a[(t + 1) % blockDim.x] + b[t];
  bits[t] = raw[t];
}
