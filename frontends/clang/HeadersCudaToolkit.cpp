// The CUDA toolkit's other headers that device code includes (see ClangFrontend.h), written
// here from the programming guide's descriptions: those that only gather what our cuda.h
// declares (cuda_runtime_api.h, device_launch_parameters.h, vector_types.h …), CUDA's math
// constants, the pipeline primitives of cuda_pipeline.h; <cuda_fp8.h> is HeadersCudaFp.cpp's
// (with <cuda_fp16.h> and <cuda_bf16.h>).
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

// The pipeline primitives, as the CUDA C++ Programming Guide describes them ("Pipeline
// Primitives Interface"): __pipeline_memcpy_async copies size_and_align bytes (4, 8 or 16)
// from global to shared memory asynchronously, zero-filling the last zfill of them;
// __pipeline_commit makes the thread's copies since its last commit a batch;
// __pipeline_wait_prior(N) waits until at most the N most recent batches are in flight.
// Lowered by frontends/clang/LowerAsync.cpp.
constexpr const char* kPipelineText = R"(// sdvmc's <cuda_pipeline.h> (frontends/clang/HeadersCudaToolkit.cpp).
#pragma once
#include "cuda.h"
__device__ void __pipeline_memcpy_async(void* __restrict__ dst_shared, const void* __restrict__ src_global,
                                        size_t size_and_align, size_t zfill = 0);
__device__ void __pipeline_commit();
__device__ void __pipeline_wait_prior(size_t prior);
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
  // <cuda_fp16.h> and <cuda_bf16.h> (ClangFrontend.cpp) and <cuda_fp8.h> are HeadersCudaFp.cpp's.
  files.emplace_back("cuda_fp8.h", cudaFp8HeaderText());
  files.emplace_back("cuda_pipeline.h", kPipelineText);
  files.emplace_back("cuda_pipeline_primitives.h", kPipelineText);
  return files;
}

}  // namespace sdvmc::clangfe
