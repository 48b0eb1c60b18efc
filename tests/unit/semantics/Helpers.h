// Helpers for the unit tests of the SDV interpreter (semantics/rules/Sdv.h): compile a KPL
// string to IR, build a machine with its initial state, step until a chosen statement is
// on top of ss (so a test stands right before the rule it examines), and find nodes and
// slots by source line (locals have no names after lowering; a test reads a local through
// the slot of a node that assigns or declares it).
#pragma once

#include "kpl/Diagnostics.h"
#include "kpl/Parser.h"
#include "kpl/Verify.h"
#include "semantics/rules/Eval.h"
#include "semantics/rules/Lower.h"
#include "semantics/rules/Sdv.h"

#include <catch2/catch.hpp>

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace semtest {

namespace kpl = sdvmc::kpl;
namespace sem = sdvmc::sem;

/// A parsed, verified and lowered kernel. Held in a unique_ptr: the Ir points into the
/// Program, and the machine keeps a reference to the Ir.
struct Kernel {
  kpl::SourceFile file;
  kpl::Program program;
  sem::Ir ir;
};

inline std::unique_ptr<Kernel> compile(const std::string& text) {
  auto k = std::make_unique<Kernel>();
  k->file = kpl::SourceFile("test.kpl", text);
  kpl::DiagnosticEngine diags(&k->file);
  std::optional<kpl::Program> p = kpl::parseProgram(k->file, diags);
  std::ostringstream errs;
  diags.render(errs);
  INFO(text << "\n" << errs.str());
  REQUIRE(p);
  k->program = std::move(*p);
  REQUIRE(kpl::verifyProgram(k->program, diags));
  std::optional<sem::Ir> ir = sem::lower(k->program, diags);
  REQUIRE(ir);
  k->ir = std::move(*ir);
  return k;
}

/// The 1-based line of `text` that contains `needle`, which must occur on exactly one line.
inline uint32_t lineOf(const std::string& text, const std::string& needle) {
  uint32_t line = 1, found = 0, hits = 0;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    if (text.substr(start, end - start).find(needle) != std::string::npos) {
      found = line;
      ++hits;
    }
    start = end + 1;
    ++line;
  }
  INFO("needle: " << needle);
  REQUIRE(hits == 1);
  return found;
}

/// The 1-based column of `needle` on the line that contains `lineNeedle`.
inline uint32_t colOf(const std::string& text, const std::string& lineNeedle,
                      const std::string& needle) {
  uint32_t line = lineOf(text, lineNeedle);
  size_t start = 0;
  for (uint32_t l = 1; l < line; ++l) start = text.find('\n', start) + 1;
  size_t end = text.find('\n', start);
  std::string lt = text.substr(start, end == std::string::npos ? std::string::npos : end - start);
  size_t pos = lt.find(needle);
  REQUIRE(pos != std::string::npos);
  return static_cast<uint32_t>(pos + 1);
}

/// The `nth` (0-based) node of kind `kind` and origin `origin` whose location is on `line`.
inline sem::NodeId findNode(const sem::Ir& ir, sem::NodeKind kind, uint32_t line,
                            sem::Origin origin = sem::Origin::Source, unsigned nth = 0) {
  for (sem::NodeId id = 0; id < ir.nodes.size(); ++id) {
    const sem::Node& n = ir.nodes[id];
    if (n.kind == kind && n.origin == origin && n.loc.line == line) {
      if (nth == 0) return id;
      --nth;
    }
  }
  INFO("no node of kind " << static_cast<int>(kind) << " on line " << line);
  FAIL();
  return sem::kNone;
}

/// The slot written by the source assignment or read on `line` (its target local).
inline sem::Slot targetSlot(const sem::Ir& ir, uint32_t line) {
  for (const sem::Node& n : ir.nodes)
    if ((n.kind == sem::NodeKind::Assign || n.kind == sem::NodeKind::Read) &&
        n.origin == sem::Origin::Source && n.loc.line == line)
      return n.slot0;
  INFO("no assignment on line " << line);
  FAIL();
  return 0;
}

/// The slot of the k-th name declared by the `local` on `line`.
inline sem::Slot declSlot(const sem::Ir& ir, uint32_t line, uint32_t k = 0) {
  const sem::Node& n = ir.nodes[findNode(ir, sem::NodeKind::Var, line)];
  REQUIRE(k < n.count);
  return n.slot0 + k;
}

/// Initial contents of shared arrays by name: a bounded array gets exactly these cells;
/// `mem` gets cells 0, 1, … set.
using Overrides = std::map<std::string, std::vector<sem::Word>>;

/// A kernel with a machine and a state, ready to step.
struct Sim {
  std::unique_ptr<Kernel> k;
  std::unique_ptr<sem::SdvMachine> m;
  sem::GroupState s;
  std::string text;

  const sem::Ir& ir() const { return k->ir; }
  std::optional<sem::Verdict> step() { return m->step(s); }
  sem::Verdict run(uint64_t maxSteps = 1'000'000) { return m->run(s, maxSteps); }
  const sem::Item& top() const { return s.ss.back(); }
  const sem::Node& topNode() const { return k->ir.nodes[s.ss.back().node]; }
  uint32_t line(const std::string& needle) const { return lineOf(text, needle); }
  sem::Word local(sem::Slot slot, uint32_t tid) const { return s.local(slot, tid); }
  /// Column `slot` for every thread.
  std::vector<sem::Word> column(sem::Slot slot) const {
    return std::vector<sem::Word>(s.column(slot), s.column(slot) + s.n);
  }
  /// The base (merged) shared memory of a bounded array.
  const std::vector<sem::Word>& array(const std::string& name) const {
    for (size_t a = 0; a < k->ir.arrays.size(); ++a)
      if (k->ir.arrays[a].name == name) return s.base.bounded[a];
    FAIL("no array " << name);
    return s.base.bounded[0];
  }
  sem::ArrayId arrayId(const std::string& name) const {
    for (size_t a = 0; a < k->ir.arrays.size(); ++a)
      if (k->ir.arrays[a].name == name) return static_cast<sem::ArrayId>(a);
    FAIL("no array " << name);
    return 0;
  }
};

/// Compiles `text` and builds the initial state: sem::initialMemory(ir, arbitrary) with
/// `overrides`, the header's thread count and group id unless given.
inline std::unique_ptr<Sim> start(const std::string& text, const Overrides& overrides = {},
                                  std::optional<uint32_t> threads = std::nullopt,
                                  sem::Word arbitrary = 0, std::optional<sem::Word> gid = std::nullopt) {
  auto sim = std::make_unique<Sim>();
  sim->text = text;
  sim->k = compile(text);
  const sem::Ir& ir = sim->k->ir;
  uint32_t n = threads.value_or(sim->k->program.threads);
  sim->m = std::make_unique<sem::SdvMachine>(ir, n);
  sem::Memory mem = sem::initialMemory(ir, arbitrary);
  for (const auto& [name, cells] : overrides) {
    bool found = false;
    for (size_t a = 0; a < ir.arrays.size(); ++a) {
      if (ir.arrays[a].name != name) continue;
      found = true;
      if (ir.arrays[a].bounded) {
        REQUIRE(cells.size() == ir.arrays[a].size);
        mem.bounded[a] = cells;
      } else {
        for (size_t i = 0; i < cells.size(); ++i) mem.cells(static_cast<sem::ArrayId>(a))[static_cast<sem::Word>(i)] = cells[i];
      }
    }
    INFO("override of unknown array " << name);
    REQUIRE(found);
  }
  sim->s = sim->m->initialState(gid.value_or(static_cast<sem::Word>(sim->k->program.group)),
                                std::move(mem));
  return sim;
}

/// Steps (requiring no verdict) until the top of ss is a node of `kind` on `line` (for a
/// While: with aux == `aux` when given), skipping `skip` earlier such occurrences.
/// Returns the number of rule applications made.
inline uint64_t stepUntil(Sim& sim, sem::NodeKind kind, uint32_t line,
                          std::optional<uint32_t> aux = std::nullopt, unsigned skip = 0) {
  uint64_t steps = 0;
  for (;;) {
    REQUIRE(!sim.s.done());
    const sem::Item& it = sim.top();
    const sem::Node& n = sim.ir().nodes[it.node];
    if (n.kind == kind && n.loc.line == line && (!aux || it.aux == *aux)) {
      if (skip == 0) return steps;
      --skip;
    }
    std::optional<sem::Verdict> v = sim.step();
    INFO("unexpected verdict: " << (v ? v->message : std::string()));
    REQUIRE(!v);
    ++steps;
    REQUIRE(steps < 1'000'000);
  }
}

/// The addresses of a log, in order.
inline std::vector<sem::Address> addrs(const std::vector<sem::LogEntry>& log) {
  std::vector<sem::Address> out;
  for (const sem::LogEntry& e : log) out.push_back(e.addr);
  return out;
}

/// Whole-state equality (GroupState has no operator==).
inline bool sameLog(const std::vector<sem::LogEntry>& a, const std::vector<sem::LogEntry>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i].addr != b[i].addr || a[i].value != b[i].value || a[i].at != b[i].at) return false;
  return true;
}

inline bool sameState(const sem::GroupState& a, const sem::GroupState& b) {
  if (a.n != b.n || a.gid != b.gid || a.locals != b.locals || a.ss != b.ss) return false;
  if (a.base.bounded != b.base.bounded || a.base.unbounded != b.base.unbounded ||
      a.base.unboundedDefault != b.base.unboundedDefault)
    return false;
  if (a.logs.size() != b.logs.size()) return false;
  for (size_t i = 0; i < a.logs.size(); ++i)
    if (!sameLog(a.logs[i].reads, b.logs[i].reads) || !sameLog(a.logs[i].writes, b.logs[i].writes))
      return false;
  return true;
}

/// The literals of predicate `p`.
inline std::vector<sem::Lit> lits(const sem::Ir& ir, sem::PredId p) { return ir.preds[p]; }

/// `lits(p)` with `extra` appended: the predicate a rule attaches (p ∧ v, p ∧ ¬v, …).
inline std::vector<sem::Lit> with(const sem::Ir& ir, sem::PredId p, std::vector<sem::Lit> extra) {
  std::vector<sem::Lit> out = ir.preds[p];
  out.insert(out.end(), extra.begin(), extra.end());
  return out;
}

/// One expression's value, evaluated by a one-thread and a three-thread evaluator (the
/// scalar and the column paths) of `x := expr;` in a three-thread kernel, with their errors.
struct Evaluated {
  sem::Word scalar = 0;
  sem::Word column[3] = {0, 0, 0};
  sem::EvalError scalarErr, columnErr;
  bool error() const { return scalarErr.any() || columnErr.any(); }
};

inline Evaluated evaluate(const std::string& expr) {
  auto sim = start("threads: 3;\ngroup: 0;\nmain: {\n  local x;\n  x := " + expr + ";\n  barrier;\n}\n");
  const auto& ir = sim->ir();
  const sem::ExprId e = ir.nodes[findNode(ir, sem::NodeKind::Assign, 5)].e0;
  Evaluated out;
  sem::Evaluator one(ir, 1), three(ir, 3);
  const uint8_t mask[3] = {1, 1, 1};
  out.scalar = one.eval(e, sim->s, mask, out.scalarErr)[0];
  const sem::Word* c = three.eval(e, sim->s, mask, out.columnErr);
  for (int i = 0; i < 3; ++i) out.column[i] = c[i];
  return out;
}

}  // namespace semtest
