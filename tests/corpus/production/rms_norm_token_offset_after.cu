// launch: --kernel 'vllm::rms_norm_kernel<__nv_bfloat16, 256>' --block-dim 256 --grid-dim 262145 --group 262144 --param num_tokens=262145 --param hidden_size=8192 --param epsilon=0x358637bd
// origin: written here; the fix of 32-bit int index overflow (token * hidden_size in int) at a realistic size
// expect: run ok group=262144
// why: the minimal fix of rms_norm_token_offset_before.cu; the fix makes token an int64_t, so token * hidden_size is 64-bit (hidden_size converted):
//   block 262144 reads input[2^31 + idx] and writes out[2^31 + idx] for idx = t + 256k < 8192,
//   exact 64-bit cells of the unbounded buffers (README, --target 64), each thread its own;
//   input's unset cells are 0, so variance is 0, thread 0 writes s_variance = rsqrtf(epsilon)
//   before the barrier and every thread reads it after: no race, no error, `ok`. No integer
//   overflow.
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
  const int64_t token = blockIdx.x;
  float variance = 0.0f;

  for (int idx = threadIdx.x; idx < hidden_size; idx += blockDim.x) {
    const float x = static_cast<float>(input[token * hidden_size + idx]);
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
