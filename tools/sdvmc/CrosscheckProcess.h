// Subprocesses for `sdvmc crosscheck` (Crosscheck.h): sdvmc itself (/proc/self/exe) and
// oclgrind-kernel, each in its own process group, with stdout and stderr captured and a
// deadline after which the whole group is killed (SIGKILL). Safe to call from several
// threads at once: the child only calls async-signal-safe functions before exec.
#pragma once

#include "tools/sdvmc/Crosscheck.h"

#include <string>
#include <vector>

namespace sdvmc::tool::crosscheck {

/// Runs argv[0] (a path, or a name looked up in PATH) with `argv`, in `cwd` when not
/// empty, for at most `seconds` (> 0). At most `maxOutput` bytes of each stream are kept.
ProcessResult runProcess(const std::vector<std::string>& argv, double seconds, const std::string& cwd = "",
                         size_t maxOutput = 8u << 20);

/// The path of the running executable (/proc/self/exe), or `fallback`.
std::string selfExecutable(const std::string& fallback);

/// Whether `name` is an executable file in PATH.
bool inPath(const std::string& name);

/// A command line for people: words quoted for sh where needed.
std::string shellJoin(const std::vector<std::string>& argv);

}  // namespace sdvmc::tool::crosscheck
