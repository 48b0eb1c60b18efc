// `sdvmc litmus FILE --emit opencl|cuda [--output DIR]` and
// `sdvmc litmus FILE --run pocl|oclgrind|cuda [--repeat N] [--require M,…]`: the litmus test on
// a real implementation (Emit.h translates it), its observed outcomes beside each model's set.
//
// --run emits into a fresh temporary directory, compiles the host (`cc … -lOpenCL` for
// pocl and oclgrind, `nvcc` for cuda), runs it N times (pocl: the PoCL platform, chosen
// with SDVMC_CL_PLATFORM=Portable; oclgrind: `oclgrind ./host`, the simulator in place of
// the OpenCL library; cuda: device 0) and collects the distinct final memories (or errors).
// An observation is admitted by a model when the model's outcome set contains it: the same
// final memory (the same `outcomeLabel`), or, for an error, the same verdict at the same
// line. A model whose set holds a data race or a deadlock (barrier divergence) is marked
// separately ("u"): the observation is not in its set, but the model says the kernel has
// undefined behaviour (OpenCL and CUDA leave both undefined), so it constrains nothing;
// --require accepts that, and the table and JSON (`undefined_in`) say so.
//
// Exit status: 0, or 1 when a model named by --require does not admit some observation;
// 2 when the test cannot be emitted ("unsupported: …"), compiled or run (no compiler, no
// OpenCL headers or runtime, no nvcc or GPU: "no OpenCL runtime" / "no CUDA" in the message;
// the implementation crashed: "crashed", e.g. PoCL 3.1 on barriers in divergent branches).
#pragma once

#include "tools/sdvmc/CommandLine.h"
#include "tools/sdvmc/Kernel.h"
#include "tools/sdvmc/LitmusCommand.h"

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

namespace sdvmc::tool {

/// `--emit`: writes the files and prints their paths. Exit status 0 or 2.
/// The kernel parameters' values of --param NAME=V (0 when not given), in Ir::params
/// order; false with `error` set on a bad --param.
bool litmusParamValues(const LitmusOptions& o, const sem::Ir& ir, std::vector<sem::Word>& values, std::string& error);

int litmusEmit(const LitmusOptions& o, const Kernel& k, uint32_t threads, int32_t group);

/// What the real runs produced.
struct Observations {
  std::string runtime;   ///< pocl, oclgrind, cuda
  std::string platform;  ///< what the host reported (`platform: …; device: …`)
  unsigned runs = 0;
  unsigned discarded = 0;  ///< runs that ended in a failed `assume`
  std::vector<std::string> notes;  ///< what the implementation reported (Oclgrind: "Work-group divergence detected (barrier)")
  std::vector<std::pair<std::string, unsigned>> outcomes;  ///< distinct lines, first seen first, with counts
};

/// `--run`: emit, build, run. False with `error` set (a one-line reason) when that fails.
bool runOnDevice(const LitmusOptions& o, const Kernel& k, uint32_t threads, int32_t group, Observations& obs,
                 std::string& error);

/// Whether a model's outcomes contain an observed line (a final memory, or
/// `error: KIND at line L`). When not, `undefined` names the model's undefined-behaviour
/// verdict ("race", "deadlock") if it has one.
bool modelAdmits(const sem::Ir& ir, const ModelOutcomes& m, const std::string& observed, std::string& undefined);

/// The observations beside the models: a table (text) or the `observed` JSON array.
/// Returns 1 when a model of `--require` does not admit an observation, else 0.
int reportObservations(const LitmusOptions& o, const sem::Ir& ir, const std::vector<ModelOutcomes>& results,
                       const Observations& obs, std::ostream& text, nlohmann::json* json);

}  // namespace sdvmc::tool
