// Unit tests of litmus comparisons (litmus/Compare.h): which observations a model's
// outcome set admits, exactly or as undefined behaviour, past a continued race or beyond
// every sequentially consistent execution, and what --require makes of them.
#include "../semantics/Helpers.h"

#include "litmus/Compare.h"
#include "semantics/rules/Sdv.h"

#include <fmt/format.h>
#include <sstream>

using namespace semtest;
using sdvmc::litmus::ModelOutcomes;
using sdvmc::litmus::Observations;

namespace {

sem::TerminalOutcome memory(const sem::Ir& ir, std::vector<sem::Word> a) {
  sem::TerminalOutcome t;
  t.final = sem::initialMemory(ir, 0);
  for (size_t i = 0; i < a.size(); ++i) t.final.store(ir, sem::Address{0, static_cast<sem::Word>(i)}, a[i]);
  return t;
}

/// PoCL runs that showed each of `lines` once.
Observations seenOnPocl(const std::vector<std::string>& lines) {
  Observations obs;
  obs.runtime = "pocl";
  obs.runs = static_cast<unsigned>(lines.size());
  for (const std::string& line : lines) obs.outcomes.emplace_back(line, 1);
  return obs;
}

sem::TerminalOutcome error(sem::VerdictKind kind, sem::Rule rule) {
  sem::TerminalOutcome t;
  t.error = true;
  t.kind = kind;
  t.rule = rule;
  return t;
}

}  // namespace

TEST_CASE("a model admits an observed final memory in its set; a race makes it undefined", "[litmus][compare]") {
  auto k = compile("threads: 2;\ngroup: 0;\nshared A[2];\nmain: {\n  wr(A, lid, lid + 1);\n  barrier;\n}\n");
  const sem::Ir& ir = k->ir;
  ModelOutcomes exact{"sdv", {memory(ir, {1, 2})}, 3, 0, "", {}};
  ModelOutcomes racy{"mimd", {memory(ir, {1, 2}), error(sem::VerdictKind::Race, sem::Rule::GRace)}, 9, 0, "", {}};
  const std::string seen = sdvmc::litmus::outcomeLabel(ir, memory(ir, {1, 2}));
  const std::string other = sdvmc::litmus::outcomeLabel(ir, memory(ir, {2, 2}));
  using sdvmc::litmus::Admission;
  CHECK(sdvmc::litmus::admission(ir, exact, seen) == Admission::Yes);
  CHECK(sdvmc::litmus::admission(ir, exact, other) == Admission::No);
  CHECK(sdvmc::litmus::admission(ir, racy, other) == Admission::Undefined);
  const Observations obs = seenOnPocl({seen, other});
  std::ostringstream text;
  nlohmann::json j;
  // sdv does not admit the second observation; mimd finds a race, which admits anything.
  CHECK(sdvmc::litmus::reportObservations({"mimd"}, ir, {exact, racy}, obs, text, &j) == 0);
  CHECK(sdvmc::litmus::reportObservations({"sdv"}, ir, {exact, racy}, obs, text, &j) == 1);
  CHECK(j["observed"][1]["admitted_by"].empty());
  CHECK(j["observed"][1]["undefined_in"] == nlohmann::json::array({"mimd"}));
  CHECK(j["required"]["ok"] == false);
}

namespace {

/// A race verdict of `thread` writing A[index] after `other` read it.
sem::Verdict readThenWrite(uint32_t other, uint32_t thread, sem::Word index) {
  sem::Verdict v;
  v.kind = sem::VerdictKind::Race;
  v.rule = sem::Rule::MimdRace;
  v.at = 0;
  v.accesses = {sem::RaceAccess{other, false, sem::Address{0, index}, 0},
                sem::RaceAccess{thread, true, sem::Address{0, index}, 0}};
  v.threads = {other, thread};
  v.message = fmt::format("read-write race on A[{}]: thread {} then thread {}", index, other, thread);
  return v;
}

}  // namespace

TEST_CASE("races continued: an outcome reached only past races is undefined; one also reached race-free is not",
          "[litmus][compare][races]") {
  auto k = compile("threads: 2;\ngroup: 0;\nshared A[2];\nmain: {\n  wr(A, lid, lid + 1);\n  barrier;\n}\n");
  const sem::Ir& ir = k->ir;
  sem::TerminalOutcome racyOnly = memory(ir, {1, 1}), both = memory(ir, {1, 2}), bothRacy = memory(ir, {1, 2});
  // Two executions reach A = {1, 1} through different races, listed once each and by cell.
  sem::TerminalOutcome racyOnly2 = racyOnly;
  racyOnly.races = {readThenWrite(1, 0, 1)};
  racyOnly2.races = {readThenWrite(1, 0, 0), readThenWrite(1, 0, 1)};
  bothRacy.races = {readThenWrite(0, 1, 0)};
  ModelOutcomes mimd{"mimd", {racyOnly, both, bothRacy, racyOnly2}, 7, 0, "", {}};
  mimd.racesContinued = true;
  ModelOutcomes sdv{"sdv", {error(sem::VerdictKind::Race, sem::Rule::GRace)}, 2, 0, "", {}};
  sdv.racesContinued = false;
  const sdvmc::litmus::OutcomeTable table = sdvmc::litmus::tabulate(ir, "k.kpl", {sdv, mimd});
  CHECK(table.anyRace);
  const nlohmann::json j = sdvmc::litmus::modelsJson(table, {sdv, mimd});
  CHECK(j["sdv"]["races_continued"] == false);
  CHECK(j["mimd"]["races_continued"] == true);
  const nlohmann::json& outcomes = j["mimd"]["outcomes"];
  REQUIRE(outcomes.size() == 2);
  CHECK(outcomes[0]["final"]["A"] == nlohmann::json::array({1, 1}));
  CHECK(outcomes[0]["undefined"] == true);
  REQUIRE(outcomes[0]["races"].size() == 2);
  CHECK(outcomes[0]["races"][0]["accesses"][0]["index"] == 0);
  CHECK(outcomes[0]["races"][1]["accesses"][0]["index"] == 1);
  CHECK(outcomes[1]["final"]["A"] == nlohmann::json::array({1, 2}));
  CHECK(outcomes[1]["undefined"] == false);  // also reached without a race
  CHECK(outcomes[1]["races"].size() == 1);

  std::ostringstream text;
  sdvmc::litmus::printTable(text, table, {sdv, mimd});
  CHECK(text.str().find("A = {1, 1}") != std::string::npos);
  CHECK(text.str().find("mimd: 2 outcomes (1 undefined)") != std::string::npos);
  CHECK(text.str().find("r: reached only by executions that race") != std::string::npos);
  CHECK(text.str().find("read-write race on A[0]: thread 1 then thread 0 (lines") != std::string::npos);
  CHECK(text.str().find("sdv: 1 outcome, 2 states (races end its executions") != std::string::npos);

  // Observations: in the set past a race (r), race-free (x), outside every SC execution (w).
  using sdvmc::litmus::Admission;
  const std::string racySeen = sdvmc::litmus::outcomeLabel(ir, racyOnly);
  const std::string cleanSeen = sdvmc::litmus::outcomeLabel(ir, both);
  const std::string weak = sdvmc::litmus::outcomeLabel(ir, memory(ir, {0, 0}));
  CHECK(sdvmc::litmus::admission(ir, mimd, racySeen) == Admission::Racy);
  CHECK(sdvmc::litmus::admission(ir, mimd, cleanSeen) == Admission::Yes);
  CHECK(sdvmc::litmus::admission(ir, mimd, weak) == Admission::BeyondSc);
  CHECK(sdvmc::litmus::admission(ir, sdv, weak) == Admission::Undefined);

  const Observations obs = seenOnPocl({racySeen, cleanSeen, weak});
  nlohmann::json o;
  CHECK(sdvmc::litmus::reportObservations({"mimd"}, ir, {sdv, mimd}, obs, text, &o) == 0);
  CHECK(o["observed"][0]["admitted_by"] == nlohmann::json::array({"mimd"}));
  CHECK(o["observed"][0]["racy_in"] == nlohmann::json::array({"mimd"}));
  CHECK(o["observed"][1]["racy_in"].empty());
  CHECK(o["observed"][2]["admitted_by"].empty());
  CHECK(o["observed"][2]["beyond_sc_in"] == nlohmann::json::array({"mimd"}));
  CHECK(o["observed"][2]["undefined_in"] == nlohmann::json::array({"sdv", "mimd"}));
  std::ostringstream shown;
  CHECK(sdvmc::litmus::reportObservations({"mimd"}, ir, {sdv, mimd}, obs, shown, nullptr) == 0);
  CHECK(shown.str().find("w: not in it: no sequentially consistent execution") != std::string::npos);
  CHECK(shown.str().find("r: in it, but reached only past a data race") != std::string::npos);
}
