// Launch options (see Launch.h).
#include "tools/sdvmc/Launch.h"

#include "support/Numbers.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

namespace sdvmc::tool {

void addLaunchOptions(CLI::App& cmd, LaunchArgs& a) {
  cmd.add_option("--local-size,--local_size", a.localSize, "(.cu/.cl) threads per group: X, X,Y,Z or [X,Y,Z]");
  cmd.add_option("--num-groups,--num_groups", a.numGroups, "(.cu/.cl) groups in the launch: X, X,Y,Z or [X,Y,Z]");
  cmd.add_option("--global-size,--global_size", a.globalSize, "(.cu/.cl) threads in the launch (a multiple of the local size)");
  cmd.add_option("--block-dim,--blockDim", a.blockDim, "(.cu/.cl) CUDA's name for --local-size");
  cmd.add_option("--grid-dim,--gridDim", a.gridDim, "(.cu/.cl) CUDA's name for --num-groups");
  cmd.add_option("--kernel", a.kernel, "(.cu/.cl) the kernel to check when the file has several");
  cmd.add_option("--buffer", a.buffers, "(.cu/.cl) NAME=SIZE: a pointer parameter's size in elements (default: unbounded)");
  cmd.add_option("--image", a.images,
                 "(.cu/.cl) NAME=W or NAME=WxH: a surface's (.cu) or image's (.cl) width and height in elements "
                 "(required for each one the kernel accesses)");
  cmd.add_option("--global-offset,--global_offset", a.globalOffset,
                 "(.cl) X, X,Y,Z or [X,Y,Z]: get_global_offset, added to every get_global_id (default 0)");
  cmd.add_option("--target", a.target,
                 "(.cu) 64 (default): CUDA's 64-bit device, signed int overflow reaching an address is a verdict; "
                 "32: GPUVerify's 32-bit model, arithmetic wraps");
  cmd.add_option("--dynamic-shared-bytes", a.dynamicSharedBytes,
                 "(.cu) the launch's dynamic shared memory in bytes: extern __shared__ T a[] has N / sizeof(T) elements "
                 "(default: unbounded)");
  cmd.add_flag("--no-overflow-check", a.noOverflowCheck,
               "(.cu/.cl) signed int arithmetic reaching an address (.cu), and a float converted to an integer "
               "outside its range, are not the verdict integer-overflow (they wrap, and convert as the hardware does)");
  cmd.add_flag("--no-inline", a.noInline, "(.cu/.cl) accepted for GPUVerify compatibility; calls are always inlined");
  cmd.add_flag("--no-annotations", a.noAnnotations, "(.cu/.cl) ignore GPUVerify's annotations (C's assert stays)");
  cmd.add_flag("--only-requires", a.onlyRequires, "(.cu/.cl) of GPUVerify's annotations keep __requires only");
  cmd.add_flag("--invariants-as-candidates", a.invariantsAsCandidates,
               "(.cu/.cl) GPUVerify's __invariant and __global_invariant are candidates (dropped when they fail)");
  // One value per occurrence (-I a -I b), so that the kernel file after them stays the file.
  cmd.add_option("-I", a.includeDirs, "(.cu/.cl) DIR: search it for #include (after sdvmc's CUDA headers)")->allow_extra_args(false);
  cmd.add_option("-D", a.defines, "(.cu/.cl) NAME[=V]: define a macro, as nvcc -D")->allow_extra_args(false);
  cmd.add_option("--include", a.preincludes, "(.cu/.cl) FILE: include it before the kernel's file (nvcc's -include)")->allow_extra_args(false);
}

namespace {
/// X, X,Y or X,Y,Z (brackets allowed), each 0 to INT32_MAX; missing dimensions 0.
bool globalOffset(std::string text, std::array<uint32_t, 3>& out) {
  if (text.size() >= 2 && text.front() == '[' && text.back() == ']') text = text.substr(1, text.size() - 2);
  unsigned d = 0;
  size_t start = 0;
  for (;;) {
    const size_t comma = text.find(',', start);
    int64_t v = 0;
    if (d == 3 || !support::parseInteger(text.substr(start, comma - start), 0, INT32_MAX, v)) return false;
    out[d++] = static_cast<uint32_t>(v);
    if (comma == std::string::npos) return true;
    start = comma + 1;
  }
}
}  // namespace

std::optional<clangfe::LaunchOptions> resolveLaunch(const std::string& path, const LaunchArgs& a,
                                                    const CommandLine& cl, bool json) {
  auto reject = [&](const std::string& needle, const std::string& message) {
    cl.reject(needle, message, json);
    return std::nullopt;
  };
  if (!clangfe::languageOfPath(path)) {
    if (a.any()) {
      std::string needle;
      for (const std::string& arg : cl.args())
        for (const char* n : {"--local", "--num", "--global", "--block", "--grid", "--kernel", "--buffer", "--no-inline",
                              "--no-annotations", "--only-requires", "--invariants-as-candidates", "--target",
                              "--no-overflow-check", "--dynamic-shared-bytes",
                              "-I", "-D", "--include", "-include"})
          if (needle.empty() && arg.rfind(n, 0) == 0) needle = arg;
      return reject(needle, "launch options apply to .cu and .cl kernels only (a KPL kernel's group size is --threads)");
    }
    return clangfe::LaunchOptions{};
  }
  clangfe::LaunchOptions o;
  o.kernel = a.kernel;
  if (a.noAnnotations && a.onlyRequires) return reject("--only-requires", "give either --no-annotations or --only-requires");
  o.annotations = a.noAnnotations  ? clangfe::LaunchOptions::Annotations::None
                  : a.onlyRequires ? clangfe::LaunchOptions::Annotations::RequiresOnly
                                   : clangfe::LaunchOptions::Annotations::All;
  o.invariantsAsCandidates = a.invariantsAsCandidates;
  for (const std::string& d : a.includeDirs) o.clangArgs.push_back("-I" + d);
  for (const std::string& d : a.defines) o.clangArgs.push_back("-D" + d);
  for (const std::string& f : a.preincludes) {
    o.clangArgs.push_back("-include");
    o.clangArgs.push_back(f);
  }
  o.clangArgs.insert(o.clangArgs.end(), a.clangArgs.begin(), a.clangArgs.end());
  // The option as the user spelled it (e.g. --local_size), for messages.
  auto spelled = [&](const char* prefix) {
    for (const std::string& arg : cl.args())
      if (arg.rfind(prefix, 0) == 0) return arg.substr(0, arg.find('='));
    return std::string(prefix);
  };
  auto dims = [&](const std::string& text, const char* needle, std::array<uint32_t, 3>& out, unsigned& count) {
    if (!support::parseDims(text, out, count)) {
      reject(needle, fmt::format("{}: expected X, X,Y,Z or [X,Y,Z] with each size at least 1, not '{}'", spelled(needle), text));
      return false;
    }
    return true;
  };
  if (!a.localSize.empty() && !a.blockDim.empty()) return reject("--block", "give either --local-size or --block-dim, not both");
  if (!a.numGroups.empty() && !a.gridDim.empty()) return reject("--grid", "give either --num-groups or --grid-dim, not both");
  const std::string& local = a.localSize.empty() ? a.blockDim : a.localSize;
  const char* localName = a.localSize.empty() ? "--block" : "--local";
  const std::string& groups = a.numGroups.empty() ? a.gridDim : a.numGroups;
  const char* groupsName = a.numGroups.empty() ? "--grid" : "--num";
  if (local.empty())
    return reject("", "a .cu or .cl kernel needs its group size: --local-size X[,Y[,Z]] (or --block-dim)");
  if (!dims(local, localName, o.localSize, o.localDims)) return std::nullopt;
  uint64_t threads = static_cast<uint64_t>(o.localSize[0]) * o.localSize[1] * o.localSize[2];
  if (threads > (1u << 20))
    return reject(localName, fmt::format("the group has {} threads; at most {} are supported", threads, 1u << 20));
  if (!groups.empty() && !dims(groups, groupsName, o.numGroups, o.groupDims)) return std::nullopt;
  if (!a.globalSize.empty()) {
    std::array<uint32_t, 3> global{};
    unsigned n = 0;
    if (!dims(a.globalSize, "--global", global, n)) return std::nullopt;
    std::array<uint32_t, 3> derived{1, 1, 1};
    for (unsigned d = 0; d < 3; ++d) {
      if (global[d] % o.localSize[d] != 0)
        return reject("--global", fmt::format("{} {} is not a multiple of the local size {} in dimension {}",
                                              spelled("--global"), global[d], o.localSize[d], d));
      derived[d] = global[d] / o.localSize[d];
    }
    if (!groups.empty() && derived != o.numGroups)
      return reject("--global", "--global-size disagrees with the number of groups given");
    o.numGroups = derived;
    o.groupDims = n;
  }
  uint64_t total = static_cast<uint64_t>(o.numGroups[0]) * o.numGroups[1] * o.numGroups[2];
  if (total > INT32_MAX)
    return reject(groups.empty() ? "--global" : groupsName, fmt::format("{} groups; at most {} are supported", total, INT32_MAX));
  for (const std::string& b : a.buffers) {
    size_t eq = b.find('=');
    int64_t size = 0;
    if (eq == std::string::npos || eq == 0 || !support::parseInteger(b.substr(eq + 1), 1, INT32_MAX, size))
      return reject("--buffer", fmt::format("--buffer expects NAME=SIZE with SIZE 1 to {}, not '{}'", INT32_MAX, b));
    o.buffers.emplace_back(b.substr(0, eq), static_cast<uint32_t>(size));
  }
  for (const std::string& b : a.images) {
    const size_t eq = b.find('=');
    const size_t x = eq == std::string::npos ? std::string::npos : b.find('x', eq);
    int64_t w = 0, h = 1;
    const bool ok = eq != std::string::npos && eq != 0 &&
                    support::parseInteger(b.substr(eq + 1, x == std::string::npos ? std::string::npos : x - eq - 1), 1,
                                          INT32_MAX, w) &&
                    (x == std::string::npos || support::parseInteger(b.substr(x + 1), 1, INT32_MAX, h)) &&
                    w * h <= INT32_MAX;
    if (!ok)
      return reject("--image", fmt::format("--image expects NAME=W or NAME=WxH with W·H from 1 to {}, not '{}'",
                                           INT32_MAX, b));
    o.images.push_back(clangfe::LaunchOptions::Image{b.substr(0, eq), static_cast<uint32_t>(w), static_cast<uint32_t>(h),
                                                     x != std::string::npos});
  }
  if (!a.globalOffset.empty()) {
    std::string needle = "--global-offset";  // as spelled, for the column
    for (const std::string& arg : cl.args())
      if (arg.rfind("--global_offset", 0) == 0) needle = "--global_offset";
    if (clangfe::languageOfPath(path) != clangfe::Language::OpenCL)
      return reject(needle, "--global-offset applies to OpenCL kernels (CUDA has no global offset)");
    if (!globalOffset(a.globalOffset, o.globalOffset))
      return reject(needle, fmt::format("{}: expected X, X,Y,Z or [X,Y,Z] with each offset 0 to {}, not '{}'", needle,
                                        INT32_MAX, a.globalOffset));
  }
  // The device's address width: CUDA's 64 by default; OpenCL kernels are lowered for a 32-bit
  // device (spir), which --target 32 names (crosscheck passes it for GPUVerify's corpora).
  const bool cuda = clangfe::languageOfPath(path) == clangfe::Language::Cuda;
  if (!a.target.empty()) {
    if (a.target != "32" && a.target != "64")
      return reject("--target", fmt::format("--target expects 32 or 64, not '{}'", a.target));
    if (!cuda && a.target == "64")
      return reject("--target", "--target 64 applies to CUDA kernels (OpenCL kernels are lowered for a 32-bit device)");
    o.target = a.target == "32" ? 32 : 64;
  }
  if (!cuda) o.target = 32;
  if (!a.dynamicSharedBytes.empty()) {
    int64_t n = 0;
    if (!cuda) return reject("--dynamic-shared-bytes", "--dynamic-shared-bytes applies to CUDA kernels");
    if (!support::parseInteger(a.dynamicSharedBytes, 1, INT32_MAX, n))
      return reject("--dynamic-shared-bytes", fmt::format("--dynamic-shared-bytes expects a size in bytes, 1 to {}, not '{}'",
                                                          INT32_MAX, a.dynamicSharedBytes));
    o.dynamicSharedBytes = static_cast<uint32_t>(n);
  }
  // (.cu, .cl) Signed overflow in CUDA addresses and C's float-to-integer conversions out of
  // range; a CUDA --target 32 (GPUVerify's model) wraps and converts as the hardware does.
  o.overflowCheck = !a.noOverflowCheck && (!cuda || o.target == 64);
  return o;
}

}  // namespace sdvmc::tool
