// Oclgrind as a third opinion (see Oracle.h).
#include "crosscheck/Oracle.h"

#include "support/Numbers.h"
#include "support/Process.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <sstream>

namespace sdvmc::crosscheck {

namespace fs = std::filesystem;

namespace {

/// GPUVerify's annotations and builtins, defined away so Oclgrind's compiler accepts
/// kernels written for GPUVerify.
const char* const kPrelude = R"(#define __requires(e)
#define __ensures(e)
#define __global_requires(e)
#define __global_ensures(e)
#define __assert(e) ((void)0)
#define __global_assert(e) ((void)0)
#define __assume(e) ((void)0)
#define __invariant(e) ((void)0)
#define __global_invariant(e) ((void)0)
#define __candidate_invariant(e) ((void)0)
#define __candidate_global_invariant(e) ((void)0)
#define __function_wide_invariant(e)
#define __function_wide_candidate_invariant(e)
#define __implies(a, b) (!(a) || (b))
#define __ite(c, a, b) ((c) ? (a) : (b))
#define assert(e) ((void)0)
)";

/// The text without comments (replaced by spaces, newlines kept) and without preprocessor
/// lines.
std::string stripComments(const std::string& s) {
  std::string out;
  out.reserve(s.size());
  bool lineStart = true;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s.compare(i, 2, "//") == 0) {
      while (i < s.size() && s[i] != '\n') ++i;
      out += '\n';
      lineStart = true;
      continue;
    }
    if (s.compare(i, 2, "/*") == 0) {
      size_t end = s.find("*/", i + 2);
      if (end == std::string::npos) end = s.size();
      for (size_t k = i; k < end; ++k) out += s[k] == '\n' ? '\n' : ' ';
      i = end + 1;
      continue;
    }
    if (lineStart && s[i] == '#') {  // a preprocessor line (with continuations)
      while (i < s.size() && !(s[i] == '\n' && s[i - 1] != '\\')) ++i;
      out += '\n';
      continue;
    }
    if (s[i] == '\n') lineStart = true;
    else if (!std::isspace(static_cast<unsigned char>(s[i]))) lineStart = false;
    out += s[i];
  }
  return out;
}

std::vector<std::string> identifiers(const std::string& s) {
  std::vector<std::string> out;
  for (size_t i = 0; i < s.size();) {
    if (std::isalpha(static_cast<unsigned char>(s[i])) || s[i] == '_') {
      size_t j = i;
      while (j < s.size() && (std::isalnum(static_cast<unsigned char>(s[j])) || s[j] == '_')) ++j;
      out.push_back(s.substr(i, j - i));
      i = j;
    } else {
      ++i;
    }
  }
  return out;
}

bool describeArg(const std::string& text, KernelArg& a, std::string& error) {
  const bool pointer = text.find('*') != std::string::npos || text.find('[') != std::string::npos;
  std::vector<std::string> ids = identifiers(text.substr(0, text.find('[')));
  if (ids.empty()) {
    error = fmt::format("cannot read the kernel argument '{}'", text);
    return false;
  }
  a.name = ids.back();
  ids.pop_back();
  bool local = false, unsignedType = false;
  std::vector<std::string> type;
  for (const std::string& w : ids) {
    if (w == "__local" || w == "local") local = true;
    else if (w == "unsigned") unsignedType = true;
    else if (w == "signed" || w == "const" || w == "volatile" || w == "restrict" || w == "__restrict" ||
             w == "__global" || w == "global" || w == "__constant" || w == "constant" || w == "__private" ||
             w == "private" || w == "__read_only" || w == "__write_only" || w == "__attribute__")
      continue;
    else type.push_back(w);
  }
  static const std::array<std::tuple<const char*, const char*, const char*, unsigned>, 12> types{{
      {"char", "char", "uchar", 1},
      {"uchar", "uchar", "uchar", 1},
      {"bool", "uchar", "uchar", 1},
      {"short", "short", "ushort", 2},
      {"ushort", "ushort", "ushort", 2},
      {"int", "int", "uint", 4},
      {"uint", "uint", "uint", 4},
      {"long", "long", "ulong", 8},
      {"ulong", "ulong", "ulong", 8},
      {"size_t", "ulong", "ulong", 8},
      {"float", "float", "float", 4},
      {"double", "double", "double", 8},
  }};
  std::string base = type.empty() ? "int" : type.front();
  if (base == "ptrdiff_t" || base == "intptr_t") base = "long";
  if (base == "uintptr_t") base = "ulong";
  if (type.size() > 1 && !(type.size() == 2 && type[1] == "int")) {
    error = fmt::format("argument '{}': type '{}' is not described to Oclgrind", a.name, text);
    return false;
  }
  bool found = false;
  for (const auto& [name, sig, uns, bytes] : types)
    if (base == name) {
      a.type = unsignedType ? uns : sig;
      a.bytes = bytes;
      found = true;
    }
  if (!found) {
    error = fmt::format("argument '{}': type '{}' is not described to Oclgrind", a.name, base);
    return false;
  }
  a.kind = !pointer ? KernelArg::Kind::Scalar : local ? KernelArg::Kind::Local : KernelArg::Kind::Global;
  return true;
}

std::string headline(std::string line) {
  // "Write-write data race at local memory address 0x1000000000004" → without the address.
  const size_t at = line.find(" at ");
  if (at != std::string::npos && line.find("address", at) != std::string::npos) line.resize(at);
  return line;
}

}  // namespace

std::string OracleResult::verdict() const {
  if (!ran) return "error";
  std::string out;
  if (race) out = "race";
  if (divergence) out += out.empty() ? "divergence" : ", divergence";
  if (invalid) out += out.empty() ? "invalid access" : ", invalid access";
  return out.empty() ? "none" : out;
}

std::string optionValue(const std::vector<std::string>& args, std::initializer_list<const char*> names) {
  for (size_t i = 0; i < args.size(); ++i)
    for (const char* n : names) {
      const std::string name = n;
      if (args[i] == name && i + 1 < args.size()) return args[i + 1];
      if (args[i].rfind(name + "=", 0) == 0) return args[i].substr(name.size() + 1);
    }
  return "";
}

bool kernelSignature(const std::string& text, const std::string& kernel, std::string& name,
                     std::vector<KernelArg>& args, std::string& error) {
  const std::string s = stripComments(text);
  size_t pos = 0;
  while (true) {
    // The next `kernel` / `__kernel` keyword.
    size_t k = std::string::npos;
    for (size_t i = pos; i < s.size(); ++i) {
      const bool start = i == 0 || !(std::isalnum(static_cast<unsigned char>(s[i - 1])) || s[i - 1] == '_');
      if (!start) continue;
      size_t len = s.compare(i, 8, "__kernel") == 0 ? 8 : s.compare(i, 6, "kernel") == 0 ? 6 : 0;
      if (len && (i + len >= s.size() || !(std::isalnum(static_cast<unsigned char>(s[i + len])) || s[i + len] == '_'))) {
        k = i + len;
        break;
      }
    }
    if (k == std::string::npos) {
      error = kernel.empty() ? "no __kernel function found" : fmt::format("no __kernel function '{}' found", kernel);
      return false;
    }
    // The parameter list's '(': the first one outside `__attribute__((…))`.
    size_t open = k;
    while (true) {
      open = s.find('(', open);
      if (open == std::string::npos) break;
      const std::vector<std::string> ids = identifiers(s.substr(k, open - k));
      if (ids.empty() || ids.back() != "__attribute__") break;
      int depth = 0;
      for (; open < s.size(); ++open) {
        if (s[open] == '(') ++depth;
        if (s[open] == ')' && --depth == 0) break;
      }
      if (open >= s.size()) {
        open = std::string::npos;
        break;
      }
      k = ++open;
    }
    if (open == std::string::npos) {
      error = "cannot read the kernel's parameter list";
      return false;
    }
    // The name: the last identifier before '(' (after `void`, attributes skipped).
    const std::vector<std::string> before = identifiers(s.substr(k, open - k));
    pos = open;
    if (before.empty()) continue;
    const std::string found = before.back();
    if (!kernel.empty() && found != kernel) continue;
    int depth = 0;
    size_t close = open;
    for (; close < s.size(); ++close) {
      if (s[close] == '(') ++depth;
      if (s[close] == ')' && --depth == 0) break;
    }
    if (close >= s.size()) {
      error = "cannot read the kernel's parameter list";
      return false;
    }
    name = found;
    args.clear();
    std::string params = s.substr(open + 1, close - open - 1);
    std::vector<std::string> parts;
    depth = 0;
    std::string cur;
    for (char c : params) {
      if (c == '(') ++depth;
      if (c == ')') --depth;
      if (c == ',' && depth == 0) {
        parts.push_back(cur);
        cur.clear();
      } else {
        cur += c;
      }
    }
    parts.push_back(cur);
    for (const std::string& p : parts) {
      if (identifiers(p).empty() || (identifiers(p).size() == 1 && identifiers(p)[0] == "void")) continue;
      KernelArg a;
      if (!describeArg(p, a, error)) return false;
      args.push_back(a);
    }
    return true;
  }
}

OracleResult runOclgrind(const Entry& e, const SdvmcResult& s, bool benignWrites, const std::string& tmp,
                         double seconds) {
  OracleResult o;
  o.requested = true;
  std::ifstream in(e.path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string text = ss.str();
  std::string name;
  std::vector<KernelArg> args;
  if (!kernelSignature(text, optionValue(e.args, {"--kernel"}), name, args, o.error)) return o;

  // The launch.
  std::array<uint32_t, 3> local{1, 1, 1}, groups{1, 1, 1};
  unsigned n = 0;
  const std::string ls = optionValue(e.args, {"--local-size", "--local_size", "--block-dim", "--blockDim"});
  const std::string ng = optionValue(e.args, {"--num-groups", "--num_groups", "--grid-dim", "--gridDim"});
  const std::string gs = optionValue(e.args, {"--global-size", "--global_size"});
  if (ls.empty() || !support::parseDims(ls, local, n)) {
    o.error = "no local size in the kernel's launch";
    return o;
  }
  if (!ng.empty() && !support::parseDims(ng, groups, n)) {
    o.error = "cannot read the number of groups";
    return o;
  }
  if (!gs.empty()) {
    std::array<uint32_t, 3> global{};
    if (!support::parseDims(gs, global, n)) {
      o.error = "cannot read the global size";
      return o;
    }
    for (int d = 0; d < 3; ++d) groups[d] = std::max<uint32_t>(1, global[d] / local[d]);
  }
  uint64_t threads = 1;
  for (int d = 0; d < 3; ++d) threads *= static_cast<uint64_t>(local[d]) * groups[d];
  std::map<std::string, uint64_t> sizes;
  for (size_t i = 0; i + 1 < e.args.size(); ++i)
    if (e.args[i] == "--buffer") {
      const std::string b = e.args[i + 1];
      const size_t eq = b.find('=');
      if (eq != std::string::npos) sizes[b.substr(0, eq)] = std::strtoull(b.c_str() + eq + 1, nullptr, 10);
    }

  // The .cl behind the prelude, and the .sim file.
  const fs::path dir = tmp;
  const fs::path cl = dir / "input.cl";
  {
    std::ofstream out(cl, std::ios::binary);
    out << kPrelude << "#line 1\n" << text;
  }
  std::ostringstream sim;
  sim << cl.string() << "\n" << name << "\n";
  sim << fmt::format("{} {} {}\n", local[0] * groups[0], local[1] * groups[1], local[2] * groups[2]);
  sim << fmt::format("{} {} {}\n", local[0], local[1], local[2]);
  std::vector<std::string> inputs;
  const uint64_t defaultCount = std::min<uint64_t>(std::max<uint64_t>(1024, 4 * threads), 1u << 20);
  for (const KernelArg& a : args) {
    if (a.kind == KernelArg::Kind::Scalar) {
      auto it = s.params.find(a.name);
      const int64_t v = it == s.params.end() ? 0 : it->second;
      sim << fmt::format("<size={} {}>\n{}\n", a.bytes, a.type, v);
      inputs.push_back(fmt::format("{}={}", a.name, v));
      continue;
    }
    uint64_t count = sizes.count(a.name) ? sizes[a.name] : defaultCount;
    auto cells = s.init.find(a.name);
    if (a.kind == KernelArg::Kind::Local) {
      sim << fmt::format("<size={}>\n", count * a.bytes);
      continue;
    }
    if (cells == s.init.end() || cells->second.empty()) {
      sim << fmt::format("<size={} {} fill=0>\n", count * a.bytes, a.type);
      continue;
    }
    for (const auto& [index, value] : cells->second)
      if (index >= 0) count = std::max<uint64_t>(count, static_cast<uint64_t>(index) + 1);
    sim << fmt::format("<size={} {}>\n", count * a.bytes, a.type);
    std::string cellsText;
    for (uint64_t i = 0; i < count; ++i) {
      auto c = cells->second.find(static_cast<int64_t>(i));
      const int64_t v = c == cells->second.end() ? 0 : c->second;
      sim << v << (i + 1 == count || i % 32 == 31 ? "\n" : " ");
      if (c != cells->second.end()) cellsText += fmt::format("{}{}[{}]={}", cellsText.empty() ? "" : " ", a.name, i, v);
    }
    inputs.push_back(cellsText);
  }
  std::string list;
  for (const std::string& i : inputs) list += (list.empty() ? "" : ", ") + i;
  o.inputs = fmt::format("global size {}x{}x{}, local size {}x{}x{}; {}", local[0] * groups[0], local[1] * groups[1],
                         local[2] * groups[2], local[0], local[1], local[2],
                         list.empty() ? "memory 0" : list + ", other memory 0");
  const fs::path simFile = dir / "kernel.sim";
  std::ofstream(simFile, std::ios::binary) << sim.str();

  std::vector<std::string> argv = {"oclgrind-kernel", "--data-races"};
  if (!benignWrites) argv.push_back("--uniform-writes");
  std::error_code ec;
  const std::string kernelDir = fs::absolute(fs::path(e.path), ec).parent_path().string();
  argv.insert(argv.end(), {"--num-threads", "1", "--max-errors", "100", "--build-options",
                           "-I " + (kernelDir.empty() ? std::string(".") : kernelDir), simFile.string()});
  support::ProcessOptions po;
  po.seconds = seconds;
  po.cwd = dir.string();
  const support::ProcessResult r = support::runProcess(argv, po);
  o.command = r.command;
  if (r.timedOut) {
    o.error = fmt::format("timeout: oclgrind-kernel did not finish within {:.0f} s", seconds);
    return o;
  }
  const std::string all = r.err + "\n" + r.out;
  if (all.find("Build failure") != std::string::npos) {
    std::string log = r.err.substr(r.err.find("Build failure"));
    const size_t err = log.find("error:");
    if (err != std::string::npos) log = log.substr(err, log.find('\n', err) - err);
    else log = log.substr(0, log.find('\n'));
    o.error = "Oclgrind's compiler rejected the kernel: " + log;
    o.buildFailed = true;
    return o;
  }
  std::istringstream lines(r.err);
  for (std::string line; std::getline(lines, line);) {
    if (line.empty() || std::isspace(static_cast<unsigned char>(line[0]))) continue;
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
    const std::string h = headline(line);
    const bool race = h.find("data race") != std::string::npos;
    const bool divergence = h.find("divergence") != std::string::npos;
    const bool other = h.rfind("Invalid ", 0) == 0 || h.find("Uninitialized") != std::string::npos ||
                       h.find("detected") != std::string::npos;
    if (!race && !divergence && !other) continue;
    o.race |= race;
    o.divergence |= divergence;
    o.invalid |= h.rfind("Invalid ", 0) == 0;
    if (std::find(o.reports.begin(), o.reports.end(), h) == o.reports.end()) o.reports.push_back(h);
  }
  if (r.status != 0) {
    std::string msg = r.err;
    while (!msg.empty() && (msg.back() == '\n' || msg.back() == ' ')) msg.pop_back();
    if (msg.size() > 300) msg = msg.substr(0, 300) + "…";
    for (char& c : msg)
      if (c == '\n') c = ' ';
    o.error = fmt::format("oclgrind-kernel exited with status {}: {}", r.status, msg);
    return o;
  }
  o.ran = true;
  return o;
}

}  // namespace sdvmc::crosscheck
