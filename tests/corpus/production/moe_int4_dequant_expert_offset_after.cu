// launch: --kernel 'vllm::moe::dequant_int4_expert_kernel<__half, 8>' --block-dim 256 --grid-dim 4096 --group 0 --param expert=37 --param K=4096 --param N=14336 --param group_size=128
// origin: written here; the fix of 32-bit int index overflow (expert * K * N, the logical int4 index, in int) at a realistic size
// expect: run ok group=0
// why: the minimal fix of moe_int4_dequant_expert_offset_before.cu; the fix computes elem in int64_t: 2172649472 + col, then / 8 = 271581184 + col / 8 for the
//   packed word, within the model's cells; row * N + col + j < 14336 for row 0 and the scale index
//   (37 * 32 + 0) * 14336 + col = 16973824 + col fit an int. Each thread writes its own 8 columns:
//   ok.
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cstdint>

namespace vllm {
namespace moe {

template <typename scalar_t, int PACK>
__global__ void dequant_int4_expert_kernel(
    scalar_t* __restrict__ out,             // [K, N] workspace for one expert
    const uint32_t* __restrict__ qweight,   // [E, K, N / PACK]
    const scalar_t* __restrict__ scales,    // [E, K / group_size, N]
    const int expert, const int K, const int N, const int group_size) {
  const int row = blockIdx.x;
  const int expert_elems = K * N;
  const int groups_per_col = K / group_size;

  for (int col = threadIdx.x * PACK; col < N; col += blockDim.x * PACK) {
    const int64_t elem = static_cast<int64_t>(expert) * expert_elems + row * N + col;
    const uint32_t packed = qweight[elem / PACK];
    const scalar_t s = scales[(expert * groups_per_col + row / group_size) * N + col];
#pragma unroll
    for (int j = 0; j < PACK; ++j) {
      const int q = static_cast<int>((packed >> (4 * j)) & 0xFu) - 8;  // symmetric int4
      out[row * N + col + j] = __int2half_rn(q) * s;
    }
  }
}

template __global__ void dequant_int4_expert_kernel<__half, 8>(__half*, const uint32_t*, const __half*,
                                                               const int, const int, const int,
                                                               const int);

}  // namespace moe
}  // namespace vllm
