// Running Clang on a kernel file (see ClangFrontend.h): the arguments per language, the
// virtual headers, and Clang's errors turned into kpl diagnostics at their line:col in
// the kernel file (an error inside an included file points at the #include line).
// Warnings are dropped: a kernel Clang accepts is lowered, or refused with a reason.
#include "frontends/clang/ClangFrontend.h"

#include "frontends/clang/Lowering.h"

#include <clang/AST/Attr.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/Basic/Diagnostic.h>
#include <clang/Basic/DiagnosticLex.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Frontend/ASTUnit.h>
#include <clang/Tooling/Tooling.h>
#include <llvm/ADT/SmallString.h>

#include <filesystem>
#include <set>
#include <fmt/format.h>

namespace sdvmc::clangfe {

namespace {

constexpr const char* kIncludeDir = "/sdvmc/include";
constexpr const char* kHostMultiarchDir = "/usr/include/x86_64-linux-gnu";

/// Forwards Clang's errors (and fatal errors) to the kpl DiagnosticEngine.
class ForwardingConsumer : public clang::DiagnosticConsumer {
public:
  /// `refStart`: the offset in the main file of the --kernel reference appended to it (npos: none).
  ForwardingConsumer(kpl::DiagnosticEngine& diags, size_t refStart) : diags_(diags), refStart_(refStart) {}

  void HandleDiagnostic(clang::DiagnosticsEngine::Level level, const clang::Diagnostic& info) override {
    clang::DiagnosticConsumer::HandleDiagnostic(level, info);
    if (level < clang::DiagnosticsEngine::Error) return;
    llvm::SmallString<256> text;
    info.FormatDiagnostic(text);
    // An error in the --kernel reference: the name does not resolve; the lowering says so with
    // the kernels the file has (or finds the kernel by its name without namespaces).
    if (refStart_ != std::string::npos && info.hasSourceManager() && info.getLocation().isValid()) {
      const clang::SourceManager& sm = info.getSourceManager();
      clang::SourceLocation l = sm.getFileLoc(info.getLocation());
      if (sm.getFileID(l) == sm.getMainFileID() && sm.getFileOffset(l) >= refStart_) {
        if (refErrors_++ == 0) refError_ = std::string(text.str());
        return;
      }
    }
    kpl::SourceLoc loc{1, 1};
    std::string where, library;
    if (info.hasSourceManager() && info.getLocation().isValid()) {
      const clang::SourceManager& sm = info.getSourceManager();
      clang::SourceLocation l = sm.getFileLoc(info.getLocation());
      // An error inside an included file: say where, and point at the #include.
      if (sm.getFileID(l) != sm.getMainFileID()) {
        clang::PresumedLoc p = sm.getPresumedLoc(l);
        if (p.isValid()) where = std::string(" (in ") + p.getFilename() + ":" + std::to_string(p.getLine()) + ")";
      }
      while (l.isValid() && sm.getFileID(l) != sm.getMainFileID()) {
        clang::PresumedLoc p = sm.getPresumedLoc(l);
        // The outermost header of Thrust or CUB on the way (the one the user's files include).
        if (p.isValid())
          if (std::string h = unsupportedLibraryHeader(p.getFilename()); !h.empty()) library = h;
        l = sm.getFileLoc(sm.getIncludeLoc(sm.getFileID(l)));
      }
      if (l.isValid()) {
        bool bad = false;
        unsigned line = sm.getSpellingLineNumber(l, &bad);
        unsigned col = sm.getSpellingColumnNumber(l, &bad);
        if (!bad) loc = kpl::SourceLoc{line, col};
      }
    }
    // Thrust, and the parts of CUB sdvmc does not model: one located `unsupported:` per #include
    // (whether the system has the library's headers or not), not the library's own errors.
    if (info.getID() == clang::diag::err_pp_file_not_found) library = unsupportedLibraryHeader(info.getArgStdStr(0));
    if (const std::string& header = library; !header.empty()) {
      if (reported_.insert({loc.line, loc.col}).second)
        diags_.error(loc, fmt::format("unsupported: <{}>: {}", header,
                                      header.rfind("thrust/", 0) == 0
                                          ? "Thrust is not supported (its headers need the whole CUDA runtime); "
                                            "sdvmc checks the kernels of a file that does not include it"
                                          : "sdvmc models CUB's BlockReduce, BlockScan, BlockLoad, BlockStore and "
                                            "WarpReduce only (<cub/cub.cuh>, <cub/block/block_reduce.cuh>, ...)"));
      return;
    }
    // A header that is not found: say which options point sdvmc at a project's headers.
    std::string hint;
    if (info.getID() == clang::diag::err_pp_file_not_found)
      hint = " (sdvmc searches the kernel's folder, its own CUDA headers and the C++ library; give the project's "
             "include folders with -I DIR, as to nvcc)";
    diags_.error(loc, std::string(text.str()) + where + hint);
  }

  /// The errors in the --kernel reference, and the first one's text.
  unsigned refErrors() const { return refErrors_; }
  const std::string& refError() const { return refError_; }

private:
  /// "thrust/…" or "cub/…" when `path` (a header's path or an #include's name) is one of
  /// Thrust's headers or one of CUB's that sdvmc's own (under kIncludeDir) do not provide.
  static std::string unsupportedLibraryHeader(const std::string& path) {
    if (path.rfind(kIncludeDir, 0) == 0) return "";
    for (const char* lib : {"thrust/", "cub/"}) {
      std::size_t at = path.rfind(fmt::format("/{}", lib));
      if (path.rfind(lib, 0) == 0) return path;
      if (at != std::string::npos) return path.substr(at + 1);
    }
    return "";
  }

  kpl::DiagnosticEngine& diags_;
  std::set<std::pair<unsigned, unsigned>> reported_;  ///< the #includes already refused
  size_t refStart_;
  unsigned refErrors_ = 0;
  std::string refError_;
};

}  // namespace

/// sdvmc's model of CUB's block and warp primitives: <cub/cub.cuh>, <cub/block/block_reduce.cuh> …
/// (HeadersCub.cpp), as (path under the include folder, text) pairs.
std::vector<std::pair<std::string, std::string>> cubHeaderFiles();

namespace {
/// The qualified names of the template kernels named `name` in `dc` and the namespaces and
/// linkage specifications inside it.
void templateKernelsNamed(const clang::DeclContext* dc, const std::string& name, std::set<std::string>& out) {
  for (const clang::Decl* d : dc->decls()) {
    if (const auto* inner = llvm::dyn_cast<clang::NamespaceDecl>(d)) templateKernelsNamed(inner, name, out);
    else if (const auto* ls = llvm::dyn_cast<clang::LinkageSpecDecl>(d)) templateKernelsNamed(ls, name, out);
    else if (const auto* ft = llvm::dyn_cast<clang::FunctionTemplateDecl>(d))
      if (ft->getNameAsString() == name && ft->getTemplatedDecl()->hasAttr<clang::CUDAGlobalAttr>())
        out.insert(ft->getQualifiedNameAsString());
  }
}
}  // namespace

std::optional<Language> languageOfPath(const std::string& path) {
  const std::string ext = std::filesystem::path(path).extension().string();
  if (ext == ".cu") return Language::Cuda;
  if (ext == ".cl") return Language::OpenCL;
  return std::nullopt;
}

std::optional<kpl::Program> lowerCudaOrOpenCL(const kpl::SourceFile& source, Language language,
                                              const LaunchOptions& launch, kpl::DiagnosticEngine& diags) {
  const std::string inc = kIncludeDir;
  std::vector<std::string> args;
  clang::tooling::FileContentMappings files;
  args.push_back(std::string("-resource-dir=") + SDVMC_CLANG_RESOURCE_DIR);
  args.push_back("-I" + inc);
  args.push_back("-w");
  if (language == Language::Cuda) {
    // Device code only, for a 64-bit host as CUDA's (size_t, long and pointers 64 bits), or with
    // --target 32 a 32-bit one, so that size_t is 32 bits (GPUVerify's default).
    for (const char* a : {"-x", "cuda", "--cuda-device-only", "-nocudainc", "-nocudalib", "--cuda-gpu-arch=sm_35",
                          "-target", launch.target == 64 ? "x86_64-unknown-linux-gnu" : "i386-unknown-linux-gnu",
                          "-std=c++17",
                          "-Wno-register",  // nvcc accepts `register` (an error in ISO C++17)
                          // libstdc++'s type traits declare C-variadic overloads, which the wrappers
                          // of HeadersStd.cpp make device functions too (never called: unevaluated).
                          "-Xclang", "-fcuda-allow-variadic-functions"})
      args.emplace_back(a);
    // For --target 32, glibc's i386 headers (libc6-dev-i386) take the kernel's <asm/…> headers
    // from the host's multiarch folder, as `gcc -m32` does (libstdc++'s host headers reach them).
    if (launch.target != 64 && std::filesystem::is_directory(kHostMultiarchDir)) {
      args.push_back("-idirafter");
      args.push_back(kHostMultiarchDir);
    }
    args.push_back("-include");
    args.push_back(inc + "/cuda.h");
    files.emplace_back(inc + "/cuda.h", cudaHeaderText());
    files.emplace_back(inc + "/cuda_runtime.h", "#include \"cuda.h\"\n");
    files.emplace_back(inc + "/assert.h", "#include \"cuda.h\"\n");
    files.emplace_back(inc + "/cassert", "#include \"cuda.h\"\n");
    // The C library's headers: our own (the host's glibc headers do not fit an i386 target).
    files.emplace_back(inc + "/sdvmc_libc.h", libcHeaderText());
    // In their <cNAME> forms (and, as libstdc++'s <NAME.h> do, the others) with the std:: names.
    for (const char* h : {"stdio.h", "math.h", "stdlib.h", "string.h", "time.h", "stdint.h", "float.h",
                          "limits.h", "stddef.h", "cstdio", "cmath", "cstdlib", "cstring", "ctime", "cstdint",
                          "cfloat", "climits", "cstddef"})
      files.emplace_back(fmt::format("{}/{}", inc, h), "#include \"sdvmc_cstd.h\"\n");
    // The C++ library: libstdc++'s headers, host and device (HeadersStd.cpp); the toolkit's
    // other headers (HeadersCudaToolkit.cpp).
    for (auto& [name, text] : stdHeaderFiles()) files.emplace_back(fmt::format("{}/{}", inc, name), std::move(text));
    for (auto& [name, text] : cudaToolkitHeaderFiles()) files.emplace_back(fmt::format("{}/{}", inc, name), std::move(text));
    for (auto& [name, text] : cubHeaderFiles()) files.emplace_back(fmt::format("{}/{}", inc, name), std::move(text));
    files.emplace_back(inc + "/sdvmc_cudalib.h", cudaLibHeaderText());
    files.emplace_back(inc + "/curand_kernel.h", curandKernelHeaderText());
    files.emplace_back(inc + "/cooperative_groups.h", cooperativeGroupsHeaderText());
    files.emplace_back(inc + "/cooperative_groups/reduce.h", cooperativeGroupsReduceHeaderText());
    files.emplace_back(inc + "/cuda_fp16.h", cudaFp16HeaderText());
    files.emplace_back(inc + "/cuda_bf16.h", "#include \"cuda_fp16.h\"\n");
  } else {
    for (const char* a : {"-x", "cl", "-cl-std=CL1.2", "-Xclang", "-finclude-default-header", "-target", "spir"})
      args.emplace_back(a);
    args.push_back("-include");
    args.push_back(inc + "/sdvmc_opencl.h");
    files.emplace_back(inc + "/sdvmc_opencl.h", openclPreludeText());
    files.emplace_back(inc + "/assert.h", "#include \"sdvmc_opencl.h\"\n");
  }

  // The project's -I, -D, -include and further Clang options, after the frontend's own.
  args.insert(args.end(), launch.clangArgs.begin(), launch.clangArgs.end());
  // GPUVerify kernels `#include <gpuverify.h>` (both headers above include it too).
  files.emplace_back(inc + "/gpuverify.h", gpuverifyHeaderText());
  // `--kernel 'ns::reduce<uint8_t, 64 * 2>'`: a host function after the file's text takes the
  // address of the name as the user spells it, so that Clang resolves it (typedefs, default
  // template arguments, expressions) and instantiates that specialisation; the lowering takes
  // the function it refers to (Lowering.cpp). Clang's errors there are not the file's: the
  // lowering reports the name as unknown, with the kernels the file has.
  const bool reference = language == Language::Cuda && launch.kernel.find('<') != std::string::npos;
  auto parse = [&](const std::string& kernel, std::unique_ptr<ForwardingConsumer>& consumer) {
    std::string text = source.text();
    size_t refStart = std::string::npos;
    if (reference) {
      text += "\n";
      refStart = text.size();
      text += fmt::format("void {}() {{ (void)&{}; }}\n", kKernelRefName, kernel);
    }
    consumer = std::make_unique<ForwardingConsumer>(diags, refStart);
    return clang::tooling::buildASTFromCodeWithArgs(text, args, source.path(), "sdvmc",
                                                    std::make_shared<clang::PCHContainerOperations>(),
                                                    clang::tooling::getClangStripDependencyFileAdjuster(), files,
                                                    consumer.get());
  };
  std::unique_ptr<ForwardingConsumer> consumer;
  std::unique_ptr<clang::ASTUnit> unit = parse(launch.kernel, consumer);
  if (!unit || consumer->getNumErrors() != consumer->refErrors() || diags.hasErrors()) {
    if (!diags.hasErrors()) diags.error(kpl::SourceLoc{1, 1}, "clang could not parse the kernel");
    return std::nullopt;
  }
  // `--kernel 'reduce<float>'` for a template kernel in a namespace, not instantiated in the
  // file: an unqualified name does not resolve from the reference's global scope; when one
  // template kernel of the file has that name, the reference names it qualified (parsed again).
  LaunchOptions qualified = launch;
  const std::string base = launch.kernel.substr(0, launch.kernel.find('<'));
  const bool plain = reference && launch.kernel.back() == '>' && launch.kernel.find_first_of(";{}()") == std::string::npos;
  if (reference && plain && !consumer->refError().empty() && base.find("::") == std::string::npos) {
    std::set<std::string> named;
    templateKernelsNamed(unit->getASTContext().getTranslationUnitDecl(), base, named);
    if (named.size() == 1 && *named.begin() != base) {
      qualified.kernel = *named.begin() + launch.kernel.substr(base.size());
      std::unique_ptr<ForwardingConsumer> again;
      std::unique_ptr<clang::ASTUnit> retry = parse(qualified.kernel, again);
      if (retry && again->getNumErrors() == 0 && !diags.hasErrors()) {
        unit = std::move(retry);
        consumer = std::move(again);
      } else {
        qualified.kernel = launch.kernel;
      }
    }
  }
  return lowerTranslationUnit(unit->getASTContext(), language, qualified, source.path(), diags, consumer->refError());
}

}  // namespace sdvmc::clangfe
