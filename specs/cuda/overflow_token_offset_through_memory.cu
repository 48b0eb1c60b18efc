// spec: 64-bit target, vLLM-style token offsets: `int` token * hidden_size (hidden 2^20, 4,096 tokens) overflows at token 2048 (undefined behaviour) although the product is stored in memory before it reaches an address: through a __shared__ variable, and through a global workspace array; found by run with --param and by prove
// run: run --kernel vllm::scale_tokens_kernel --block-dim 4 --grid-dim 4096 --param hidden_size=1048576
// exit: 1
// expect: verdict=integer-overflow group=2048 threads=[0] location.line=42
// run: run --kernel vllm::scale_tokens_kernel --block-dim 4 --grid-dim 2048 --param hidden_size=1048576
// exit: 0
// expect: verdict=ok
// run: run --kernel vllm::gather_tokens_kernel --block-dim 4 --grid-dim 4096 --param hidden_size=1048576
// exit: 1
// expect: verdict=integer-overflow group=2048 threads=[0] location.line=56
// run: run --kernel vllm::gather_tokens_kernel --block-dim 4 --grid-dim 4096 --param hidden_size=1048576 --no-overflow-check
// exit: 0
// expect: verdict=ok
// run: prove --kernel vllm::scale_tokens_kernel --block-dim 4 --grid-dim 3 --every-size
// exit: 1
// expect: verdict=integer-overflow confirmed=true
// why: Block b = token b, thread t = lane t. Thread 0 computes token * hidden_size in int
//   (signed: both operands are int) and stores it, in scale_tokens_kernel into the __shared__
//   s_token_offset, in gather_tokens_kernel into token_offsets[token] (global memory through a
//   pointer); after the barrier every lane below hidden_size reads it back into an index, so the
//   product reaches an address through memory and is checked. hidden = 2^20: token * 2^20 fits
//   an int up to token 2047 (2047 * 2^20 = 2146435072; + lane 3 fits too) and is 2^31 > INT_MAX
//   at token 2048: the verdict integer-overflow in group 2048 (groups run in order; 0..2047 are
//   fine), thread 0, at the multiplication (line 42, resp. 56). With 2048 blocks nothing
//   overflows: ok. --no-overflow-check wraps as GPUVerify does: token 2048's offset is -2^31, an
//   index into the unbounded buffers (negative cells allowed): no verdict. prove --every-size (any
//   hidden_size, any block size, 3 blocks): with hidden >= 2^30 (or below -2^30) block 2's product overflows (or, with hidden =
//   2^30 - 1, block 2's offset 2^31 - 2 plus lane 2 or 3); its witness's replay reaches an
//   integer overflow, confirmed (which operator depends on the solver's hidden_size).
#include <cstdint>

namespace vllm {

// One block per token: out = 2 * input over the token's first blockDim.x values (those below
// hidden_size). Thread 0
// computes the token's offset once and shares it through shared memory.
template <typename scalar_t>
__global__ void scale_tokens_kernel(scalar_t* __restrict__ out, const scalar_t* __restrict__ input,
                                    const int hidden_size) {
  __shared__ int s_token_offset;
  const int token = blockIdx.x;
  if (threadIdx.x == 0) s_token_offset = token * hidden_size;  // BUG: int, 2^31 at token 2048 for 2^20
  __syncthreads();
  const int lane = threadIdx.x;
  if (lane < hidden_size) {
    const int token_idx = s_token_offset + lane;
    out[token_idx] = input[token_idx] * scalar_t(2);
  }
}

// The same offsets kept in a global workspace (one per token) that the block reads back.
template <typename scalar_t>
__global__ void gather_tokens_kernel(scalar_t* __restrict__ out, const scalar_t* __restrict__ input,
                                     int* __restrict__ token_offsets, const int hidden_size) {
  const int token = blockIdx.x;
  if (threadIdx.x == 0) token_offsets[token] = token * hidden_size;  // BUG: the same int product
  __syncthreads();
  const int lane = threadIdx.x;
  if (lane < hidden_size) out[token_offsets[token] + lane] = input[token_offsets[token] + lane];
}

template __global__ void scale_tokens_kernel<int>(int*, const int*, const int);
template __global__ void gather_tokens_kernel<int>(int*, const int*, int*, const int);

}  // namespace vllm
