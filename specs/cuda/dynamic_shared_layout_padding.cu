// spec: dynamic shared memory sized by the launch: a two-tile layout with a padding float between the tiles needs (2n + pad) floats; a launch that forgets the padding is out of bounds, the right size is not
// run: run --block-dim 4 --dynamic-shared-bytes 32 --param pad=1 --buffer in=4 --buffer out=4 --buffer bits=4
// exit: 1
// expect: verdict=out-of-bounds threads=[3] array=buf index=8 location.line=40
// run: run --block-dim 4 --dynamic-shared-bytes 28 --param pad=0 --buffer in=4 --buffer out=4 --buffer bits=4
// exit: 1
// expect: verdict=out-of-bounds threads=[3] array=buf index=7 location.line=40
// run: run --block-dim 4 --dynamic-shared-bytes 36 --param pad=1 --buffer in=4 --buffer out=4 --buffer bits=4 --init in=1065353216,1073741824,1077936128,1082130432
// exit: 0
// expect: verdict=ok final.out=[1082130432,1088421888,1092616192,1091567616] final.bits=[1065353216,1073741824,1077936128,1082130432]
// run: run --block-dim 4 --dynamic-shared-bytes 32 --param pad=0 --buffer in=4 --buffer out=4 --buffer bits=4
// exit: 0
// run: run --block-dim 4 --param pad=1 --buffer in=4 --buffer out=4 --buffer bits=4
// exit: 0
// why: extern __shared__ float buf[] is N / 4 floats for --dynamic-shared-bytes N. Tile a = buf,
//   tile b = buf + n + pad (n = blockDim.x = 4): thread t writes a[t] = buf[t] (line 39) and
//   b[t] = buf[4 + pad + t] (line 40). pad = 1 needs 9 floats: with 32 bytes (8 floats, the
//   launch that forgot the padding) thread 3's b[3] = buf[8] is the first cell past the end; with
//   28 bytes and pad = 0, buf[0..6], thread 3's buf[7] is. With 36 bytes and pad = 1 (in = 1.0f,
//   2.0f, 3.0f, 4.0f): out[t] = a[(t + 1) % 4] + 2 in[t]: 2 + 2 = 4 (0x40800000 = 1082130432),
//   3 + 4 = 7 (0x40e00000 = 1088421888), 4 + 6 = 10 (0x41200000 = 1092616192), 1 + 8 = 9
//   (0x41100000 = 1091567616). `raw`, a second extern __shared__ array of 4-byte ints, is the same
//   memory (CUDA places every extern __shared__ array at one address): raw[t] is a[t]'s bits, so
//   bits = in's bits. 32 bytes and pad = 0 fit exactly. Without --dynamic-shared-bytes the
//   extern array is unbounded (GPUVerify's reading): no verdict, the bug is silent.
namespace smem {
template <typename T> __device__ inline T* tile_a(T* base) { return base; }
template <typename T> __device__ inline T* tile_b(T* base, unsigned n, unsigned pad) { return base + n + pad; }
}  // namespace smem

template <typename T> __device__ inline T twice(T v) { return v + v; }

__global__ void pairwise_sum(const float* in, float* out, int* bits, unsigned pad) {
  extern __shared__ float buf[];
  extern __shared__ int raw[];
  float* a = smem::tile_a(buf);
  float* b = smem::tile_b(buf, blockDim.x, pad);
  unsigned t = threadIdx.x;
  a[t] = in[t];
  b[t] = twice(in[t]);
  __syncthreads();
  out[t] = a[(t + 1) % blockDim.x] + b[t];
  bits[t] = raw[t];
}
