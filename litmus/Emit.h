// `sdvmc litmus FILE --emit opencl|cuda`: a verified KPL kernel as a standalone program
// for a real implementation: one kernel for one work-group (thread block) plus a host
// program that runs it and prints the final shared memory in sdvmc's format, exactly as
// sem::describeMemoryText writes it, one line per run:
//
//   A = {0, 1, 2, 3, 3, 0, 1, 2}
//   error: division-by-zero at line 12     (the kernel reached an error; kinds as verdictName)
//   discarded                              (an `assume` failed)
//
// The translation keeps KPL's meaning wherever a real device can: 32-bit wrapping + - *,
// checked / % << >> (an error instead of undefined behaviour), bounds-checked rd/wr,
// locals starting at 0, call-by-name parameters (passed by value together with the error,
// if any, that evaluating the argument raised, which the callee raises where it uses the
// parameter, as G-CALL's substitution would), the 64-bit builtins as helper functions on
// 64-bit integers and doubles (specs/KPL.md, "64-bit values"). Arbitrary initial values
// (`*`, arrays without initialiser, the default memory `mem`) start at 0, as `sdvmc run`
// does; a cell that starts arbitrary and is never read or written prints `*`, and `mem`
// prints the cells read or written, as the litmus models do. The default memory `mem` is
// a local array of kEmitMemWords words: an address outside [0, kEmitMemWords) stops the run with
// "error: unsupported …" (an unsupported case, not a verdict). See Run.h for `--run`.
#pragma once

#include "kpl/Ast.h"
#include "semantics/rules/Ir.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sdvmc::litmus {

enum class EmitTarget { OpenCL, Cuda };

/// The size of the emitted default memory `mem`.
inline constexpr uint32_t kEmitMemWords = 1024;

struct EmitOptions {
  uint32_t threads = 1;  ///< the work-group size
  int32_t group = 0;     ///< the value of `gid`
  std::vector<int32_t> params;  ///< the kernel parameters' values (Ir::params order)
  /// Testing only (`sdvmc fuzz --plant-bug OP`): emit binary operator OP as another one
  /// (plantedOperator), a deliberate miscompilation the fuzzer must find and reduce.
  std::optional<kpl::BinaryOp> plantBug;
};

/// The operator a planted bug emits in place of `op` (add as sub, xor as or, udiv as div, …).
kpl::BinaryOp plantedOperator(kpl::BinaryOp op);
/// The operator `--plant-bug NAME` names: add sub mul div rem shl shr lt le gt ge eq ne and
/// or xor land lor udiv urem lshr ult ule ugt uge; nullopt for any other name.
std::optional<kpl::BinaryOp> plantableOperator(std::string_view name);

struct EmittedFile {
  std::string name;     ///< file name, no directory: NAME.cl, NAME-host.c, NAME.cu
  std::string content;
};

struct EmitResult {
  bool ok = false;
  std::string error;               ///< why not, when !ok ("unsupported: …")
  std::vector<EmittedFile> files;  ///< OpenCL: the kernel (for reading) and the host (which embeds it)
  std::string hostFile;            ///< the name of the file to compile
};

/// The name emitted files get from a kernel file: its stem, with every character other than
/// a letter, digit, '_' or '-' made '_' ("litmus" when nothing is left).
std::string emitBaseName(const std::string& kernelPath);

/// Translates `program` (verified; `ir` is its lowering, used for the arrays) for `target`.
/// `baseName` names the files (e.g. the kernel file's stem).
EmitResult emitProgram(const kpl::Program& program, const sem::Ir& ir, EmitTarget target,
                       const EmitOptions& options, const std::string& baseName);

}  // namespace sdvmc::litmus
