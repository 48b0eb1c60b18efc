// The spec runner: walks specs/ and checks every kernel against the expectations written
// in its own header (specs/README.md describes the format). A new spec is a new file, never
// a CMake edit (CBMC's test.desc, cvc5's `; EXPECT:`, LLVM lit's `// CHECK:`).
//
//   spec_runner SDVMC_BINARY SPECS_DIR [--filter SUBSTRING] [--no-variants] [--mpi 1,2,4]
//
// For each case (a `// run: ARGS` line) it executes `SDVMC ARGS --json FILE` under
// `timeout`, with stdout and stderr captured in temporary files, then checks the exit
// status, the `expect:` paths into the JSON on stdout and the `stderr:` substrings. A
// `check` case is then re-run by the variant gate (--jobs 1, --jobs 2, --exact, --dfs, --data-abstraction off,
// --symmetry off, --no-por for mimd, --transition-cache check for the warp models; and its
// replay command line), each of which must agree with the case's own run (specs/README.md).
// It prints `PASS file [case k]` or `FAIL file:line: reason` per case and ends with
// the cases that took 30 s or more (`SLOW`), the failures again (`FAILED`), and
// `N passed, N failed`; its exit status is 0 iff nothing failed. `--no-variants` skips the gate for quick local runs.
// `--mpi NP,…` is the MPI gate: only the `check` cases run, each once as usual and then
// under `mpirun --oversubscribe -np NP sdvmc check --mpi-batch` (all cases in one mpirun
// per NP), which must give the same exit status, verdict, counts, witness and replay; cases
// with --dfs, --exact, --compare, --all, --sarif, --html or a --local-size/--block-dim range
// in several dimensions (which --mpi refuses) are left out and counted. Without
// mpirun, or with an sdvmc built without MPI, it prints SKIP and exits 77.
// Kernels in GPUVerify's test format (first line `//pass` or `//xfail:`) are skipped: they
// belong to `sdvmc crosscheck` (specs/crosscheck/gpuverify, tests/crosscheck).

#include <fmt/core.h>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

/// Seconds a single case may run before `timeout` stops it.
constexpr const char* kCaseTimeout = "120";

/// One `PATH=VALUE` of an `expect:` line.
struct Expectation {
  std::string path;
  json value;
  int line = 0;
};

/// One `stderr:` line.
struct StderrNeedle {
  std::string text;
  int line = 0;
};

/// One `run:` line and the expectations attached to it.
struct Case {
  std::vector<std::string> args;
  int line = 0;
  std::optional<int> exit;
  int exitLine = 0;
  std::vector<Expectation> expects;
  std::vector<StderrNeedle> stderrs;
};

struct Spec {
  fs::path file;
  std::string description;
  std::vector<Case> cases;
};

/// A failure to parse a spec's header, with the line at fault.
struct HeaderError {
  int line = 0;
  std::string message;
};

std::string trim(std::string_view s) {
  size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return std::string(s.substr(b, e - b));
}

/// Splits ARGS of a `run:` line like a (very small) shell: whitespace separates words,
/// and '…' or "…" quote a word that contains spaces. No escapes, no expansions.
std::optional<std::vector<std::string>> splitArgs(std::string_view s, std::string& error) {
  std::vector<std::string> out;
  std::string cur;
  bool inWord = false;
  char quote = 0;
  for (char c : s) {
    if (quote) {
      if (c == quote) quote = 0;
      else cur += c;
    } else if (c == '\'' || c == '"') {
      quote = c;
      inWord = true;
    } else if (std::isspace(static_cast<unsigned char>(c))) {
      if (inWord) out.push_back(cur);
      cur.clear();
      inWord = false;
    } else {
      cur += c;
      inWord = true;
    }
  }
  if (quote) {
    error = "unterminated quote in run: line";
    return std::nullopt;
  }
  if (inWord) out.push_back(cur);
  return out;
}

/// The words of an expect: line: whitespace separates them, except inside a JSON string
/// ("…", with backslash escapes), so that `replay="sdvmc run $FILE --threads 2"` is one word.
std::vector<std::string> words(std::string_view s) {
  std::vector<std::string> out;
  std::string cur;
  bool inString = false, escaped = false;
  for (char c : s) {
    if (inString) {
      cur += c;
      if (escaped) escaped = false;
      else if (c == '\\') escaped = true;
      else if (c == '"') inString = false;
    } else if (std::isspace(static_cast<unsigned char>(c))) {
      if (!cur.empty()) out.push_back(cur);
      cur.clear();
    } else {
      if (c == '"') inString = true;
      cur += c;
    }
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

/// Replaces every `$FILE` in the strings of an expected value by the path the runner passed
/// to sdvmc (replay command lines name the kernel file).
json substituteFile(const json& v, const std::string& file) {
  if (v.is_string()) {
    std::string t = v.get<std::string>();
    for (size_t at = t.find("$FILE"); at != std::string::npos; at = t.find("$FILE", at + file.size()))
      t.replace(at, 5, file);
    return t;
  }
  if (v.is_array() || v.is_object()) {
    json out = v;
    for (auto it = out.begin(); it != out.end(); ++it) *it = substituteFile(*it, file);
    return out;
  }
  return v;
}

/// VALUE of an expect: word: JSON when it parses as JSON, otherwise the bare string.
json parseValue(const std::string& text) {
  json v = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (v.is_discarded()) return json(text);
  return v;
}

/// Parses the leading `//` lines of a spec. Header keys: spec, run, exit, expect, stderr,
/// why. A line `//` followed by at least two spaces (or nothing) continues the previous
/// free-text key (spec:, why:); any other comment line in the header is malformed.
std::variant<Spec, HeaderError> parseSpec(const fs::path& file) {
  std::ifstream in(file);
  if (!in) return HeaderError{0, "cannot open file"};
  Spec spec;
  spec.file = file;
  std::string raw;
  int lineNo = 0;
  bool haveSpec = false;
  bool lastFreeText = false;
  while (std::getline(in, raw)) {
    ++lineNo;
    std::string line = trim(raw);
    if (line.empty()) {
      lastFreeText = false;
      continue;  // blank lines may separate header paragraphs
    }
    if (line.rfind("//", 0) != 0) break;  // the header ends at the first non-comment line
    std::string body = line.substr(2);
    if (trim(body).empty() || body.rfind("  ", 0) == 0) {
      if (!lastFreeText)
        return HeaderError{lineNo, "continuation line (`//` + two spaces) must follow spec: or why:"};
      continue;
    }
    body = trim(body);
    size_t colon = body.find(':');
    std::string key = colon == std::string::npos ? std::string() : body.substr(0, colon);
    bool keyOk = !key.empty() && std::all_of(key.begin(), key.end(), [](char c) { return c >= 'a' && c <= 'z'; });
    if (!keyOk)
      return HeaderError{lineNo, fmt::format("malformed header line (expected `// KEY: …` with KEY one of spec, run, exit, expect, stderr, why): {}", line)};
    std::string value = trim(std::string_view(body).substr(colon + 1));
    lastFreeText = false;
    if (key == "spec") {
      if (haveSpec) return HeaderError{lineNo, "second spec: line"};
      if (value.empty()) return HeaderError{lineNo, "empty spec: description"};
      spec.description = value;
      haveSpec = true;
      lastFreeText = true;
    } else if (key == "why") {
      lastFreeText = true;
    } else if (key == "prove") {
      // `// prove: skip` is read by tests/prove_crosscheck.sh, not here.
      if (value != "skip") return HeaderError{lineNo, "prove: takes only `skip`"};
      lastFreeText = false;
    } else if (key == "run") {
      std::string err;
      auto args = splitArgs(value, err);
      if (!args) return HeaderError{lineNo, err};
      if (args->empty()) return HeaderError{lineNo, "empty run: line (ARGS start with the subcommand)"};
      Case c;
      c.args = std::move(*args);
      c.line = lineNo;
      spec.cases.push_back(std::move(c));
    } else if (key == "exit" || key == "expect" || key == "stderr") {
      if (spec.cases.empty()) return HeaderError{lineNo, fmt::format("{}: before any run:", key)};
      Case& c = spec.cases.back();
      if (key == "exit") {
        if (c.exit) return HeaderError{lineNo, "second exit: for the same run:"};
        char* end = nullptr;
        errno = 0;
        long v = std::strtol(value.c_str(), &end, 10);
        if (value.empty() || *end != '\0' || errno != 0 || v < 0 || v > 255)
          return HeaderError{lineNo, fmt::format("exit: wants a status 0..255, got `{}`", value)};
        c.exit = static_cast<int>(v);
        c.exitLine = lineNo;
      } else if (key == "expect") {
        auto ws = words(value);
        if (ws.empty()) return HeaderError{lineNo, "empty expect: line"};
        for (const auto& w : ws) {
          size_t eq = w.find('=');
          if (eq == std::string::npos || eq == 0 || eq + 1 == w.size())
            return HeaderError{lineNo, fmt::format("expect: wants PATH=VALUE, got `{}`", w)};
          c.expects.push_back({w.substr(0, eq), parseValue(w.substr(eq + 1)), lineNo});
        }
      } else {
        if (value.empty()) return HeaderError{lineNo, "empty stderr: text"};
        c.stderrs.push_back({value, lineNo});
      }
    } else {
      return HeaderError{lineNo, fmt::format("unknown header key `{}:`", key)};
    }
  }
  if (!haveSpec) return HeaderError{1, "missing `// spec:` line"};
  if (spec.cases.empty()) return HeaderError{1, "missing `// run:` line"};
  for (const auto& c : spec.cases)
    if (!c.exit) return HeaderError{c.line, "run: without exit:"};
  return spec;
}

/// Follows a dotted PATH into `root`: object keys by name, array elements by index.
const json* lookup(const json& root, const std::string& path, std::string& missing) {
  const json* cur = &root;
  size_t pos = 0;
  while (true) {
    size_t dot = path.find('.', pos);
    std::string part = path.substr(pos, dot == std::string::npos ? std::string::npos : dot - pos);
    if (cur->is_object()) {
      // The longest dotted key from here that the object has (`C.elements`, a struct kernel
      // parameter's pointer field, is one key), else the next part.
      auto it = cur->end();
      for (size_t end = path.size(); end > pos;) {
        if (auto jt = cur->find(path.substr(pos, end - pos)); jt != cur->end()) {
          it = jt;
          dot = end == path.size() ? std::string::npos : end;
          break;
        }
        size_t prev = path.rfind('.', end - 1);
        if (prev == std::string::npos || prev <= pos) break;
        end = prev;
      }
      if (it == cur->end()) {
        missing = fmt::format("no key `{}`", part);
        return nullptr;
      }
      cur = &*it;
    } else if (cur->is_array()) {
      bool digits = !part.empty() && std::all_of(part.begin(), part.end(), [](char c) { return c >= '0' && c <= '9'; });
      if (!digits) {
        missing = fmt::format("`{}` is not an index into an array", part);
        return nullptr;
      }
      size_t i = std::stoul(part);
      if (i >= cur->size()) {
        missing = fmt::format("index {} past the end of an array of {}", i, cur->size());
        return nullptr;
      }
      cur = &(*cur)[i];
    } else {
      missing = fmt::format("cannot descend into a {} with `{}`", cur->type_name(), part);
      return nullptr;
    }
    if (dot == std::string::npos) return cur;
    pos = dot + 1;
  }
}

/// Exact equality, except that an expected object constrains only the keys it names
/// (recursively, also inside arrays).
bool matches(const json& expected, const json& actual) {
  if (expected.is_object()) {
    if (!actual.is_object()) return false;
    for (auto it = expected.begin(); it != expected.end(); ++it) {
      auto a = actual.find(it.key());
      if (a == actual.end() || !matches(it.value(), *a)) return false;
    }
    return true;
  }
  if (expected.is_array()) {
    if (!actual.is_array() || actual.size() != expected.size()) return false;
    for (size_t i = 0; i < expected.size(); ++i)
      if (!matches(expected[i], actual[i])) return false;
    return true;
  }
  if (expected.is_number() && actual.is_number()) {
    // 3 and 3.0 are the same number; integers compare exactly.
    if (expected.is_number_integer() && actual.is_number_integer())
      return expected.get<int64_t>() == actual.get<int64_t>();
    return expected.get<double>() == actual.get<double>();
  }
  return expected == actual;
}

std::string readFile(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// A temporary file, removed when it goes out of scope.
struct TempFile {
  std::string path;
  int fd = -1;
  TempFile() {
    std::string dir = fs::temp_directory_path().string();
    std::string tmpl = dir + "/spec_runner.XXXXXX";
    std::vector<char> buf(tmpl.begin(), tmpl.end());
    buf.push_back('\0');
    fd = ::mkstemp(buf.data());
    if (fd >= 0) path = buf.data();
  }
  ~TempFile() {
    if (fd >= 0) ::close(fd);
    if (!path.empty()) ::unlink(path.c_str());
  }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
};

struct RunResult {
  int status = -1;           ///< exit status, or -1 when it did not exit normally
  std::string signal;        ///< set when killed by a signal
  std::string out, err;
  std::string spawnError;
};

/// Runs `timeout -k 5 120 argv…` with stdout/stderr into temporary files. fork/exec: no
/// shell, so paths need no quoting.
RunResult runCommand(const std::vector<std::string>& argv, const char* seconds = kCaseTimeout) {
  RunResult r;
  TempFile out, err;
  if (out.fd < 0 || err.fd < 0) {
    r.spawnError = fmt::format("cannot create temporary files: {}", std::strerror(errno));
    return r;
  }
  std::vector<std::string> full = {"timeout", "-k", "5", seconds};
  full.insert(full.end(), argv.begin(), argv.end());
  std::vector<char*> cargv;
  for (auto& s : full) cargv.push_back(s.data());
  cargv.push_back(nullptr);
  std::fflush(stdout);
  pid_t pid = ::fork();
  if (pid < 0) {
    r.spawnError = fmt::format("fork failed: {}", std::strerror(errno));
    return r;
  }
  if (pid == 0) {
    int devnull = ::open("/dev/null", O_RDONLY);
    if (devnull >= 0) ::dup2(devnull, 0);
    ::dup2(out.fd, 1);
    ::dup2(err.fd, 2);
    ::execvp(cargv[0], cargv.data());
    std::fprintf(stderr, "spec_runner: cannot exec %s: %s\n", cargv[0], std::strerror(errno));
    ::_exit(127);
  }
  int ws = 0;
  while (::waitpid(pid, &ws, 0) < 0) {
    if (errno != EINTR) {
      r.spawnError = fmt::format("waitpid failed: {}", std::strerror(errno));
      return r;
    }
  }
  if (WIFEXITED(ws)) r.status = WEXITSTATUS(ws);
  else if (WIFSIGNALED(ws)) r.signal = ::strsignal(WTERMSIG(ws));
  r.out = readFile(out.path);
  r.err = readFile(err.path);
  return r;
}

/// Shortens captured output for a failure message.
std::string excerpt(const std::string& s, size_t max = 400) {
  std::string t = trim(s);
  if (t.size() > max) t = t.substr(0, max) + "…";
  return t.empty() ? "<empty>" : t;
}

/// One execution of sdvmc for a case: the result, and the JSON object on stdout if any.
struct Outcome {
  RunResult run;
  json doc;
  bool haveDoc = false;
};

Outcome runSdvmc(const std::string& sdvmc, const std::vector<std::string>& args, const std::string& file) {
  std::vector<std::string> argv = {sdvmc};
  // `$DIR` in an argument is the spec's folder (`-I $DIR/include`), wherever the runner runs.
  const std::string dir = fs::path(file).parent_path().string();
  for (std::string a : args) {
    for (size_t at = a.find("$DIR"); at != std::string::npos; at = a.find("$DIR", at + dir.size())) a.replace(at, 4, dir);
    argv.push_back(std::move(a));
  }
  argv.push_back("--json");
  argv.push_back(file);
  Outcome o;
  o.run = runCommand(argv);
  o.doc = json::parse(o.run.out, nullptr, /*allow_exceptions=*/false);
  o.haveDoc = !o.doc.is_discarded() && o.doc.is_object();
  return o;
}

/// Why an execution has no usable result (spawn failure, signal, timeout), or "".
std::string brokenRun(const RunResult& r) {
  if (!r.spawnError.empty()) return r.spawnError;
  if (!r.signal.empty()) return fmt::format("sdvmc killed by signal ({}) (stderr: {})", r.signal, excerpt(r.err));
  if (r.status == 124 || r.status == 137) return fmt::format("timed out after {} s (exit {})", kCaseTimeout, r.status);
  return "";
}

/// Checks one case; returns the failure messages (empty = pass) and the main outcome.
std::vector<std::string> checkCase(const std::string& sdvmc, const Spec& spec, const Case& c,
                                   const std::string& shown, Outcome& main) {
  std::vector<std::string> fails;
  auto fail = [&](int line, const std::string& msg) { fails.push_back(fmt::format("{}:{}: {}", shown, line, msg)); };

  main = runSdvmc(sdvmc, c.args, spec.file.string());
  const RunResult& r = main.run;
  if (std::string broken = brokenRun(r); !broken.empty()) {
    fail(c.line, broken);
    return fails;
  }

  bool statusOk = r.status == *c.exit;
  if (!statusOk)
    fail(c.exitLine, fmt::format("wrong exit status (expected {}, got {}; stdout: {}; stderr: {})", *c.exit,
                                 r.status, excerpt(r.out), excerpt(r.err)));

  // stdout: exactly one JSON object when the tool reports a result (0, 1, 3); otherwise
  // (2: bad input) parsed when it can be, for the expect: lines that look into it.
  const json& doc = main.doc;
  const bool haveDoc = main.haveDoc;
  if ((r.status == 0 || r.status == 1 || r.status == 3) && !haveDoc)
    fail(c.line, fmt::format("stdout is not exactly one JSON object (exit {}; stdout: {})", r.status, excerpt(r.out)));

  for (const auto& e : c.expects) {
    const json expected = substituteFile(e.value, spec.file.string());
    if (!haveDoc) {
      fail(e.line, fmt::format("{}: no JSON object on stdout (expected {}, got stdout {})", e.path, expected.dump(),
                               excerpt(r.out)));
      continue;
    }
    std::string missing;
    const json* got = lookup(doc, e.path, missing);
    if (!got) {
      fail(e.line, fmt::format("{}: {} (expected {}, got nothing)", e.path, missing, expected.dump()));
      continue;
    }
    if (!matches(expected, *got)) fail(e.line, fmt::format("{} differs (expected {}, got {})", e.path, expected.dump(), got->dump()));
  }
  for (const auto& s : c.stderrs)
    if (r.err.find(s.text) == std::string::npos)
      fail(s.line, fmt::format("stderr lacks text (expected `{}`, got {})", s.text, excerpt(r.err)));
  return fails;
}

// ---------------------------------------------------------------------------------------
// The reduction/jobs gate: every `check` case is re-run with each reduction on and off and
// with 1 and 2 jobs; each variant must agree with the case's own run on what it cannot
// change (specs/README.md, "The variant gate").

/// A re-run of a check case with extra options, and the fields that must not change.
struct Variant {
  std::string name;                   ///< shown in failures, e.g. `--jobs 2`
  std::vector<std::string> extra;     ///< appended to the case's ARGS
  std::vector<std::string> same;      ///< JSON fields equal to the main run's (beyond verdict)
  std::vector<std::string> sameIfOk;  ///< … only when the main verdict is ok
  /// The witness must be the main run's up to the values of abstract sources (the
  /// `--data-abstraction off` variant: the main run's witness names only enumerated cells).
  bool witnessUpToAbstract = false;
  bool variantAbstracts = false;  ///< … and the variant is the run with the abstraction on
};

/// Whether ARGS contain option `name` (as `name`, or `name=…`).
bool hasOption(const std::vector<std::string>& args, const std::string& name) {
  for (const auto& a : args)
    if (a == name || a.rfind(name + "=", 0) == 0) return true;
  return false;
}

/// The value of option `name` in ARGS (`name V` or `name=V`), or "".
std::string optionValue(const std::vector<std::string>& args, const std::string& name) {
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == name && i + 1 < args.size()) return args[i + 1];
    if (args[i].rfind(name + "=", 0) == 0) return args[i].substr(name.size() + 1);
  }
  return "";
}

/// The variants of a check case; options the case already sets are left alone.
std::vector<Variant> variantsOf(const Case& c) {
  std::vector<Variant> out;
  const auto& a = c.args;
  if (!hasOption(a, "--jobs")) {
    for (const char* j : {"1", "2"})
      out.push_back({fmt::format("--jobs {}", j), {"--jobs", j}, {"states", "transitions", "witness", "replay", "violations"}, {}});
  }
  if (!hasOption(a, "--exact")) out.push_back({"--exact", {"--exact"}, {"states", "violations"}, {}});
  // DFS stops at its first violation, which need not be BFS's: only an ok verdict fixes
  // the state space it covers.
  if (!hasOption(a, "--dfs")) out.push_back({"--dfs", {"--dfs"}, {}, {"states", "transitions", "terminal_states"}});
  if (!hasOption(a, "--symmetry")) out.push_back({"--symmetry off", {"--symmetry", "off"}, {}, {}});
  // The data abstraction changes state counts, never the verdict, its evidence, or the
  // witness's enumerated values (specs/README.md, "The variant gate"); under a state limit
  // a count is a verdict, so cases with --max-states are left out.
  const bool abstractionVariants = !hasOption(a, "--compare") && !hasOption(a, "--max-states");
  if (abstractionVariants && !hasOption(a, "--data-abstraction"))
    out.push_back({"--data-abstraction off", {"--data-abstraction", "off"}, {"rule", "location", "threads", "accesses"},
                   {}, true});
  if (abstractionVariants && optionValue(a, "--data-abstraction") == "off")  // it counts full enumeration
    out.push_back({"--data-abstraction on", {"--data-abstraction", "on"}, {"rule", "location", "threads", "accesses"},
                   {}, true, true});
  if (optionValue(a, "--model") == "mimd" && !hasOption(a, "--no-por"))
    out.push_back({"--no-por", {"--no-por"}, {}, {}});
  // The warp models' transition cache: every cached expansion is checked against the
  // interpreter's (sdvmc stops at a difference), and the counts and witness are the same.
  const std::string model = optionValue(a, "--model");
  if ((model == "mimd" || model.rfind("simt", 0) == 0) && !hasOption(a, "--transition-cache"))
    out.push_back({"--transition-cache check", {"--transition-cache", "check"}, {"states", "transitions", "witness", "replay"}, {}});
  return out;
}

/// A JSON field of a run's output for a comparison ("<absent>" when missing).
std::string fieldText(const Outcome& o, const std::string& key) {
  if (!o.haveDoc) return "<no JSON>";
  auto it = o.doc.find(key);
  return it == o.doc.end() ? "<absent>" : it->dump();
}

/// (--all) The distinct violations of a run as a sorted list of their keys (verdict, rule,
/// location, the accesses' locations): what every search order must find, whatever the
/// order and the witnesses (DFS reaches them in another order, by other paths).
std::string violationSet(const Outcome& o) {
  if (!o.haveDoc || !o.doc.contains("violations") || !o.doc["violations"].is_array()) return "<absent>";
  std::vector<std::string> keys;
  for (const json& v : o.doc["violations"]) {
    std::vector<std::string> at;
    if (v.contains("accesses") && v["accesses"].is_array())
      for (const json& a : v["accesses"]) at.push_back(a.value("location", json()).dump());
    std::sort(at.begin(), at.end());
    const json& where = v.contains("accesses") && at.size() == 2 ? json(at) : v.value("location", json());
    keys.push_back(fmt::format("{} {} {}", v.value("verdict", ""), v.value("rule", ""), where.dump()));
  }
  std::sort(keys.begin(), keys.end());
  return json(keys).dump();
}

/// How the witness of `off` (`--data-abstraction off`) differs from the main run's beyond
/// the values of sources the main run abstracted; "" when it does not.
std::string witnessDifference(const Outcome& main, const Outcome& off) {
  if (!main.haveDoc || !off.haveDoc) return "";
  const bool mw = main.doc.contains("witness"), ow = off.doc.contains("witness");
  if (mw != ow) return fmt::format("witness present in {} only", mw ? "main" : "variant");
  if (!mw) return "";
  const json& a = main.doc["witness"];
  const json& b = off.doc["witness"];
  for (const char* k : {"threads", "group", "schedule"})
    if (a.value(k, json()) != b.value(k, json()))
      return fmt::format("witness {} differs (main {}, variant {})", k, a.value(k, json()).dump(),
                         b.value(k, json()).dump());
  std::set<std::string> abstract;
  if (main.doc.contains("data_abstraction") && main.doc["data_abstraction"].is_array())
    for (const json& e : main.doc["data_abstraction"])
      if (e.value("abstract", false)) abstract.insert(e.value("source", ""));
  const json params = a.value("params", json::object()), offParams = b.value("params", json::object());
  for (auto it = offParams.begin(); it != offParams.end(); ++it)
    if (!abstract.count(it.key()) && params.value(it.key(), json()) != it.value())
      return fmt::format("witness parameter {} differs (main {}, variant {})", it.key(),
                         params.value(it.key(), json()).dump(), it.value().dump());
  const json init = a.value("init", json::object()), offInit = b.value("init", json::object());
  for (auto it = offInit.begin(); it != offInit.end(); ++it)
    if (!abstract.count(it.key()) && init.value(it.key(), json()) != it.value())
      return fmt::format("witness init of {} differs (main {}, variant {})", it.key(),
                         init.value(it.key(), json()).dump(), it.value().dump());
  for (auto it = init.begin(); it != init.end(); ++it)
    if (abstract.count(it.key())) return fmt::format("the witness names {}, which is abstract", it.key());
  return "";
}

/// Runs the variants of a check case against its main outcome; returns the failures.
std::vector<std::string> checkVariants(const std::string& sdvmc, const Spec& spec, const Case& c,
                                       const std::string& shown, const Outcome& main, int& runs) {
  std::vector<std::string> fails;
  if (!brokenRun(main.run).empty()) return fails;  // already a failure of the case
  auto fail = [&](const std::string& variant, const std::string& msg) {
    fails.push_back(fmt::format("{}:{}: variant `{}`: {}", shown, c.line, variant, msg));
  };
  for (const Variant& v : variantsOf(c)) {
    std::vector<std::string> args = c.args;
    // A variant that sets an option the case sets too replaces the case's value.
    for (size_t i = 0; !v.extra.empty() && i < args.size(); ++i) {
      const auto at = args.begin() + static_cast<std::ptrdiff_t>(i);
      if (args[i] == v.extra.front()) {
        args.erase(at, i + 1 < args.size() ? at + 2 : at + 1);
        break;
      }
      if (args[i].rfind(v.extra.front() + "=", 0) == 0) {
        args.erase(at);
        break;
      }
    }
    args.insert(args.end(), v.extra.begin(), v.extra.end());
    Outcome o = runSdvmc(sdvmc, args, spec.file.string());
    ++runs;
    if (std::string broken = brokenRun(o.run); !broken.empty()) {
      fail(v.name, broken);
      continue;
    }
    if (o.run.status != main.run.status) {
      fail(v.name, fmt::format("exit status differs (main {}, variant {}; stderr: {})", main.run.status, o.run.status,
                               excerpt(o.run.err)));
      continue;
    }
    // --all: every variant finds the same set of violations; under DFS the first one found
    // may be another one.
    // (A run cut by a limit covered what its order reached first: no set to compare.)
    const bool all = main.haveDoc && main.doc.contains("violations");
    const bool allDfs = all && v.name == "--dfs";
    if (all && !main.doc.contains("limit") && violationSet(main) != violationSet(o))
      fail(v.name, fmt::format("the set of violations differs (main {}, variant {})", violationSet(main), violationSet(o)));
    std::vector<std::string> keys;
    if (!allDfs) keys.push_back("verdict");
    keys.insert(keys.end(), v.same.begin(), v.same.end());
    if (fieldText(main, "verdict") == "\"ok\"") keys.insert(keys.end(), v.sameIfOk.begin(), v.sameIfOk.end());
    for (const auto& k : keys) {
      std::string m = fieldText(main, k), got = fieldText(o, k);
      if (m != got) fail(v.name, fmt::format("{} differs (main {}, variant {})", k, m, got));
    }
    if (v.witnessUpToAbstract)
      if (std::string why = v.variantAbstracts ? witnessDifference(o, main) : witnessDifference(main, o); !why.empty())
        fail(v.name, why);
  }
  // An SDV witness must replay: `sdvmc run` on the replay command line gives the verdict;
  // with --all, each violation's.
  std::vector<json> witnesses;
  if (main.haveDoc) witnesses.push_back(main.doc);
  if (main.haveDoc && main.doc.contains("violations") && main.doc["violations"].is_array())
    for (const json& v : main.doc["violations"]) witnesses.push_back(v);
  for (const json& doc : witnesses) {
    if (!doc.contains("replay") || !doc["replay"].is_string()) continue;
    std::string err;
    auto words = splitArgs(doc["replay"].get<std::string>(), err);
    if (!words || words->size() < 3 || (*words)[0] != "sdvmc") {
      fail("replay", fmt::format("not an `sdvmc …` command line: {}", doc["replay"].dump()));
    } else {
      std::vector<std::string> argv = {sdvmc};
      argv.insert(argv.end(), words->begin() + 1, words->end());
      argv.push_back("--json");
      Outcome o;
      o.run = runCommand(argv);
      o.doc = json::parse(o.run.out, nullptr, false);
      o.haveDoc = !o.doc.is_discarded() && o.doc.is_object();
      ++runs;
      if (std::string broken = brokenRun(o.run); !broken.empty()) fail("replay", broken);
      else if (o.run.status != main.run.status || fieldText(o, "verdict") != doc.value("verdict", json()).dump())
        fail("replay", fmt::format("`{}` gives exit {} verdict {} (check: exit {} verdict {})",
                                   doc["replay"].get<std::string>(), o.run.status, fieldText(o, "verdict"),
                                   main.run.status, doc.value("verdict", json()).dump()));
    }
  }
  return fails;
}

// ---------------------------------------------------------------------------------------
// The MPI gate (--mpi): every check case again under mpirun, one mpirun per rank count.

/// A check case of the MPI gate and its plain run.
struct MpiCase {
  std::string shown;
  size_t number;  ///< 1-based, as PASS/FAIL lines show it
  int line;
  std::vector<std::string> args;  ///< the whole command line after `sdvmc`
  Outcome main;
};

/// The JSON fields a distributed run must reproduce exactly.
const std::vector<std::string> kMpiSame = {"verdict", "states", "transitions", "terminal_states", "discarded",
                                           "depth", "witness", "replay"};

/// A case (with its variants) that takes this long is listed at the end (`SLOW`).
constexpr double kSlowCaseSeconds = 30;

/// Seconds one mpirun of the whole batch may run.
constexpr const char* kBatchTimeout = "1500";

/// A program on PATH, or "".
std::string onPath(const std::string& name) {
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path ? path : "");
  for (std::string d; std::getline(dirs, d, ':');) {
    fs::path p = fs::path(d.empty() ? "." : d) / name;
    if (::access(p.c_str(), X_OK) == 0) return p.string();
  }
  return "";
}

/// Runs every case under `mpirun -np ranks` in one batch; returns the failures (and sets
/// `skip` when this sdvmc has no MPI).
std::vector<std::string> runMpiBatch(const std::string& mpirun, const std::string& sdvmc, int ranks,
                                     const std::vector<MpiCase>& cases, std::string& skip) {
  std::vector<std::string> fails;
  TempFile list;
  std::string text;
  for (const MpiCase& c : cases) {
    text += fmt::format("{}\n", fmt::join(c.args, "\t"));
  }
  if (list.fd < 0 || ::write(list.fd, text.data(), text.size()) != ssize_t(text.size())) {
    fails.push_back(fmt::format("-np {}: cannot write the batch file: {}", ranks, std::strerror(errno)));
    return fails;
  }
  RunResult r = runCommand({mpirun, "--oversubscribe", "-np", std::to_string(ranks), sdvmc, "check", "--mpi-batch",
                            list.path},
                           kBatchTimeout);
  if (!r.spawnError.empty() || !r.signal.empty() || r.status != 0) {
    fails.push_back(fmt::format("-np {}: mpirun failed (exit {}{}): {}", ranks, r.status,
                                r.signal.empty() ? "" : ", " + r.signal, excerpt(r.spawnError + r.err, 2000)));
  }
  std::vector<std::optional<json>> got(cases.size());
  std::istringstream lines(r.out);
  for (std::string line; std::getline(lines, line);) {
    json j = json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.is_object() || !j.contains("case")) continue;
    size_t k = j["case"].get<size_t>();
    if (k < got.size()) got[k] = std::move(j);
  }
  for (size_t k = 0; k < cases.size(); ++k) {
    const MpiCase& c = cases[k];
    auto fail = [&](const std::string& msg) {
      fails.push_back(fmt::format("{}:{}: [case {}] mpirun -np {} --mpi: {}", c.shown, c.line, c.number, ranks, msg));
    };
    if (!got[k]) {
      fail("no result (the batch ended early)");
      continue;
    }
    Outcome o;
    o.run.status = (*got[k])["exit"].get<int>();
    o.run.out = (*got[k])["stdout"].get<std::string>();
    o.doc = json::parse(o.run.out, nullptr, false);
    o.haveDoc = !o.doc.is_discarded() && o.doc.is_object();
    if (o.run.status == 2 && o.run.out.find("built without MPI") != std::string::npos) {
      skip = "sdvmc was built without MPI";
      return {};
    }
    if (o.run.status != c.main.run.status) {
      fail(fmt::format("exit status differs (plain {}, mpi {}; stdout {})", c.main.run.status, o.run.status,
                       excerpt(o.run.out)));
      continue;
    }
    for (const std::string& key : kMpiSame) {
      const std::string m = fieldText(c.main, key), d = fieldText(o, key);
      if (m != d) fail(fmt::format("{} differs (plain {}, mpi {})", key, m, d));
    }
  }
  return fails;
}

int usage() {
  std::fprintf(stderr, "usage: spec_runner SDVMC_BINARY SPECS_DIR [--filter SUBSTRING] [--no-variants] [--mpi 1,2,4]\n");
  return 2;
}

bool isSpecFile(const fs::path& p) {
  auto ext = p.extension().string();
  return ext == ".kpl" || ext == ".cu" || ext == ".cl";
}

/// A kernel in GPUVerify's test format (first line `//pass` or `//xfail:CODE`, any case):
/// `sdvmc crosscheck` reads it (specs/crosscheck/); it has no spec header, so it is skipped.
bool isGpuVerifyTest(const fs::path& p) {
  std::ifstream in(p);
  std::string first;
  std::getline(in, first);
  std::string t;
  for (char c : first)
    if (c != ' ' && c != '\t' && c != '\r') t += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return t == "//pass" || t.rfind("//xfail:", 0) == 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> positional;
  std::string filter;
  bool variants = true;
  std::vector<int> mpiRanks;  // --mpi: the rank counts of the MPI gate
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--no-variants") {
      variants = false;
    } else if (a == "--mpi") {
      if (i + 1 >= argc) return usage();
      std::istringstream list(argv[++i]);
      for (std::string n; std::getline(list, n, ',');) {
        char* end = nullptr;
        long k = std::strtol(n.c_str(), &end, 10);
        if (n.empty() || *end || k < 1 || k > 256) return usage();
        mpiRanks.push_back(int(k));
      }
    } else if (a == "--filter") {
      if (i + 1 >= argc) return usage();
      filter = argv[++i];
    } else if (a.rfind("--filter=", 0) == 0) {
      filter = a.substr(9);
    } else if (a == "-h" || a == "--help") {
      usage();
      return 0;
    } else {
      positional.push_back(a);
    }
  }
  if (positional.size() != 2) return usage();
  const std::string sdvmc = positional[0];
  const fs::path root = positional[1];

  std::error_code ec;
  if (!fs::is_directory(root, ec)) {
    std::fprintf(stderr, "spec_runner: %s is not a directory\n", root.string().c_str());
    return 2;
  }
  std::vector<fs::path> files;
  for (auto it = fs::recursive_directory_iterator(root, fs::directory_options::follow_directory_symlink, ec);
       it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (ec) break;
    if (it->is_regular_file() && isSpecFile(it->path()) && !isGpuVerifyTest(it->path())) files.push_back(it->path());
  }
  if (ec) {
    std::fprintf(stderr, "spec_runner: cannot walk %s: %s\n", root.string().c_str(), ec.message().c_str());
    return 2;
  }
  std::sort(files.begin(), files.end());

  std::string mpirun;
  if (!mpiRanks.empty()) {
    mpirun = onPath("mpirun");
    if (mpirun.empty()) {
      fmt::print("SKIP: the MPI gate needs mpirun (Debian: openmpi-bin, which scripts/setup.sh installs); nothing was run\n");
      return 77;
    }
    if (::geteuid() == 0) {  // Open MPI refuses root without these
      ::setenv("OMPI_ALLOW_RUN_AS_ROOT", "1", 1);
      ::setenv("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", 1);
    }
    variants = false;
  }
  std::vector<MpiCase> mpiCases;
  int mpiLeftOut = 0;

  int passed = 0, failed = 0;
  std::vector<std::string> failures;  // repeated at the end: a log's tail names them
  std::vector<std::pair<double, std::string>> slowest;  // cases over kSlowCaseSeconds
  int gated = 0, variantRuns = 0;  // check cases re-run by the variant gate, and the re-runs
  for (const auto& file : files) {
    std::string rel = fs::relative(file, root, ec).generic_string();
    if (ec) rel = file.generic_string();
    if (!filter.empty() && rel.find(filter) == std::string::npos) continue;
    const std::string shown = file.string();
    auto parsed = parseSpec(file);
    if (auto* he = std::get_if<HeaderError>(&parsed)) {
      fmt::print("FAIL {}:{}: malformed spec header: {}\n", shown, he->line, he->message);
      failures.push_back(fmt::format("{}:{}: malformed spec header", shown, he->line));
      ++failed;
      continue;
    }
    const Spec& spec = std::get<Spec>(parsed);
    for (size_t k = 0; k < spec.cases.size(); ++k) {
      const Case& c = spec.cases[k];
      if (!mpiRanks.empty() && c.args.front() != "check") continue;
      Outcome main;
      const auto started = std::chrono::steady_clock::now();
      auto fails = checkCase(sdvmc, spec, c, shown, main);
      if (!mpiRanks.empty()) {
        // (a size range in several dimensions checks shape after shape: --mpi refuses it)
        auto shapes = [&](const char* option) {
          const std::string v = optionValue(c.args, option);
          return v.find("..") != std::string::npos && v.find(',') != std::string::npos;
        };
        if (hasOption(c.args, "--dfs") || hasOption(c.args, "--exact") || hasOption(c.args, "--compare") ||
            hasOption(c.args, "--all") || hasOption(c.args, "--sarif") || hasOption(c.args, "--html") ||
            shapes("--local-size") || shapes("--block-dim")) {
          ++mpiLeftOut;
        } else if (fails.empty()) {
          std::vector<std::string> args = c.args;
          args.push_back("--json");
          args.push_back(spec.file.string());
          mpiCases.push_back(MpiCase{shown, k + 1, c.line, std::move(args), std::move(main)});
          continue;  // passes or fails with its MPI runs
        }
      }
      if (variants && c.args.front() == "check") {
        ++gated;
        auto more = checkVariants(sdvmc, spec, c, shown, main, variantRuns);
        fails.insert(fails.end(), more.begin(), more.end());
      }
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
      if (seconds >= kSlowCaseSeconds) slowest.emplace_back(seconds, fmt::format("{} [case {}]", shown, k + 1));
      if (fails.empty()) {
        fmt::print("PASS {} [case {}]\n", shown, k + 1);
        ++passed;
      } else {
        for (const auto& f : fails) {
          fmt::print("FAIL {} [case {}]\n", f, k + 1);
          failures.push_back(fmt::format("{} [case {}]", f, k + 1));
        }
        ++failed;
      }
    }
  }
  if (!mpiRanks.empty()) {
    std::vector<std::string> fails;
    for (int ranks : mpiRanks) {
      std::string skip;
      auto more = runMpiBatch(mpirun, sdvmc, ranks, mpiCases, skip);
      if (!skip.empty()) {
        fmt::print("SKIP: the MPI gate: {}; nothing was compared\n", skip);
        return 77;
      }
      fails.insert(fails.end(), more.begin(), more.end());
    }
    for (const MpiCase& c : mpiCases) {
      const std::string prefix = fmt::format("{}:{}: [case {}]", c.shown, c.line, c.number);
      bool ok = true;
      for (const auto& f : fails)
        if (f.rfind(prefix, 0) == 0) ok = false;
      if (ok) {
        fmt::print("PASS {} [case {}] (mpirun -np {})\n", c.shown, c.number, fmt::join(mpiRanks, ","));
        ++passed;
      } else {
        ++failed;
      }
    }
    for (const auto& f : fails) {
      fmt::print("FAIL {}\n", f);
      failures.push_back(f);
    }
    fmt::print("MPI gate: {} check cases under mpirun -np {} ({} left out: --dfs, --exact, --compare, --all, --sarif, --html "
               "or a size range in several dimensions)\n",
               mpiCases.size(), fmt::join(mpiRanks, ","), mpiLeftOut);
  }
  if (variants)
    fmt::print("variant gate: {} check cases, {} re-runs (--jobs 1/2, --exact, --dfs, --data-abstraction off, --symmetry off, --no-por, --transition-cache check, replay)\n",
               gated, variantRuns);
  // The slowest cases (with their variants), then the failures again: CI shows a log's tail.
  std::sort(slowest.begin(), slowest.end(), std::greater<>());
  for (const auto& [seconds, which] : slowest) fmt::print("SLOW {:.1f} s {}\n", seconds, which);
  for (const auto& f : failures) fmt::print("FAILED {}\n", f);
  fmt::print("{} passed, {} failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
