// spec: cp.async whose shared address is kept in a local, as loaders write it (const uint32_t smem = __cvta_generic_to_shared(p)), in a loop over two tiles: correct with wait_group 0, a race without it; a pointer changed between taking the address and the asm is refused
// run: run --block-dim 2 --kernel vllm::tile_pairs --buffer in=16 --buffer out=4 --init in=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16
// exit: 0
// expect: verdict=ok final.out=[13,5,29,21]
// run: run --block-dim 2 --kernel vllm::tile_pairs_no_wait --buffer in=16 --buffer out=4
// exit: 1
// expect: verdict=race rule=ASYNC-RACE threads=[1,0] location.line=47
// run: run --block-dim 2 --kernel vllm::moved_pointer --buffer in=16 --buffer out=4
// exit: 2
// stderr: error: unsupported: inline PTX instruction 'cp.async.cg.shared.global' with these operands
// why: cp_async16 keeps the shared address in `smem`: never assigned, used only as the asm's
//   operand, declared in the helper's block with no statement between it and the asm, so the
//   copy's destination is smem_ptr itself (a thread's own copy of 16 bytes, four int cells).
//   Iteration k: thread t copies in[8k + 4t .. 8k + 4t + 3] into buf[k][4t .. 4t + 3], commits,
//   waits (wait_group 0 completes every batch: its own writes), and after __syncthreads reads
//   the other thread's half: out[2k + t] = buf[k][o] + buf[k][o + 3], o = 4(1 - t). With in[i]
//   = i + 1: k = 0: out[0] = in[4] + in[7] = 5 + 8 = 13, out[1] = in[0] + in[3] = 1 + 4 = 5;
//   k = 1: out[2] = in[12] + in[15] = 13 + 16 = 29, out[3] = in[8] + in[11] = 9 + 12 = 21.
//   Without the wait the copies are in flight across the barrier: thread 0's first read of
//   iteration 0, buf[0][4], is a destination of thread 1's copy: ASYNC-RACE at the read (as in
//   async_ptx_cp_async.cu). moved_pointer takes the address of p = buf + 4t, then sets p = buf
//   before the asm: the operand's value is the old p's address, which the asm's p no longer
//   names, so the frontend cannot resolve it: refused at the asm.
#include <cstdint>

namespace vllm {

__device__ __forceinline__ void cp_async16(void* smem_ptr, const void* gmem_ptr) {
  const uint32_t smem = static_cast<uint32_t>(__cvta_generic_to_shared(smem_ptr));
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(smem), "l"(gmem_ptr));
}

__device__ __forceinline__ void cp_commit() { asm volatile("cp.async.commit_group;\n" ::); }

__device__ __forceinline__ void cp_wait_all_groups() { asm volatile("cp.async.wait_group 0;\n" ::); }

template <bool kWait>
__device__ void tile_pairs_impl(const int* in, int* out) {
  __shared__ __align__(16) int buf[2][8];
  const int t = threadIdx.x;
  for (int k = 0; k < 2; ++k) {
    cp_async16(&buf[k][4 * t], in + 8 * k + 4 * t);
    cp_commit();
    if (kWait) cp_wait_all_groups();
    __syncthreads();
    const int o = 4 * (1 - t);
    out[2 * k + t] = buf[k][o] + buf[k][o + 3];
  }
}

__global__ void tile_pairs(const int* in, int* out) { tile_pairs_impl<true>(in, out); }
__global__ void tile_pairs_no_wait(const int* in, int* out) { tile_pairs_impl<false>(in, out); }

__global__ void moved_pointer(const int* in, int* out) {
  __shared__ __align__(16) int buf[8];
  int* p = buf + 4 * threadIdx.x;
  const uint32_t smem = static_cast<uint32_t>(__cvta_generic_to_shared(p));
  p = buf;
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(smem), "l"(in + 4 * threadIdx.x));
  out[threadIdx.x] = p[0];
}

}  // namespace vllm
