// spec: pointer <-> integer conversions on CUDA's 64-bit target: an alignment test on `reinterpret_cast<uintptr_t>(p)` (through a `const void*` helper) picks a float4 or a scalar copy path, an align-up of an address converted back to a pointer (a helper returning it) and subtracted from the buffer's start, and a byte offset added without `* sizeof(float)` that makes a pointer between two floats (an assertion at the cast)
// run: run --kernel copyRows --block-dim 2 --param off=0
// exit: 0
// expect: verdict=ok final.path=[1,1]
// run: run --kernel copyRows --block-dim 2 --param off=1
// exit: 0
// expect: verdict=ok final.path=[4,4]
// run: check --kernel copyRows --block-dim 2 --param off=0
// exit: 0
// expect: verdict=ok
// run: run --kernel alignUpOffsets --block-dim 3
// exit: 0
// expect: verdict=ok final.out=[0,8,12]
// run: run --kernel skipHeader --block-dim 2 --param off=4
// exit: 0
// expect: verdict=ok final.out=[1,2]
// run: run --kernel skipHeader --block-dim 2 --param off=1
// exit: 1
// expect: verdict=assertion location.line=72
// why: the model gives each array its own 2^32-aligned address and a float 4 bytes, so (uintptr_t)(a
//   + k) = base(a) + 4k with base(a) a multiple of 2^32 (a buffer's real address is cudaMalloc's,
//   256-byte aligned, so tests of the low 8 bits are exact). copyRows: thread t copies 4 floats
//   from src + 4t + off to dst + 4t + off; both addresses are base + 16t + 4off, 16-byte aligned
//   iff 4off mod 16 = 0: off = 0 takes the float4 path, 1 access (path [1, 1]); off = 1 gives 4
//   mod 16 != 0, the scalar path of 4 accesses (path [4, 4]). Thread t touches cells 4t .. 4t + 3
//   of src, dst and only path[t]: no race for any data (check). alignUpOffsets: thread t aligns
//   src + 5t, byte 20t, up to 16: (20t + 15) & ~15 = 0, 32, 48 for t = 0, 1, 2, i.e. floats 0, 8,
//   12; converted back (the high word names src, the low word a multiple of 4) and subtracted
//   from src: out = [0, 8, 12]. skipHeader adds `off` to the address of src + t: off = 4 is one
//   float, p = src + t + 1 and out[t] = p - src = t + 1 = [1, 2]; off = 1 makes the address
//   base + 4t + 1, not a multiple of 4: no float starts there, the conversion back to a pointer
//   is the assertion at line 72 (the cast of skipHeader).
#include <cstdint>

namespace detail {

__device__ inline bool isAligned(const void* p, uintptr_t bytes) {
  return (reinterpret_cast<uintptr_t>(p) & (bytes - 1)) == 0;
}

template <typename T>
__device__ const T* alignUp(const T* p, uintptr_t bytes) {
  uintptr_t a = reinterpret_cast<uintptr_t>(p);
  return reinterpret_cast<const T*>((a + bytes - 1) & ~(bytes - 1));
}

}  // namespace detail

// Copies 4 floats; returns the number of memory accesses of each side.
__device__ int copy4(float* d, const float* s) {
  if (detail::isAligned(s, 16) && detail::isAligned(d, 16)) {
    *reinterpret_cast<float4*>(d) = *reinterpret_cast<const float4*>(s);
    return 1;
  }
  for (int k = 0; k < 4; ++k) d[k] = s[k];
  return 4;
}

__global__ void copyRows(const float* src, float* dst, int* path, int off) {
  int t = threadIdx.x;
  path[t] = copy4(dst + 4 * t + off, src + 4 * t + off);
}

__global__ void alignUpOffsets(const float* src, int* out) {
  int t = threadIdx.x;
  const float* q = detail::alignUp(src + 5 * t, 16);
  out[t] = (int)(q - src);
}

__global__ void skipHeader(const float* src, int* out, int off) {
  int t = threadIdx.x;
  const float* p = reinterpret_cast<const float*>(reinterpret_cast<uintptr_t>(src + t) + off);
  out[t] = (int)(p - src);
}
