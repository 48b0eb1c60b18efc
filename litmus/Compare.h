// A litmus test's outcomes side by side (`sdvmc litmus`, vendor-behaviours.md): each
// execution model's outcome set (the explorer's terminal states in outcome mode) as one
// table with a column per model, and what a real implementation showed (Run.h) beside them.
//
// An observation is admitted by a model when the model's outcome set contains it: the same
// final memory (the same `outcomeLabel`), or, for an error, the same verdict at the same
// line. A model whose set holds a data race or a deadlock (barrier divergence) is marked
// separately ("u"): the observation is not in its set, but the model says the kernel has
// undefined behaviour (OpenCL and CUDA leave both undefined), so it constrains nothing;
// --require accepts that, and the table and JSON (`undefined_in`) say so.
//
// With races continued (`--races continue`, Model::setRacesContinue) a model's set also
// holds the memories its executions reach past their races, each with those races: an
// outcome reached only that way is undefined ("r" in the tables, `"undefined": true` in
// JSON). An observation that such a model does not admit is outside every sequentially
// consistent execution of a racy kernel ("w": weak memory, or another effect of the
// undefined behaviour; `beyond_sc_in`, also in `undefined_in`).
#pragma once

#include "litmus/Run.h"
#include "semantics/models/Model.h"
#include "semantics/rules/Ir.h"

#include <cstdint>
#include <map>
#include <optional>
#include <nlohmann/json.hpp>
#include <ostream>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace sdvmc::litmus {

/// The terminal outcomes of one model.
struct ModelOutcomes {
  std::string model;
  std::vector<sem::TerminalOutcome> outcomes;
  uint64_t states = 0;
  double seconds = 0;
  std::string limit;  ///< non-empty when the exploration did not complete
  /// Set when races were asked to continue: whether this model continued past them (SDV
  /// does not).
  std::optional<bool> racesContinued;
};

/// A row label: the final memory (`A = {…}`), or `error: VERDICT (RULE) at line L`.
std::string outcomeLabel(const sem::Ir& ir, const sem::TerminalOutcome& o);

/// Every distinct outcome of any model, and which models allow it.
struct OutcomeTable {
  struct Row {
    bool error = false;
    std::string label;
    nlohmann::json value;  ///< `{"final": …}`, or `{"verdict", "rule", "location"}` for an error
  };
  std::map<std::pair<bool, std::string>, Row> rows;  ///< memories first, then errors, by label
  std::vector<std::set<std::string>> allowed;         ///< per model: the labels it allows
  /// Per model: the labels some execution without a race reaches (errors included); an
  /// allowed label not among them is undefined (reached only past races).
  std::vector<std::set<std::string>> defined;
  /// A race an execution went past: as JSON (report::verdictJson) and as a line of text.
  struct Race {
    nlohmann::json value;
    std::string text;
  };
  /// Per model, per label reached past races: those races, in TerminalOutcome::races order.
  std::vector<std::map<std::string, std::map<std::vector<int64_t>, Race>>> races;
  bool anyError = false;                              ///< some model reaches an error
  bool anyRace = false;                               ///< some outcome was reached past a race
  bool anyLimit = false;                              ///< some exploration did not complete
};

/// The table of `results`; `file` names the kernel in error locations.
OutcomeTable tabulate(const sem::Ir& ir, const std::string& file, const std::vector<ModelOutcomes>& results);
/// `{"<model>": {"outcomes": […], "errors": […], "states": N[, "limit": …]}, …}`.
nlohmann::json modelsJson(const OutcomeTable& table, const std::vector<ModelOutcomes>& results);
/// The table, an `x` where a model allows an outcome, then a line per model.
void printTable(std::ostream& os, const OutcomeTable& table, const std::vector<ModelOutcomes>& results);

/// How a model's outcome set stands to an observed line (a final memory, or
/// `error: KIND at line L`); the character is its mark in the observations table.
enum class Admission : char {
  No = ' ',         ///< not in the set, and the model finds no undefined behaviour
  Yes = 'x',        ///< in the set, reached by an execution without a race
  Racy = 'r',       ///< in the set, reached only by executions that race (races continued)
  Undefined = 'u',  ///< not in the set, but the set holds a race or deadlock error
  BeyondSc = 'w',   ///< not in the set, which holds outcomes reached past races: outside
                    ///< every sequentially consistent execution of a racy kernel
};
Admission admission(const sem::Ir& ir, const ModelOutcomes& m, const std::string& observed);

/// The observations beside the models: a table (text) or the `observed` JSON array.
/// Returns 1 when a model of `required` does not admit an observation, else 0.
int reportObservations(const std::vector<std::string>& required, const sem::Ir& ir,
                       const std::vector<ModelOutcomes>& results, const Observations& obs, std::ostream& text,
                       nlohmann::json* json);

}  // namespace sdvmc::litmus
