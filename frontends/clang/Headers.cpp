// The headers the frontend provides itself (see ClangFrontend.h): a minimal CUDA header,
// so that device code needs no CUDA installation, and GPUVerify's annotation functions.
// They are mapped into Clang's virtual file system under /sdvmc/include (ClangFrontend.cpp).
#include "frontends/clang/ClangFrontend.h"

namespace sdvmc::clangfe {

const char* cudaHeaderText() {
  return R"(// sdvmc's minimal CUDA device header (frontends/clang/Headers.cpp).
#pragma once
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __forceinline__ inline __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __restrict__ __restrict
#define __align__(n) __attribute__((aligned(n)))
typedef __SIZE_TYPE__ size_t;
// The short unsigned names device code takes from the host's <sys/types.h>, and NULL.
typedef unsigned int uint;
typedef unsigned short ushort;
typedef unsigned char uchar;
#ifndef NULL
#define NULL __null
#endif
// Vector types: structs of x, y, z, w (one cell per field in the model), and make_TN(...).
#define __SDVMC_VEC(T, N) \
  struct N##1 { T x; }; \
  struct N##2 { T x, y; }; \
  struct N##3 { T x, y, z; }; \
  struct N##4 { T x, y, z, w; }; \
  __device__ inline N##1 make_##N##1(T x) { return N##1{x}; } \
  __device__ inline N##2 make_##N##2(T x, T y) { return N##2{x, y}; } \
  __device__ inline N##3 make_##N##3(T x, T y, T z) { return N##3{x, y, z}; } \
  __device__ inline N##4 make_##N##4(T x, T y, T z, T w) { return N##4{x, y, z, w}; }
__SDVMC_VEC(signed char, char)
__SDVMC_VEC(unsigned char, uchar)
__SDVMC_VEC(short, short)
__SDVMC_VEC(unsigned short, ushort)
__SDVMC_VEC(int, int)
__SDVMC_VEC(unsigned int, uint)
__SDVMC_VEC(float, float)
__SDVMC_VEC(long long, longlong)
__SDVMC_VEC(unsigned long long, ulonglong)
__SDVMC_VEC(double, double)
#undef __SDVMC_VEC
struct dim3 {
  unsigned int x, y, z;
  __host__ __device__ constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1) : x(vx), y(vy), z(vz) {}
  __host__ __device__ constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
};
extern const __device__ uint3 threadIdx;
extern const __device__ uint3 blockIdx;
extern const __device__ dim3 blockDim;
extern const __device__ dim3 gridDim;
extern const __device__ int warpSize;
__device__ int __mul24(int, int);
__device__ unsigned int __umul24(unsigned int, unsigned int);
__device__ int __popc(unsigned int);
__device__ unsigned int __brev(unsigned int);
__device__ int __clz(int);
__device__ int __ffs(int);
__device__ unsigned int __sad(int, int, unsigned int);
__device__ unsigned int __usad(unsigned int, unsigned int, unsigned int);
extern "C" __device__ int printf(const char* __restrict format, ...);
extern "C" __device__ void* memcpy(void* __restrict dst, const void* __restrict src, size_t n);
extern "C" __device__ void* memset(void* dst, int value, size_t n);
__device__ void __syncthreads(void);
__device__ int __syncthreads_count(int);
__device__ int __syncthreads_and(int);
__device__ int __syncthreads_or(int);
__device__ void __threadfence(void);
__device__ void __threadfence_block(void);
__device__ void __threadfence_system(void);
#define __SDVMC_ATOMIC2(NAME) \
  __device__ int NAME(int*, int); \
  __device__ unsigned int NAME(unsigned int*, unsigned int); \
  __device__ unsigned long long NAME(unsigned long long*, unsigned long long);
__SDVMC_ATOMIC2(atomicAdd)
__SDVMC_ATOMIC2(atomicSub)
__SDVMC_ATOMIC2(atomicExch)
__SDVMC_ATOMIC2(atomicMin)
__SDVMC_ATOMIC2(atomicMax)
__SDVMC_ATOMIC2(atomicAnd)
__SDVMC_ATOMIC2(atomicOr)
__SDVMC_ATOMIC2(atomicXor)
#undef __SDVMC_ATOMIC2
__device__ unsigned int atomicInc(unsigned int*, unsigned int);
__device__ unsigned int atomicDec(unsigned int*, unsigned int);
__device__ int atomicCAS(int*, int, int);
__device__ unsigned int atomicCAS(unsigned int*, unsigned int, unsigned int);
__device__ unsigned long long atomicCAS(unsigned long long*, unsigned long long, unsigned long long);
__device__ int min(int, int);
__device__ unsigned int min(unsigned int, unsigned int);
__device__ int max(int, int);
__device__ unsigned int max(unsigned int, unsigned int);
__device__ int abs(int);
__device__ float fminf(float, float);
__device__ float fmaxf(float, float);
__device__ float fabsf(float);
__device__ float sqrtf(float);
__device__ float fmin(float, float);
__device__ double fmin(double, double);
__device__ float fmax(float, float);
__device__ double fmax(double, double);
__device__ float fabs(float);
__device__ double fabs(double);
__device__ float sqrt(float);
__device__ double sqrt(double);
__device__ long long min(long long, long long);
__device__ unsigned long long min(unsigned long long, unsigned long long);
__device__ long long max(long long, long long);
__device__ unsigned long long max(unsigned long long, unsigned long long);
__device__ long long llabs(long long);
__device__ long long __double_as_longlong(double);
__device__ double __longlong_as_double(long long);
__device__ int __double2hiint(double);
__device__ int __double2loint(double);
__device__ double __hiloint2double(int, int);
__device__ double __dadd_rn(double, double);
__device__ double __dsub_rn(double, double);
__device__ double __dmul_rn(double, double);
__device__ double __ddiv_rn(double, double);
__device__ double __dsqrt_rn(double);
__device__ double atomicAdd(double*, double);
__device__ float atomicAdd(float*, float);
__device__ float atomicExch(float*, float);
__device__ long long atomicMin(long long*, long long);
__device__ long long atomicMax(long long*, long long);
// GPUVerify's annotations.
__device__ void __requires(bool);
__device__ void __ensures(bool);
__device__ void __global_requires(bool);
__device__ void __global_ensures(bool);
__device__ void __assert(bool);
__device__ void __global_assert(bool);
__device__ void __assume(bool);
__device__ void __invariant(bool);
__device__ void __global_invariant(bool);
__device__ void assert(bool);
#define __implies(a, b) (!(a) || (b))
)";
}

const char* openclPreludeText() {
  return R"(// sdvmc's OpenCL prelude (frontends/clang/Headers.cpp): GPUVerify's annotations.
#pragma once
void __requires(bool);
void __ensures(bool);
void __global_requires(bool);
void __global_ensures(bool);
void __assert(bool);
void __global_assert(bool);
void __assume(bool);
void __invariant(bool);
void __global_invariant(bool);
void assert(bool);
#define __implies(a, b) (!(a) || (b))
)";
}

}  // namespace sdvmc::clangfe
