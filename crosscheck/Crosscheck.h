// The cross-checking harness behind `sdvmc crosscheck DIR` (../shared/cli-contract.md):
// runs every annotated kernel under DIR with the launch its annotations give, compares
// sdvmc's verdict with the expected one (optionally with Oclgrind's as a third opinion)
// and reports agreement. This header holds the data the pieces pass along.
//
// The pieces:
//   Corpus   reads the expectations: the project's spec header (specs/README.md) and
//            GPUVerify's test format (`//pass`, `//xfail:CODE`, flags, regexes);
//   Harness  runs each kernel as sdvmc subprocesses (support/Process.h), a worker pool,
//            and classifies the outcome;
//   Oracle   writes the .sim file and runs `oclgrind-kernel --data-races`;
//   Report   the text summary, and the report as Markdown, JSON or HTML.
// tools/sdvmc/CrosscheckCommand is the command line around them.
#pragma once

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace sdvmc::crosscheck {

enum class Format {
  GpuVerify,  ///< `//pass` / `//xfail:CODE` on line 1, flags on line 2, regexes after
  Spec,       ///< the project's spec header: one entry per `run:` case of `check` or `run`
};

/// What the annotations expect of one kernel.
struct Expectation {
  std::string text;  ///< as written: "//xfail:NOT_ALL_VERIFIED", "exit 1, verdict=race"
  /// The expected kinds, any of which agrees: "pass", "reject" (exit 2), "race",
  /// "divergence", "assertion", "out-of-bounds", "null", "violation" (any violation),
  /// "inconclusive" (exit 3); for a spec case also any verdict name of sdvmc.
  std::vector<std::string> kinds;
  std::vector<std::string> regexes;  ///< GPUVerify: the output regexes (lines 3 …)
  int exit = -1;                     ///< spec: the exit status `exit:` expects
  std::string verdict;               ///< spec: `expect: verdict=V` (empty: not given)
  /// The kind the summary counts this kernel under (the first of `kinds`).
  std::string summaryKind() const { return kinds.empty() ? "violation" : kinds.front(); }
};

/// One kernel (for a spec file: one case) to crosscheck.
struct Entry {
  std::string path;      ///< the kernel's path as given to sdvmc (DIR/relative)
  std::string name;      ///< relative to DIR, with " [case k]" for a spec file of several cases
  std::string language;  ///< opencl, cuda, kpl
  Format format = Format::GpuVerify;
  /// GPUVerify: sdvmc's launch words translated from the flags. Spec: the case's words
  /// after the subcommand, as written.
  std::vector<std::string> args;
  std::string subcommand = "check";  ///< spec: check or run
  bool benignWrites = false;         ///< GPUVerify: tolerate benign write-write races
  bool interGroup = true;            ///< GPUVerify: run the launch for inter-group races
  bool checkArrayBounds = false;     ///< GPUVerify: --check-array-bounds (else out-of-bounds is "beyond")
  bool warpSync = false;             ///< GPUVerify: --warp-sync=W (sdvmc's --model simt:W)
  /// GPUVerify: a flag that changes the question in a way Oclgrind cannot be told (warps,
  /// races not checked or on some arrays only, a global offset): why the oracle is not run.
  std::string oracleUnfit;
  std::vector<std::string> flags;    ///< GPUVerify: line 2 as written, split
  std::vector<std::string> notes;    ///< flags without effect, unknown flags, …
  Expectation expected;
};

/// Files under DIR that are not crosschecked, with the reason.
struct Skipped {
  std::string name;
  std::string reason;
};

/// sdvmc's side of one kernel.
struct SdvmcResult {
  /// ok, violation, rejected, timeout (killed at the deadline or a limit reached: exit 3),
  /// crash (any other exit status)
  std::string status;
  int exit = -1;
  std::string kind;           ///< the verdict name (ok, race, …); "error" when rejected
  nlohmann::json verdict;     ///< the deciding run's JSON object (check or run), or null
  std::string phase;          ///< check, run (inter-group), or the spec case's subcommand
  std::string diagnostic;     ///< rejected / crash: the first diagnostic line
  std::string explored;       ///< what the verdict covers (inputs, groups)
  std::vector<std::string> commands;
  /// The concrete inputs of the witness (or of the run), for the oracle.
  std::map<std::string, int64_t> params;
  std::map<std::string, std::map<int64_t, int64_t>> init;
};

/// Oclgrind's side (--oracle oclgrind, OpenCL kernels).
struct OracleResult {
  bool requested = false;  ///< the kernel is OpenCL and --oracle oclgrind was given
  bool ran = false;        ///< oclgrind-kernel ran the kernel to its end
  bool race = false, divergence = false;
  bool invalid = false;      ///< an invalid (out-of-bounds, null) access
  bool buildFailed = false;  ///< Oclgrind's compiler rejected the kernel
  std::vector<std::string> reports;  ///< distinct headlines Oclgrind printed
  std::string error;                 ///< why it did not run (build failure, unsupported argument, timeout)
  std::string inputs;                ///< the concrete inputs given
  std::string command;
  /// Whether Oclgrind's finding matches the expected kind: a race, a divergence, an invalid
  /// access for out-of-bounds and null, any of them for "violation", none of them for
  /// pass, a compiler error for a GPUVerify front-end error (xfail:CODE); nullopt for
  /// assertions (Oclgrind does not check them), a spec case's exit 2 (about sdvmc only),
  /// or when Oclgrind could not run the kernel.
  std::optional<bool> agrees;
  std::string verdict() const;  ///< "race", "divergence", "invalid access" (joined by ", "), "none", "error"
};

/// One kernel's crosscheck.
struct Outcome {
  Entry entry;
  SdvmcResult sdvmc;
  OracleResult oracle;
  std::string cls;     ///< agree, disagree, unsupported, timeout
  std::string reason;  ///< one line: why this class
  double seconds = 0;
};

/// The options the reports repeat.
struct RunInfo {
  std::string dir;
  std::string domain;
  double timeout = 0;
  unsigned jobs = 0;
  std::string oracle;
  double seconds = 0;
};

}  // namespace sdvmc::crosscheck
