// The headers the frontend provides itself (see ClangFrontend.h): a minimal CUDA header,
// so that device code needs no CUDA installation, the OpenCL prelude, and gpuverify.h,
// GPUVerify's annotation language, which both include.
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
// An occupancy hint for the compiler (max threads per block[, min blocks per SM]): no effect.
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
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
extern "C" __host__ __device__ int printf(const char* __restrict format, ...);
extern "C" __host__ __device__ void* memcpy(void* __restrict dst, const void* __restrict src, size_t n);
extern "C" __host__ __device__ void* memset(void* dst, int value, size_t n);
// The heap (device code's malloc/free are refused: no definition the frontend knows).
extern "C" {
__host__ __device__ void* malloc(size_t n);
__host__ __device__ void* calloc(size_t n, size_t size);
__host__ __device__ void* realloc(void* p, size_t n);
__host__ __device__ void free(void* p);
}
__device__ void __syncthreads(void);
__device__ int __syncthreads_count(int);
__device__ int __syncthreads_and(int);
__device__ int __syncthreads_or(int);
__device__ void __threadfence(void);
__device__ void __threadfence_block(void);
// The shared-memory address of a generic pointer to shared memory (the operand of cp.async).
__device__ size_t __cvta_generic_to_shared(const void* p);
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
__host__ __device__ int abs(int);
__host__ __device__ float fminf(float, float);
__host__ __device__ float fmaxf(float, float);
__host__ __device__ float fabsf(float);
__host__ __device__ float sqrtf(float);
__host__ __device__ float fmin(float, float);
__host__ __device__ double fmin(double, double);
__host__ __device__ float fmax(float, float);
__host__ __device__ double fmax(double, double);
__host__ __device__ float fabs(float);
__host__ __device__ double fabs(double);
__host__ __device__ float sqrt(float);
__host__ __device__ double sqrt(double);
// The float math library (frontends/clang/LowerFloatMath.cpp; host and device, so that host code
// in the file parses): the f-suffixed functions, the
// float and double overloads of the C++ names (the double ones are refused), the intrinsics.
__host__ __device__ float ceilf(float); __host__ __device__ float ceil(float); __host__ __device__ double ceil(double);
__host__ __device__ float floorf(float); __host__ __device__ float floor(float); __host__ __device__ double floor(double);
__host__ __device__ float roundf(float); __host__ __device__ float round(float); __host__ __device__ double round(double);
__host__ __device__ float truncf(float); __host__ __device__ float trunc(float); __host__ __device__ double trunc(double);
__host__ __device__ float rintf(float); __host__ __device__ float rint(float); __host__ __device__ double rint(double);
__host__ __device__ float expf(float); __host__ __device__ float exp(float); __host__ __device__ double exp(double);
__host__ __device__ float exp2f(float); __host__ __device__ float exp2(float); __host__ __device__ double exp2(double);
__host__ __device__ float exp10f(float); __host__ __device__ float exp10(float); __host__ __device__ double exp10(double);
__host__ __device__ float expm1f(float); __host__ __device__ float expm1(float); __host__ __device__ double expm1(double);
__host__ __device__ float logf(float); __host__ __device__ float log(float); __host__ __device__ double log(double);
__host__ __device__ float log2f(float); __host__ __device__ float log2(float); __host__ __device__ double log2(double);
__host__ __device__ float log10f(float); __host__ __device__ float log10(float); __host__ __device__ double log10(double);
__host__ __device__ float log1pf(float); __host__ __device__ float log1p(float); __host__ __device__ double log1p(double);
__host__ __device__ float sinf(float); __host__ __device__ float sin(float); __host__ __device__ double sin(double);
__host__ __device__ float cosf(float); __host__ __device__ float cos(float); __host__ __device__ double cos(double);
__host__ __device__ float tanf(float); __host__ __device__ float tan(float); __host__ __device__ double tan(double);
__host__ __device__ float asinf(float); __host__ __device__ float asin(float); __host__ __device__ double asin(double);
__host__ __device__ float acosf(float); __host__ __device__ float acos(float); __host__ __device__ double acos(double);
__host__ __device__ float atanf(float); __host__ __device__ float atan(float); __host__ __device__ double atan(double);
__host__ __device__ float sinhf(float); __host__ __device__ float sinh(float); __host__ __device__ double sinh(double);
__host__ __device__ float coshf(float); __host__ __device__ float cosh(float); __host__ __device__ double cosh(double);
__host__ __device__ float tanhf(float); __host__ __device__ float tanh(float); __host__ __device__ double tanh(double);
__host__ __device__ float asinhf(float); __host__ __device__ float asinh(float); __host__ __device__ double asinh(double);
__host__ __device__ float acoshf(float); __host__ __device__ float acosh(float); __host__ __device__ double acosh(double);
__host__ __device__ float atanhf(float); __host__ __device__ float atanh(float); __host__ __device__ double atanh(double);
__host__ __device__ float cbrtf(float); __host__ __device__ float cbrt(float); __host__ __device__ double cbrt(double);
__host__ __device__ float rsqrtf(float); __host__ __device__ float rsqrt(float); __host__ __device__ double rsqrt(double);
__host__ __device__ float erff(float); __host__ __device__ float erf(float); __host__ __device__ double erf(double);
__host__ __device__ float erfcf(float); __host__ __device__ float erfc(float); __host__ __device__ double erfc(double);
__host__ __device__ float lgammaf(float); __host__ __device__ float lgamma(float); __host__ __device__ double lgamma(double);
__host__ __device__ float tgammaf(float); __host__ __device__ float tgamma(float); __host__ __device__ double tgamma(double);
__host__ __device__ float logbf(float); __host__ __device__ float logb(float); __host__ __device__ double logb(double);
__host__ __device__ float powf(float, float); __host__ __device__ float pow(float, float); __host__ __device__ double pow(double, double);
__host__ __device__ float atan2f(float, float); __host__ __device__ float atan2(float, float); __host__ __device__ double atan2(double, double);
__host__ __device__ float fmodf(float, float); __host__ __device__ float fmod(float, float); __host__ __device__ double fmod(double, double);
__host__ __device__ float hypotf(float, float); __host__ __device__ float hypot(float, float); __host__ __device__ double hypot(double, double);
__host__ __device__ float copysignf(float, float); __host__ __device__ float copysign(float, float); __host__ __device__ double copysign(double, double);
__host__ __device__ float nextafterf(float, float); __host__ __device__ float nextafter(float, float); __host__ __device__ double nextafter(double, double);
__host__ __device__ float remainderf(float, float); __host__ __device__ float remainder(float, float); __host__ __device__ double remainder(double, double);
__host__ __device__ float fdimf(float, float); __host__ __device__ float fdim(float, float); __host__ __device__ double fdim(double, double);
__host__ __device__ float fmaf(float, float, float); __host__ __device__ float fma(float, float, float); __host__ __device__ double fma(double, double, double);
__host__ __device__ float ldexpf(float, int); __host__ __device__ float ldexp(float, int); __host__ __device__ double ldexp(double, int);
__device__ float min(float, float); __device__ float max(float, float);
__device__ float __expf(float); __device__ float __exp10f(float); __device__ float __logf(float);
__device__ float __log2f(float); __device__ float __log10f(float); __device__ float __sinf(float);
__device__ float __cosf(float); __device__ float __tanf(float); __device__ float __powf(float, float);
__device__ float __fdividef(float, float); __device__ float __saturatef(float); __device__ float __frcp_rn(float);
__device__ float __fsqrt_rn(float); __device__ float __fadd_rn(float, float); __device__ float __fsub_rn(float, float);
__device__ float __fmul_rn(float, float); __device__ float __fdiv_rn(float, float); __device__ float __fmaf_rn(float, float, float);
__device__ int __float2int_rn(float); __device__ int __float2int_rz(float); __device__ int __float2int_ru(float);
__device__ int __float2int_rd(float); __device__ float __int2float_rn(int); __device__ float __uint2float_rn(unsigned int);
__device__ int __float_as_int(float); __device__ float __int_as_float(int);
__device__ unsigned int __float_as_uint(float); __device__ float __uint_as_float(unsigned int);
__device__ void sincosf(float, float*, float*); __device__ float frexpf(float, int*); __device__ float modff(float, float*);
__device__ float remquof(float, float, int*); __device__ float sinpif(float); __device__ float cospif(float);
__device__ float __fadd_rz(float, float); __device__ float __fadd_ru(float, float); __device__ float __fadd_rd(float, float); 
__device__ float __fsub_rz(float, float); __device__ float __fsub_ru(float, float); __device__ float __fsub_rd(float, float); 
__device__ float __fmul_rz(float, float); __device__ float __fmul_ru(float, float); __device__ float __fmul_rd(float, float); 
__device__ float __fdiv_rz(float, float); __device__ float __fdiv_ru(float, float); __device__ float __fdiv_rd(float, float); 
__device__ float __fmaf_rz(float, float, float); __device__ float __frcp_rz(float); __device__ float __fsqrt_rz(float);
__device__ float __fmaf_ru(float, float, float); __device__ float __frcp_ru(float); __device__ float __fsqrt_ru(float);
__device__ float __fmaf_rd(float, float, float); __device__ float __frcp_rd(float); __device__ float __fsqrt_rd(float);
__device__ float __int2float_rz(int); __device__ float __int2float_ru(int); __device__ float __int2float_rd(int); 
__device__ long long min(long long, long long);
__device__ unsigned long long min(unsigned long long, unsigned long long);
__device__ long long max(long long, long long);
__device__ unsigned long long max(unsigned long long, unsigned long long);
__device__ long long llabs(long long);
__device__ long long __double_as_longlong(double);
// C99's classification, as CUDA's math API declares it for float and double (bool results):
// exact tests of the IEEE-754 bits (exponent all ones: an infinity when the fraction is 0, a
// NaN otherwise; signbit is the top bit, -0.0 and negative NaNs included).
__host__ __device__ inline bool isinf(float x) { return (__float_as_uint(x) & 0x7fffffffu) == 0x7f800000u; }
__host__ __device__ inline bool isnan(float x) { return (__float_as_uint(x) & 0x7fffffffu) > 0x7f800000u; }
__host__ __device__ inline bool isfinite(float x) { return (__float_as_uint(x) & 0x7f800000u) != 0x7f800000u; }
__host__ __device__ inline bool signbit(float x) { return (__float_as_uint(x) >> 31) != 0u; }
__host__ __device__ inline bool isinf(double x) {
  return (static_cast<unsigned long long>(__double_as_longlong(x)) & 0x7fffffffffffffffull) == 0x7ff0000000000000ull;
}
__host__ __device__ inline bool isnan(double x) {
  return (static_cast<unsigned long long>(__double_as_longlong(x)) & 0x7fffffffffffffffull) > 0x7ff0000000000000ull;
}
__host__ __device__ inline bool isfinite(double x) {
  return (static_cast<unsigned long long>(__double_as_longlong(x)) & 0x7ff0000000000000ull) != 0x7ff0000000000000ull;
}
__host__ __device__ inline bool signbit(double x) {
  return (static_cast<unsigned long long>(__double_as_longlong(x)) >> 63) != 0ull;
}
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
// Read-only loads, sincos, time (clock: arbitrary values), sleeping (no effect).
template <class T> __device__ inline T __ldg(const T* p) { return *p; }
__device__ inline void __sincosf(float x, float* s, float* c) { sincosf(x, s, c); }
typedef long clock_t;
extern "C" __device__ clock_t clock(void);
__device__ long long clock64(void);
__device__ inline void __nanosleep(unsigned int ns) { (void)ns; }
// The runtime API's host functions, so that host code in the same file (main, cudaMalloc,
// kernel<<<…>>> launches) parses; the lowering ignores host functions.
enum cudaError { cudaSuccess = 0, cudaErrorInvalidValue = 1, cudaErrorMemoryAllocation = 2 };
typedef enum cudaError cudaError_t;
enum cudaMemcpyKind { cudaMemcpyHostToHost = 0, cudaMemcpyHostToDevice = 1, cudaMemcpyDeviceToHost = 2,
                      cudaMemcpyDeviceToDevice = 3, cudaMemcpyDefault = 4 };
typedef struct CUstream_st* cudaStream_t;
typedef struct CUevent_st* cudaEvent_t;
struct cudaDeviceProp { char name[256]; size_t totalGlobalMem; size_t sharedMemPerBlock; int regsPerBlock;
  int warpSize; int maxThreadsPerBlock; int maxThreadsDim[3]; int maxGridSize[3]; int major; int minor;
  int multiProcessorCount; int clockRate; };
extern "C" {
__host__ cudaError_t cudaMalloc(void** p, size_t n);
__host__ cudaError_t cudaMallocHost(void** p, size_t n);
__host__ cudaError_t cudaMallocManaged(void** p, size_t n, unsigned int flags = 1);
__host__ cudaError_t cudaHostAlloc(void** p, size_t n, unsigned int flags);
__host__ cudaError_t cudaFree(void* p);
__host__ cudaError_t cudaFreeHost(void* p);
__host__ cudaError_t cudaMemcpy(void* dst, const void* src, size_t n, enum cudaMemcpyKind kind);
__host__ cudaError_t cudaMemcpyAsync(void* dst, const void* src, size_t n, enum cudaMemcpyKind kind, cudaStream_t s = 0);
__host__ cudaError_t cudaMemset(void* p, int value, size_t n);
__host__ cudaError_t cudaDeviceSynchronize(void);
__host__ cudaError_t cudaThreadSynchronize(void);
__host__ cudaError_t cudaDeviceReset(void);
__host__ cudaError_t cudaGetLastError(void);
__host__ cudaError_t cudaPeekAtLastError(void);
__host__ const char* cudaGetErrorString(cudaError_t e);
__host__ cudaError_t cudaSetDevice(int d);
__host__ cudaError_t cudaGetDevice(int* d);
__host__ cudaError_t cudaGetDeviceCount(int* n);
__host__ cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp* p, int d);
__host__ cudaError_t cudaEventCreate(cudaEvent_t* e);
__host__ cudaError_t cudaEventRecord(cudaEvent_t e, cudaStream_t s = 0);
__host__ cudaError_t cudaEventSynchronize(cudaEvent_t e);
__host__ cudaError_t cudaEventElapsedTime(float* ms, cudaEvent_t a, cudaEvent_t b);
__host__ cudaError_t cudaEventDestroy(cudaEvent_t e);
__host__ cudaError_t cudaStreamCreate(cudaStream_t* s);
__host__ cudaError_t cudaStreamSynchronize(cudaStream_t s);
__host__ cudaError_t cudaStreamDestroy(cudaStream_t s);
__host__ int cudaConfigureCall(dim3 grid, dim3 block, size_t shared = 0, cudaStream_t s = 0);
__host__ unsigned __cudaPushCallConfiguration(dim3 grid, dim3 block, size_t shared = 0, void* s = 0);
}
template <class T> __host__ cudaError_t cudaMalloc(T** p, size_t n) { return cudaMalloc((void**)p, n); }
template <class T> __host__ cudaError_t cudaMallocHost(T** p, size_t n) { return cudaMallocHost((void**)p, n); }
template <class T> __host__ cudaError_t cudaMemcpyToSymbol(const T& symbol, const void* src, size_t n,
    size_t offset = 0, enum cudaMemcpyKind kind = cudaMemcpyHostToDevice);
template <class T> __host__ cudaError_t cudaMemcpyFromSymbol(void* dst, const T& symbol, size_t n,
    size_t offset = 0, enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost);
// GPUVerify's annotations (gpuverify.h).
#include "gpuverify.h"
#include "sdvmc_cudalib.h"
)";
}

// What device code takes from the C library's headers (<stdio.h>, <math.h>, <stdint.h>,
// <limits.h>, <cstdlib> …, which all resolve to this and cuda.h): the constants, the
// fixed-width types, and declarations of what host code calls. malloc/free & co. are
// declared for both sides; a call in device code is refused (no definition the frontend knows).
const char* libcHeaderText() {
  return R"(// sdvmc's C library header (frontends/clang/Headers.cpp).
#pragma once
#include "cuda.h"
// The target's own types (--target 64: int64_t is long, ptrdiff_t long; --target 32: long long
// and int), as libstdc++'s c++config.h has them.
typedef signed char int8_t; typedef short int16_t; typedef int int32_t; typedef __INT64_TYPE__ int64_t;
typedef unsigned char uint8_t; typedef unsigned short uint16_t; typedef unsigned int uint32_t;
typedef __UINT64_TYPE__ uint64_t;
typedef __INTPTR_TYPE__ intptr_t; typedef __UINTPTR_TYPE__ uintptr_t; typedef __PTRDIFF_TYPE__ ptrdiff_t;
typedef __INTMAX_TYPE__ intmax_t; typedef __UINTMAX_TYPE__ uintmax_t;
typedef __INT_LEAST8_TYPE__ int_least8_t; typedef __INT_LEAST16_TYPE__ int_least16_t;
typedef __INT_LEAST32_TYPE__ int_least32_t; typedef __INT_LEAST64_TYPE__ int_least64_t;
typedef __UINT_LEAST8_TYPE__ uint_least8_t; typedef __UINT_LEAST16_TYPE__ uint_least16_t;
typedef __UINT_LEAST32_TYPE__ uint_least32_t; typedef __UINT_LEAST64_TYPE__ uint_least64_t;
typedef __INT_FAST8_TYPE__ int_fast8_t; typedef __INT_FAST16_TYPE__ int_fast16_t;
typedef __INT_FAST32_TYPE__ int_fast32_t; typedef __INT_FAST64_TYPE__ int_fast64_t;
typedef __UINT_FAST8_TYPE__ uint_fast8_t; typedef __UINT_FAST16_TYPE__ uint_fast16_t;
typedef __UINT_FAST32_TYPE__ uint_fast32_t; typedef __UINT_FAST64_TYPE__ uint_fast64_t;
#define INT8_MIN (-128)
#define INT16_MIN (-32767-1)
#define INT32_MIN (-2147483647-1)
#define INT64_MIN (-9223372036854775807LL-1)
#define INT8_MAX 127
#define INT16_MAX 32767
#define INT32_MAX 2147483647
#define INT64_MAX 9223372036854775807LL
#define UINT8_MAX 255
#define UINT16_MAX 65535
#define UINT32_MAX 4294967295U
#define UINT64_MAX 18446744073709551615ULL
#define CHAR_BIT 8
#define SCHAR_MIN (-128)
#define SCHAR_MAX 127
#define UCHAR_MAX 255
#define CHAR_MIN SCHAR_MIN
#define CHAR_MAX SCHAR_MAX
#define SHRT_MIN (-32768)
#define SHRT_MAX 32767
#define USHRT_MAX 65535
#define INT_MIN (-2147483647-1)
#define INT_MAX 2147483647
#define UINT_MAX 4294967295U
#define LONG_MIN (-__LONG_MAX__-1L)
#define LONG_MAX __LONG_MAX__
#define ULONG_MAX (__LONG_MAX__*2UL+1UL)
#define LLONG_MIN (-9223372036854775807LL-1)
#define LLONG_MAX 9223372036854775807LL
#define ULLONG_MAX 18446744073709551615ULL
#define FLT_MAX __FLT_MAX__
#define FLT_MIN __FLT_MIN__
#define FLT_EPSILON __FLT_EPSILON__
#define FLT_DIG __FLT_DIG__
#define FLT_MANT_DIG __FLT_MANT_DIG__
#define DBL_MAX __DBL_MAX__
#define DBL_MIN __DBL_MIN__
#define DBL_EPSILON __DBL_EPSILON__
#define DBL_DIG __DBL_DIG__
#define DBL_MANT_DIG __DBL_MANT_DIG__
#define M_E 2.7182818284590452354
#define M_LOG2E 1.4426950408889634074
#define M_LOG10E 0.43429448190325182765
#define M_LN2 0.69314718055994530942
#define M_LN10 2.30258509299404568402
#define M_PI 3.14159265358979323846
#define M_PI_2 1.57079632679489661923
#define M_PI_4 0.78539816339744830962
#define M_1_PI 0.31830988618379067154
#define M_2_PI 0.63661977236758134308
#define M_2_SQRTPI 1.12837916709551257390
#define M_SQRT2 1.41421356237309504880
#define M_SQRT1_2 0.70710678118654752440
// <math.h>'s (C99 7.12) float constants, as glibc defines them with GCC's builtins: a float
// infinity, a quiet NaN (0x7fc00000), and the overflow values of float and double.
#define INFINITY (__builtin_inff())
#define NAN (__builtin_nanf(""))
#define HUGE_VALF (__builtin_huge_valf())
#define HUGE_VAL (__builtin_huge_val())
#define EXIT_SUCCESS 0
#define EXIT_FAILURE 1
#define RAND_MAX 2147483647
#define CLOCKS_PER_SEC 1000000L
#define BUFSIZ 8192
// glibc's name for the struct, so that its own headers, which libstdc++'s host headers include
// (<wchar.h>), declare the same FILE.
struct _IO_FILE;
typedef struct _IO_FILE FILE;
extern FILE* stdin;
extern FILE* stdout;
extern FILE* stderr;
typedef long time_t;
// glibc's other time types, from its own headers (libstdc++'s host headers include glibc's
// <pthread.h>, whose `#include <time.h>` is this header).
#if __has_include(<bits/types/struct_timespec.h>)
#include <bits/types/clockid_t.h>
#include <bits/types/timer_t.h>
#include <bits/types/struct_timespec.h>
#include <bits/types/struct_tm.h>
#endif
extern "C" {
__host__ void exit(int status);
__host__ void abort(void);
__host__ int atoi(const char* s);
__host__ long atol(const char* s);
__host__ double atof(const char* s);
__host__ long strtol(const char* s, char** end, int base);
__host__ double strtod(const char* s, char** end);
__host__ unsigned long strtoul(const char* s, char** end, int base);
__host__ long long strtoll(const char* s, char** end, int base);
__host__ unsigned long long strtoull(const char* s, char** end, int base);
__host__ float strtof(const char* s, char** end);
__host__ long double strtold(const char* s, char** end);
__host__ int vsnprintf(char* s, size_t n, const char* format, __builtin_va_list args);
__host__ int rand(void);
__host__ void srand(unsigned int seed);
__host__ time_t time(time_t* t);
__host__ int fprintf(FILE* f, const char* format, ...);
__host__ int sprintf(char* s, const char* format, ...);
__host__ int snprintf(char* s, size_t n, const char* format, ...);
__host__ int puts(const char* s);
__host__ int putchar(int c);
__host__ int fflush(FILE* f);
__host__ FILE* fopen(const char* path, const char* mode);
__host__ int fclose(FILE* f);
__host__ size_t fread(void* p, size_t size, size_t n, FILE* f);
__host__ size_t fwrite(const void* p, size_t size, size_t n, FILE* f);
__host__ int scanf(const char* format, ...);
__host__ int fscanf(FILE* f, const char* format, ...);
__host__ size_t strlen(const char* s);
__host__ int strcmp(const char* a, const char* b);
__host__ int strncmp(const char* a, const char* b, size_t n);
__host__ char* strcpy(char* d, const char* s);
__host__ char* strncpy(char* d, const char* s, size_t n);
__host__ char* strcat(char* d, const char* s);
__host__ int memcmp(const void* a, const void* b, size_t n);
__host__ void* memmove(void* d, const void* s, size_t n);
}
)";
}

const char* openclPreludeText() {
  return R"(// sdvmc's OpenCL prelude (frontends/clang/Headers.cpp): GPUVerify's annotations.
#pragma once
#include "gpuverify.h"
)";
}

// GPUVerify's annotation language, for both languages (`__SDVMC_FN` is `__device__` in
// CUDA; in OpenCL the pointer predicates are overloaded on the address spaces). What each
// means: frontends/clang/README.md, "GPUVerify's annotation language".
const char* gpuverifyHeaderText() {
  return R"(// sdvmc's gpuverify.h (frontends/clang/Headers.cpp): GPUVerify's annotations.
#pragma once
#ifdef __OPENCL_C_VERSION__
#define __SDVMC_FN __attribute__((overloadable))
#define __SDVMC_PTR_DECL(R, NAME, ...) \
  R __SDVMC_FN NAME(const __global void* __VA_ARGS__); \
  R __SDVMC_FN NAME(const __local void* __VA_ARGS__); \
  R __SDVMC_FN NAME(const __constant void* __VA_ARGS__); \
  R __SDVMC_FN NAME(const void* __VA_ARGS__);
#else
#define __SDVMC_FN __device__
#define __SDVMC_PTR_DECL(R, NAME, ...) __device__ R NAME(const void* __VA_ARGS__);
#endif
__SDVMC_FN void __requires(bool);
__SDVMC_FN void __ensures(bool);
__SDVMC_FN void __global_requires(bool);
__SDVMC_FN void __global_ensures(bool);
__SDVMC_FN void __assert(bool);
__SDVMC_FN void __global_assert(bool);
__SDVMC_FN void __candidate_assert(bool);
__SDVMC_FN void __assume(bool);
__SDVMC_FN void __axiom(bool);
__SDVMC_FN void __invariant(bool);
__SDVMC_FN void __global_invariant(bool);
__SDVMC_FN void __candidate_invariant(bool);
__SDVMC_FN void __candidate_global_invariant(bool);
__SDVMC_FN void __function_wide_invariant(bool);
__SDVMC_FN void __function_wide_candidate_invariant(bool);
__SDVMC_FN void __non_temporal_loads_begin(void);
__SDVMC_FN void __non_temporal_loads_end(void);
__SDVMC_FN void assert(bool);
// Barrier invariants: the condition, then the threads GPUVerify instantiates it for (which
// an explicit-state check does not need: it is checked for every thread).
__SDVMC_FN void __sdvmc_barrier_invariant(bool);
__SDVMC_FN void __sdvmc_barrier_invariant_binary(bool);
#define __barrier_invariant_1(e, ...) __sdvmc_barrier_invariant(e)
#define __barrier_invariant_2(e, ...) __sdvmc_barrier_invariant(e)
#define __barrier_invariant_3(e, ...) __sdvmc_barrier_invariant(e)
#define __barrier_invariant_4(e, ...) __sdvmc_barrier_invariant(e)
#define __barrier_invariant_binary_1(e, ...) __sdvmc_barrier_invariant_binary(e)
#define __barrier_invariant_binary_2(e, ...) __sdvmc_barrier_invariant_binary(e)
#define __barrier_invariant_binary_3(e, ...) __sdvmc_barrier_invariant_binary(e)
#define __barrier_invariant_binary_4(e, ...) __sdvmc_barrier_invariant_binary(e)
// Values of contracts and thread pairs.
__SDVMC_FN int __return_val_int(void);
__SDVMC_FN bool __return_val_bool(void);
__SDVMC_FN int __old_int(int);
__SDVMC_FN bool __old_bool(bool);
__SDVMC_FN bool __enabled(void);
__SDVMC_FN int __other_int(int);
__SDVMC_FN bool __other_bool(bool);
__SDVMC_FN bool __uniform_int(int);
__SDVMC_FN bool __uniform_bool(bool);
__SDVMC_FN bool __distinct_int(int);
__SDVMC_FN bool __distinct_bool(bool);
__SDVMC_FN bool __all(bool);
__SDVMC_FN bool __exclusive(bool);
__SDVMC_FN bool __same_group(void);
// Access predicates (the thread's accesses since the last barrier) and pointers.
__SDVMC_PTR_DECL(bool, __read, )
__SDVMC_PTR_DECL(bool, __write, )
__SDVMC_PTR_DECL(bool, __no_read, )
__SDVMC_PTR_DECL(bool, __no_write, )
__SDVMC_PTR_DECL(bool, __read_implies, , bool)
__SDVMC_PTR_DECL(bool, __write_implies, , bool)
__SDVMC_PTR_DECL(int, __read_offset, )
__SDVMC_PTR_DECL(int, __write_offset, )
__SDVMC_PTR_DECL(int, __read_offset_bytes, )
__SDVMC_PTR_DECL(int, __write_offset_bytes, )
__SDVMC_PTR_DECL(int, __ptr_base, )
__SDVMC_PTR_DECL(int, __ptr_offset, )
__SDVMC_PTR_DECL(int, __ptr_offset_bytes, )
__SDVMC_PTR_DECL(bool, __uniform_ptr_base, )
__SDVMC_PTR_DECL(void, __requires_fresh_array, )
__SDVMC_PTR_DECL(void, __reads_from, )
__SDVMC_PTR_DECL(void, __writes_to, )
__SDVMC_PTR_DECL(bool, __accessed, , int)
__SDVMC_PTR_DECL(bool, __not_accessed, , int)
#ifdef __OPENCL_C_VERSION__
void __SDVMC_FN __array_snapshot(__global void*, const __global void*);
void __SDVMC_FN __array_snapshot(__local void*, const __local void*);
void __SDVMC_FN __array_snapshot(void*, const void*);
void __SDVMC_FN __array_snapshot(void*, const __global void*);
void __SDVMC_FN __array_snapshot(void*, const __local void*);
void __SDVMC_FN __array_snapshot(void*, const __constant void*);
#else
__device__ void __array_snapshot(void*, const void*);
#endif
__SDVMC_PTR_DECL(bool, __atomic_has_taken_value, , int, int)
__SDVMC_FN void* __return_val_ptr(void);
__SDVMC_FN int4 __return_val_int4(void);
// Helpers.
#define __implies(a, b) (!(a) || (b))
#define __ite(c, a, b) ((c) ? (a) : (b))
#define __ite_int(c, a, b) ((c) ? (a) : (b))
#define __ite_unsigned_int(c, a, b) ((c) ? (a) : (b))
#define __add_int(a, b) ((int)((unsigned int)(a) + (unsigned int)(b)))
#define __add_unsigned_int(a, b) ((unsigned int)(a) + (unsigned int)(b))
#define __add_noovfl_unsigned(a, b) ((unsigned int)(a) + (unsigned int)(b) >= (unsigned int)(a))
#define __add_noovfl_signed(a, b) \
  ((((int)(a) ^ __add_int(a, b)) & ((int)(b) ^ __add_int(a, b))) >= 0)
// Whether a + b does not overflow, by the operands' (promoted) type: signed or unsigned; 64-bit
// operands are a compile-time error (the checks above are on 32-bit words).
#ifdef __OPENCL_C_VERSION__
#define __SDVMC_NOOVFL_32(a, b) \
  (void)sizeof(struct { char __add_noovfl_on_32_bit_operands_only[sizeof((a) + (b)) <= 4 ? 1 : -1]; })
#else
template <bool> struct __add_noovfl_on_32_bit_operands_only;
template <> struct __add_noovfl_on_32_bit_operands_only<true> {};
#define __SDVMC_NOOVFL_32(a, b) (void)sizeof(__add_noovfl_on_32_bit_operands_only<(sizeof((a) + (b)) <= 4)>)
#endif
#define __add_noovfl(a, b) \
  (__SDVMC_NOOVFL_32(a, b), \
   ((__typeof__((a) + (b)))-1 < 0 ? __add_noovfl_signed(a, b) : __add_noovfl_unsigned(a, b)))
// At most one thread of the group has p (GPUVerify's; no two threads both: __exclusive).
#define __at_most_one(p) __exclusive(p)
// The sum, assuming (__assume, at the call) that it does not overflow (GPUVerify's meaning).
__SDVMC_FN int __add_noovfl_int(int, int);
__SDVMC_FN unsigned int __add_noovfl_unsigned_int(unsigned int, unsigned int);
#define __is_pow2(x) ((x) != 0 && ((x) & ((x) - 1)) == 0)
#define __mod_pow2(x, y) ((x) & ((y) - 1))
// Uninterpreted functions: one arbitrary function (the same result for the same arguments).
#ifdef __OPENCL_C_VERSION__
#define __SDVMC_UF __attribute__((annotate("sdvmc_uf")))
#else
#define __SDVMC_UF __device__ __attribute__((annotate("sdvmc_uf")))
#endif
#define DECLARE_UF_UNARY(NAME, T1, T) __SDVMC_UF T NAME(T1);
#define DECLARE_UF_BINARY(NAME, T1, T2, T) __SDVMC_UF T NAME(T1, T2);
#define DECLARE_UF_TERNARY(NAME, T1, T2, T3, T) __SDVMC_UF T NAME(T1, T2, T3);
)";
}

}  // namespace sdvmc::clangfe
