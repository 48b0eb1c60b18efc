// launch: --kernel 'vllm::scaled_fp8_quant_kernel<__nv_bfloat16>' --block-dim 256 --grid-dim 16384 --group 2 --param num_elems=1073741824 --init scale=1065353216
// origin: written here; the fix of 32-bit int index overflow (block * num_elems before the division) at a realistic size
// expect: run ok group=2
// why: the minimal fix of scaled_fp8_quant_chunk_before.cu; the fix makes block an int64_t: block * num_elems is 64-bit, begin = 2 * 2^30 / 2^14 =
//   131072 and end = 196608 fit an int; threads i = 131072 + t, + 256 k, cover the chunk once
//   each (65536 / 256 = 256 iterations): no overflow, no race (distinct cells), no bounds
//   (unbounded buffers): ok.
#include <cuda_runtime.h>
#include <cuda_bf16.h>
#include <cuda_fp8.h>
#include <cstdint>

namespace vllm {

template <typename scalar_t>
__global__ void scaled_fp8_quant_kernel(__nv_fp8_e4m3* __restrict__ out,
                                        const scalar_t* __restrict__ input,
                                        const float* __restrict__ scale, const int num_elems) {
  const int num_blocks = gridDim.x;
  const int64_t block = blockIdx.x;
  // This block's contiguous chunk of the flattened tensor.
  const int begin = block * num_elems / num_blocks;
  const int end = (block + 1) * num_elems / num_blocks;
  const float inv_scale = 1.0f / scale[0];

  for (int i = begin + threadIdx.x; i < end; i += blockDim.x) {
    const float x = static_cast<float>(input[i]) * inv_scale;
    out[i] = __nv_fp8_e4m3(x);
  }
}

template __global__ void scaled_fp8_quant_kernel<__nv_bfloat16>(__nv_fp8_e4m3*, const __nv_bfloat16*,
                                                                const float*, const int);

}  // namespace vllm
