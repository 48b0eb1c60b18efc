// spec: dynamic shared memory sized by the launch: a two-tile layout whose second tile starts one float too late runs past the launch's 8 floats (out of bounds); unbounded without --dynamic-shared-bytes
// run: run --block-dim 4 --dynamic-shared-bytes 32 --buffer in=4 --buffer out=4
// exit: 1
// expect: verdict=out-of-bounds threads=[3] array=buf index=8 location.line=26
// run: run --block-dim 4 --buffer in=4 --buffer out=4
// exit: 0
// why: the launch gives 32 bytes: extern __shared__ float buf[] is 32 / 4 = 8 floats, buf[0..7].
//   Tile a = buf, tile b = buf + n + 1 with n = blockDim.x = 4 (the bug: a padding float the
//   launch's size does not count), so thread t writes a[t] = buf[t] (line 25) and b[t] = buf[5 + t]
//   (line 26): threads 0-2 write buf[5..7], thread 3 buf[8], the first cell past the end. Without
//   --dynamic-shared-bytes the extern array is unbounded (GPUVerify's reading) and the bug is
//   silent: no verdict.
namespace smem {
template <typename T> __device__ inline T* tile_a(T* base) { return base; }
template <typename T> __device__ inline T* tile_b(T* base, unsigned n) { return base + n + 1; }  // BUG: +1
}  // namespace smem

template <typename T> __device__ inline T twice(T v) { return v + v; }

__global__ void pairwise_sum(const float* in, float* out) {
  extern __shared__ float buf[];
  float* a = smem::tile_a(buf);
  float* b = smem::tile_b(buf, blockDim.x);
  unsigned t = threadIdx.x;
  a[t] = in[t];
  b[t] = twice(in[t]);
  __syncthreads();
  out[t] = a[(t + 1) % blockDim.x] + b[t];
}
