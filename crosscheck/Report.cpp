// The reports of `sdvmc crosscheck` (see Report.h).
#include "crosscheck/Report.h"

#include "support/Html.h"

#include <algorithm>
#include <cstring>
#include <fmt/format.h>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

namespace sdvmc::crosscheck {

namespace {

using nlohmann::json;
using support::escapeHtml;

/// The expected kinds in report order; others (spec verdict names) follow in order of
/// appearance.
const char* const kKindOrder[] = {"pass", "race", "divergence", "assertion", "out-of-bounds", "null",
                                  "violation", "reject", "inconclusive"};

struct Summary {
  std::map<std::string, int> byClass;
  std::vector<std::string> kinds;
  std::map<std::string, std::map<std::string, int>> byKind;  ///< kind → class → count
  int oracleKernels = 0, oracleAgree = 0, oracleDiffer = 0, oracleNa = 0, oracleErrors = 0;
  double seconds = 0;
  const Outcome* slowest = nullptr;
};

Summary summarise(const std::vector<Outcome>& outcomes) {
  Summary s;
  std::vector<std::string> seen;
  for (const Outcome& o : outcomes) {
    ++s.byClass[o.cls];
    const std::string k = o.entry.expected.summaryKind();
    if (std::find(seen.begin(), seen.end(), k) == seen.end()) seen.push_back(k);
    ++s.byKind[k][o.cls];
    if (o.oracle.requested) {
      ++s.oracleKernels;
      if (o.oracle.agrees) ++(*o.oracle.agrees ? s.oracleAgree : s.oracleDiffer);
      else if (!o.oracle.ran) ++s.oracleErrors;
      else ++s.oracleNa;
    }
    s.seconds += o.seconds;
    if (!s.slowest || o.seconds > s.slowest->seconds) s.slowest = &o;
  }
  for (const char* k : kKindOrder)
    if (std::find(seen.begin(), seen.end(), k) != seen.end()) s.kinds.push_back(k);
  for (const std::string& k : seen)
    if (std::find(s.kinds.begin(), s.kinds.end(), k) == s.kinds.end()) s.kinds.push_back(k);
  return s;
}

std::string expectedShort(const Expectation& e) {
  std::string out;
  for (const std::string& k : e.kinds) out += (out.empty() ? "" : " or ") + k;
  return out;
}

std::string witnessText(const json& w) {
  if (!w.is_object()) return "";
  std::string out = fmt::format("group {}", w.value("group", 0));
  if (w.contains("params") && w["params"].is_object())
    for (const auto& [name, v] : w["params"].items()) out += fmt::format(", {}={}", name, v.dump());
  if (w.contains("init") && w["init"].is_object())
    for (const auto& [name, cells] : w["init"].items())
      for (const json& c : cells)
        if (c.is_array() && c.size() == 2) out += fmt::format(", {}[{}]={}", name, c[0].dump(), c[1].dump());
  return out;
}

std::string ids(const json& v) {
  if (v.is_array()) {
    std::string out = "(";
    for (size_t i = 0; i < v.size(); ++i) {
      if (i) out += ",";
      out += v[i].dump();
    }
    return out + ")";
  }
  return v.dump();
}

/// "write by thread (0,0,0) of group (1,0,0) of A[0] at line 9"
std::string accessText(const json& a) {
  std::string who = a.contains("local_id") ? "thread " + ids(a["local_id"]) : "thread " + a.value("thread", json(0)).dump();
  if (a.contains("group_id")) who += " of group " + ids(a["group_id"]);
  else if (a.contains("group")) who += " of group " + a["group"].dump();
  std::string line;
  if (a.contains("location") && a["location"].contains("line")) line = fmt::format(" at line {}", a["location"]["line"].dump());
  return fmt::format("{} by {} of {}[{}]{}", a.value("kind", "access"), who, a.value("array", "?"),
                     a.value("index", json(0)).dump(), line);
}

std::string oracleShort(const OracleResult& o) {
  if (!o.requested) return "-";
  if (o.buildFailed) return "rejected";
  if (!o.ran) return "error";
  return o.verdict();
}

std::string fmtSeconds(double s) { return fmt::format("{:.2f} s", s); }

std::string escapeMd(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '|') out += "\\|";
    else if (c == '\n') out += ' ';
    else out += c;
  }
  return out;
}

std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

json sdvmcJson(const SdvmcResult& s) {
  json j{{"status", s.status}, {"exit", s.exit}, {"verdict", s.kind}, {"phase", s.phase}, {"explored", s.explored},
         {"commands", s.commands}};
  if (!s.diagnostic.empty()) j["diagnostic"] = s.diagnostic;
  if (s.verdict.is_object())
    for (const char* key : {"rule", "message", "location", "accesses", "threads", "witness", "replay", "scope", "group",
                            "groups", "limit"})
      if (s.verdict.contains(key)) j[key] = s.verdict[key];
  return j;
}

json oracleJson(const OracleResult& o) {
  if (!o.requested) return nullptr;
  json j{{"ran", o.ran}, {"verdict", oracleShort(o)}, {"race", o.race}, {"divergence", o.divergence},
         {"invalid_access", o.invalid}, {"rejected", o.buildFailed},
         {"reports", o.reports}, {"inputs", o.inputs}, {"command", o.command}};
  if (!o.error.empty()) j["error"] = o.error;
  j["agrees_with_expected"] = o.agrees ? json(*o.agrees) : json(nullptr);
  return j;
}

std::string kindCount(const Summary& s, const std::string& k, const std::string& cls) {
  auto it = s.byKind.find(k);
  if (it == s.byKind.end()) return "0";
  auto c = it->second.find(cls);
  return std::to_string(c == it->second.end() ? 0 : c->second);
}

int kindTotal(const Summary& s, const std::string& k) {
  int n = 0;
  if (auto it = s.byKind.find(k); it != s.byKind.end())
    for (const auto& [cls, count] : it->second) n += count;
  return n;
}

int classCount(const Summary& s, const char* cls) {
  auto it = s.byClass.find(cls);
  return it == s.byClass.end() ? 0 : it->second;
}

std::string summaryLine(const Summary& s, size_t n) {
  std::string out = fmt::format("{} kernel{}:", n, n == 1 ? "" : "s");
  for (const char* c : kClasses) out += fmt::format("{} {} {}", c == kClasses[0] ? "" : ",", classCount(s, c), c);
  return out;
}

/// The per-class counts of one row of a summary table (`kind` expected, or a folder).
std::vector<int> classRow(const std::map<std::string, int>& counts) {
  std::vector<int> row;
  for (const char* c : kClasses) {
    auto it = counts.find(c);
    row.push_back(it == counts.end() ? 0 : it->second);
  }
  return row;
}

/// A summary table (rows: expected kinds, or folders) as text, Markdown or HTML.
struct Table {
  std::string title;  ///< the first column's heading
  std::vector<std::pair<std::string, std::map<std::string, int>>> rows;
};

Table byExpected(const Summary& s) {
  Table t{"expected", {}};
  for (const std::string& k : s.kinds) t.rows.emplace_back(k, s.byKind.at(k));
  return t;
}

/// Per folder (the first path component of each kernel's name; "." for files at the top).
Table byFolder(const std::vector<Outcome>& outcomes) {
  Table t{"folder", {}};
  std::map<std::string, std::map<std::string, int>> m;
  for (const Outcome& o : outcomes) {
    const size_t slash = o.entry.name.find('/');
    ++m[slash == std::string::npos ? "." : o.entry.name.substr(0, slash)][o.cls];
  }
  for (auto& [folder, counts] : m) t.rows.emplace_back(folder, counts);
  return t;
}

void tableText(std::ostream& os, const Table& t) {
  size_t w = 14;
  for (const auto& [name, counts] : t.rows) w = std::max(w, name.size());
  os << fmt::format("  {:<{}}  {:>7}", t.title, w, "kernels");
  for (const char* c : kClasses) os << fmt::format("  {:>{}}", c, std::max<size_t>(5, std::strlen(c)));
  os << "\n";
  for (const auto& [name, counts] : t.rows) {
    const std::vector<int> row = classRow(counts);
    int total = 0;
    for (int n : row) total += n;
    os << fmt::format("  {:<{}}  {:>7}", name, w, total);
    for (size_t i = 0; i < row.size(); ++i)
      os << fmt::format("  {:>{}}", row[i], std::max<size_t>(5, std::strlen(kClasses[i])));
    os << "\n";
  }
}

void tableMarkdown(std::ostream& os, const Table& t) {
  os << "| " << t.title << " | kernels |";
  for (const char* c : kClasses) os << " " << c << " |";
  os << "\n|---|---:|";
  for (size_t i = 0; i < std::size(kClasses); ++i) os << "---:|";
  os << "\n";
  for (const auto& [name, counts] : t.rows) {
    const std::vector<int> row = classRow(counts);
    int total = 0;
    for (int n : row) total += n;
    os << fmt::format("| {} | {} |", name, total);
    for (int n : row) os << fmt::format(" {} |", n);
    os << "\n";
  }
}

void tableHtml(std::ostream& os, const Table& t, const char* id) {
  os << "<table id=\"" << id << "\"><tr><th>" << t.title << "</th><th>kernels</th>";
  for (const char* c : kClasses) os << "<th>" << c << "</th>";
  os << "</tr>\n";
  for (const auto& [name, counts] : t.rows) {
    const std::vector<int> row = classRow(counts);
    int total = 0;
    for (int n : row) total += n;
    os << fmt::format("<tr><td>{}</td><td class=n>{}</td>", escapeHtml(name), total);
    for (int n : row) os << fmt::format("<td class=n>{}</td>", n);
    os << "</tr>\n";
  }
  os << "</table>\n";
}

std::string oracleLine(const Summary& s) {
  return fmt::format("{} OpenCL kernel{}: {} agree with the expected verdict, {} differ, {} not comparable (assertions, "
                     "which Oclgrind does not check, and sdvmc's own rejections), {} could not be run",
                     s.oracleKernels, s.oracleKernels == 1 ? "" : "s", s.oracleAgree, s.oracleDiffer, s.oracleNa,
                     s.oracleErrors);
}

const char* const kPassNote =
    "An ok decided by prove is a proof for every input at the kernel's launch; one decided by check means no "
    "violation in the explored inputs, not a proof for every input (each kernel's \"explored\" says which).";

/// The lines to highlight in a kernel's source: line → (css class, titles).
std::map<int, std::pair<std::set<std::string>, std::vector<std::string>>> highlights(const Outcome& o) {
  std::map<int, std::pair<std::set<std::string>, std::vector<std::string>>> h;
  const json& v = o.sdvmc.verdict;
  if (o.sdvmc.status == "rejected" && v.is_object() && v.contains("diagnostics"))
    for (const json& d : v["diagnostics"])
      if (d.contains("line") && d.value("file", "") == o.entry.path) {
        auto& e = h[d["line"].get<int>()];
        e.first.insert("hl-at");
        e.second.push_back("error: " + d.value("message", ""));
      }
  if (!v.is_object() || o.sdvmc.status != "violation") return h;
  if (v.contains("accesses"))
    for (const json& a : v["accesses"])
      if (a.contains("location") && a["location"].contains("line")) {
        auto& e = h[a["location"]["line"].get<int>()];
        e.first.insert("hl-access");
        e.second.push_back(accessText(a));
      }
  if (v.contains("location") && v["location"].contains("line")) {
    auto& e = h[v["location"]["line"].get<int>()];
    e.first.insert("hl-at");
    e.second.push_back(fmt::format("{} ({})", o.sdvmc.kind, v.value("rule", "")) +
                       (v.contains("message") ? ": " + v["message"].get<std::string>() : ""));
  }
  return h;
}

}  // namespace

std::string sdvmcShort(const SdvmcResult& s) {
  if (s.status == "ok") return "ok";
  if (s.status == "rejected") return "rejected (exit 2)";
  if (s.status == "timeout") return s.exit == 3 ? "inconclusive (exit 3)" : "timeout";
  if (s.status == "crash") return fmt::format("crash (exit {})", s.exit);
  std::string out = s.kind;
  if (s.verdict.is_object()) {
    if (s.verdict.contains("rule")) out += " (" + s.verdict["rule"].get<std::string>() + ")";
    if (s.verdict.contains("location") && s.verdict["location"].contains("line"))
      out += " at line " + s.verdict["location"]["line"].dump();
  }
  return out;
}

void printText(std::ostream& os, const RunInfo& info, const std::vector<Outcome>& outcomes,
               const std::vector<Skipped>& skipped) {
  const Summary s = summarise(outcomes);
  os << fmt::format("sdvmc crosscheck {}: {} kernel{}, {} job{}, timeout {} s per kernel, domain {}{}\n", info.dir,
                    outcomes.size(), outcomes.size() == 1 ? "" : "s", info.jobs, info.jobs == 1 ? "" : "s",
                    info.timeout, info.domain, info.oracle.empty() ? "" : ", oracle " + info.oracle);
  size_t nameW = 6, expW = 8, sdvW = 5;
  for (const Outcome& o : outcomes) {
    nameW = std::max(nameW, o.entry.name.size());
    expW = std::max(expW, expectedShort(o.entry.expected).size());
    sdvW = std::max(sdvW, sdvmcShort(o.sdvmc).size());
  }
  const size_t oraW = info.oracle.empty() ? 0 : 16;
  auto row = [&](const std::string& cls, const std::string& name, const std::string& exp, const std::string& sdv,
                 const std::string& ora, const std::string& time) {
    os << fmt::format("  {:<14}  {:<{}}  {:<{}}  {:<{}}  {:<{}}{:>8}\n", cls, name, nameW, exp, expW, sdv, sdvW, ora,
                      oraW, oraW ? "  " + time : time);
  };
  os << "\n";
  row("class", "kernel", "expected", "sdvmc", info.oracle.empty() ? "" : "oclgrind", "time");
  for (const Outcome& o : outcomes)
    row(o.cls, o.entry.name, expectedShort(o.entry.expected), sdvmcShort(o.sdvmc),
        info.oracle.empty() ? "" : oracleShort(o.oracle), fmtSeconds(o.seconds));
  for (const Outcome& o : outcomes) {
    if (o.cls == "agree") continue;
    os << fmt::format("\n{}: {}\n", o.cls, o.entry.name);
    os << fmt::format("  expected: {} ({})\n", expectedShort(o.entry.expected), o.entry.expected.text);
    const bool message = o.sdvmc.verdict.is_object() && o.sdvmc.verdict.contains("message");
    os << fmt::format("  sdvmc:    {}{}\n", sdvmcShort(o.sdvmc),
                      message                       ? ": " + o.sdvmc.verdict["message"].get<std::string>()
                      : o.sdvmc.status == "timeout" ? ": " + o.sdvmc.diagnostic
                                                    : "");
    if (o.sdvmc.status == "rejected" || o.sdvmc.status == "crash")
      os << "  diagnostic: " << o.sdvmc.diagnostic << "\n";
    if (o.sdvmc.verdict.is_object() && o.sdvmc.verdict.contains("accesses"))
      for (const json& a : o.sdvmc.verdict["accesses"]) os << "    " << accessText(a) << "\n";
    if (o.sdvmc.verdict.is_object() && o.sdvmc.verdict.contains("witness"))
      os << "  witness:  " << witnessText(o.sdvmc.verdict["witness"]) << "\n";
    if (o.sdvmc.verdict.is_object() && o.sdvmc.verdict.contains("replay"))
      os << "  replay:   " << o.sdvmc.verdict["replay"].get<std::string>() << "\n";
    if (!o.sdvmc.explored.empty()) os << "  explored: " << o.sdvmc.explored << "\n";
    if (o.oracle.requested)
      os << "  oclgrind: " << oracleShort(o.oracle) << (o.oracle.error.empty() ? "" : ": " + o.oracle.error) << "\n";
    os << "  why:      " << o.reason << "\n";
    for (const std::string& n : o.entry.notes) os << "  note:     " << n << "\n";
  }
  if (!skipped.empty()) {
    os << fmt::format("\nskipped {} file{}:\n", skipped.size(), skipped.size() == 1 ? "" : "s");
    for (const Skipped& k : skipped) os << "  " << k.name << ": " << k.reason << "\n";
  }
  os << "\nsummary: " << summaryLine(s, outcomes.size()) << "\n";
  tableText(os, byExpected(s));
  if (const Table folders = byFolder(outcomes); folders.rows.size() > 1) {
    os << "\n";
    tableText(os, folders);
  }
  if (!info.oracle.empty()) os << "oclgrind: " << oracleLine(s) << "\n";
  os << fmt::format("time: {:.2f} s of kernel time in {:.2f} s{}\n", s.seconds, info.seconds,
                    s.slowest ? fmt::format(", slowest {} ({:.2f} s)", s.slowest->entry.name, s.slowest->seconds) : "");
  os << kPassNote << "\n";
}

json reportJson(const RunInfo& info, const std::vector<Outcome>& outcomes, const std::vector<Skipped>& skipped) {
  const Summary s = summarise(outcomes);
  json kernels = json::array();
  for (const Outcome& o : outcomes) {
    const Entry& e = o.entry;
    json k{{"name", e.name},
           {"file", e.path},
           {"format", e.format == Format::GpuVerify ? "gpuverify" : "spec"},
           {"language", e.language},
           {"class", o.cls},
           {"reason", o.reason},
           {"seconds", o.seconds},
           {"expected", {{"text", e.expected.text}, {"kinds", e.expected.kinds}, {"regexes", e.expected.regexes}}},
           {"launch", e.args},
           {"sdvmc", sdvmcJson(o.sdvmc)},
           {"oclgrind", oracleJson(o.oracle)}};
    if (e.format == Format::GpuVerify) {
      k["flags"] = e.flags;
      k["benign_writes_tolerated"] = e.benignWrites;
      k["inter_group"] = e.interGroup;
    } else {
      k["subcommand"] = e.subcommand;
    }
    k["notes"] = e.notes;
    kernels.push_back(std::move(k));
  }
  json byKind = json::object();
  for (const std::string& kind : s.kinds) {
    json row{{"kernels", kindTotal(s, kind)}};
    for (const char* c : kClasses) row[c] = std::stoi(kindCount(s, kind, c));
    byKind[kind] = row;
  }
  json classes = json::object();
  for (const char* c : kClasses) classes[c] = classCount(s, c);
  json byFolderJson = json::object();
  for (const auto& [folder, counts] : byFolder(outcomes).rows) {
    json row{{"kernels", 0}};
    int total = 0;
    for (const char* c : kClasses) {
      auto it = counts.find(c);
      row[c] = it == counts.end() ? 0 : it->second;
      total += row[c].get<int>();
    }
    row["kernels"] = total;
    byFolderJson[folder] = row;
  }
  json summary{{"kernels", outcomes.size()}, {"classes", classes},         {"by_expected", byKind},
               {"by_folder", byFolderJson}, {"seconds", s.seconds}};
  if (!info.oracle.empty())
    summary["oclgrind"] = {{"kernels", s.oracleKernels}, {"agree", s.oracleAgree}, {"differ", s.oracleDiffer},
                           {"not_comparable", s.oracleNa}, {"errors", s.oracleErrors}};
  json skippedJson = json::array();
  for (const Skipped& k : skipped) skippedJson.push_back({{"name", k.name}, {"reason", k.reason}});
  return json{{"command", "crosscheck"},
              {"dir", info.dir},
              {"domain", info.domain},
              {"timeout", info.timeout},
              {"jobs", info.jobs},
              {"oracle", info.oracle.empty() ? json(nullptr) : json(info.oracle)},
              {"seconds", info.seconds},
              {"summary", summary},
              {"kernels", kernels},
              {"skipped", skippedJson},
              {"note", kPassNote}};
}

std::string reportMarkdown(const RunInfo& info, const std::vector<Outcome>& outcomes,
                           const std::vector<Skipped>& skipped) {
  const Summary s = summarise(outcomes);
  std::ostringstream os;
  os << "# sdvmc crosscheck `" << info.dir << "`\n\n";
  os << fmt::format("{} kernels, {} jobs, timeout {} s per kernel, domain {}{}; {:.2f} s.\n\n", outcomes.size(),
                    info.jobs, info.timeout, info.domain, info.oracle.empty() ? "" : ", oracle " + info.oracle,
                    info.seconds);
  os << "**Summary:** " << summaryLine(s, outcomes.size()) << ".\n\n";
  tableMarkdown(os, byExpected(s));
  if (const Table folders = byFolder(outcomes); folders.rows.size() > 1) {
    os << "\n";
    tableMarkdown(os, folders);
  }
  if (!info.oracle.empty()) os << "\n**Oclgrind:** " << oracleLine(s) << ".\n";
  os << "\n" << kPassNote << "\n\n## Kernels\n\n";
  os << "| class | kernel | expected | sdvmc | " << (info.oracle.empty() ? "" : "oclgrind | ")
     << "time | explored |\n|---|---|---|---|" << (info.oracle.empty() ? "" : "---|") << "---:|---|\n";
  for (const Outcome& o : outcomes)
    os << fmt::format("| {} | `{}` | {} | {} | {}{} | {} |\n", o.cls, escapeMd(o.entry.name),
                      escapeMd(expectedShort(o.entry.expected)), escapeMd(sdvmcShort(o.sdvmc)),
                      info.oracle.empty() ? "" : escapeMd(oracleShort(o.oracle)) + " | ", fmtSeconds(o.seconds),
                      escapeMd(o.sdvmc.explored));
  bool header = false;
  for (const Outcome& o : outcomes) {
    if (o.cls == "agree") continue;
    if (!header) os << "\n## Not agreeing\n";
    header = true;
    os << fmt::format("\n### {} `{}`\n\n", o.cls, escapeMd(o.entry.name));
    os << fmt::format("- expected: {} (`{}`)\n", expectedShort(o.entry.expected), o.entry.expected.text);
    os << fmt::format("- sdvmc: {}{}\n", sdvmcShort(o.sdvmc),
                      o.sdvmc.verdict.is_object() && o.sdvmc.verdict.contains("message")
                          ? ": " + escapeMd(o.sdvmc.verdict["message"].get<std::string>())
                          : "");
    if (!o.sdvmc.diagnostic.empty()) os << "- diagnostic: `" << o.sdvmc.diagnostic << "`\n";
    if (o.sdvmc.verdict.is_object() && o.sdvmc.verdict.contains("accesses"))
      for (const json& a : o.sdvmc.verdict["accesses"]) os << "  - " << accessText(a) << "\n";
    if (o.sdvmc.verdict.is_object() && o.sdvmc.verdict.contains("witness"))
      os << "- witness: " << witnessText(o.sdvmc.verdict["witness"]) << "\n";
    if (o.sdvmc.verdict.is_object() && o.sdvmc.verdict.contains("replay"))
      os << "- replay: `" << o.sdvmc.verdict["replay"].get<std::string>() << "`\n";
    if (o.oracle.requested)
      os << "- oclgrind: " << oracleShort(o.oracle) << (o.oracle.error.empty() ? "" : ": " + escapeMd(o.oracle.error))
         << "\n";
    os << "- why: " << escapeMd(o.reason) << "\n";
    for (const std::string& n : o.entry.notes) os << "- note: " << escapeMd(n) << "\n";
  }
  if (!skipped.empty()) {
    os << "\n## Skipped files\n\n";
    for (const Skipped& k : skipped) os << "- `" << k.name << "`: " << escapeMd(k.reason) << "\n";
  }
  return os.str();
}

std::string reportHtml(const RunInfo& info, const std::vector<Outcome>& outcomes, const std::vector<Skipped>& skipped) {
  const Summary s = summarise(outcomes);
  std::ostringstream os;
  os << R"(<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>sdvmc crosscheck )"
     << escapeHtml(info.dir) << R"(</title>
<style>
body { font-family: sans-serif; margin: 1.5em; color: #222; }
table { border-collapse: collapse; margin: 0.5em 0 1em; }
th, td { border: 1px solid #ccc; padding: 2px 8px; text-align: left; vertical-align: top; font-size: 14px; }
td.n { text-align: right; }
tr.agree td.cls { background: #d8f5d0; }
tr.disagree td.cls { background: #ffc9c9; }
tr.unsupported td.cls { background: #fff0b3; }
tr.timeout td.cls { background: #d9e2ff; }
tr.beyond td.cls { background: #e6d4ff; }
tr.not-comparable td.cls { background: #e4e4e4; }
section.kernel { border: 1px solid #bbb; border-radius: 4px; margin: 1em 0; padding: 0.5em 1em; }
section.kernel.disagree { border-color: #d33; }
pre.source { background: #f7f7f7; padding: 0.5em; line-height: 1.35; font-size: 13px; }
pre.source span.line { display: block; }
pre.source span.ln { color: #999; display: inline-block; width: 3em; text-align: right; margin-right: 1em; user-select: none; }
span.hl-access { background: #ffe08a; }
span.hl-at { background: #ffb3b3; }
span.hl-access.hl-at { background: linear-gradient(90deg, #ffb3b3 50%, #ffe08a 50%); }
span.why { color: #555; font-style: italic; margin-left: 2em; }
</style></head><body>
)";
  os << "<h1>sdvmc crosscheck <code>" << escapeHtml(info.dir) << "</code></h1>\n";
  os << fmt::format("<p>{} kernels, {} jobs, timeout {} s per kernel, domain {}{}; {:.2f} s.</p>\n", outcomes.size(),
                    info.jobs, info.timeout, escapeHtml(info.domain),
                    info.oracle.empty() ? "" : ", oracle " + escapeHtml(info.oracle), info.seconds);
  os << "<p id=\"summary\"><b>Summary:</b> " << escapeHtml(summaryLine(s, outcomes.size())) << ".</p>\n";
  tableHtml(os, byExpected(s), "by-expected");
  if (const Table folders = byFolder(outcomes); folders.rows.size() > 1) tableHtml(os, folders, "by-folder");
  if (!info.oracle.empty()) os << "<p><b>Oclgrind:</b> " << escapeHtml(oracleLine(s)) << ".</p>\n";
  os << "<p>" << escapeHtml(kPassNote) << "</p>\n";
  os << "<h2>Kernels</h2>\n<table id=\"kernels\"><tr><th>class</th><th>kernel</th><th>expected</th><th>sdvmc</th>"
     << (info.oracle.empty() ? "" : "<th>oclgrind</th>") << "<th>time</th></tr>\n";
  std::vector<bool> detailed(outcomes.size());
  for (size_t i = 0; i < outcomes.size(); ++i) {
    const Outcome& o = outcomes[i];
    detailed[i] = o.cls != "agree" || o.sdvmc.status == "violation";
    const std::string name = detailed[i] ? fmt::format("<a href=\"#k{}\">{}</a>", i, escapeHtml(o.entry.name))
                                         : escapeHtml(o.entry.name);
    os << fmt::format("<tr class=\"{}\"><td class=cls>{}</td><td>{}</td><td>{}</td><td>{}</td>{}<td class=n>{}</td></tr>\n",
                      o.cls, o.cls, name, escapeHtml(expectedShort(o.entry.expected)), escapeHtml(sdvmcShort(o.sdvmc)),
                      info.oracle.empty() ? "" : "<td>" + escapeHtml(oracleShort(o.oracle)) + "</td>",
                      fmtSeconds(o.seconds));
  }
  os << "</table>\n<h2>Disagreements, violations and rejected kernels</h2>\n";
  // Kernels that do not agree first, then the violations sdvmc agrees on.
  std::vector<size_t> order;
  for (size_t i = 0; i < outcomes.size(); ++i)
    if (detailed[i] && outcomes[i].cls != "agree") order.push_back(i);
  for (size_t i = 0; i < outcomes.size(); ++i)
    if (detailed[i] && outcomes[i].cls == "agree") order.push_back(i);
  for (size_t i : order) {
    const Outcome& o = outcomes[i];
    const json& v = o.sdvmc.verdict;
    os << fmt::format("<section class=\"kernel {}\" id=\"k{}\">\n<h3>{} <code>{}</code></h3>\n<ul>\n", o.cls, i, o.cls,
                      escapeHtml(o.entry.name));
    os << "<li>expected: " << escapeHtml(expectedShort(o.entry.expected)) << " (<code>"
       << escapeHtml(o.entry.expected.text) << "</code>)</li>\n";
    os << "<li>sdvmc: " << escapeHtml(sdvmcShort(o.sdvmc))
       << (v.is_object() && v.contains("message") ? ": " + escapeHtml(v["message"].get<std::string>()) : "") << "</li>\n";
    if (!o.sdvmc.diagnostic.empty()) os << "<li>diagnostic: <code>" << escapeHtml(o.sdvmc.diagnostic) << "</code></li>\n";
    if (v.is_object() && v.contains("accesses"))
      for (const json& a : v["accesses"]) os << "<li>access: " << escapeHtml(accessText(a)) << "</li>\n";
    if (v.is_object() && v.contains("witness"))
      os << "<li>witness: " << escapeHtml(witnessText(v["witness"])) << "</li>\n";
    if (v.is_object() && v.contains("replay"))
      os << "<li>replay: <code>" << escapeHtml(v["replay"].get<std::string>()) << "</code></li>\n";
    os << "<li>explored: " << escapeHtml(o.sdvmc.explored) << "</li>\n";
    if (o.oracle.requested)
      os << "<li>oclgrind: " << escapeHtml(oracleShort(o.oracle))
         << (o.oracle.error.empty() ? "" : ": " + escapeHtml(o.oracle.error))
         << (o.oracle.reports.empty() ? "" : " — ") << escapeHtml([&] {
              std::string r;
              for (const std::string& x : o.oracle.reports) r += (r.empty() ? "" : "; ") + x;
              return r;
            }())
         << "</li>\n";
    os << "<li>why: " << escapeHtml(o.reason) << "</li>\n";
    for (const std::string& n : o.entry.notes) os << "<li>note: " << escapeHtml(n) << "</li>\n";
    os << "</ul>\n<pre class=\"source\">";
    const auto hl = highlights(o);
    std::istringstream src(readFile(o.entry.path));
    int lineNo = 0;
    for (std::string line; std::getline(src, line);) {
      ++lineNo;
      if (!line.empty() && line.back() == '\r') line.pop_back();
      auto it = hl.find(lineNo);
      std::string cls = "line", title, why;
      if (it != hl.end()) {
        for (const std::string& c : it->second.first) cls += " " + c;
        for (const std::string& t : it->second.second) title += (title.empty() ? "" : "; ") + t;
        why = "<span class=\"why\">" + escapeHtml(title) + "</span>";
      }
      os << fmt::format("<span class=\"{}\" id=\"k{}-L{}\"{}><span class=\"ln\">{}</span>{}{}</span>", cls, i, lineNo,
                        title.empty() ? "" : " title=\"" + escapeHtml(title) + "\"", lineNo, escapeHtml(line), why);
    }
    os << "</pre>\n</section>\n";
  }
  if (!skipped.empty()) {
    os << "<h2>Skipped files</h2>\n<ul>\n";
    for (const Skipped& k : skipped)
      os << "<li><code>" << escapeHtml(k.name) << "</code>: " << escapeHtml(k.reason) << "</li>\n";
    os << "</ul>\n";
  }
  os << "</body></html>\n";
  return os.str();
}

bool diffBaseline(const json& baseline, const std::vector<Outcome>& outcomes, BaselineDiff& diff, std::string& error) {
  if (!baseline.is_object() || baseline.value("command", "") != "crosscheck" || !baseline.contains("kernels") ||
      !baseline["kernels"].is_array()) {
    error = "not a JSON report of sdvmc crosscheck (--report FILE.json)";
    return false;
  }
  std::map<std::string, std::string> before;
  for (const json& k : baseline["kernels"])
    if (k.is_object() && k.contains("name") && k.contains("class") && k["name"].is_string() && k["class"].is_string())
      before[k["name"].get<std::string>()] = k["class"].get<std::string>();
  diff.baselineKernels = before.size();
  std::set<std::string> now;
  for (const Outcome& o : outcomes) {
    now.insert(o.entry.name);
    auto it = before.find(o.entry.name);
    if (it == before.end()) diff.changes.push_back({o.entry.name, "", o.cls});
    else if (it->second != o.cls) diff.changes.push_back({o.entry.name, it->second, o.cls});
  }
  for (const auto& [name, cls] : before)
    if (!now.count(name)) diff.changes.push_back({name, cls, ""});
  // Now agreeing, now disagreeing, other changes, new, gone; by name within each.
  auto group = [](const BaselineDiff::Change& c) {
    return c.before.empty() ? 3 : c.after.empty() ? 4 : c.after == "agree" ? 0 : c.after == "disagree" ? 1 : 2;
  };
  std::stable_sort(diff.changes.begin(), diff.changes.end(),
                   [&](const auto& a, const auto& b) { return std::pair(group(a), a.name) < std::pair(group(b), b.name); });
  return true;
}

void printBaseline(std::ostream& os, const BaselineDiff& diff) {
  os << fmt::format("\nsince the baseline ({} kernels): {} change{}\n", diff.baselineKernels, diff.changes.size(),
                    diff.changes.size() == 1 ? "" : "s");
  for (const BaselineDiff::Change& c : diff.changes) {
    if (c.before.empty()) os << fmt::format("  new kernel     {}: {}\n", c.name, c.after);
    else if (c.after.empty()) os << fmt::format("  gone           {} (was {})\n", c.name, c.before);
    else if (c.after == "agree") os << fmt::format("  now agree      {} (was {})\n", c.name, c.before);
    else if (c.after == "disagree") os << fmt::format("  now disagree   {} (was {})\n", c.name, c.before);
    else os << fmt::format("  now {:<10} {} (was {})\n", c.after, c.name, c.before);
  }
}

json baselineJson(const BaselineDiff& diff) {
  json changes = json::array();
  for (const BaselineDiff::Change& c : diff.changes)
    changes.push_back({{"name", c.name},
                       {"before", c.before.empty() ? json(nullptr) : json(c.before)},
                       {"after", c.after.empty() ? json(nullptr) : json(c.after)}});
  return json{{"baseline_kernels", diff.baselineKernels}, {"changes", changes}};
}

}  // namespace sdvmc::crosscheck
