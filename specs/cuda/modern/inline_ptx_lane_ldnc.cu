// spec: inline PTX as kernels wrap it: mov of %laneid and %lanemask_lt, ld.global.nc of a 4-byte word, an empty asm (a compiler barrier) are modelled; any other instruction, or a cp.async whose shared address is not __cvta_generic_to_shared(p), is a located unsupported naming it
// run: run --block-dim 4 --kernel lanes_kernel --buffer in=4 --buffer out=4 --buffer lanes=4 --buffer masks=4 --init in=10,20,30,40
// exit: 0
// expect: verdict=ok final.lanes=[0,1,2,3] final.masks=[0,1,3,7] final.out=[20,40,60,80]
// run: run --block-dim 4 --kernel copy_async --buffer in=4 --buffer out=4
// exit: 2
// stderr: 48:3: error: unsupported: inline PTX instruction 'cp.async.ca.shared.global'
// why: lane_id() is %laneid = lid % 32 under SDV (warpSize 32): threads 0..3 are lanes 0..3.
//   %lanemask_lt is the lanes below the own one: (1 << lane) - 1 = 0, 1, 3, 7.
//   ld_nc(p) reads *p: out[t] = 2 * in[t] = 20, 40, 60, 80. The empty asm has no effect.
//   copy_async's asm statement (line 48, column 3) is a cp.async whose shared address operand is
//   an integer computed from threadIdx.x, not __cvta_generic_to_shared(p): the frontend cannot
//   tell which shared array it names, so it refuses it (async_ptx_cp_async.cu has modelled ones).
#include <cstdint>

namespace ptx {

__device__ __forceinline__ uint32_t lane_id() {
  uint32_t r;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(r));
  return r;
}

__device__ __forceinline__ uint32_t lanemask_lt() {
  uint32_t r;
  asm("mov.u32 %0, %%lanemask_lt;" : "=r"(r));
  return r;
}

__device__ __forceinline__ uint32_t ld_nc(const uint32_t* p) {
  uint32_t v;
  asm volatile("ld.global.nc.u32 %0, [%1];" : "=r"(v) : "l"(p));
  return v;
}

}  // namespace ptx

__global__ void lanes_kernel(const uint32_t* __restrict__ in, uint32_t* out, uint32_t* lanes, uint32_t* masks) {
  const uint32_t t = threadIdx.x;
  lanes[t] = ptx::lane_id();
  masks[t] = ptx::lanemask_lt();
  asm volatile("" ::: "memory");
  out[t] = 2 * ptx::ld_nc(in + t);
}

__global__ void copy_async(const uint32_t* in, uint32_t* out) {
  __shared__ uint32_t tile[4];
  asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n" ::"r"(threadIdx.x * 4), "l"(in + threadIdx.x));
  out[threadIdx.x] = tile[threadIdx.x];
}
