// report/Sarif, report/Trace and report/TraceHtml on executions worked out by hand: a
// read-write race, a barrier divergence, a kernel without error. What the schema says is
// checked by the SARIF Multitool (tests/report/sarif.sh); here, what the log says.
#include "report/Sarif.h"
#include "report/Trace.h"
#include "report/TraceHtml.h"
#include "semantics/Helpers.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <regex>

namespace {

using nlohmann::json;
using semtest::compile;
using semtest::lineOf;
namespace report = sdvmc::report;
namespace sem = sdvmc::sem;

// specs/rules/race_rw.kpl: thread t reads A[(t+1)%4] (line 7) and writes A[t] (line 8);
// the barrier (line 9) finds A[0] written by thread 0 and read by thread 3 (every cell c
// is written by c and read by (c+3)%4; the smallest conflicting cell is A[0]).
const std::string kRace = R"(threads: 4;
group: 0;
shared A[4] = {0, 1, 2, 3};
main: {
  local t;
  skip;
  t := rd(A, (lid + 1) % 4);
  wr(A, lid, t);
  barrier;
}
)";

struct Recorded {
  sem::Verdict verdict;
  report::Trace trace;
};

Recorded runRecorded(const semtest::Kernel& k, uint32_t threads, size_t keep = 20000) {
  sem::SdvMachine machine(k.ir, threads);
  report::TraceRecorder recorder(k.ir, /*cellIndices=*/true, nullptr, keep);
  machine.setObserver(&recorder);
  sem::GroupState s = machine.initialState(0, sem::initialMemory(k.ir, 0));
  Recorded r;
  r.verdict = machine.run(s, 1000000);
  r.trace = recorder.trace();
  return r;
}

/// The HTML page of a recorded run of 4 threads.
std::string page(const semtest::Kernel& k, const Recorded& r, const std::string& verdictText) {
  report::TraceView view;
  view.title = "sdvmc run k.kpl: 4 threads, group 0";
  view.verdictText = verdictText;
  view.source = &k.file;
  view.ir = &k.ir;
  view.trace = &r.trace;
  view.verdict = &r.verdict;
  view.threads = 4;
  return report::traceHtml(view);
}

const json& onlyRun(const json& log) {
  REQUIRE(log["version"] == "2.1.0");
  REQUIRE(log["runs"].size() == 1);
  return log["runs"][0];
}

}  // namespace

TEST_CASE("SARIF: an ok verdict is a log with every rule and no result", "[report][sarif]") {
  const json log = report::sarifLog(report::SarifInvocation{{"run", "k.kpl"}, 0, "ok", ""}, {});
  const json& run = onlyRun(log);
  CHECK(run["results"].empty());
  CHECK(run["tool"]["driver"]["name"] == "sdvmc");
  std::vector<std::string> ids;
  for (const json& r : run["tool"]["driver"]["rules"]) ids.push_back(r["id"]);
  CHECK(ids == std::vector<std::string>{"race", "divergence", "assertion", "out-of-bounds", "division-by-zero",
                                        "shift-out-of-range", "constant-write", "deadlock", "discrepancy"});
  const json& inv = run["invocations"][0];
  CHECK(inv["exitCode"] == 0);
  CHECK(inv["executionSuccessful"] == true);
  CHECK(inv["commandLine"] == "sdvmc run k.kpl");
  CHECK_FALSE(inv.contains("toolExecutionNotifications"));
}

TEST_CASE("SARIF: an inconclusive run says why in a notification", "[report][sarif]") {
  const json log =
      report::sarifLog(report::SarifInvocation{{"check", "a b.kpl"}, 3, "inconclusive", "--max-states 10 reached"}, {});
  const json& inv = onlyRun(log)["invocations"][0];
  CHECK(inv["commandLine"] == "sdvmc check 'a b.kpl'");
  CHECK(inv["exitCode"] == 3);
  REQUIRE(inv["toolExecutionNotifications"].size() == 1);
  CHECK(inv["toolExecutionNotifications"][0]["level"] == "warning");
  CHECK(inv["toolExecutionNotifications"][0]["message"]["text"] == "Inconclusive: --max-states 10 reached.");
}

TEST_CASE("SARIF: a race is one result at the barrier, both accesses related, one thread flow per thread",
          "[report][sarif]") {
  auto k = compile(kRace);
  Recorded r = runRecorded(*k, 4);
  REQUIRE(r.verdict.kind == sem::VerdictKind::Race);
  const uint32_t rdLine = lineOf(kRace, "rd(A"), wrLine = lineOf(kRace, "wr(A"), barrierLine = lineOf(kRace, "barrier");
  report::SarifResult res =
      report::sarifResult(k->ir, r.verdict, "k.kpl", "sdvmc run k.kpl --threads 4 --group 0", &r.trace, 0);
  const json log = report::sarifLog(report::SarifInvocation{{"run", "k.kpl"}, 1, "race", ""}, {res});
  const json& run = onlyRun(log);
  REQUIRE(run["results"].size() == 1);
  const json& x = run["results"][0];
  CHECK(x["ruleId"] == "race");
  CHECK(x["ruleIndex"] == 0);
  CHECK(x["level"] == "error");
  const json& loc = x["locations"][0]["physicalLocation"];
  CHECK(loc["artifactLocation"]["uri"] == "k.kpl");
  CHECK(loc["artifactLocation"]["uriBaseId"] == "%SRCROOT%");
  CHECK(loc["region"]["startLine"] == barrierLine);
  // The two accesses: write by thread 0 of A[0], read by thread 3 of A[0].
  REQUIRE(x["relatedLocations"].size() == 2);
  CHECK(x["relatedLocations"][0]["physicalLocation"]["region"]["startLine"] == wrLine);
  CHECK(x["relatedLocations"][0]["message"]["text"] == "Write by thread 0 of A[0].");
  CHECK(x["relatedLocations"][1]["physicalLocation"]["region"]["startLine"] == rdLine);
  CHECK(x["relatedLocations"][1]["message"]["text"] == "Read by thread 3 of A[0].");
  const std::string text = x["message"]["text"];
  CHECK(text.find("[at line 8](1)") != std::string::npos);
  CHECK(text.find("[at line 7](2)") != std::string::npos);
  CHECK(text.find("Replay: sdvmc run k.kpl --threads 4 --group 0 --trace") != std::string::npos);
  CHECK(x["properties"]["sdvmc"]["threads"] == json::array({0, 3}));

  // The witness: threads 0 and 3, each running skip, the read, the write, then the barrier.
  const json& flows = x["codeFlows"][0]["threadFlows"];
  REQUIRE(flows.size() == 2);
  CHECK(flows[0]["message"]["text"] == "thread 0");
  CHECK(flows[1]["message"]["text"] == "thread 3");
  for (size_t f = 0; f < 2; ++f) {
    const json& steps = flows[f]["locations"];
    REQUIRE(steps.size() == 4);
    CHECK(steps[0]["location"]["physicalLocation"]["region"]["startLine"] == lineOf(kRace, "skip"));
    CHECK(steps[1]["location"]["physicalLocation"]["region"]["startLine"] == rdLine);
    CHECK(steps[2]["location"]["physicalLocation"]["region"]["startLine"] == wrLine);
    CHECK(steps[3]["location"]["physicalLocation"]["region"]["startLine"] == barrierLine);
    CHECK(steps[3]["importance"] == "essential");
    for (size_t i = 1; i < steps.size(); ++i) CHECK(steps[i]["executionOrder"] > steps[i - 1]["executionOrder"]);
  }
  // Thread 0's write of A[0] and thread 3's read of A[0] are the evidence; thread 0's
  // read (A[1]) and thread 3's write (A[3]) are not.
  CHECK(flows[0]["locations"][2]["importance"] == "essential");
  CHECK(flows[0]["locations"][2]["location"]["message"]["text"] == "G-BASIC/T-WR: wr(A, lid, t); (cell A[0])");
  CHECK(flows[0]["locations"][1]["importance"] == "important");
  CHECK(flows[0]["locations"][1]["location"]["message"]["text"] == "G-BASIC/T-RD: t := rd(A, (lid + 1) % 4); (cell A[1])");
  CHECK(flows[1]["locations"][1]["importance"] == "essential");
  CHECK(flows[1]["locations"][1]["location"]["message"]["text"] == "G-BASIC/T-RD: t := rd(A, (lid + 1) % 4); (cell A[0])");
  CHECK(flows[1]["locations"][2]["importance"] == "important");
}

TEST_CASE("SARIF: a list of violations is one result each, in order", "[report][sarif]") {
  auto k = compile(kRace);
  Recorded r = runRecorded(*k, 4);
  report::SarifResult a = report::sarifResult(k->ir, r.verdict, "k.kpl", "");
  report::SarifResult b = a;
  b.verdict["verdict"] = "divergence";
  const json log = report::sarifLog(report::SarifInvocation{{"check", "k.kpl", "--all"}, 1, "race", ""}, {a, b});
  const json& results = onlyRun(log)["results"];
  REQUIRE(results.size() == 2);
  CHECK(results[0]["ruleId"] == "race");
  CHECK(results[1]["ruleId"] == "divergence");
  CHECK(results[1]["ruleIndex"] == 1);
  CHECK_FALSE(results[0].contains("codeFlows"));
}

TEST_CASE("SARIF: paths outside the working directory are absolute file URIs, odd bytes escaped", "[report][sarif]") {
  CHECK(report::artifactLocation("/nonexistent dir/k#1.kpl") == json{{"uri", "file:///nonexistent%20dir/k%231.kpl"}});
  CHECK(report::artifactLocation("specs/./a.kpl") == json{{"uri", "specs/a.kpl"}, {"uriBaseId", "%SRCROOT%"}});
}

TEST_CASE("Trace: a long execution keeps its first and last steps", "[report][trace]") {
  // 4 threads, 9 rule applications: G-SEQ, G-VAR, G-SEQ, skip, rd, wr, barrier (G-RACE)…
  auto k = compile(kRace);
  Recorded all = runRecorded(*k, 4);
  Recorded cut = runRecorded(*k, 4, 4);
  REQUIRE(all.trace.total == all.trace.steps.size());
  CHECK(cut.trace.total == all.trace.total);
  REQUIRE(cut.trace.steps.size() == 4);
  CHECK(cut.trace.omitted == all.trace.total - 4);
  CHECK(cut.trace.firstKept == 2);
  CHECK(cut.trace.steps[0].number == 1);
  CHECK(cut.trace.steps[1].number == 2);
  CHECK(cut.trace.steps[2].number == all.trace.total - 1);
  CHECK(cut.trace.steps[3].number == all.trace.total);
  CHECK(cut.trace.steps[3].rule == sem::Rule::GRace);
}

TEST_CASE("HTML: a race's page highlights the two accesses and the barrier", "[report][html]") {
  auto k = compile(kRace);
  Recorded r = runRecorded(*k, 4);
  const std::string html = page(*k, r, "verdict: data race <G-RACE>");
  auto count = [&](const std::string& re) {
    const std::regex rx(re);
    return std::distance(std::sregex_iterator(html.begin(), html.end(), rx), std::sregex_iterator());
  };
  CHECK(count("<th class=\"col\"") == 4);
  CHECK(count("<tr class=\"") == static_cast<long>(r.trace.steps.size()));
  // Thread 0's write of A[0], thread 3's read of A[0].
  CHECK(count("<td class=\"t on hl-access\" data-col=\"0\">A\\[0\\]</td>") == 1);
  CHECK(count("<td class=\"t on hl-access\" data-col=\"3\">A\\[0\\]</td>") == 1);
  CHECK(count("hl-access\" data-col") == 2);
  CHECK(count("<tr class=\"barrier hl-at\"[^>]*data-rule=\"G-RACE\"") == 1);
  CHECK(count("<span class=\"line hl-at\" id=\"L9\">") == 1);
  CHECK(count("<span class=\"line hl-access\" id=\"L[78]\">") == 2);
  CHECK(html.find("data race &lt;G-RACE&gt;") != std::string::npos);
  // Self-contained: nothing fetched.
  CHECK(html.find("src=") == std::string::npos);
  CHECK(html.find("http") == std::string::npos);
}

TEST_CASE("HTML: a divergence's barrier spans the columns and names who is disabled", "[report][html]") {
  // Threads 0 and 1 take the `if`, threads 2 and 3 do not: the barrier of line 5 is reached
  // by {0,1} (main's final barrier, line 7, is never reached).
  const std::string text = "threads: 4;\ngroup: 0;\nmain: {\n  if (lid < 2) {\n    barrier;\n  }\n  barrier;\n}\n";
  auto k = compile(text);
  Recorded r = runRecorded(*k, 4);
  REQUIRE(r.verdict.kind == sem::VerdictKind::Divergence);
  const std::string html = page(*k, r, "");
  CHECK(html.find("<td class=\"across\" colspan=\"4\">barrier: threads {0-1} enabled, {2-3} disabled: barrier "
                  "divergence</td>") != std::string::npos);
  CHECK(html.find("<span class=\"line hl-at\" id=\"L5\">") != std::string::npos);
}
