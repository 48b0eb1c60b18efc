// `sdvmc fuzz`: a compiler tester that knows the right answer. Each kernel of a run is
// generated (Generator.h), kept only when the reference proves its result defined
// (Oracle.h: check finds no race, divergence or error for its launch and inputs; run gives
// the final memory), emitted as OpenCL or CUDA and run on every implementation named
// (litmus/Run.h: PoCL, Oclgrind, a CUDA device). A final memory that differs from the
// reference's, a crash, a hang (the timeout) or a kernel that does not compile is a
// finding: it is saved in its own folder with the kernel (launch and inputs are in it),
// both memories and the emitted program, and reduced (Reducer.h) to a small kernel that
// still shows it.
//
// A finding's folder (OUT/finding-INDEX-RUNTIME/):
//   kernel.kpl            the kernel as generated (threads:, group: and the inputs in it)
//   kernel.cl, kernel-host.c (or kernel.cu)   the program that was run
//   finding.json          seeds, implementation, kind, expected and observed memories, message
//   reduced.kpl, reduced.cl, reduced-host.c (or reduced.cu)   after reduction
// `sdvmc fuzz --replay DIR` runs a saved finding again; `--reduce DIR` reduces it again.
#pragma once

#include "fuzz/Generator.h"
#include "fuzz/Oracle.h"
#include "kpl/Ast.h"

#include <cstdint>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace sdvmc::fuzz {

/// One implementation's answer for one kernel.
struct DeviceResult {
  /// pass; a finding: mismatch, crash, hang, compile-error, error; not about the kernel:
  /// environment (no runtime, no compiler: the run stops), unsupported (the emitter's limits)
  std::string kind;
  std::string observed;  ///< mismatch: the memory the implementation printed
  std::string message;   ///< why, in one line (the runner's reason)
  std::string platform;  ///< what the host reported
};

/// The kind a failure of litmus::runOnDevice is, from its one-line reason: environment
/// (no runtime or compiler), unsupported (the emitter's limits), hang (the deadline), crash
/// (a signal), compile-error (the kernel or host did not build), else error.
std::string classifyFailure(const std::string& why);

/// Whether `kind` is a finding (not pass, environment or unsupported).
bool isFinding(const std::string& kind);

/// Emits `kernel`, runs it once on `runtime` (pocl, oclgrind, cuda) and compares the final
/// memory with `expected`. `plantBug`: the emitter's deliberate miscompilation (tests).
DeviceResult runImplementation(const Loaded& kernel, const std::string& runtime, const std::string& expected,
                               const std::optional<kpl::BinaryOp>& plantBug, double timeout);

struct FuzzOptions {
  uint64_t count = 100;
  uint64_t seed = 1;
  uint64_t first = 0;                  ///< index of the first kernel (batches of one long run)
  std::vector<std::string> runtimes;   ///< pocl, oclgrind, cuda
  std::string outDir = "sdvmc-fuzz";   ///< where findings are saved
  std::string plantBug;                ///< testing: an operator name (litmus::plantableOperator)
  double timeout = 60;                 ///< seconds per kernel and implementation
  bool reduce = true;
  unsigned reduceBudget = 300;         ///< predicate calls per reduction (a hang: at most 20)
  uint64_t maxFindings = 0;            ///< stop after this many findings (0: never)
  GenOptions gen;
};

struct Finding {
  uint64_t index = 0, kernelSeed = 0;
  std::string runtime, kind, dir, expected, observed, message;
  unsigned statements = 0, reducedStatements = 0, reduceTries = 0;
  bool reduced = false;
};

/// A finding as JSON (finding.json and the --json summary).
nlohmann::json findingJson(const Finding& f);

struct RuntimeStats {
  std::string runtime, platform;
  uint64_t runs = 0, passed = 0, findings = 0, unsupported = 0;
  double seconds = 0;
};

struct Summary {
  uint64_t generated = 0, accepted = 0, rejected = 0;
  std::map<std::string, uint64_t> rejectedWhy;  ///< verdict name → kernels check rejected for it
  std::vector<RuntimeStats> runtimes;
  std::vector<Finding> findings;
  double seconds = 0;
  std::string fatal;  ///< set when the run stopped early: no runtime, cannot write OUT
};

/// Called after each kernel with what is known so far.
using ProgressFn = std::function<void(const Summary&)>;

Summary runFuzz(const FuzzOptions& options, const ProgressFn& progress);

/// What `--replay` and `--reduce` found for a saved finding.
struct SavedRun {
  std::string error;     ///< set when the folder is no finding (a user error)
  Finding finding;       ///< as saved
  Reference reference;   ///< of the saved kernel now
  DeviceResult now;      ///< the implementation now
  bool reproduces = false;
};

/// Runs the saved finding in folder `dir` (or the folder of finding.json `dir`) again.
SavedRun replayFinding(const std::string& dir, double timeout);

/// Replays, then (when it reproduces) reduces the saved finding again, writing reduced.*
/// and updating finding.json.
SavedRun reduceFinding(const std::string& dir, double timeout, unsigned budget);

}  // namespace sdvmc::fuzz
