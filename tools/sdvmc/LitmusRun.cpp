// Litmus tests on real implementations (see LitmusRun.h).
#include "tools/sdvmc/LitmusRun.h"

#include "support/Numbers.h"
#include "tools/sdvmc/Emit.h"
#include "tools/sdvmc/ModelFactory.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <sys/wait.h>

namespace sdvmc::tool {

namespace fs = std::filesystem;

namespace {

std::string stem(const std::string& file) {
  std::string s = fs::path(file).stem().string();
  for (char& c : s)
    if (!isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-') c = '_';
  return s.empty() ? "litmus" : s;
}

/// Single-quoted for sh.
std::string quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

bool have(const std::string& command) {
  return std::system(("command -v " + quote(command) + " >/dev/null 2>&1").c_str()) == 0;
}

std::string readFile(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// The last non-empty lines of `text`, joined with "; ", at most `max` characters.
std::string tail(const std::string& text, size_t max = 600) {
  std::string s = text;
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  if (s.size() > max) s = "…" + s.substr(s.size() - max);
  for (char& c : s)
    if (c == '\n') c = ' ';
  return s;
}

/// Runs `command` with sh; stdout into `out`. The exit status, or -1 when it did not run.
int runCapture(const std::string& command, std::string& out) {
  FILE* p = popen(command.c_str(), "r");
  if (!p) return -1;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
  int st = pclose(p);
  if (st == -1) return -1;
  return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + (WIFSIGNALED(st) ? WTERMSIG(st) : 0);
}

EmitResult emitFor(const Kernel& k, EmitTarget t, uint32_t threads, int32_t group, const std::string& base,
                   const LitmusOptions& o) {
  EmitOptions eo;
  eo.threads = threads;
  eo.group = group;
  std::string error;
  litmusParamValues(o, k.ir, eo.params, error);  // validated by litmusCommand
  return emitProgram(k.program, k.ir, t, eo, base);
}

}  // namespace

bool litmusParamValues(const LitmusOptions& o, const sem::Ir& ir, std::vector<sem::Word>& values, std::string& error) {
  values.assign(ir.params.size(), 0);
  for (const std::string& p : o.params) {
    const size_t eq = p.find('=');
    const std::string name = p.substr(0, eq);
    auto it = std::find(ir.params.begin(), ir.params.end(), name);
    if (it == ir.params.end()) {
      error = fmt::format("the kernel has no parameter '{}'{}", name, ir.params.empty() ? " (it takes none)" : "");
      return false;
    }
    int64_t v = 0;
    if (eq == std::string::npos || !support::parseInteger(p.substr(eq + 1), INT32_MIN, UINT32_MAX, v)) {
      error = fmt::format("--param expects NAME=V with V a 32-bit integer, not '{}'", p);
      return false;
    }
    values[static_cast<size_t>(it - ir.params.begin())] = static_cast<sem::Word>(static_cast<uint32_t>(v));
  }
  return true;
}

int litmusEmit(const LitmusOptions& o, const Kernel& k, uint32_t threads, int32_t group) {
  EmitTarget t;
  if (o.emit == "opencl") t = EmitTarget::OpenCL;
  else if (o.emit == "cuda") t = EmitTarget::Cuda;
  else {
    std::cerr << fmt::format("sdvmc: litmus --emit: expected opencl or cuda, not '{}'\n", o.emit);
    return 2;
  }
  EmitResult r = emitFor(k, t, threads, group, stem(o.file), o);
  if (!r.ok) {
    const kpl::SourceLoc at = k.program.threadsRange.begin;  // whole-kernel limits: the header
    std::cerr << fmt::format("{}:{}:{}: error: litmus --emit {}: {}\n", o.file, at.line, at.col, o.emit, r.error);
    return 2;
  }
  const fs::path dir = o.output.empty() ? fs::path(".") : fs::path(o.output);
  std::error_code ec;
  fs::create_directories(dir, ec);
  for (const EmittedFile& f : r.files) {
    const fs::path p = dir / f.name;
    std::ofstream out(p, std::ios::binary);
    out << f.content;
    if (!out) {
      std::cerr << fmt::format("sdvmc: litmus --emit: cannot write {}\n", p.string());
      return 2;
    }
    std::cout << p.string() << "\n";
  }
  return 0;
}

bool runOnDevice(const LitmusOptions& o, const Kernel& k, uint32_t threads, int32_t group, Observations& obs,
                 std::string& error) {
  obs.runtime = o.run;
  const bool cuda = o.run == "cuda";
  if (o.run != "pocl" && o.run != "oclgrind" && !cuda) {
    error = fmt::format("--run expects pocl, oclgrind or cuda, not '{}'", o.run);
    return false;
  }
  if (o.repeat < 1) {
    error = "--repeat must be at least 1";
    return false;
  }
  // What the run needs, before spending time on anything else.
  if (cuda) {
    if (!have("nvcc")) {
      error = "no CUDA: nvcc not found (install the CUDA toolkit, or add it to PATH)";
      return false;
    }
  } else {
    if (!have("cc")) {
      error = "no C compiler: cc not found (install build-essential)";
      return false;
    }
    if (o.run == "oclgrind" && !have("oclgrind")) {
      error = "no OpenCL runtime: oclgrind not found (install the Debian package oclgrind)";
      return false;
    }
  }

  const std::string base = stem(o.file);
  EmitResult r = emitFor(k, cuda ? EmitTarget::Cuda : EmitTarget::OpenCL, threads, group, base, o);
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
  } cleanup{dir, o.keep};
  if (o.keep) std::cerr << fmt::format("sdvmc: litmus --run: keeping {}\n", dir.string());
  for (const EmittedFile& f : r.files) std::ofstream(dir / f.name, std::ios::binary) << f.content;

  const std::string host = (dir / "host").string();
  const std::string build =
      cuda ? fmt::format("nvcc -O1 -o {} {} 2>{}", quote(host), quote((dir / r.hostFile).string()),
                         quote((dir / "build.txt").string()))
           : fmt::format("cc -O1 -o {} {} -lOpenCL 2>{}", quote(host), quote((dir / r.hostFile).string()),
                         quote((dir / "build.txt").string()));
  std::string ignored;
  if (runCapture(build, ignored) != 0) {
    const std::string log = readFile(dir / "build.txt");
    if (!cuda && (log.find("CL/cl.h") != std::string::npos || log.find("-lOpenCL") != std::string::npos))
      error = "no OpenCL runtime: cannot build the host program (install ocl-icd-opencl-dev and opencl-headers): " +
              tail(log, 300);
    else
      error = "the host program did not compile: " + tail(log);
    return false;
  }

  std::string env;
  if (o.run == "pocl") env = "SDVMC_CL_PLATFORM=Portable ";
  const std::string prefix = o.run == "oclgrind" ? "oclgrind " : "";
  const std::string command =
      fmt::format("cd {} && {}{}timeout {} {}{} --repeat {} 2>{}", quote(dir.string()),
                  o.run == "oclgrind" ? "env -u SDVMC_CL_PLATFORM " : "env ", env,
                  static_cast<long>(o.timeout > 0 ? o.timeout : 300), prefix, quote(host), o.repeat,
                  quote((dir / "run.txt").string()));
  std::string out;
  const int status = runCapture(command, out);
  const std::string err = readFile(dir / "run.txt");
  if (status == 124) {
    error = fmt::format("the runs did not finish within {} s (a hang: divergent barriers can deadlock "
                        "a real device)",
                        static_cast<long>(o.timeout > 0 ? o.timeout : 300));
    return false;
  }
  if (status != 0) {
    if (err.find("no OpenCL platform") != std::string::npos || err.find("no OpenCL device") != std::string::npos)
      error = fmt::format("no OpenCL runtime: {} ({})", tail(err, 300),
                          o.run == "pocl" ? "install pocl-opencl-icd" : "is oclgrind installed?");
    else if (err.find("no CUDA device") != std::string::npos)
      error = "no CUDA: no CUDA device (GPU) found";
    else if (err.find("unsupported:") != std::string::npos)
      error = err.substr(err.find("unsupported:"), err.find('\n', err.find("unsupported:")) - err.find("unsupported:"));
    else if (status > 128)
      error = fmt::format("the implementation crashed running the kernel (signal {}): {}", status - 128, tail(err, 300));
    else
      error = fmt::format("the host program failed (exit status {}): {}", status, tail(err));
    return false;
  }

  std::map<std::string, size_t> index;
  std::istringstream lines(out);
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
  if (obs.runs != o.repeat) {
    error = fmt::format("the host program printed {} outcomes for {} runs: {}", obs.runs, o.repeat, tail(err));
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

bool modelAdmits(const sem::Ir& ir, const ModelOutcomes& m, const std::string& observed, std::string& undefined) {
  undefined.clear();
  bool admits = false;
  const bool isError = observed.rfind("error: ", 0) == 0;
  std::string kind;
  unsigned line = 0;
  if (isError) {
    // error: KIND at line L
    const size_t at = observed.rfind(" at line ");
    kind = observed.substr(7, at == std::string::npos ? std::string::npos : at - 7);
    if (at != std::string::npos) line = static_cast<unsigned>(std::strtoul(observed.c_str() + at + 9, nullptr, 10));
  }
  for (const sem::TerminalOutcome& t : m.outcomes) {
    if (t.error && (t.kind == sem::VerdictKind::Race || t.kind == sem::VerdictKind::Deadlock) && undefined.empty())
      undefined = sem::verdictName(t.kind);
    if (t.error != isError) continue;
    if (!isError) {
      admits |= outcomeLabel(ir, t) == observed;
    } else {
      const unsigned l = t.at != sem::kNone ? ir.nodes[t.at].loc.line : 0;
      admits |= kind == sem::verdictName(t.kind) && l == line;
    }
  }
  if (admits) undefined.clear();
  return admits;
}

int reportObservations(const LitmusOptions& o, const sem::Ir& ir, const std::vector<ModelOutcomes>& results,
                       const Observations& obs, std::ostream& os, nlohmann::json* json) {
  const std::vector<std::string> required = o.require.empty() ? std::vector<std::string>{} : splitModels(o.require);
  int status = 0;
  std::vector<std::vector<char>> marks(obs.outcomes.size(), std::vector<char>(results.size(), ' '));
  std::vector<std::string> unadmitted;
  for (size_t i = 0; i < obs.outcomes.size(); ++i)
    for (size_t m = 0; m < results.size(); ++m) {
      std::string undefined;
      if (modelAdmits(ir, results[m], obs.outcomes[i].first, undefined)) marks[i][m] = 'x';
      else if (!undefined.empty()) marks[i][m] = 'u';
    }
  for (const std::string& req : required) {
    size_t m = 0;
    while (m < results.size() && results[m].model != req) ++m;
    for (size_t i = 0; i < obs.outcomes.size(); ++i)
      if (m == results.size() || marks[i][m] == ' ') {
        status = 1;
        unadmitted.push_back(fmt::format("{} does not admit {}", req, obs.outcomes[i].first));
      }
  }

  if (json) {
    nlohmann::json arr = nlohmann::json::array();
    for (size_t i = 0; i < obs.outcomes.size(); ++i) {
      nlohmann::json by = nlohmann::json::array(), ub = nlohmann::json::array();
      for (size_t m = 0; m < results.size(); ++m) {
        if (marks[i][m] == 'x') by.push_back(results[m].model);
        if (marks[i][m] == 'u') ub.push_back(results[m].model);
      }
      arr.push_back({{"outcome", obs.outcomes[i].first}, {"count", obs.outcomes[i].second}, {"admitted_by", by},
                     {"undefined_in", ub}});
    }
    (*json)["observed"] = arr;
    (*json)["run"] = {{"runtime", obs.runtime}, {"platform", obs.platform}, {"runs", obs.runs},
                      {"discarded", obs.discarded}, {"reported", obs.notes}};
    if (!required.empty()) (*json)["required"] = {{"models", required}, {"ok", status == 0}};
    return status;
  }

  os << fmt::format("\nobserved on {} ({}), {} run{}:\n\n", obs.runtime,
                    obs.platform.empty() ? "platform unknown" : obs.platform, obs.runs, obs.runs == 1 ? "" : "s");
  size_t width = 8;
  for (const auto& [line, n] : obs.outcomes) width = std::max(width, line.size());
  os << fmt::format("{:<{}}  runs", "observed", width);
  for (const ModelOutcomes& m : results) os << "  " << m.model;
  os << "\n" << std::string(width, '-') << "  ----";
  for (const ModelOutcomes& m : results) os << "  " << std::string(m.model.size(), '-');
  os << "\n";
  bool anyUndefined = false;
  for (size_t i = 0; i < obs.outcomes.size(); ++i) {
    os << fmt::format("{:<{}}  {:>4}", obs.outcomes[i].first, width, obs.outcomes[i].second);
    for (size_t m = 0; m < results.size(); ++m) {
      const size_t w = results[m].model.size();
      anyUndefined |= marks[i][m] == 'u';
      os << "  " << std::string((w - 1) / 2, ' ') << marks[i][m] << std::string(w - 1 - (w - 1) / 2, ' ');
    }
    os << "\n";
  }
  if (obs.discarded) os << fmt::format("({} run{} discarded: an assume failed)\n", obs.discarded, obs.discarded == 1 ? "" : "s");
  for (const std::string& n : obs.notes) os << fmt::format("{} reported: {}\n", obs.runtime, n);
  os << "\n  x: in the model's outcome set";
  if (anyUndefined)
    os << "\n  u: not in it, but the model finds a data race or a deadlock in the kernel: undefined behaviour, "
          "which admits any outcome";
  os << "\n";
  for (const std::string& u : unadmitted) os << "  REQUIRED: " << u << "\n";
  return status;
}

}  // namespace sdvmc::tool
