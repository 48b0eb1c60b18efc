// Loops proved by induction instead of being cut (issue 16), GPUVerify's Houdini approach.
//
// Where the two-thread encoding (TwoThread.h) would cut a loop — it may still run after
// `unroll` iterations, or a constant-trip loop is still running after `maxExactUnroll` —
// the pair state S_K after those K iterations is the base. Candidate invariants are
// generated from the loop (below); Houdini keeps the largest subset C that
//   (base)  holds at S_K whenever the loop continues there, and
//   (step)  is re-established by one iteration run from an arbitrary state H that agrees
//           with S_K outside the loop's footprint and satisfies C and the continuation.
// Both are decided by the solver (candidates refuted by a model are dropped; an unknown
// answer abandons induction: the loop is then cut as before). By induction every state at
// the head of an iteration ≥ K that an execution reaches satisfies C, so the body's check
// points of the final round (alive_K ∧ C(H) ∧ …) cover every iteration ≥ K, and the state
// after the loop is H under C(H) ∧ ¬continuation(H) (or S_K where the loop does not continue
// at K). This over-approximates: a proof stays a proof; a violation whose witness the
// interpreter does not confirm may come from an invariant too weak, and prove then encodes
// again with induction off (Prover.cpp).
//
// The footprint: every slot a statement of the loop assigns (or a construct in it makes
// fresh), the shadow memory of arrays written (all arrays when the loop has a barrier, which
// havocs them), and the race/atomic logs of arrays accessed (all arrays with a barrier, which
// resets them). Candidates, over source-named locals x live at the loop (x₀: x at loop entry):
//   - x is uniform (the two threads of one group hold the same value);
//   - x ≥ x₀, x ≤ x₀ (signed and unsigned) for x updated by x := x ± step, x / 2, x * 2 …;
//   - (x − x₀) % step == 0 for x := x + step (step invariant in the loop);
//   - x is 0 or a power of 2 for x := x / 2, x >> 1, x * 2, x << 1, x + x;
//   - x ≤ b / x ≥ b for a guard x < b, x <= b, x > b, x >= b (b invariant), signed or not;
//   - the loop condition is uniform (essential with a barrier in the body);
//   - per array logged in the loop: no read / write / atomic since the last barrier, or one
//     at lid, at an index ≡ lid (mod N), or at x₀ + a multiple of step;
//   - both threads of one group see the same shared memory (equality abstraction).
// (extension) A kernel with addr64 accesses has 64-bit cell indices (TwoThread.h): its logs'
// elements are 64-bit, and the log candidates are over them instead: "at lid" and
// "≡ lid (mod N)" with lid and N zero-extended; and, for each local v stepped by an invariant
// s (a 32-bit x := x + s, or a 64-bit pair hi:lo := hi:lo + s, i.e. an int64_t loop
// counter), and each access A of the loop, with off = A's cell index at v = 0 (evaluated
// at the loop entry, the loop body's assignments before A replayed: the invariant part of
// an index like row * hidden + col) and d = a logged index − off (64 bits):
//   - (d − v₀) % s == 0, d ≥ v₀ (signed), and d < b (d ≤ b) for a guard v < b (v <= b);
// plus, for a 64-bit v: v ≥ v₀, (v − v₀) % s == 0 and v ≤ b for a guard v < b or v <= b.
// A 32-bit v is sign-extended (zero-extended under an unsigned guard). Kernels without
// addr64 accesses get exactly the 32-bit candidates above.
#pragma once

#include "semantics/rules/Ir.h"

#include <z3++.h>

#include <functional>
#include <string>
#include <vector>

namespace sdvmc::prove::induction {

/// One modelled thread's state (the encoder's).
struct ThreadState {
  std::vector<z3::expr> locals;
  std::vector<z3::expr> sh;                  ///< per array: its shadow memory
  std::vector<z3::expr> rdEx, rdEl, wrEx, wrEl;
  std::vector<z3::expr> atEx, atEl;          ///< per array: one chosen atomic access since the last barrier
  struct Write {
    z3::expr cond, index, value;
  };
  std::vector<std::vector<Write>> writes;  ///< group mode, per array: since the last barrier
};
using PairState = std::vector<ThreadState>;

/// An update x := x + step (or − step) with `step` invariant in the loop.
struct Step {
  sem::Slot slot;
  sem::ExprId step;
  bool subtract = false;
};

/// (extension) A 64-bit update (hi:lo) := (hi:lo) + (stepHi:stepLo), lowered as
/// lo := ladd_lo(hi, lo, stepHi, stepLo) (lnsw_add_lo too) with the step invariant in the loop
/// (the high word's update, through a temporary, is the solver's to check).
struct PairStep {
  sem::Slot hi, lo;
  sem::ExprId stepHi, stepLo;
};

/// What one iteration of a loop may change, and the shapes of its updates.
struct Footprint {
  std::vector<bool> slot;      ///< per slot: assigned (or made fresh) in the loop
  std::vector<bool> written;   ///< per array: its shadow memory may change
  std::vector<bool> logged;    ///< per array: its logs may change
  bool barrier = false;
  /// The loop issues or waits for an asynchronous copy: its copies in flight are not part of
  /// the state Houdini havocs (TwoThread.cpp cuts such a loop instead).
  bool async = false;
  std::vector<Step> steps;
  std::vector<sem::Slot> halving, doubling;
  std::vector<PairStep> pairSteps;  ///< (extension) 64-bit locals stepped by an invariant
};

Footprint footprint(const sem::Ir& ir, sem::NodeId loop);

/// Whether expression `e` reads no slot of the footprint (its value is the same in every
/// iteration).
bool invariant(const sem::Ir& ir, const Footprint& f, sem::ExprId e);

/// `e` as source text, locals by `names` (empty name: `slot#k`).
std::string exprText(const sem::Ir& ir, sem::ExprId e, const std::vector<std::string>& names);

struct Candidate {
  std::string text;
  std::function<z3::expr(const PairState&)> at;
};

/// What candidates need from the encoder.
struct Context {
  z3::context& c;
  const sem::Ir& ir;
  sem::NodeId loop;
  const PairState& entry;            ///< the state at loop entry (x₀)
  std::vector<std::string> names;    ///< per slot: the source name ("" if none)
  z3::expr tid[2];
  z3::expr N, two, same;
  std::vector<bool> equality;        ///< per array: the equality abstraction
  bool atomics = false;
  /// e evaluated in `state` for thread t, without errors
  std::function<z3::expr(const PairState&, sem::ExprId, int)> value;
  /// the loop's continuation for thread t in `state` (its predicate ∧ its condition)
  std::function<z3::expr(const PairState&, int)> continues;
  /// (extension) Cell indices are 64 bits (a kernel with addr64 accesses): the logs' elements
  /// are 64-bit, and the log candidates are over them (see candidates()).
  bool wide = false;
  /// wide: the cell index of access node (Read, Write, Atomic) for thread t in `state`,
  /// without errors (TwoThread.cpp's index(): addr64(h, l) the cell h:l, else sign-extended)
  std::function<z3::expr(const PairState&, sem::NodeId, int)> accessIndex;
};

std::vector<Candidate> candidates(const Context& ctx, const Footprint& f);

/// The texts of the invariants kept, less those implied by another one printed (a pattern
/// of the accesses of a log that has none).
std::vector<std::string> readable(const std::vector<Candidate>& kept);

/// `base` with the footprint replaced by fresh constants named `prefix`…; the arrays' and
/// logs' cell indices are `indexBits` wide (64 in a kernel with addr64 accesses).
PairState havoc(z3::context& c, const PairState& base, const Footprint& f, const std::string& prefix,
                unsigned indexBits = 32);

/// ite(cond, a, b) component-wise.
PairState merge(const z3::expr& cond, const PairState& a, const PairState& b);

/// The resource steps a solver's context has counted so far (Z3's "rlimit count"): for a given
/// query the same on every machine and under any load, unlike time.
uint64_t rlimitCount(z3::solver& solver);

/// Houdini's solver with the per-query resource limit it was last given (Z3's "rlimit", in
/// steps: the budgets inside the encoding are steps, not milliseconds, so that what is proved
/// does not depend on the machine's load). Z3 cannot report a solver's parameters back, and
/// push/pop does not scope them, so the limit is kept beside the solver for ScopedRlimit.
class BudgetedSolver {
public:
  /// `logic` null: Z3's default solver (a kernel whose encoding has lambdas).
  BudgetedSolver(z3::context& c, const char* logic, unsigned rlimit)
      : solver(logic ? z3::solver(c, logic) : z3::solver(c)) {
    setRlimit(rlimit);
  }
  void setRlimit(unsigned steps) {
    z3::params p(solver.ctx());
    p.set("rlimit", steps);
    solver.set(p);
    rlimit_ = steps;
  }
  unsigned rlimit() const { return rlimit_; }
  z3::solver solver;

private:
  unsigned rlimit_ = 0;
};

/// Gives a BudgetedSolver another per-query limit for a scope, and its previous one back at the
/// scope's end (on every path out of it).
class ScopedRlimit {
public:
  ScopedRlimit(BudgetedSolver& s, unsigned steps) : s_(s), previous_(s.rlimit()) { s_.setRlimit(steps); }
  ~ScopedRlimit() { s_.setRlimit(previous_); }
  ScopedRlimit(const ScopedRlimit&) = delete;
  ScopedRlimit& operator=(const ScopedRlimit&) = delete;

private:
  BudgetedSolver& s_;
  unsigned previous_;
};

/// Houdini's pruning step: drops the candidates not implied by `assumption` in `state`
/// (one query per round of drops; `oneByOne`: one query per candidate, used for 64-bit cell
/// indices, whose conjunctions the solver decides far more slowly than each conjunct; a
/// candidate it does not decide within kCandidateQueryRlimit steps, the solver's limit for
/// those queries only, is dropped). False when the solver answers unknown.
inline constexpr unsigned kCandidateQueryRlimit = 20'000'000;  // about 2 s on the 2-core machine
bool prune(BudgetedSolver& solver, const z3::expr& assumption, const PairState& state, std::vector<Candidate>& cands,
           unsigned& queries, std::string& reason, bool oneByOne = false);

}  // namespace sdvmc::prove::induction
