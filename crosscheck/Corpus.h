// Reading a corpus for `sdvmc crosscheck` (Crosscheck.h): every .kpl, .cu and .cl file
// under a folder, with its expectation in one of two formats.
//
// GPUVerify's test format (its testsuite's `//pass`-style headers):
//   line 1   `//pass` or `//xfail:CODE` (any case). pass expects no violation;
//            xfail:NOT_ALL_VERIFIED expects one; any other code (CLANG_ERROR, …: a
//            GPUVerify front-end error) expects sdvmc to reject the kernel (exit 2).
//   line 2   `//` then GPUVerify's flags; `${KERNEL_DIR}` is the kernel's folder.
//            --local_size= --num_groups= --global_size= --blockDim= --gridDim= become
//            sdvmc's launch; --no-inline is passed on; --no-benign-tolerance and
//            --only-intra-group change GPUVerify's defaults (benign write-write races
//            tolerated, inter-group races checked); flags of GPUVerify's verification
//            technique are noted as without effect, others as not modelled or unknown.
//   lines 3… `//` then a regular expression GPUVerify's output must match, up to the
//            first other line. They say what kind of violation is expected (see
//            kindsOfRegex); they are not matched against sdvmc's wording.
// The project's spec header (specs/README.md): each `// run:` case whose subcommand is
// `check` or `run` (and no --model/--compare) is one entry, run as written; `exit:` and
// `expect: verdict=V` are its expectation.
#pragma once

#include "crosscheck/Crosscheck.h"

#include <string>
#include <vector>

namespace sdvmc::crosscheck {

/// Walks `dir` recursively (sorted paths); `error` is set when it cannot be read.
bool readCorpus(const std::string& dir, std::vector<Entry>& entries, std::vector<Skipped>& skipped,
                std::string& error);

/// The expectation of one GPUVerify-format file, or false when line 1 is not
/// `//pass` / `//xfail:…`.
bool readGpuVerify(const std::string& path, const std::string& text, Entry& e);

/// The kinds one GPUVerify regex line names: "race", "divergence", "assertion",
/// "out-of-bounds", "null"; empty when it names none of them.
std::vector<std::string> kindsOfRegex(const std::string& regex);

}  // namespace sdvmc::crosscheck
