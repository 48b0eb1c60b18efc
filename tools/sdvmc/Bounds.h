// The bound options the commands share: --threads (group sizes), --group (group ids),
// --domain (the values an arbitrary Word ranges over) and --param (a kernel parameter's
// values). One parser for all of them, so that a value means the same, and a mistake reads
// the same, in run, check, litmus, prove and crosscheck. A command says whether it takes
// one value (run, litmus) or a range `A..B` (check; prove --equiv's --threads), and gives
// its own defaults (the kernel's `threads:` and `group:`, the parameters' `__requires`).
#pragma once

#include "semantics/rules/Verdict.h"
#include "tools/sdvmc/CommandLine.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace sdvmc::tool {

/// The largest group size a command accepts (the interpreter's limit).
inline constexpr int64_t kMaxGroupSize = 1 << 20;

/// An inclusive range of integers; a single value N is N..N.
struct Range {
  int64_t lo = 0, hi = 0;
  bool operator==(const Range&) const = default;
};

/// Whether a command takes one value of an option (run, litmus) or a range `A..B` (check).
enum class Values { One, Range };

enum class Bound {
  Threads,  ///< --threads: group sizes 1 … max (kMaxGroupSize unless the command says)
  Group,    ///< --group: group ids 0 … 2^31−1, a range of at most 1000001
  Domain,   ///< --domain: LO..HI, 32-bit, at most 65536 values (a single value is LO..LO)
};

/// Parses the value of --threads, --group or --domain. nullopt when it is malformed, out of
/// range or an empty range, with `error` the message the diagnostic prints.
std::optional<Range> parseBound(Bound bound, const std::string& text, Values values, std::string& error,
                                int64_t maxThreads = kMaxGroupSize);

/// A --param: which of the kernel's parameters, and its values.
struct ParamBound {
  size_t index = 0;  ///< in the kernel's parameter list
  Range values;      ///< −2^31 … 2^32−1 (a Word, signed or unsigned), at most 65536 values
};

/// Parses `NAME=V` (and, with Values::Range, `NAME=LO..HI`) for a kernel whose parameters
/// are `names`. nullopt with `error` set for an unknown NAME or a bad value.
std::optional<ParamBound> parseParam(const std::string& text, const std::vector<std::string>& names, Values values,
                                     std::string& error);

/// The bound options as typed (main.cpp binds them; empty: not given).
struct BoundsArgs {
  std::optional<std::string> threads;  ///< --threads N (or A..B)
  std::optional<std::string> group;    ///< --group G (or A..B)
  std::string domain = "0..1";         ///< --domain LO..HI
  std::vector<std::string> params;     ///< --param NAME=V (or NAME=LO..HI)
  /// --kernel-args K,V,… (GPUVerify's --kernel-args=): the kernel's name, then a value (or
  /// `*`: as without the option) for each of its scalar parameters in order.
  std::optional<std::string> kernelArgs;
};

/// GPUVerify's options on which races count (run, check), as typed.
struct RaceArgs {
  std::optional<std::string> benignWrites;  ///< --benign-writes[=sdv|gpuverify] (no value: sdv)
  bool onlyDivergence = false;              ///< --only-divergence
  std::vector<std::string> checkArrays;     ///< --check-arrays A,B
};

/// Adds --benign-writes[=sdv|gpuverify], --only-divergence and --check-arrays.
void addRaceOptions(CLI::App& cmd, RaceArgs& args);
/// The race options' words for a replay command line (each with a leading space).
std::string raceReplayWords(const RaceArgs& args);

/// Adds --threads, --group, --domain (when `domain`) and --param to a subcommand.
void addBoundsOptions(CLI::App& cmd, BoundsArgs& args, Values values, bool domain);

/// One command's reading of its bound options: each call parses one option; a mistake is the
/// `<command-line>:1:COL: error:` diagnostic (and the JSON error object when `json`), and
/// the result is nullopt: the command then exits with status 2.
class BoundsReader {
public:
  BoundsReader(const CommandLine& cl, bool json, Values values) : cl_(cl), json_(json), values_(values) {}
  /// The names the kernel answers to (kpl::Program::kernelNames): --kernel-args must give one
  /// of them. None (KPL): any name is taken.
  BoundsReader& kernelNames(std::vector<std::string> names) {
    kernelNames_ = std::move(names);
    return *this;
  }

  std::optional<Range> threads(const std::string& text, int64_t max = kMaxGroupSize) const;
  std::optional<Range> group(const std::string& text) const;
  std::optional<Range> domain(const std::string& text) const;
  /// Every parameter's values, in the order of `names`: a --param's where one names it,
  /// else `defaults` (one per name).
  std::optional<std::vector<Range>> params(const std::vector<std::string>& given, const std::vector<std::string>& names,
                                           std::vector<Range> defaults) const;

  /// One configuration (Values::One: run, litmus).
  struct Configuration {
    int64_t threads = 0, group = 0;
    Range domain;                 ///< (litmus) what an arbitrary value ranges over
    std::vector<uint32_t> params;  ///< each parameter's value as a Word (0 where not given)
  };
  /// Reads --threads, --group (`threads` and `group`, the kernel's, where not given),
  /// --domain and --param for a kernel whose parameters are `names`, in that order.
  std::optional<Configuration> configuration(const BoundsArgs& args, int64_t threads, int64_t group,
                                             const std::vector<std::string>& names) const;
  /// Applies --kernel-args to `params` (one per name in `names`, --param's already): nullopt
  /// (diagnosed) when it does not give one value per parameter, or names another kernel.
  std::optional<std::vector<Range>> kernelArgs(const std::optional<std::string>& given,
                                               const std::vector<std::string>& names,
                                               std::vector<Range> params) const;
  /// The race options for a kernel whose arrays are `ir.arrays`; nullopt (diagnosed) for an
  /// unknown --benign-writes mode or --check-arrays name. `benignWrites` is set to whether
  /// equal writes are tolerated.
  std::optional<sem::RaceOptions> races(const RaceArgs& args, const sem::Ir& ir, bool& benignWrites) const;

private:
  std::optional<Range> read(Bound bound, const char* option, const std::string& text, int64_t max) const;

  const CommandLine& cl_;
  bool json_;
  Values values_;
  std::vector<std::string> kernelNames_;
};

}  // namespace sdvmc::tool
