// launch: --kernel 'vllm::rms_norm_kernel<__nv_bfloat16, 256>' --block-dim 256 --grid-dim 262145 --group 262144 --param num_tokens=262145 --param hidden_size=8192 --param epsilon=0x358637bd
// origin: written here; bug class: 32-bit int index overflow (token * hidden_size in int) at a realistic size
// expect: run integer-overflow line=30 group=262144
// why: one block per token, token = blockIdx.x held in an `int`, hidden_size an `int`: the
//   product token * hidden_size is computed in int. hidden_size = 8192 = 2^13; block 262144 =
//   2^18 is token 2^18, whose product is 2^31 > INT_MAX = 2^31 - 1 (block 262143's largest index
//   is 262143 * 8192 + 8191 = 2^31 - 1, which fits). The launch (262145 tokens: a 256k-token
//   prefill batch) is run on its first failing block (--group 262144; every block runs the same
//   code on its own token). Thread 0 (idx = 0) is the lowest thread evaluating the product at the
//   first read of the first loop, so: integer-overflow, block 262144, thread 0, at that read.
//   epsilon is the float 1e-6 given by its bits 0x358637bd (it only scales values).
#include <cuda_runtime.h>
#include <cuda_bf16.h>
#include <cstdint>
#include <cub/block/block_reduce.cuh>

namespace vllm {

template <typename scalar_t, int BLOCK>
__global__ void __launch_bounds__(BLOCK)
rms_norm_kernel(scalar_t* __restrict__ out,          // [num_tokens, hidden_size]
                const scalar_t* __restrict__ input,  // [num_tokens, hidden_size]
                const scalar_t* __restrict__ weight, // [hidden_size]
                const float epsilon, const int num_tokens, const int hidden_size) {
  __shared__ float s_variance;
  const int token = blockIdx.x;
  float variance = 0.0f;

  for (int idx = threadIdx.x; idx < hidden_size; idx += blockDim.x) {
    const float x = static_cast<float>(input[token * hidden_size + idx]);  // BUG
    variance += x * x;
  }

  using BlockReduce = cub::BlockReduce<float, BLOCK>;
  __shared__ typename BlockReduce::TempStorage reduce_store;
  variance = BlockReduce(reduce_store).Sum(variance);

  if (threadIdx.x == 0) {
    s_variance = rsqrtf(variance / hidden_size + epsilon);
  }
  __syncthreads();

  for (int idx = threadIdx.x; idx < hidden_size; idx += blockDim.x) {
    const float x = static_cast<float>(input[token * hidden_size + idx]);
    out[token * hidden_size + idx] =
        static_cast<scalar_t>(x * s_variance) * weight[idx];
  }
}

template __global__ void rms_norm_kernel<float, 256>(float*, const float*, const float*, const float,
                                                     const int, const int);
template __global__ void rms_norm_kernel<__nv_bfloat16, 256>(__nv_bfloat16*, const __nv_bfloat16*,
                                                             const __nv_bfloat16*, const float,
                                                             const int, const int);

}  // namespace vllm
