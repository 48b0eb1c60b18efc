// The launch options of CUDA and OpenCL kernels (.cu, .cl), shared by every subcommand
// that loads a kernel: group and grid sizes in the project's spellings and GPUVerify's
// (`--local-size`/`--local_size=`, `--num-groups`/`--num_groups=`, `--global_size=`,
// `--block-dim`/`--blockDim=`, `--grid-dim`/`--gridDim=`; each `X`, `X,Y,Z` or `[X,Y,Z]`),
// `--kernel NAME`, `--buffer NAME=SIZE`, `--image NAME=W[xH]`, GPUVerify's `--no-inline` (accepted; calls are
// always inlined), and the preprocessor's `-I DIR`, `-D NAME[=V]`, `-include FILE` and
// `-- CLANG-ARGS…` as nvcc, clang and GPUVerify take them.
#pragma once

#include "frontends/clang/ClangFrontend.h"
#include "tools/sdvmc/CommandLine.h"

#include <optional>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace sdvmc::tool {

struct LaunchArgs {
  std::string localSize, numGroups, globalSize, blockDim, gridDim;
  std::string kernel;
  std::vector<std::string> buffers;  ///< NAME=SIZE
  std::vector<std::string> images;   ///< NAME=W or NAME=WxH: a surface's (CUDA) or image's (OpenCL) size
  std::string globalOffset;          ///< X[,Y,Z] (OpenCL's get_global_offset)
  std::string target;                ///< `--target 32|64` (CUDA; OpenCL kernels are 32-bit)
  std::string dynamicSharedBytes;    ///< `--dynamic-shared-bytes N` (CUDA)
  bool noOverflowCheck = false;      ///< `--no-overflow-check`
  bool noInline = false;
  bool noAnnotations = false, onlyRequires = false, invariantsAsCandidates = false;  ///< GPUVerify's
  /// -I DIR, -D NAME[=V], -include FILE (spelled --include once main has read it) and the
  /// arguments after `--`: Clang's, for the project's headers and macros.
  std::vector<std::string> includeDirs, defines, preincludes, clangArgs;
  /// Whether any launch option was given (they apply to .cu and .cl kernels only).
  bool any() const {
    return !localSize.empty() || !numGroups.empty() || !globalSize.empty() || !blockDim.empty() ||
           !gridDim.empty() || !kernel.empty() || !buffers.empty() || !images.empty() || !globalOffset.empty() || noInline ||
           noAnnotations || onlyRequires || invariantsAsCandidates || !target.empty() || noOverflowCheck ||
           !dynamicSharedBytes.empty() ||
           !includeDirs.empty() || !defines.empty() || !preincludes.empty() || !clangArgs.empty();
  }
};

/// Adds the launch options to a subcommand.
void addLaunchOptions(CLI::App& cmd, LaunchArgs& args);

/// Checks the launch options for `path` and turns them into the frontend's. A mistake is a
/// `<command-line>:1:COL: error:` diagnostic (and the JSON error object when `json`); the
/// result is then empty.
std::optional<clangfe::LaunchOptions> resolveLaunch(const std::string& path, const LaunchArgs& args,
                                                    const CommandLine& cl, bool json);

}  // namespace sdvmc::tool
