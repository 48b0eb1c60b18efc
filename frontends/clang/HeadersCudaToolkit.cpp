// The CUDA toolkit's other headers that device code includes (see ClangFrontend.h), written
// here from the programming guide's descriptions: those that only gather what our cuda.h
// declares (cuda_runtime_api.h, device_launch_parameters.h, vector_types.h …), CUDA's math
// constants, and the reduced-precision types of cuda_fp16.h, cuda_bf16.h and cuda_fp8.h.
// The reduced-precision types are declared so that a file including them parses, and a kernel
// that only moves them (copies, loads and stores of whole values) is lowered; their conversions
// and arithmetic are declared without a definition, so a call is `unsupported: call to 'F' …`
// at the call (no definition the frontend knows), until those values are modelled.
#include "frontends/clang/ClangFrontend.h"

namespace sdvmc::clangfe {

namespace {

constexpr const char* kMathConstantsText = R"(// sdvmc's <math_constants.h> (frontends/clang/HeadersCudaToolkit.cpp).
#pragma once
#include "cuda.h"
// Single precision: each literal rounds (to nearest) to the float nearest the constant.
#define CUDART_ZERO_F 0.0f
#define CUDART_ONE_F 1.0f
#define CUDART_NEG_ZERO_F (-0.0f)
#define CUDART_INF_F __int_as_float(0x7f800000)
#define CUDART_NAN_F __int_as_float(0x7fffffff)
#define CUDART_MIN_DENORM_F __int_as_float(0x00000001)
#define CUDART_MAX_NORMAL_F __int_as_float(0x7f7fffff)
#define CUDART_PI_F 3.14159265358979323846f
#define CUDART_PIO2_F 1.57079632679489661923f
#define CUDART_PIO4_F 0.78539816339744830962f
#define CUDART_2_OVER_PI_F 0.63661977236758134308f
#define CUDART_SQRT_HALF_F 0.70710678118654752440f
#define CUDART_SQRT_2_F 1.41421356237309504880f
#define CUDART_L2E_F 1.44269504088896340736f
#define CUDART_L2T_F 3.32192809488736234787f
#define CUDART_LG2_F 0.30102999566398119521f
#define CUDART_LGE_F 0.43429448190325182765f
#define CUDART_LN2_F 0.69314718055994530942f
#define CUDART_LNT_F 2.30258509299404568402f
// Double precision.
#define CUDART_INF __longlong_as_double(0x7ff0000000000000LL)
#define CUDART_NAN __longlong_as_double(0xfff8000000000000ULL)
#define CUDART_PI 3.14159265358979323846
#define CUDART_PIO2 1.57079632679489661923
#define CUDART_SQRT_2 1.41421356237309504880
#define CUDART_SQRT_HALF 0.70710678118654752440
#define CUDART_L2E 1.44269504088896340736
#define CUDART_LN2 0.69314718055994530942
#define CUDART_LNT 2.30258509299404568402
)";

// The 16-bit types: one cell of their bits. Everything that computes with them is declared only.
constexpr const char* kFp16Text = R"(// sdvmc's <cuda_fp16.h> (frontends/clang/HeadersCudaToolkit.cpp): the types; arithmetic unsupported.
#pragma once
#include "cuda.h"
// The arithmetic both 16-bit types (T, and T2 its pair) have: declared, never defined.
#define __SDVMC_16BIT_ARITHMETIC(T, T2) \
  __device__ T __hadd(T, T); __device__ T __hsub(T, T); __device__ T __hmul(T, T); __device__ T __hdiv(T, T); \
  __device__ T __hfma(T, T, T); __device__ T __hmax(T, T); __device__ T __hmin(T, T); \
  __device__ T2 __hadd2(T2, T2); __device__ T2 __hsub2(T2, T2); __device__ T2 __hmul2(T2, T2); \
  __device__ T2 __hfma2(T2, T2, T2); \
  __device__ T operator+(const T&, const T&); __device__ T operator-(const T&, const T&); \
  __device__ T operator*(const T&, const T&); __device__ T operator/(const T&, const T&); \
  __device__ T operator-(const T&); \
  __device__ bool operator==(const T&, const T&); __device__ bool operator!=(const T&, const T&); \
  __device__ bool operator<(const T&, const T&); __device__ bool operator<=(const T&, const T&); \
  __device__ bool operator>(const T&, const T&); __device__ bool operator>=(const T&, const T&); \
  __device__ T2 operator+(const T2&, const T2&); __device__ T2 operator-(const T2&, const T2&); \
  __device__ T2 operator*(const T2&, const T2&); __device__ T2 operator/(const T2&, const T2&);
struct __half { unsigned short __x; };
struct __half2 { __half x, y; };
typedef struct __half half;
typedef struct __half2 half2;
typedef struct __half __half_raw;
__SDVMC_16BIT_ARITHMETIC(__half, __half2)
__host__ __device__ __half __float2half(float);
__host__ __device__ __half __float2half_rn(float);
__host__ __device__ __half __float2half_rz(float);
__host__ __device__ float __half2float(__half);
__host__ __device__ __half2 __float2half2_rn(float);
__host__ __device__ __half2 __floats2half2_rn(float, float);
__host__ __device__ float2 __half22float2(__half2);
__host__ __device__ float __low2float(__half2);
__host__ __device__ float __high2float(__half2);
__device__ __half __int2half_rn(int);
__device__ int __half2int_rn(__half);
__device__ int __half2int_rz(__half);
__device__ __half __ushort_as_half(unsigned short);
__device__ unsigned short __half_as_ushort(__half);
__device__ __half2 __halves2half2(__half, __half);
__device__ __half2 __half2half2(__half);
__device__ __half __low2half(__half2);
__device__ __half __high2half(__half2);
__device__ __half __hneg(__half);
__device__ __half __habs(__half);
__device__ bool __heq(__half, __half);
__device__ bool __hlt(__half, __half);
__device__ bool __hgt(__half, __half);
__device__ __half hsqrt(__half);
__device__ __half hexp(__half);
)";

constexpr const char* kBf16Text = R"(// sdvmc's <cuda_bf16.h> (frontends/clang/HeadersCudaToolkit.cpp): the types; arithmetic unsupported.
#pragma once
#include "cuda_fp16.h"
struct __nv_bfloat16 { unsigned short __x; };
struct __nv_bfloat162 { __nv_bfloat16 x, y; };
typedef struct __nv_bfloat16 nv_bfloat16;
typedef struct __nv_bfloat162 nv_bfloat162;
typedef struct __nv_bfloat16 __nv_bfloat16_raw;
__SDVMC_16BIT_ARITHMETIC(__nv_bfloat16, __nv_bfloat162)
__host__ __device__ __nv_bfloat16 __float2bfloat16(float);
__host__ __device__ __nv_bfloat16 __float2bfloat16_rn(float);
__host__ __device__ float __bfloat162float(__nv_bfloat16);
__host__ __device__ __nv_bfloat162 __floats2bfloat162_rn(float, float);
__host__ __device__ float2 __bfloat1622float2(__nv_bfloat162);
__device__ __nv_bfloat16 __ushort_as_bfloat16(unsigned short);
__device__ unsigned short __bfloat16_as_ushort(__nv_bfloat16);
__device__ __nv_bfloat162 __halves2bfloat162(__nv_bfloat16, __nv_bfloat16);
)";

constexpr const char* kFp8Text = R"(// sdvmc's <cuda_fp8.h> (frontends/clang/HeadersCudaToolkit.cpp): the types; conversions unsupported.
#pragma once
#include "cuda_bf16.h"
typedef unsigned char __nv_fp8_storage_t;
typedef unsigned short __nv_fp8x2_storage_t;
typedef unsigned int __nv_fp8x4_storage_t;
enum __nv_saturation_t { __NV_NOSAT, __NV_SATFINITE };
enum __nv_fp8_interpretation_t { __NV_E4M3, __NV_E5M2 };
struct __nv_fp8_e4m3 { __nv_fp8_storage_t __x; };
struct __nv_fp8_e5m2 { __nv_fp8_storage_t __x; };
struct __nv_fp8x2_e4m3 { __nv_fp8x2_storage_t __x; };
struct __nv_fp8x2_e5m2 { __nv_fp8x2_storage_t __x; };
struct __nv_fp8x4_e4m3 { __nv_fp8x4_storage_t __x; };
struct __nv_fp8x4_e5m2 { __nv_fp8x4_storage_t __x; };
__host__ __device__ __nv_fp8_storage_t __nv_cvt_float_to_fp8(float, __nv_saturation_t, __nv_fp8_interpretation_t);
__host__ __device__ __nv_fp8x2_storage_t __nv_cvt_float2_to_fp8x2(float2, __nv_saturation_t, __nv_fp8_interpretation_t);
__host__ __device__ __nv_fp8_storage_t __nv_cvt_halfraw_to_fp8(__half_raw, __nv_saturation_t, __nv_fp8_interpretation_t);
__host__ __device__ __half_raw __nv_cvt_fp8_to_halfraw(__nv_fp8_storage_t, __nv_fp8_interpretation_t);
__host__ __device__ __nv_fp8_storage_t __nv_cvt_bfloat16raw_to_fp8(__nv_bfloat16_raw, __nv_saturation_t, __nv_fp8_interpretation_t);
)";

/// Headers of the toolkit whose declarations our cuda.h already has.
constexpr const char* kGathered[] = {"cuda_runtime_api.h", "device_launch_parameters.h", "vector_types.h",
                                     "device_functions.h", "driver_types.h",             "builtin_types.h",
                                     "host_defines.h",     "cuda_device_runtime_api.h",  "sm_20_intrinsics.h",
                                     "sm_30_intrinsics.h", "sm_32_intrinsics.h",         "vector_functions.h"};

}  // namespace

std::vector<std::pair<std::string, std::string>> cudaToolkitHeaderFiles() {
  std::vector<std::pair<std::string, std::string>> files;
  for (const char* name : kGathered) files.emplace_back(name, "#include \"cuda.h\"\n");
  files.emplace_back("math_constants.h", kMathConstantsText);
  files.emplace_back("cuda_fp16.h", kFp16Text);
  files.emplace_back("cuda_bf16.h", kBf16Text);
  files.emplace_back("cuda_fp8.h", kFp8Text);
  return files;
}

}  // namespace sdvmc::clangfe
