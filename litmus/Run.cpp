// Litmus tests on real implementations (see Run.h).
#include "litmus/Run.h"

#include "support/Process.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <map>
#include <sstream>

namespace sdvmc::litmus {

namespace fs = std::filesystem;

namespace {

/// The build of the host program: generous, it only guards against a compiler that hangs.
constexpr double kBuildSeconds = 600;

/// The last non-empty lines of `text`, joined with "; ", at most `max` characters.
std::string tail(const std::string& text, size_t max = 600) {
  std::string s = text;
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  if (s.size() > max) s = "…" + s.substr(s.size() - max);
  for (char& c : s)
    if (c == '\n') c = ' ';
  return s;
}

/// Why the host program did not build, in one line.
std::string buildError(const support::ProcessResult& r, bool cuda) {
  if (!r.started()) return "the host program did not compile: " + r.error;
  if (r.timedOut) return fmt::format("the host program did not compile within {:.0f} s", kBuildSeconds);
  const std::string& log = r.err;
  if (!cuda && (log.find("CL/cl.h") != std::string::npos || log.find("-lOpenCL") != std::string::npos))
    return "no OpenCL runtime: cannot build the host program (install ocl-icd-opencl-dev and opencl-headers): " +
           tail(log, 300);
  return "the host program did not compile: " + tail(log);
}

/// Why the runs failed, in one line.
std::string runError(const support::ProcessResult& r, const std::string& runtime, long seconds) {
  const std::string& err = r.err;
  if (!r.started()) return "the host program did not run: " + r.error;
  if (r.timedOut)
    return fmt::format("the runs did not finish within {} s (a hang: divergent barriers can deadlock a real device)",
                       seconds);
  if (err.find("no OpenCL platform") != std::string::npos || err.find("no OpenCL device") != std::string::npos)
    return fmt::format("no OpenCL runtime: {} ({})", tail(err, 300),
                       runtime == "pocl" ? "install pocl-opencl-icd" : "is oclgrind installed?");
  if (err.find("no CUDA device") != std::string::npos) return "no CUDA: no CUDA device (GPU) found";
  if (const size_t at = err.find("unsupported:"); at != std::string::npos)
    return err.substr(at, err.find('\n', at) - at);
  if (r.status > 128)
    return fmt::format("the implementation crashed running the kernel (signal {}): {}", r.status - 128, tail(err, 300));
  return fmt::format("the host program failed (exit status {}): {}", r.status, tail(err));
}

}  // namespace

bool runOnDevice(const kpl::Program& program, const sem::Ir& ir, const RunRequest& request, Observations& obs,
                 std::string& error) {
  const std::string& runtime = request.runtime;
  obs.runtime = runtime;
  const bool cuda = runtime == "cuda";
  if (runtime != "pocl" && runtime != "oclgrind" && !cuda) {
    error = fmt::format("--run expects pocl, oclgrind or cuda, not '{}'", runtime);
    return false;
  }
  if (request.repeat < 1) {
    error = "--repeat must be at least 1";
    return false;
  }
  // What the run needs, before spending time on anything else.
  if (cuda) {
    if (!support::findProgram("nvcc")) {
      error = "no CUDA: nvcc not found (install the CUDA toolkit, or add it to PATH)";
      return false;
    }
  } else {
    if (!support::findProgram("cc")) {
      error = "no C compiler: cc not found (install build-essential)";
      return false;
    }
    if (runtime == "oclgrind" && !support::findProgram("oclgrind")) {
      error = "no OpenCL runtime: oclgrind not found (install the Debian package oclgrind)";
      return false;
    }
  }

  EmitResult r = emitProgram(program, ir, cuda ? EmitTarget::Cuda : EmitTarget::OpenCL, request.emit,
                             request.baseName);
  if (!r.ok) {
    error = r.error;
    return false;
  }
  std::string tmpl = (fs::temp_directory_path() / "sdvmc-litmus-XXXXXX").string();
  if (!mkdtemp(tmpl.data())) {
    error = "cannot make a temporary directory";
    return false;
  }
  const fs::path dir = tmpl;
  struct Cleanup {
    fs::path dir;
    bool keep;
    ~Cleanup() {
      std::error_code ec;
      if (!keep) fs::remove_all(dir, ec);
    }
  } cleanup{dir, request.keep};
  if (request.keep) obs.keptDir = dir.string();
  for (const EmittedFile& f : r.files) std::ofstream(dir / f.name, std::ios::binary) << f.content;

  // The build: the compiler's stderr is the reason when it fails.
  const std::string host = (dir / "host").string();
  const std::string source = (dir / r.hostFile).string();
  support::ProcessOptions build;
  build.seconds = kBuildSeconds;
  const support::ProcessResult built =
      support::runProcess(cuda ? std::vector<std::string>{"nvcc", "-O1", "-o", host, source}
                               : std::vector<std::string>{"cc", "-O1", "-o", host, source, "-lOpenCL"},
                          build);
  if (built.status != 0) {
    error = buildError(built, cuda);
    return false;
  }

  // The runs, in the temporary directory: stdout holds one outcome a line.
  const double seconds = request.timeout > 0 ? request.timeout : 300;
  support::ProcessOptions run;
  run.seconds = seconds;
  run.cwd = dir.string();
  run.maxOutput = 64u << 20;
  if (runtime == "pocl") run.env = {{"SDVMC_CL_PLATFORM", "Portable"}};
  if (runtime == "oclgrind") run.env = {{"SDVMC_CL_PLATFORM", std::nullopt}};
  std::vector<std::string> argv;
  if (runtime == "oclgrind") argv.push_back("oclgrind");
  argv.insert(argv.end(), {host, "--repeat", std::to_string(request.repeat)});
  const support::ProcessResult ran = support::runProcess(argv, run);
  if (ran.status != 0 || ran.timedOut) {
    error = runError(ran, runtime, static_cast<long>(seconds));
    return false;
  }
  const std::string& err = ran.err;

  std::map<std::string, size_t> index;
  std::istringstream lines(ran.out);
  for (std::string line; std::getline(lines, line);) {
    if (line.empty()) continue;
    if (line[0] == '#') {
      if (line.rfind("# platform: ", 0) == 0) obs.platform = line.substr(2);
      continue;
    }
    ++obs.runs;
    if (line.rfind("error: unsupported", 0) == 0) {
      error = line.substr(7);  // "unsupported (…) at line L"
      return false;
    }
    if (line == "discarded") {
      ++obs.discarded;
      continue;
    }
    auto [it, fresh] = index.emplace(line, obs.outcomes.size());
    if (fresh) obs.outcomes.emplace_back(line, 0);
    ++obs.outcomes[it->second].second;
  }
  if (obs.runs != request.repeat) {
    error = fmt::format("the host program printed {} outcomes for {} runs: {}", obs.runs, request.repeat, tail(err));
    return false;
  }
  // Oclgrind reports what it finds (work-group divergence, invalid accesses, …) on stderr:
  // keep each distinct headline.
  std::istringstream errs(err);
  for (std::string line; std::getline(errs, line);) {
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
    size_t b = line.find_first_not_of(" \t");
    if (b == std::string::npos) continue;
    line = line.substr(b);
    if (line.find("detected") == std::string::npos && line.rfind("Invalid ", 0) != 0 &&
        line.find("data race") == std::string::npos && line.find("Uninitialized") == std::string::npos)
      continue;
    if (std::find(obs.notes.begin(), obs.notes.end(), line) == obs.notes.end()) obs.notes.push_back(line);
  }
  return true;
}

}  // namespace sdvmc::litmus
