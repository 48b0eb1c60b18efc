// launch: --kernel 'vllm::moe::dequant_int4_expert_kernel<__half, 8>' --block-dim 256 --grid-dim 4096 --group 0 --param expert=37 --param K=4096 --param N=14336 --param group_size=128
// origin: written here; bug class: 32-bit int index overflow (expert * K * N, the logical int4 index, in int) at a realistic size
// expect: run integer-overflow line=29 group=0
// why: 64 experts of a [K = 4096, N = 14336] int4 weight, packed 8 per uint32 along N; the kernel
//   dequantises one expert (block = row k) into a [K, N] half workspace. The logical element index
//   expert * (K * N) + row * N + col is an `int`: K * N = 58720256 fits, but for expert 37,
//   37 * 58720256 = 2172649472 > 2^31 - 1, while the packed word index (that / 8 = 271581184)
//   would fit. Row 0 (--group 0 of the 4096 rows) evaluates it first in the first iteration,
//   every thread in lock step at the product expert * expert_elems; thread 0 is the lowest:
//   integer-overflow at that line.
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
    const int elem = expert * expert_elems + row * N + col;  // BUG
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
