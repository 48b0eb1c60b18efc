// The HTML view of a recorded execution (see TraceHtml.h).
#include "report/TraceHtml.h"

#include "report/Report.h"
#include "support/Html.h"

#include <fmt/format.h>
#include <map>
#include <set>
#include <sstream>

namespace sdvmc::report {

namespace {

using support::escapeHtml;

constexpr const char* kStyle = R"(
body { font: 14px/1.35 system-ui, sans-serif; margin: 16px; color: #1d1d1f; background: #fff; }
h1 { font-size: 18px; margin: 0 0 8px; }
pre, code, td.stmt, td.t, td.loc { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 12px; }
pre.verdict { background: #fff4f2; border: 1px solid #f0b4a8; padding: 8px; white-space: pre-wrap; }
pre.verdict.ok { background: #f1faf1; border-color: #a8d8a8; }
p.replay code { background: #f3f3f6; padding: 2px 4px; }
.legend span { display: inline-block; padding: 1px 6px; margin-right: 8px; border: 1px solid #ccc; }
.main { display: flex; gap: 16px; align-items: flex-start; }
.trace { flex: 1 1 auto; min-width: 0; overflow-x: auto; }
table { border-collapse: collapse; }
th, td { border: 1px solid #dcdce0; padding: 1px 6px; white-space: nowrap; }
th { background: #f3f3f6; position: sticky; top: 0; }
td.n, td.loc { color: #666; text-align: right; }
td.rule { color: #444; }
td.t { text-align: center; min-width: 2.5em; }
td.on { background: #e3eefc; }
td.off { background: #fafafa; color: #bbb; }
tr.structural td.stmt { color: #777; }
tr.barrier td { border-top: 3px solid #333; border-bottom: 3px solid #333; background: #f6f6f6; font-weight: 600; }
tr.barrier td.across { text-align: center; white-space: normal; }
tr.omitted td { text-align: center; color: #666; font-style: italic; }
td.hl-access { background: #ffd54a; font-weight: 700; outline: 2px solid #c62828; }
tr.hl-at td { background: #ffcdd2; }
tr.hl-at td.across { color: #b71c1c; }
.source { flex: 0 1 40%; max-width: 40%; position: sticky; top: 8px; max-height: 95vh; overflow: auto; border: 1px solid #dcdce0; }
.source pre { margin: 0; padding: 4px 0; }
.source .line { display: block; padding: 0 8px; }
.source .ln { display: inline-block; width: 3em; color: #999; text-align: right; margin-right: 8px; }
.source .hl-access { background: #ffe98a; }
.source .hl-at { background: #ffcdd2; }
)";

bool isBarrierRule(sem::Rule r) {
  return r == sem::Rule::GSync || r == sem::Rule::GRace || r == sem::Rule::GDivergence || r == sem::Rule::GNoOp;
}
bool isThreadRule(sem::Rule r) {
  return r == sem::Rule::TAssign || r == sem::Rule::TRd || r == sem::Rule::TWr || r == sem::Rule::TAssert ||
         r == sem::Rule::TPrivateIndex ||
         r == sem::Rule::TAssume || r == sem::Rule::TSkip || r == sem::Rule::TAtomic;
}

}  // namespace

std::string traceHtml(const TraceView& view) {
  const sem::Ir& ir = *view.ir;
  static const Trace kNoTrace;
  const Trace& trace = view.trace ? *view.trace : kNoTrace;
  const sem::Verdict& v = *view.verdict;
  const kpl::Program* program = ir.program;
  const bool warps = view.warpSize != 0;
  const uint32_t columns = warps ? (view.threads + view.warpSize - 1) / view.warpSize : view.threads;
  std::set<sem::Word> groups;
  for (const TraceStep& s : trace.steps) groups.insert(s.group);
  const bool groupColumn = groups.size() > 1;

  // The evidence: which step and column each racing access is, which step is at fault.
  const Evidence ev = locateEvidence(ir, trace, v, view.group);
  std::map<std::pair<long, uint32_t>, bool> accessCells;  // (step, column)
  std::set<uint32_t> accessLines;
  for (size_t k = 0; k < v.accesses.size(); ++k) {
    const sem::RaceAccess& a = v.accesses[k];
    if (ev.accessSteps[k] >= 0) accessCells[{ev.accessSteps[k], warps ? a.thread / view.warpSize : a.thread}] = true;
    if (a.at != sem::kNone) accessLines.insert(ir.nodes[a.at].loc.line);
  }
  const uint32_t atLine = v.loc.valid() ? v.loc.line : 0;
  const bool violation = v.kind != sem::VerdictKind::Ok;

  std::ostringstream os;
  os << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>"
     << escapeHtml(view.title) << "</title>\n<style>" << kStyle << "</style>\n</head>\n<body>\n";
  os << "<h1>" << escapeHtml(view.title) << "</h1>\n";
  os << "<pre class=\"verdict" << (violation ? "" : " ok") << "\">" << escapeHtml(view.verdictText) << "</pre>\n";
  if (!view.replay.empty()) os << "<p class=\"replay\">replay: <code>" << escapeHtml(view.replay) << "</code></p>\n";
  if (!view.trace) os << "<p>No execution to show.</p>\n";
  else os << fmt::format("<p>{} rule applications{}; one row each, one column per {}. ", trace.total,
                    trace.omitted ? fmt::format(" ({} in the middle left out)", trace.omitted) : "",
                    warps ? fmt::format("warp of {} threads (the threads it runs enabled)", view.warpSize)
                          : "thread (its cell for reads and writes, &#9679; for other statements it runs enabled)");
  if (view.trace) os << "<span class=\"legend\"><span class=\"on\" style=\"background:#e3eefc\">enabled</span>"
        "<span style=\"background:#ffd54a\">racing access</span>"
        "<span style=\"background:#ffcdd2\">at fault</span></span></p>\n";

  os << "<div class=\"main\">\n<div class=\"trace\">\n<table id=\"trace\">\n<thead><tr><th>step</th>";
  if (groupColumn) os << "<th>group</th>";
  os << "<th>rule</th><th>line:col</th><th>statement</th>";
  for (uint32_t c = 0; c < columns; ++c) {
    std::string head;
    if (warps)
      head = fmt::format("warp {}", c);
    else if (program && program->localSize[0] != 0) {
      auto l = localCoords(*program, c);
      head = fmt::format("({},{},{})", l[0], l[1], l[2]);
    } else {
      head = fmt::format("t{}", c);
    }
    os << fmt::format("<th class=\"col\" data-col=\"{}\">{}</th>", c, escapeHtml(head));
  }
  os << "</tr></thead>\n<tbody>\n";

  const size_t fixed = groupColumn ? 5 : 4;
  for (size_t i = 0; i < trace.steps.size(); ++i) {
    if (trace.omitted && i == trace.firstKept)
      os << fmt::format("<tr class=\"omitted\"><td colspan=\"{}\">… {} rule applications left out …</td></tr>\n",
                        fixed + columns, trace.omitted);
    const TraceStep& s = trace.steps[i];
    const sem::Node& n = ir.nodes[s.node];
    const bool barrier = isBarrierRule(s.rule);
    std::string cls = barrier ? "barrier" : isThreadRule(s.rule) ? "basic" : "structural";
    if (static_cast<long>(i) == ev.at && violation) cls += " hl-at";
    os << fmt::format("<tr class=\"{}\" id=\"s{}\" data-rule=\"{}\"><td class=\"n\">{}</td>", cls, s.number,
                      sem::ruleName(s.rule), s.number);
    if (groupColumn) os << "<td class=\"n\">" << s.group << "</td>";
    os << fmt::format("<td class=\"rule\">{}</td><td class=\"loc\"><a href=\"#L{}\">{}:{}</a></td>"
                      "<td class=\"stmt\">{}{}</td>",
                      traceRuleName(s.rule), n.loc.line, n.loc.line, n.loc.col, std::string(2 * n.callDepth, ' '),
                      escapeHtml(stmtSummary(ir, s.node)));
    if (barrier) {
      // A barrier spans every column: who reached it, and what the rule did.
      std::vector<uint32_t> on, off;
      for (size_t l = 0; l < s.enabled.size(); ++l)
        (s.enabled[l] ? on : off).push_back(static_cast<uint32_t>(s.lidBase + static_cast<sem::Word>(l)));
      std::string what;
      switch (s.rule) {
        case sem::Rule::GSync: what = fmt::format("barrier: threads {} synchronise, logs merged", threadList(on)); break;
        case sem::Rule::GNoOp: what = "barrier: no thread enabled, nothing happens"; break;
        case sem::Rule::GRace: what = fmt::format("barrier: threads {} arrive, their logs conflict: data race", threadList(on)); break;
        case sem::Rule::GDivergence:
          what = fmt::format("barrier: threads {} enabled, {} disabled: barrier divergence", threadList(on),
                             off.empty() ? std::string("{}") : threadList(off));
          break;
        default: break;
      }
      os << fmt::format("<td class=\"across\" colspan=\"{}\">{}</td>", columns, escapeHtml(what));
      os << "</tr>\n";
      continue;
    }
    // One cell per column.
    std::vector<std::string> cells(columns);
    std::vector<std::vector<uint32_t>> warpThreads(warps ? columns : 0);
    std::vector<bool> on(columns, false);
    for (size_t l = 0; l < s.enabled.size(); ++l) {
      if (!s.enabled[l]) continue;
      const uint32_t lid = static_cast<uint32_t>(s.lidBase + static_cast<sem::Word>(l));
      const uint32_t c = warps ? lid / view.warpSize : lid;
      if (c >= columns) continue;
      on[c] = true;
      if (warps) {
        warpThreads[c].push_back(lid);
        cells[c] = threadList(warpThreads[c]);
      } else if (!s.cells.empty() && program) {
        cells[c] = cellName(*program, ir.arrays[n.array].name, s.cells[l]);
      } else {
        cells[c] = "\u25cf";
      }
    }
    for (uint32_t c = 0; c < columns; ++c) {
      const bool hl = accessCells.count({static_cast<long>(i), c}) > 0;
      os << fmt::format("<td class=\"t {}{}\" data-col=\"{}\">{}</td>", on[c] ? "on" : "off", hl ? " hl-access" : "",
                        c, escapeHtml(cells[c]));
    }
    os << "</tr>\n";
  }
  os << "</tbody>\n</table>\n</div>\n";

  // The source, beside the trace.
  if (view.source) {
    os << "<div class=\"source\"><pre>";
    for (uint32_t line = 1; line <= view.source->lineCount(); ++line) {
      std::string cls = "line";
      if (violation && line == atLine) cls += " hl-at";
      else if (accessLines.count(line)) cls += " hl-access";
      os << fmt::format("<span class=\"{}\" id=\"L{}\"><span class=\"ln\">{}</span>{}</span>", cls, line, line,
                        escapeHtml(std::string(view.source->lineText(line))));
    }
    os << "</pre></div>\n";
  }
  os << "</div>\n</body>\n</html>\n";
  return os.str();
}

}  // namespace sdvmc::report
