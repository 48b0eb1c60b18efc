// Reading a crosscheck corpus (see Corpus.h).
#include "crosscheck/Corpus.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <sstream>

namespace sdvmc::crosscheck {

namespace fs = std::filesystem;

namespace {

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return "";
  size_t e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) {
    if (!l.empty() && l.back() == '\r') l.pop_back();
    out.push_back(l);
  }
  return out;
}

/// Words separated by spaces; '…' and "…" quote a word with spaces (specs/README.md).
std::vector<std::string> words(const std::string& s) {
  std::vector<std::string> out;
  std::string cur;
  bool in = false;
  char quote = 0;
  for (char c : s) {
    if (quote) {
      if (c == quote) quote = 0;
      else cur += c;
      continue;
    }
    if (c == '\'' || c == '"') {
      quote = c;
      in = true;
    } else if (c == ' ' || c == '\t') {
      if (in) out.push_back(cur);
      cur.clear();
      in = false;
    } else {
      cur += c;
      in = true;
    }
  }
  if (in) out.push_back(cur);
  return out;
}

std::string languageOf(const fs::path& p) {
  const std::string ext = p.extension().string();
  return ext == ".cl" ? "opencl" : ext == ".cu" ? "cuda" : "kpl";
}

/// GPUVerify flags that only steer its verification technique: without effect on sdvmc,
/// which explores the SDV semantics directly.
bool techniqueFlag(const std::string& name) {
  static const char* const names[] = {
      "--equality-abstraction", "--adversarial-abstraction", "--array-equalities", "--asymmetric-asserts",
      "--no-uniformity-analysis", "--loop-unwind", "--vcgen-opt", "--boogie-opt", "--bugle-opt", "--opt-opt",
      "--solver", "--timeout", "--memout", "--silent", "--verbose", "--time", "--time-as-csv", "--keep-temps",
      "--no-infer", "--infer-info", "--k-induction-depth", "--race-instrumentation", "--no-refined-atomics",
      "--no-source-loc-infer", "--gen-smt2", "--debug", "--staged-inference", "--parallel-inference",
      "--infer-config-file", "--scheduling", "--boogie-file", "--stop-at-opt", "--stop-at-gbpl", "--stop-at-cbpl", "--stop-at-bpl",
      "--stop-at-bc", "--call-site-analysis", "--relational-reduction", "--pointer-analysis", "--vcgen-timeout",
      "--cruncher-opt", "--dynamic-analysis", "--no-smart-predication", "--testsuite"};
  return std::find(std::begin(names), std::end(names), name) != std::end(names);
}

/// Flags that would change what is checked but that crosscheck does not model: noted.
const char* notModelled(const std::string& name) {
  if (name == "--no-barrier-access-checks") return "sdvmc checks every access at every barrier";
  if (name == "--math-int") return "sdvmc computes on 32-bit words, not mathematical integers";
  if (name == "--clang-opt" || name.rfind("-D", 0) == 0 || name.rfind("-I", 0) == 0)
    return "Clang options are not passed to sdvmc's frontend";
  if (name == "--source-language") return "the language is chosen by the file's extension";
  return nullptr;
}

/// A spec file's cases (specs/README.md), each a crosscheck entry.
void readSpec(const fs::path& file, const std::string& rel, const std::vector<std::string>& text,
              std::vector<Entry>& entries, std::vector<Skipped>& skipped) {
  struct Case {
    std::vector<std::string> args;
    int exit = -1;
    std::string verdict;
  };
  std::vector<Case> cases;
  for (const std::string& raw : text) {
    const std::string line = trim(raw);
    if (line.empty()) continue;
    if (line.rfind("//", 0) != 0) break;
    const std::string body = trim(line.substr(2));
    auto value = [&](const char* key) -> std::optional<std::string> {
      const size_t n = std::char_traits<char>::length(key);
      if (body.compare(0, n, key) != 0) return std::nullopt;
      return trim(body.substr(n));
    };
    if (auto v = value("run:")) {
      cases.push_back({words(*v), -1, ""});
    } else if (auto v2 = value("exit:"); v2 && !cases.empty()) {
      try {
        cases.back().exit = std::stoi(*v2);
      } catch (...) {
      }
    } else if (auto v3 = value("expect:"); v3 && !cases.empty()) {
      for (const std::string& w : words(*v3))
        if (w.rfind("verdict=", 0) == 0) cases.back().verdict = w.substr(8);
    }
  }
  std::vector<size_t> usable;
  for (size_t k = 0; k < cases.size(); ++k) {
    const Case& c = cases[k];
    if (c.args.empty() || (c.args[0] != "check" && c.args[0] != "run") || c.exit < 0) continue;
    bool other = false;
    for (const std::string& a : c.args)
      other |= a == "--model" || a.rfind("--model=", 0) == 0 || a == "--compare" || a.rfind("--compare=", 0) == 0;
    if (!other) usable.push_back(k);
  }
  if (usable.empty()) {
    skipped.push_back({rel, "spec header without a check or run case under the sdv model"});
    return;
  }
  for (size_t k : usable) {
    const Case& c = cases[k];
    Entry e;
    e.path = file.string();
    e.name = cases.size() > 1 ? fmt::format("{} [case {}]", rel, k + 1) : rel;
    e.language = languageOf(file);
    e.format = Format::Spec;
    e.subcommand = c.args[0];
    e.args.assign(c.args.begin() + 1, c.args.end());
    e.expected.exit = c.exit;
    e.expected.verdict = c.verdict;
    e.expected.text = fmt::format("exit {}{}", c.exit, c.verdict.empty() ? "" : ", verdict=" + c.verdict);
    const std::string kind = c.exit == 0   ? "pass"
                             : c.exit == 2 ? "reject"
                             : c.exit == 3 ? "inconclusive"
                             : !c.verdict.empty() && c.verdict != "ok" ? c.verdict
                                                                        : "violation";
    e.expected.kinds = {kind};
    entries.push_back(std::move(e));
  }
}

}  // namespace

std::vector<std::string> kindsOfRegex(const std::string& regex) {
  // Read the regex as words: escapes (\s, \w, \.) and operators become spaces.
  std::string t;
  for (size_t i = 0; i < regex.size(); ++i) {
    char c = regex[i];
    if (c == '\\' && i + 1 < regex.size()) {
      const char n = regex[++i];
      t += std::isalpha(static_cast<unsigned char>(n)) ? ' ' : n;
      continue;
    }
    t += std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' ? c : ' ';
  }
  t = lower(t);
  std::string squeezed;
  for (char c : t)
    if (c != ' ' || (!squeezed.empty() && squeezed.back() != ' ')) squeezed += c;
  auto has = [&](const char* w) { return squeezed.find(w) != std::string::npos; };
  std::vector<std::string> kinds;
  if (has("race")) kinds.push_back("race");
  if (has("divergen") || has("non-uniform control") || has("nonuniform control") || has("non uniform control"))
    kinds.push_back("divergence");
  if (has("assert") || has("invariant") || has("postcondition") || has("precondition")) kinds.push_back("assertion");
  if (has("bound")) kinds.push_back("out-of-bounds");
  if (has("null")) kinds.push_back("null");
  return kinds;
}

bool readGpuVerify(const std::string& path, const std::string& text, Entry& e) {
  const std::vector<std::string> ls = lines(text);
  if (ls.empty()) return false;
  const std::string first = lower(trim(ls[0]));
  if (first.rfind("//", 0) != 0) return false;
  const std::string head = trim(first.substr(2));
  const bool pass = head == "pass";
  if (!pass && head.rfind("xfail:", 0) != 0) return false;
  e.format = Format::GpuVerify;
  e.path = path;
  e.language = languageOf(path);
  e.expected.text = trim(ls[0]);
  std::string code;
  if (!pass) {
    code = trim(trim(ls[0]).substr(2));
    code = trim(code.substr(6));
  }
  e.benignWrites = true;
  e.interGroup = true;
  // GPUVerify models a 32-bit device whose arithmetic wraps: sdvmc's CUDA default is the 64-bit
  // target, with signed overflow in addresses a verdict.
  if (e.language == "cuda") e.args.insert(e.args.end(), {"--target", "32"});
  // Line 2: the flags.
  if (ls.size() > 1 && trim(ls[1]).rfind("//", 0) == 0) {
    std::string flags = trim(trim(ls[1]).substr(2));
    const std::string dir = fs::path(path).parent_path().string();
    for (size_t at; (at = flags.find("${KERNEL_DIR}")) != std::string::npos;)
      flags.replace(at, 13, dir.empty() ? "." : dir);
    e.flags = words(flags);
    for (size_t i = 0; i < e.flags.size(); ++i) {
      const std::string& f = e.flags[i];
      const size_t eq = f.find('=');
      const std::string name = f.substr(0, eq);
      std::string value = eq == std::string::npos ? "" : f.substr(eq + 1);
      static const std::pair<const char*, const char*> launch[] = {{"--local_size", "--local-size"},
                                                                    {"--num_groups", "--num-groups"},
                                                                    {"--global_size", "--global-size"},
                                                                    {"--blockDim", "--block-dim"},
                                                                    {"--gridDim", "--grid-dim"}};
      bool done = false;
      for (const auto& [gv, ours] : launch)
        if (name == gv) {
          if (eq == std::string::npos && i + 1 < e.flags.size() && e.flags[i + 1].rfind("-", 0) != 0)
            value = e.flags[++i];
          e.args.push_back(ours);
          e.args.push_back(value);
          done = true;
        }
      if (done) continue;
      // Flags that sdvmc honours, in its own words.
      auto takeValue = [&] {
        if (eq == std::string::npos && i + 1 < e.flags.size() && e.flags[i + 1].rfind("-", 0) != 0)
          value = e.flags[++i];
      };
      if (name == "--no-inline" || name == "--no-annotations" || name == "--only-requires" ||
          name == "--invariants-as-candidates") {
        e.args.push_back(name);
      } else if (name == "--global_offset" || name == "--global-offset") {
        takeValue();
        e.args.insert(e.args.end(), {"--global-offset", value});
        e.oracleUnfit = f + ": oclgrind-kernel's launch has no global offset";
      } else if (name == "--kernel-args") {
        takeValue();
        e.args.insert(e.args.end(), {"--kernel-args", value});
      } else if (name == "--warp-sync") {
        takeValue();
        e.args.insert(e.args.end(), {"--model", "simt:" + value});
        e.warpSync = true;
        e.oracleUnfit = f + ": Oclgrind runs work-items, not warps in lock step";
      } else if (name == "--only-divergence" || name == "--only-log") {
        e.args.push_back("--only-divergence");
        if (name == "--only-log") e.notes.push_back(f + ": accesses are logged but races not checked: as --only-divergence");
        e.oracleUnfit = f + ": Oclgrind checks races always";
      } else if (name == "--check-array-bounds") {
        e.checkArrayBounds = true;
      } else if (name == "--vcgen-opt" && value.rfind("/checkArrays:", 0) == 0) {
        e.args.insert(e.args.end(), {"--check-arrays", value.substr(13)});
        e.oracleUnfit = f + ": Oclgrind checks races on every array";
      } else if (name == "--no-benign-tolerance") {
        e.benignWrites = false;
      } else if (name == "--only-intra-group") {
        e.interGroup = false;
      } else if (techniqueFlag(name)) {
        e.notes.push_back(fmt::format("{}: GPUVerify's verification technique, no effect on sdvmc", f));
      } else if (const char* why = notModelled(name)) {
        e.notes.push_back(fmt::format("{}: {}", f, why));
      } else {
        e.notes.push_back(fmt::format("{}: unknown flag, ignored", f));
      }
    }
  }
  // Lines 3…: the regexes, up to the first line that is not a comment.
  for (size_t i = 2; i < ls.size(); ++i) {
    const std::string l = trim(ls[i]);
    if (l.rfind("//", 0) != 0) break;
    e.expected.regexes.push_back(trim(l.substr(2)));
  }
  if (pass) {
    e.expected.kinds = {"pass"};
  } else if (lower(code) != "not_all_verified") {
    e.expected.kinds = {"reject"};
  } else {
    for (const std::string& r : e.expected.regexes)
      for (const std::string& k : kindsOfRegex(r))
        if (std::find(e.expected.kinds.begin(), e.expected.kinds.end(), k) == e.expected.kinds.end())
          e.expected.kinds.push_back(k);
    if (e.expected.kinds.empty()) e.expected.kinds = {"violation"};
  }
  return true;
}

bool readCorpus(const std::string& dir, std::vector<Entry>& entries, std::vector<Skipped>& skipped,
                std::string& error) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) {
    error = fmt::format("{} is not a directory", dir);
    return false;
  }
  std::vector<fs::path> files;
  for (auto it = fs::recursive_directory_iterator(dir, fs::directory_options::follow_directory_symlink, ec);
       it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (ec) break;
    const std::string ext = it->path().extension().string();
    if (it->is_regular_file() && (ext == ".kpl" || ext == ".cu" || ext == ".cl")) files.push_back(it->path());
  }
  if (ec) {
    error = fmt::format("cannot walk {}: {}", dir, ec.message());
    return false;
  }
  std::sort(files.begin(), files.end());
  for (const fs::path& f : files) {
    std::string rel = fs::relative(f, dir, ec).generic_string();
    if (ec || rel.empty()) rel = f.generic_string();
    std::ifstream in(f, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    if (!in) {
      skipped.push_back({rel, "cannot be read"});
      continue;
    }
    const std::string text = ss.str();
    Entry e;
    if (readGpuVerify(f.string(), text, e)) {
      e.name = rel;
      entries.push_back(std::move(e));
      continue;
    }
    const std::vector<std::string> ls = lines(text);
    bool spec = false;
    for (const std::string& l : ls) {
      const std::string t = trim(l);
      if (t.empty()) continue;
      if (t.rfind("//", 0) != 0) break;
      spec |= trim(t.substr(2)).rfind("spec:", 0) == 0;
    }
    if (spec) readSpec(f, rel, ls, entries, skipped);
    else skipped.push_back({rel, "no expectation (neither //pass or //xfail: on line 1 nor a // spec: header)"});
  }
  return true;
}

}  // namespace sdvmc::crosscheck
