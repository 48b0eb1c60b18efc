// Text and JSON presentation of results (see Report.h).
#include "report/Report.h"

#include "kpl/Printer.h"

#include <algorithm>
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <iostream>
#include <string_view>
#include <utility>
#include <vector>

namespace sdvmc::report {

using nlohmann::json;

namespace {
/// An unbounded array whose highest cell set is at least this is listed sparsely.
constexpr sem::Word kDenseCells = 4096;
/// The text output lists at most this many cells of a sparse array.
constexpr size_t kSparseTextCells = 64;

/// `w` as one word of a POSIX shell command line: as it is when every character is one the
/// shell takes literally, else in single quotes (a template kernel's name, `ns::k<float, 128>`).
std::string shellWord(const std::string& w) {
  const bool plain = !w.empty() && std::all_of(w.begin(), w.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || std::string_view("_-+=.,:/@%").find(c) != std::string_view::npos;
  });
  if (plain) return w;
  std::string inner;
  for (char c : w) {
    if (c == '\'') inner.append(R"('\'')");  // close, an escaped quote, reopen
    else inner.push_back(c);
  }
  return fmt::format("'{}'", inner);
}
}  // namespace

json locationJson(const std::string& file, kpl::SourceLoc loc) {
  return json{{"file", file}, {"line", loc.line}, {"col", loc.col}};
}

std::vector<int64_t> localCoords(const kpl::Program& p, uint32_t lid) {
  const uint32_t x = std::max(1u, p.localSize[0]), y = std::max(1u, p.localSize[1]);
  return {lid % x, (lid / x) % y, lid / (x * y)};
}

std::vector<int64_t> groupCoords(const kpl::Program& p, int64_t gid) {
  const int64_t x = std::max(1u, p.numGroups[0]), y = std::max(1u, p.numGroups[1]);
  return {gid % x, (gid / x) % y, gid / (x * y)};
}

std::string launchReplayArgs(const kpl::Program& p, uint32_t threads) {
  if (p.localSize[0] == 0) return fmt::format("--threads {}", threads);
  const bool cuda = p.language == "cuda";
  // A group size other than the launch's (check --local-size A..B) runs as a 1-D group.
  const uint64_t launched = uint64_t{p.localSize[0]} * std::max(1u, p.localSize[1]) * std::max(1u, p.localSize[2]);
  const uint32_t x = launched == threads ? p.localSize[0] : threads;
  const uint32_t y = launched == threads ? p.localSize[1] : 1, z = launched == threads ? p.localSize[2] : 1;
  std::string out = fmt::format("--{} {},{},{}", cuda ? "block-dim" : "local-size", x, y, z);
  if (p.numGroups[0] * p.numGroups[1] * p.numGroups[2] > 1)
    out += fmt::format(" --{} {},{},{}", cuda ? "grid-dim" : "num-groups", p.numGroups[0], p.numGroups[1],
                       p.numGroups[2]);
  for (const std::string& w : p.replayArgs) out += fmt::format(" {}", shellWord(w));
  return out;
}

std::optional<std::string> elementName(const kpl::Program& p, const std::string& array, int64_t index) {
  auto it = p.cellPaths.find(array);
  if (it == p.cellPaths.end() || it->second.empty() || index < 0) return std::nullopt;
  const int64_t k = static_cast<int64_t>(it->second.size());
  return fmt::format("{}[{}]{}", array, index / k, it->second[static_cast<size_t>(index % k)]);
}

std::string cellName(const kpl::Program& p, const std::string& array, int64_t index) {
  if (auto e = elementName(p, array, index)) return fmt::format("{} (cell {})", *e, index);
  return fmt::format("{}[{}]", array, index);
}

std::string threadName(const kpl::Program& p, uint32_t lid, int64_t group) {
  if (p.localSize[0] == 0)
    return group >= 0 ? fmt::format("thread {} of group {}", lid, group) : fmt::format("thread {}", lid);
  auto l = localCoords(p, lid);
  std::string out = fmt::format("thread ({},{},{})", l[0], l[1], l[2]);
  if (group >= 0) {
    auto g = groupCoords(p, group);
    out += fmt::format(" of group ({},{},{})", g[0], g[1], g[2]);
  }
  return out;
}

json verdictJson(const sem::Ir& ir, const sem::Verdict& v, const std::string& file) {
  json j;
  j["verdict"] = sem::verdictName(v.kind);
  if (v.kind == sem::VerdictKind::Ok) return j;
  j["rule"] = sem::ruleName(v.rule);
  j["threads"] = v.threads;
  if (v.loc.valid()) j["location"] = locationJson(file, v.loc);
  // Where the violation lies (run, check and prove alike): "intra-warp"/"inter-warp" for a
  // race under simt, "inter-group" for one between groups, "grid" for a grid barrier's divergence.
  if (!v.scope.empty()) j["scope"] = v.scope;
  if (v.kind == sem::VerdictKind::Divergence) {
    j["enabled"] = v.enabled;
    j["disabled"] = v.disabled;
    if (v.scope == "grid") j["grid_groups"] = v.groups;
  }
  if (v.kind == sem::VerdictKind::Race) {
    json acc = json::array();
    for (const sem::RaceAccess& a : v.accesses) {
      json x{{"thread", a.thread},
             {"kind", a.atomic ? "atomic" : a.write ? "write" : "read"},
             {"array", ir.arrays[a.addr.array].name},
             {"index", a.addr.index}};
      if (a.group >= 0) x["group"] = a.group;
      if (ir.program)
        if (auto e = elementName(*ir.program, ir.arrays[a.addr.array].name, a.addr.index)) x["element"] = *e;
      if (ir.program && ir.program->localSize[0] != 0) {
        x["local_id"] = localCoords(*ir.program, a.thread);
        if (a.group >= 0) x["group_id"] = groupCoords(*ir.program, a.group);
      }
      if (a.at != sem::kNone) x["location"] = locationJson(file, ir.nodes[a.at].loc);
      acc.push_back(std::move(x));
    }
    j["accesses"] = std::move(acc);
  }
  if (v.kind == sem::VerdictKind::OutOfBounds && !v.privateName.empty()) {
    // (extension) a private array (T-PRIVATE-INDEX): its C name, the index and its size
    j["array"] = v.privateName;
    j["index"] = v.value;
    j["private"] = true;
    j["size"] = v.privateSize;
  } else if (v.kind == sem::VerdictKind::OutOfBounds && v.array < ir.arrays.size()) {
    j["array"] = ir.arrays[v.array].name;
    j["index"] = v.value;
  }
  if (v.kind == sem::VerdictKind::WarpMask) j["mask"] = static_cast<uint32_t>(v.value);  // the first thread's
  if (v.kind == sem::VerdictKind::WarpWidth) j["width"] = v.value;
  if (!v.message.empty()) j["message"] = v.message;
  return j;
}

json memoryJson(const sem::Ir& ir, const sem::Memory& m) {
  json j = json::object();
  for (size_t a = 0; a < ir.arrays.size(); ++a) {
    const sem::ArrayInfo& info = ir.arrays[a];
    if (info.bounded) {
      j[info.name] = m.bounded[a];
      continue;
    }
    const sem::Memory::Cells& set = m.cells(static_cast<sem::ArrayId>(a));
    auto last = set.empty() ? set.end() : std::prev(set.end());
    if (last != set.end() && last->first >= kDenseCells) {
      // Sparse: only the cells set, by index (a kernel writing out[2^30] lists one cell,
      // not 2^30 of them).
      json cells = json::object();
      for (const auto& [addr, value] : set) cells[std::to_string(addr)] = value;
      j[info.name] = std::move(cells);
      continue;
    }
    json cells = json::array();
    if (last != set.end() && last->first >= 0)
      for (sem::Word i = 0; i <= last->first; ++i) {
        auto it = set.find(i);
        cells.push_back(it == set.end() ? m.unboundedDefault : it->second);
      }
    j[info.name] = std::move(cells);
  }
  return j;
}

json diagnosticsJson(const std::vector<kpl::Diagnostic>& diags) {
  json out = json::array();
  for (const kpl::Diagnostic& d : diags) {
    const char* sev = d.severity == kpl::Severity::Error     ? "error"
                      : d.severity == kpl::Severity::Warning ? "warning"
                                                             : "note";
    out.push_back(json{{"severity", sev}, {"file", d.file}, {"line", d.loc.line}, {"col", d.loc.col},
                       {"message", d.message}});
  }
  return out;
}

namespace {
std::string firstLine(std::string s) {
  auto nl = s.find('\n');
  if (nl != std::string::npos) s.resize(nl);
  while (!s.empty() && (s.back() == ' ' || s.back() == '{')) s.pop_back();
  size_t b = s.find_first_not_of(' ');
  return b == std::string::npos ? s : s.substr(b);
}
}  // namespace

std::string stmtSummary(const sem::Ir& ir, sem::NodeId id) {
  const sem::Node& n = ir.nodes[id];
  const kpl::Stmt& s = *n.src;
  switch (n.origin) {
    case sem::Origin::IfFlag: return "if-flag := " + kpl::printExpr(*s.exprs[0]);
    case sem::Origin::LoopGuard: return "loop-guard := " + kpl::printExpr(*s.exprs[0]);
    case sem::Origin::Break: return "break-flag := true  (break)";
    case sem::Origin::Continue: return "continue-flag := true  (continue)";
    case sem::Origin::Return: return "return-flag := true  (return)";
    case sem::Origin::ElseSkip: return "skip  (no else)";
    case sem::Origin::Source: break;
  }
  switch (n.kind) {
    case sem::NodeKind::If: return "if (" + kpl::printExpr(*s.exprs[0]) + ")";
    case sem::NodeKind::While: return "while (" + kpl::printExpr(*s.exprs[0]) + ")";
    case sem::NodeKind::Seq: return "{ … }";
    case sem::NodeKind::Var: case sem::NodeKind::Call: case sem::NodeKind::Barrier:
    case sem::NodeKind::Assign: case sem::NodeKind::Read: case sem::NodeKind::Write:
    case sem::NodeKind::Assert: case sem::NodeKind::Assume: case sem::NodeKind::Skip: case sem::NodeKind::Atomic:
    case sem::NodeKind::Async:
      break;
  }
  return firstLine(kpl::printStmt(s));
}

std::string threadSet(const uint8_t* mask, uint32_t n) {
  std::string out;
  for (uint32_t i = 0; i < n;) {
    if (!mask[i]) {
      ++i;
      continue;
    }
    uint32_t j = i;
    while (j + 1 < n && mask[j + 1]) ++j;
    if (!out.empty()) out += ",";
    out += i == j ? std::to_string(i) : fmt::format("{}-{}", i, j);
    i = j + 1;
  }
  return "{" + out + "}";
}

std::string threadList(const std::vector<uint32_t>& threads) {
  std::vector<uint8_t> mask;
  for (uint32_t t : threads) {
    if (t >= mask.size()) mask.resize(t + 1, 0);
    mask[t] = 1;
  }
  return threadSet(mask.data(), static_cast<uint32_t>(mask.size()));
}

namespace {
void quote(std::ostream& os, const kpl::SourceFile& src, kpl::SourceLoc loc, const std::string& indent) {
  if (!loc.valid()) return;
  std::string_view line = src.lineText(loc.line);
  os << indent << fmt::format("{:>5} | ", loc.line) << line << "\n";
  std::string pad;
  for (uint32_t c = 1; c < loc.col && c - 1 < line.size(); ++c) pad += line[c - 1] == '\t' ? '\t' : ' ';
  os << indent << "      | " << pad << "^\n";
}
std::string where(const kpl::SourceFile& src, kpl::SourceLoc loc) {
  return fmt::format("{}:{}:{}", src.path(), loc.line, loc.col);
}
}  // namespace

void printVerdict(std::ostream& os, const kpl::SourceFile& src, const sem::Ir& ir, const sem::Verdict& v) {
  using sem::VerdictKind;
  switch (v.kind) {
    case VerdictKind::Ok:
      os << "verdict: ok (no race, no barrier divergence, no error)\n";
      return;
    case VerdictKind::Race: {
      os << fmt::format("verdict: data race ({}) {} {}\n", sem::ruleName(v.rule),
                        v.rule == sem::Rule::GRace ? "at the barrier" : "at the access", where(src, v.loc));
      quote(os, src, v.loc, "  ");
      for (const sem::RaceAccess& a : v.accesses) {
        const sem::Node& n = ir.nodes[a.at];
        const std::string who = threadName(*ir.program, a.thread, a.group);
        // CUDA/OpenCL: the source line, not the KPL statement it was lowered to.
        std::string what = stmtSummary(ir, a.at);
        if (ir.program->localSize[0] != 0 && n.loc.valid()) {
          std::string line(src.lineText(n.loc.line));
          const size_t b = line.find_first_not_of(" \t");
          if (b != std::string::npos) what = fmt::format("`{}`", std::string_view(line).substr(b));
        }
        os << fmt::format("  {:<5} by {} of {} at {}: {}\n", a.atomic ? "atomic" : a.write ? "write" : "read",
                          a.group >= 0 ? "(" + who + ")" : who,
                          cellName(*ir.program, ir.arrays[a.addr.array].name, a.addr.index), where(src, n.loc), what);
        quote(os, src, n.loc, "    ");
      }
      os << "  (" << v.message << ")\n";
      return;
    }
    case VerdictKind::Divergence:
      if (v.rule == sem::Rule::GAsyncCopy || v.rule == sem::Rule::GAsyncWait) {
        // (extension) an asynchronous copy or wait reached by some threads only, or with
        // operands that differ between threads (the message says which).
        os << fmt::format("verdict: divergence ({}) at {}\n", sem::ruleName(v.rule), where(src, v.loc));
        quote(os, src, v.loc, "  ");
        os << "  " << v.message << "\n";
        return;
      }
      if (v.scope == "grid") {
        os << fmt::format("verdict: grid barrier divergence at {}\n", where(src, v.loc));
        quote(os, src, v.loc, "  ");
        os << "  (" << v.message << ")\n";
        return;
      }
      os << fmt::format("verdict: barrier divergence ({}) at {}\n", sem::ruleName(v.rule), where(src, v.loc));
      quote(os, src, v.loc, "  ");
      os << fmt::format("  {} reaches this barrier enabled, {} disabled\n", threadName(*ir.program, v.threads[0]),
                        threadName(*ir.program, v.threads[1]));
      os << fmt::format("  enabled:  {}\n  disabled: {}\n", threadList(v.enabled), threadList(v.disabled));
      return;
    case VerdictKind::Assertion:
    case VerdictKind::OutOfBounds:
    case VerdictKind::DivisionByZero:
    case VerdictKind::ShiftOutOfRange:
    case VerdictKind::IntegerOverflow:
    case VerdictKind::ConstantWrite:
    case VerdictKind::Deadlock:
    case VerdictKind::Discrepancy:
    case VerdictKind::Discarded:
    case VerdictKind::WarpPrimitive:
    case VerdictKind::WarpMask:
    case VerdictKind::WarpWidth:
    case VerdictKind::Vacuous:
    case VerdictKind::Inconclusive: {
      const char* what = v.kind == VerdictKind::Assertion        ? "assertion failure"
                         : v.kind == VerdictKind::OutOfBounds    ? "out-of-bounds access"
                         : v.kind == VerdictKind::DivisionByZero ? "division by zero"
                         : v.kind == VerdictKind::ShiftOutOfRange ? "shift out of range"
                         : v.kind == VerdictKind::IntegerOverflow ? "signed integer overflow"
                         : v.kind == VerdictKind::ConstantWrite  ? "write to constant memory"
                         : v.kind == VerdictKind::Deadlock       ? "deadlock"
                         : v.kind == VerdictKind::Discrepancy    ? "semantics discrepancy"
                         : v.kind == VerdictKind::Discarded      ? "discarded (an assume failed; no violation)"
                         : v.kind == VerdictKind::WarpPrimitive  ? "warp-level primitive under a model without warps"
                         : v.kind == VerdictKind::WarpMask       ? "member mask of a warp-level primitive broken"
                         : v.kind == VerdictKind::WarpWidth      ? "shuffle width not a power of 2 from 1 to 32"
                         : v.kind == VerdictKind::Vacuous        ? "vacuous"
                                                                 : "inconclusive";
      os << fmt::format("verdict: {} ({}) at {}\n", what, sem::ruleName(v.rule), where(src, v.loc));
      quote(os, src, v.loc, "  ");
      if (!v.message.empty()) os << "  " << v.message << "\n";
      return;
    }
  }
}

void printMemory(std::ostream& os, const sem::Ir& ir, const sem::Memory& m) {
  json j = memoryJson(ir, m);
  for (size_t a = 0; a < ir.arrays.size(); ++a) {
    const sem::ArrayInfo& info = ir.arrays[a];
    const json& cells = j[info.name];
    if (cells.is_object()) {
      // Sparse (memoryJson): the cells set, at most kSparseTextCells of them.
      os << fmt::format("  {}: {} cells set (sparse: every other cell holds {})\n", info.name, cells.size(),
                        m.unboundedDefault);
      size_t shown = 0;
      for (const auto& [addr, value] : m.cells(static_cast<sem::ArrayId>(a))) {
        if (shown++ == kSparseTextCells) {
          os << fmt::format("    … {} more (--json lists them all)\n", cells.size() - kSparseTextCells);
          break;
        }
        os << fmt::format("    {}[{}] = {}\n", info.name, addr, value);
      }
      continue;
    }
    if (cells.size() <= 16) {
      std::string body;
      for (size_t i = 0; i < cells.size(); ++i) body += (i ? ", " : "") + std::to_string(cells[i].get<sem::Word>());
      os << "  " << info.name << " = {" << body << "}\n";
    } else {
      // Long arrays: eight cells a row, each row labelled with its first index.
      os << fmt::format("  {}[0..{}] =\n", info.name, cells.size() - 1);
      for (size_t row = 0; row < cells.size(); row += 8) {
        std::string line = fmt::format("    [{:>5}]", row);
        for (size_t i = row; i < row + 8 && i < cells.size(); ++i)
          line += fmt::format(" {:>11}", cells[i].get<sem::Word>());
        os << line << "\n";
      }
    }
    if (!info.bounded)
      for (const auto& [addr, value] : m.cells(static_cast<sem::ArrayId>(a)))
        if (addr < 0) os << fmt::format("  {}[{}] = {}\n", info.name, addr, value);
  }
}

std::string violationCount(const std::vector<sem::Verdict>& verdicts) {
  std::vector<std::pair<std::string, size_t>> kinds;  // in order of first appearance
  for (const sem::Verdict& v : verdicts) {
    const std::string name = sem::verdictName(v.kind);
    auto it = std::find_if(kinds.begin(), kinds.end(), [&](const auto& k) { return k.first == name; });
    if (it == kinds.end())
      kinds.emplace_back(name, 1);
    else
      ++it->second;
  }
  std::vector<std::string> parts;
  for (const auto& [name, count] : kinds) parts.push_back(fmt::format("{} {}", count, name));
  return fmt::format("{} distinct violation{} ({})", verdicts.size(), verdicts.size() == 1 ? "" : "s",
                     fmt::join(parts, ", "));
}

}  // namespace sdvmc::report
