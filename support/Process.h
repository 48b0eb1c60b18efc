// Running an external program: the one way sdvmc starts another process (itself under
// `sdvmc crosscheck`, oclgrind-kernel, cc, nvcc, a litmus host program under PoCL, Oclgrind
// or CUDA). The program gets its arguments as an argv vector, never through a shell, so no
// word of user input is ever interpreted (spaces, quotes and `$(…)` reach it as typed).
//
// The child runs in its own process group, with stdin from /dev/null and stdout and stderr
// captured; at the deadline the whole group is killed (SIGKILL), so a program that forks
// (a shell script, a runtime's helpers) cannot outlive it. Should sdvmc die first, the child
// is killed too (PR_SET_PDEATHSIG). Safe to call from several threads at once: between
// fork and exec the child calls only async-signal-safe functions.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace sdvmc::support {

/// What a child gets besides its arguments.
struct ProcessOptions {
  double seconds = 60;  ///< the deadline, from the start; then the process group is killed
  std::string cwd;      ///< the working directory (empty: this process's)
  /// Changes to this process's environment: NAME → value sets NAME, NAME → nullopt
  /// removes it; everything else is inherited.
  std::vector<std::pair<std::string, std::optional<std::string>>> env;
  size_t maxOutput = 8u << 20;  ///< bytes kept of each of stdout and stderr (the rest is read and dropped)
};

/// A finished (or killed) child.
struct ProcessResult {
  int status = -1;        ///< exit status; 128+N after signal N; -1 when it did not start
  bool timedOut = false;  ///< killed at the deadline
  std::string out, err;   ///< what it wrote to stdout and stderr
  double seconds = 0;
  std::string command;    ///< the command line for people (shellJoin), for reports
  std::string error;      ///< when it did not start: why ("no such program: X", "cannot run X: …")
  bool started() const { return error.empty(); }
};

/// Runs argv[0] (a path when it contains '/', else a name looked up in PATH) with `argv`.
ProcessResult runProcess(const std::vector<std::string>& argv, const ProcessOptions& options);

/// The executable file `name` would run as in PATH (what `command -v` prints), if any.
std::optional<std::string> findProgram(const std::string& name);

/// The path of the running executable (/proc/self/exe), or `fallback`.
std::string selfExecutable(const std::string& fallback);

/// A command line for people: the words quoted for sh where needed (never run by one).
std::string shellJoin(const std::vector<std::string>& argv);

}  // namespace sdvmc::support
