// A litmus test on a real implementation (`sdvmc litmus FILE --run pocl|oclgrind|cuda`):
// Emit.h translates it, this runs it and collects what it showed.
//
// runOnDevice emits into a fresh temporary directory, compiles the host (`cc … -lOpenCL`
// for pocl and oclgrind, `nvcc` for cuda), runs it N times (pocl: the PoCL platform, chosen
// with SDVMC_CL_PLATFORM=Portable; oclgrind: `oclgrind ./host`, the simulator in place of
// the OpenCL library; cuda: device 0) and collects the distinct final memories (or errors).
// Every program runs through support/Process.h: an argv vector, never a shell, with a
// deadline (the build 600 s; the runs `timeout` seconds together) and its stdout and
// stderr captured. It fails with a one-line reason when the test cannot be emitted
// ("unsupported: …"), compiled or run (no compiler, no OpenCL headers or runtime, no nvcc
// or GPU: "no OpenCL runtime" / "no CUDA" in the message; the implementation crashed:
// "crashed", e.g. PoCL 3.1 on barriers in divergent branches).
//
// Compare.h puts the observations beside the models' outcome sets.
#pragma once

#include "kpl/Ast.h"
#include "litmus/Emit.h"
#include "semantics/rules/Ir.h"

#include <string>
#include <utility>
#include <vector>

namespace sdvmc::litmus {

/// What to run, where, how often.
struct RunRequest {
  std::string runtime;   ///< pocl, oclgrind, cuda
  unsigned repeat = 20;  ///< runs
  double timeout = 300;  ///< seconds for all the runs together (<= 0: 300)
  bool keep = false;     ///< keep the temporary directory (Observations::keptDir)
  std::string baseName;  ///< names the emitted files (emitBaseName of the kernel file)
  EmitOptions emit;      ///< the group size, group id and parameter values
};

/// What the real runs produced.
struct Observations {
  std::string runtime;   ///< pocl, oclgrind, cuda
  std::string platform;  ///< what the host reported (`platform: …; device: …`)
  unsigned runs = 0;
  unsigned discarded = 0;  ///< runs that ended in a failed `assume`
  std::vector<std::string> notes;  ///< what the implementation reported (Oclgrind: "Work-group divergence detected (barrier)")
  std::vector<std::pair<std::string, unsigned>> outcomes;  ///< distinct lines, first seen first, with counts
  std::string keptDir;   ///< the temporary directory, when RunRequest::keep (also after a failure)
};

/// Emits, builds and runs the test. False with `error` set (a one-line reason) when that fails.
bool runOnDevice(const kpl::Program& program, const sem::Ir& ir, const RunRequest& request, Observations& obs,
                 std::string& error);

}  // namespace sdvmc::litmus
