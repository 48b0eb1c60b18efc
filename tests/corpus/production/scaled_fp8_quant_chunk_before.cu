// launch: --kernel 'vllm::scaled_fp8_quant_kernel<__nv_bfloat16>' --block-dim 256 --grid-dim 16384 --group 2 --param num_elems=1073741824 --init scale=1065353216
// origin: written here; bug class: 32-bit int index overflow (block * num_elems before the division) at a realistic size
// expect: run integer-overflow line=28 group=2
// why: a tensor of num_elems = 2^30 bf16 values (a 32768 x 32768 weight) is quantised by 16384
//   blocks, each on its contiguous chunk [block * n / blocks, (block + 1) * n / blocks) of
//   2^30 / 2^14 = 65536 elements. block and num_elems are `int`, so the products are int before the
//   division: block * 2^30 overflows from block 2 on (2 * 2^30 = 2^31 > INT_MAX), although the
//   chunk bounds themselves (at most 2^30) fit. Block 2 (--group 2) computes `begin` from 2 * 2^30:
//   every thread overflows there in lock step, thread 0 lowest: integer-overflow at that line.
//   (Block 1 is undefined behaviour too: (1 + 1) * 2^30 in `end`; but `end` is only a loop bound,
//   which sdvmc does not check (frontends/clang/README.md, "Signed overflow": only values that
//   reach an address are), so block 2 is the block this case runs.) scale[0] is 1.0f (bits
//   1065353216).
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
  const int block = blockIdx.x;
  // This block's contiguous chunk of the flattened tensor.
  const int begin = block * num_elems / num_blocks;  // BUG
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
