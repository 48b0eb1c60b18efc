// Oclgrind as a third opinion for `sdvmc crosscheck --oracle oclgrind` (Crosscheck.h).
//
// For an OpenCL kernel, writes (into a temporary folder) the kernel behind a prelude that
// defines GPUVerify's annotations away (`__requires(e)`, `__assert(e)`, `__invariant(e)`,
// … are not OpenCL), a `#line 1` so Oclgrind's line numbers are the file's, and a .sim
// file for `oclgrind-kernel`: the same launch (global size = local size × groups) and the
// same concrete inputs sdvmc used: the witness's arguments and memory cells when sdvmc
// reports a violation, else the inputs its concrete runs used (parameters at the low end
// of their range, memory 0). A __global pointer argument is a buffer of its --buffer size,
// else max(1024, 4 × the launch's threads) elements, zero except the witness's cells; a
// __local pointer argument gets as many bytes. Then runs
// `oclgrind-kernel --data-races [--uniform-writes] --num-threads 1 FILE.sim`
// (--uniform-writes when benign write-write races are not tolerated: Oclgrind otherwise
// suppresses races between writes of the same value) and records whether Oclgrind
// reported a data race or a work-group divergence, with its distinct headlines.
#pragma once

#include "crosscheck/Crosscheck.h"

#include <string>
#include <vector>

namespace sdvmc::crosscheck {

/// One argument of an OpenCL kernel, as the .sim file describes it.
struct KernelArg {
  enum class Kind { Global, Local, Scalar };
  std::string name;
  Kind kind = Kind::Scalar;
  std::string type;  ///< Oclgrind's element type: char uchar short ushort int uint long ulong float double
  unsigned bytes = 4;
};

/// The signature of the kernel `kernel` (empty: the first) in OpenCL source `text`, read
/// from the text (comments skipped). False with `error` set when it cannot be read.
bool kernelSignature(const std::string& text, const std::string& kernel, std::string& name,
                     std::vector<KernelArg>& args, std::string& error);

/// The value of a launch option in sdvmc's words (`--local-size 4`, `--local_size=4`), or "".
std::string optionValue(const std::vector<std::string>& args, std::initializer_list<const char*> names);

/// Runs Oclgrind on the entry's kernel with sdvmc's inputs; `tmp` is a fresh folder.
OracleResult runOclgrind(const Entry& e, const SdvmcResult& s, bool benignWrites, const std::string& tmp,
                         double seconds);

}  // namespace sdvmc::crosscheck
