// Unit tests of litmus comparisons (litmus/Compare.h): which observations a model's
// outcome set admits, exactly or as undefined behaviour, and what --require makes of them.
#include "../semantics/Helpers.h"

#include "litmus/Compare.h"
#include "semantics/rules/Sdv.h"

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
  ModelOutcomes exact{"sdv", {memory(ir, {1, 2})}, 3, 0, ""};
  ModelOutcomes racy{"mimd", {memory(ir, {1, 2}), error(sem::VerdictKind::Race, sem::Rule::GRace)}, 9, 0, ""};
  const std::string seen = sdvmc::litmus::outcomeLabel(ir, memory(ir, {1, 2}));
  const std::string other = sdvmc::litmus::outcomeLabel(ir, memory(ir, {2, 2}));
  std::string undefined;
  CHECK(sdvmc::litmus::modelAdmits(ir, exact, seen, undefined));
  CHECK(undefined.empty());
  CHECK_FALSE(sdvmc::litmus::modelAdmits(ir, exact, other, undefined));
  CHECK(undefined.empty());
  CHECK_FALSE(sdvmc::litmus::modelAdmits(ir, racy, other, undefined));
  CHECK(undefined == "race");

  Observations obs;
  obs.runtime = "pocl";
  obs.runs = 2;
  obs.outcomes = {{seen, 1}, {other, 1}};
  std::ostringstream text;
  nlohmann::json j;
  // sdv does not admit the second observation; mimd finds a race, which admits anything.
  CHECK(sdvmc::litmus::reportObservations({"mimd"}, ir, {exact, racy}, obs, text, &j) == 0);
  CHECK(sdvmc::litmus::reportObservations({"sdv"}, ir, {exact, racy}, obs, text, &j) == 1);
  CHECK(j["observed"][1]["admitted_by"].empty());
  CHECK(j["observed"][1]["undefined_in"] == nlohmann::json::array({"mimd"}));
  CHECK(j["required"]["ok"] == false);
}
