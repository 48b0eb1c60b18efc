// launch: --kernel 'vllm::softmax_kernel<float, 128>' --block-dim 128 --grid-dim 2 --group 0 --dynamic-shared-bytes 20 --param vocab_size=1000 --model simt:32
// origin: written here; the fix of dynamic shared memory size off by one (the host allocates NUM_WARPS floats, the kernel uses NUM_WARPS + 1)
// expect: run ok group=0
// why: the minimal fix of softmax_dynamic_smem_size_before.cu; the fix is the host's: (NUM_WARPS + 1) * sizeof(float) = 20 bytes (--dynamic-shared-bytes
//   20), smem[0..4]. Every access is then in bounds; lane 0 of each warp writes its own smem[warp],
//   thread 0 reads them after a barrier and writes smem[4], read by all after the next barrier;
//   the barrier before the second round of partials orders the reads of smem[4] before thread 0
//   writes it again: ok.
#include <cuda_runtime.h>
#include <cstdint>
#include <cmath>
#include <algorithm>

namespace vllm {

constexpr int WARP_SIZE = 32;

template <typename T>
__device__ __forceinline__ T warp_reduce_max(T val) {
#pragma unroll
  for (int mask = WARP_SIZE / 2; mask > 0; mask >>= 1) {
    val = fmaxf(val, __shfl_xor_sync(0xffffffff, val, mask));
  }
  return val;
}

template <typename T>
__device__ __forceinline__ T warp_reduce_sum(T val) {
#pragma unroll
  for (int mask = WARP_SIZE / 2; mask > 0; mask >>= 1) {
    val += __shfl_xor_sync(0xffffffff, val, mask);
  }
  return val;
}

// probs[row, :] = softmax(logits[row, :]), one block per row.
template <typename scalar_t, int BLOCK>
__global__ void __launch_bounds__(BLOCK)
softmax_kernel(float* __restrict__ probs, const scalar_t* __restrict__ logits, const int vocab_size) {
  constexpr int NUM_WARPS = BLOCK / WARP_SIZE;
  extern __shared__ float smem[];  // [NUM_WARPS] partials, then smem[NUM_WARPS] the block's result
  const int lane = threadIdx.x % WARP_SIZE;
  const int warp = threadIdx.x / WARP_SIZE;
  const int64_t row_offset = static_cast<int64_t>(blockIdx.x) * vocab_size;

  float m = -INFINITY;
  for (int i = threadIdx.x; i < vocab_size; i += BLOCK) {
    m = fmaxf(m, static_cast<float>(logits[row_offset + i]));
  }
  m = warp_reduce_max(m);
  if (lane == 0) smem[warp] = m;
  __syncthreads();
  if (threadIdx.x == 0) {
    float r = smem[0];
    for (int w = 1; w < NUM_WARPS; ++w) r = fmaxf(r, smem[w]);
    smem[NUM_WARPS] = r;
  }
  __syncthreads();
  m = smem[NUM_WARPS];

  float sum = 0.0f;
  for (int i = threadIdx.x; i < vocab_size; i += BLOCK) {
    const float e = __expf(static_cast<float>(logits[row_offset + i]) - m);
    probs[row_offset + i] = e;
    sum += e;
  }
  sum = warp_reduce_sum(sum);
  __syncthreads();
  if (lane == 0) smem[warp] = sum;
  __syncthreads();
  if (threadIdx.x == 0) {
    float r = 0.0f;
    for (int w = 0; w < NUM_WARPS; ++w) r += smem[w];
    smem[NUM_WARPS] = r;
  }
  __syncthreads();
  const float inv_sum = 1.0f / smem[NUM_WARPS];
  for (int i = threadIdx.x; i < vocab_size; i += BLOCK) {
    probs[row_offset + i] *= inv_sum;
  }
}

template __global__ void softmax_kernel<float, 128>(float*, const float*, const int);

// Host launcher.
void launch_softmax(float* probs, const float* logits, int num_rows, int vocab_size,
                    cudaStream_t stream) {
  constexpr int kBlock = 128;
  constexpr int kNumWarps = kBlock / WARP_SIZE;
  const size_t smem_bytes = (kNumWarps + 1) * sizeof(float);
  softmax_kernel<float, kBlock><<<num_rows, kBlock, smem_bytes, stream>>>(probs, logits, vocab_size);
}

}  // namespace vllm
