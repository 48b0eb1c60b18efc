// The Clang frontend: lowers a CUDA (.cu) or OpenCL C 1.2 (.cl) kernel to a KPL program
// (kpl/Ast.h) that the SDV interpreter runs. Clang parses and type-checks the file; the
// lowering (Lowerer.h, and the files it names) walks Clang's AST and emits KPL, one statement
// per C effect, every node carrying the line:col of the C construct it came from. What the lowering cannot
// translate exactly is a `file:line:col: error: unsupported: …` diagnostic, never a silent
// mistranslation. The rules are in frontends/clang/README.md.
#pragma once

#include "kpl/Ast.h"
#include "kpl/Diagnostics.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace sdvmc::clangfe {

enum class Language { Cuda, OpenCL };

/// The launch geometry and the choices a kernel file does not carry itself.
struct LaunchOptions {
  /// Threads per group in x, y, z (1 where not given); `localDims` = how many were given
  /// (0: none; then the group is one thread).
  std::array<uint32_t, 3> localSize{1, 1, 1};
  unsigned localDims = 0;
  /// Groups in x, y, z.
  std::array<uint32_t, 3> numGroups{1, 1, 1};
  unsigned groupDims = 0;
  /// The kernel to lower when the file defines several (empty: the only one).
  std::string kernel;
  /// `--buffer NAME=SIZE`: pointer parameters (or extern shared arrays) of a known size.
  std::vector<std::pair<std::string, uint32_t>> buffers;
  /// `--image NAME=W[xH]`: a CUDA surface's or an OpenCL image's width and height in elements
  /// (`twoD`: H was given).
  struct Image {
    std::string name;
    uint32_t width = 1, height = 1;
    bool twoD = false;
  };
  std::vector<Image> images;
  /// (OpenCL) `--global-offset X[,Y,Z]`: get_global_offset(d), added to every get_global_id(d).
  std::array<uint32_t, 3> globalOffset{0, 0, 0};
  /// GPUVerify's `--no-annotations` (None: every annotation is ignored; C's assert is code and
  /// stays) and `--only-requires` (RequiresOnly: __requires and __global_requires only).
  enum class Annotations : uint8_t { All, RequiresOnly, None } annotations = Annotations::All;
  /// GPUVerify's `--invariants-as-candidates`: __invariant and __global_invariant are candidates.
  bool invariantsAsCandidates = false;
  /// (CUDA) `--target 32|64`: the device's address width. 64, the default, is CUDA's; 32 is
  /// GPUVerify's model (crosscheck uses it) and turns the overflow check off by default.
  unsigned target = 64;
  /// (CUDA) Signed `int` arithmetic reaching an address lowers to nsw_add/nsw_sub/nsw_mul, so an
  /// overflow is the verdict integer-overflow (`--no-overflow-check`, and `--target 32`: it wraps).
  bool overflowCheck = true;
  /// (CUDA) `--dynamic-shared-bytes N`: the launch's dynamic shared memory (the third
  /// `<<<…>>>` argument); every `extern __shared__ T a[]` is N / sizeof(T) elements. 0: not
  /// given, the array is unbounded (or `--buffer`).
  uint32_t dynamicSharedBytes = 0;
  /// Clang's options for the user's project, as nvcc and clang take them: `-IDIR`,
  /// `-DNAME[=V]`, `-include FILE`, then what followed `--` on the command line. They come
  /// after the frontend's own (so sdvmc's CUDA headers are found before a project's).
  std::vector<std::string> clangArgs;
};

/// Lowers `source` (whose path names the kernel file). Clang's errors, and every construct
/// the lowering does not support, are reported to `diags` at their line:col in the file;
/// the result is then empty.
std::optional<kpl::Program> lowerCudaOrOpenCL(const kpl::SourceFile& source, Language language,
                                              const LaunchOptions& launch, kpl::DiagnosticEngine& diags);

/// The language a path's extension selects (.cu, .cl), if any.
std::optional<Language> languageOfPath(const std::string& path);

/// The text of the minimal CUDA header that `#include "cuda.h"` resolves to (threadIdx,
/// blockIdx, blockDim, gridDim, __syncthreads, the atomics, GPUVerify's annotations), and
/// of the prelude every OpenCL kernel gets (GPUVerify's annotations).
const char* cudaHeaderText();
const char* libcHeaderText();
/// CUDA's device libraries (HeadersCudaLib.cpp): the texture and warp-level declarations cuda.h
/// includes (sdvmc_cudalib.h), <curand_kernel.h> and <cooperative_groups.h>.
const char* cudaLibHeaderText();
const char* curandKernelHeaderText();
const char* cooperativeGroupsHeaderText();
const char* cooperativeGroupsReduceHeaderText();
const char* openclPreludeText();
/// The C++ standard library's headers (HeadersStd.cpp), as (name under the include folder,
/// text): wrappers that make libstdc++'s <algorithm>, <limits>, <type_traits> … host and device
/// code, and sdvmc_cstd.h, the std:: names of the C headers.
std::vector<std::pair<std::string, std::string>> stdHeaderFiles();
/// The CUDA toolkit's other headers (HeadersCudaToolkit.cpp), as (name, text): those cuda.h
/// stands for, <math_constants.h>, and <cuda_fp8.h>.
std::vector<std::pair<std::string, std::string>> cudaToolkitHeaderFiles();
/// The reduced-precision float headers (HeadersCudaFp.cpp): <cuda_fp16.h> (which <cuda_bf16.h>
/// includes: __half, __half2, __nv_bfloat16, __nv_bfloat162) and <cuda_fp8.h>.
const char* cudaFp16HeaderText();
const char* cudaFp8HeaderText();
/// The text of `gpuverify.h`: GPUVerify's annotation language, in both languages.
const char* gpuverifyHeaderText();

}  // namespace sdvmc::clangfe
