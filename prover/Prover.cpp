// The prove driver: abstraction choice, solving, minimising N, witness, replay (see
// Prover.h).
#include "prover/Prover.h"

#include "semantics/rules/Launch.h"

#include "semantics/rules/Sdv.h"

#include <algorithm>
#include <cassert>
#include <chrono>
#include <set>
#include <fmt/format.h>

namespace sdvmc::prove {

namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

int64_t asInt(const z3::expr& v) {
  return static_cast<int32_t>(static_cast<uint32_t>(v.get_numeral_uint64()));
}

/// A cell index of the model: 32 bits sign-extended, or 64 (PairEncoding::wideIndices).
sem::Index asIndex(const z3::expr& v) {
  if (v.get_sort().bv_size() == 64) return static_cast<sem::Index>(v.get_numeral_uint64());
  return asInt(v);
}

/// solver.check(), counted and timed in r (a ProveResult or an EquivResult).
template <typename Result>
z3::check_result timedCheck(z3::solver& solver, Result& r) {
  const auto t0 = Clock::now();
  ++r.queries;
  z3::check_result res = solver.check();
  r.solveSeconds += since(t0);
  return res;
}

/// Replaces the model `m` by one with the smallest group size `n` (at least `lo`) the
/// solver's assertions allow, by binary search; a solver that gives up leaves a note
/// (prefixed with `what`, when given) and the smallest size found so far.
template <typename Result>
void minimiseGroupSize(z3::solver& solver, const z3::expr& n, uint64_t lo, z3::model& m, Result& r,
                       const std::string& what) {
  z3::context& ctx = solver.ctx();
  uint64_t hi = m.eval(n, true).get_numeral_uint64();
  while (lo < hi) {
    const uint64_t mid = lo + (hi - lo) / 2;
    solver.push();
    solver.add(z3::ule(n, ctx.bv_val(static_cast<uint64_t>(mid), 32)));
    const z3::check_result q = timedCheck(solver, r);
    if (q == z3::sat) {
      m = solver.get_model();
      hi = m.eval(n, true).get_numeral_uint64();
    } else if (q == z3::unsat) {
      lo = mid + 1;
    } else {
      r.notes.push_back(fmt::format("{}minimising the group size stopped at {} (solver: {})",
                                    what.empty() ? "" : what + ": ", hi, solver.reason_unknown()));
      solver.pop();
      break;
    }
    solver.pop();
  }
}

}  // namespace

/// A solver with a per-query timeout (seconds, 0: none); `logic` nullptr: Z3's default
/// (quantifiers, lambdas).
z3::solver makeSolver(z3::context& ctx, double timeoutSeconds, const char* logic) {
  z3::solver solver = logic ? z3::solver(ctx, logic) : z3::solver(ctx);
  if (timeoutSeconds > 0) {
    z3::params p(ctx);
    p.set("timeout", static_cast<unsigned>(timeoutSeconds * 1000));
    solver.set(p);
  }
  return solver;
}

namespace {

bool isViolation(sem::VerdictKind k) {
  return k != sem::VerdictKind::Ok && k != sem::VerdictKind::Discarded && k != sem::VerdictKind::Inconclusive;
}

/// Drops the initial values that are 0, run's default.
void dropZeros(Witness& w) {
  for (auto it = w.init.begin(); it != w.init.end();) {
    for (auto c = it->second.begin(); c != it->second.end();) c = c->second == 0 ? it->second.erase(c) : std::next(c);
    it = it->second.empty() ? w.init.erase(it) : std::next(it);
  }
}

/// (--all) The check points of one violation found, excluded from later queries: every
/// instance (loop iterations, procedure calls) of the same kind, rule, statement and array.
struct Blocked {
  sem::VerdictKind kind;
  sem::Rule rule;
  sem::NodeId node;
  sem::ArrayId array;
  bool matches(const CheckPoint& c) const {
    return c.kind == kind && c.rule == rule && c.node == node && c.array == array;
  }
};

struct Attempt {
  enum class Status { Unsat, Sat, Unknown } status = Status::Unknown;
  std::optional<Blocked> hit;  ///< Sat: the check point group the model satisfies
  std::string reason;
  bool bounded = false;
  uint32_t maxIterations = 0;
  std::vector<LoopReport> loops;
  uint32_t loopsInduction = 0;
  size_t checkPoints = 0;
  uint32_t uninterpretedFloats = 0;  ///< PairEncoding's
  uint32_t uncheckedConversions = 0;  ///< PairEncoding's
  sem::Verdict claim;
  Witness witness;
};

Attempt attempt(const sem::Ir& ir, const ProveOptions& o, const std::vector<Abstraction>& abstraction,
                ProveResult& r, const std::vector<Blocked>& blocked, bool induction) {
  Attempt a;
  z3::context ctx;
  EncodeOptions eo;
  eo.abstraction = abstraction;
  eo.unroll = o.unroll.value_or(8);
  eo.induction = induction;
  eo.maxThreads = o.maxThreads;
  eo.interGroup = interGroupLaunch(ir) && !o.onlyIntraGroup;
  eo.atLaunch = o.atLaunch && ir.program && ir.program->localSize[0] != 0;
  PairEncoding enc = encodePair(ctx, ir, eo);
  a.bounded = enc.bounded;
  a.uninterpretedFloats = enc.uninterpretedFloats;
  a.uncheckedConversions = enc.uncheckedConversions;
  a.maxIterations = enc.maxIterations;
  a.loops = enc.loops;
  a.loopsInduction = enc.loopsInduction;
  r.inductionQueries += enc.inductionQueries;
  r.queries += enc.inductionQueries;
  a.checkPoints = enc.checks.size();
  if (!enc.unsupported.empty()) {
    a.reason = "unsupported: " + enc.unsupported;
    return a;
  }

  // (asynchronous copies) a copy done is a lambda over its array: no QF_AUFBV logic then.
  z3::solver solver = makeSolver(ctx, o.timeoutSeconds, enc.lambdas ? nullptr : "QF_AUFBV");
  for (const z3::expr& c : enc.constraints) solver.add(c);
  solver.add(enc.anyError());
  for (const CheckPoint& c : enc.checks)
    if (std::any_of(blocked.begin(), blocked.end(), [&c](const Blocked& b) { return b.matches(c); }))
      solver.add(!c.cond);
  // A 64-bit address beyond 32 bits (addr64, kind Inconclusive) ends a thread without a
  // violation in an unbounded array: looked for only once no violation is reachable, so that
  // an overflow computing the address is the verdict rather than the address it wraps to.
  solver.push();
  for (const CheckPoint& c : enc.checks)
    if (c.kind == sem::VerdictKind::Inconclusive) solver.add(!c.cond);
  z3::check_result res = timedCheck(solver, r);
  if (res == z3::unsat) {
    solver.pop();
    res = timedCheck(solver, r);
  }
  if (res == z3::unsat) {
    a.status = Attempt::Status::Unsat;
    return a;
  }
  if (res == z3::unknown) {
    a.reason = "the solver answered unknown: " + solver.reason_unknown();
    return a;
  }
  z3::model best = solver.get_model();
  minimiseGroupSize(solver, enc.N, 1, best, r, "");
  // A witness a person can read: at that group size, group 0 (and group 1 for a pair of
  // two groups) when they also break it, else whatever the solver chose.
  {
    solver.push();
    solver.add(enc.N == best.eval(enc.N, true));
    z3::expr small = enc.gid == ctx.bv_val(0, 32) && z3::ule(enc.gid2, ctx.bv_val(1, 32));
    solver.add(small);
    ++r.queries;
    if (solver.check() == z3::sat) best = solver.get_model();
    solver.pop();
  }
  a.status = Attempt::Status::Sat;

  // Which check point holds.
  const CheckPoint* hit = nullptr;
  for (const CheckPoint& c : enc.checks)
    if (best.eval(c.cond, true).is_true()) {
      hit = &c;
      break;
    }
  Witness& w = a.witness;
  w.threads = static_cast<uint32_t>(best.eval(enc.N, true).get_numeral_uint64());
  w.group = static_cast<int32_t>(asInt(best.eval(enc.gid, true)));
  w.group2 = static_cast<int32_t>(asInt(best.eval(enc.gid2, true)));
  const uint32_t t1 = static_cast<uint32_t>(best.eval(enc.tid[0], true).get_numeral_uint64());
  const uint32_t t2 = static_cast<uint32_t>(best.eval(enc.tid[1], true).get_numeral_uint64());
  sem::Verdict& v = a.claim;
  if (hit) {
    a.hit = Blocked{hit->kind, hit->rule, hit->node, hit->array};
    v.kind = hit->kind;
    v.rule = hit->rule;
    v.at = hit->node;
    v.loc = ir.nodes[hit->node].loc;
    if (hit->thread < 0)
      w.pair = {t1, t2};
    else
      w.pair = {hit->thread == 0 ? t1 : t2};
    v.threads = w.pair;
    if (hit->kind == sem::VerdictKind::OutOfBounds) {
      v.array = hit->array;
      v.value = asIndex(best.eval(hit->index, true));
    }
    if (hit->rule == sem::Rule::TPrivateIndex) {  // (extension) a private array's index
      const kpl::Stmt::PrivateIndex& pi = *ir.nodes[hit->node].src->privateIndex;
      v.value = static_cast<sem::Word>(v.value);  // a 32-bit Word
      v.privateName = pi.name.name;
      v.privateSize = pi.size;
      v.message = sem::privateIndexText(v.threads[0], pi.name.name, pi.size, v.value);
    }
    if (hit->kind == sem::VerdictKind::Race && hit->array != sem::kNone) v.array = hit->array;
    if (hit->kind == sem::VerdictKind::Race && w.group2 != w.group) {
      v.rule = sem::Rule::GroupRace;  // the pair spans two groups
      v.scope = "inter-group";
    }
  }
  for (size_t k = 0; k < enc.params.size(); ++k)
    w.params[ir.params[k]] = static_cast<int32_t>(asInt(best.eval(enc.params[k], true)));
  for (int d = 0; d < 3; ++d) {
    w.localSize[d] = static_cast<uint32_t>(best.eval(enc.ldim[d], true).get_numeral_uint64());
    w.numGroups[d] = static_cast<uint32_t>(best.eval(enc.ngroups[d], true).get_numeral_uint64());
  }
  // The initial values of the cells the pair reads.
  for (const ReadRecord& rd : enc.reads) {
    const sem::ArrayInfo& info = ir.arrays[rd.array];
    const z3::expr cell = best.eval(rd.index, true);
    const sem::Index idx = asIndex(cell);
    if (info.bounded && (idx < 0 || static_cast<uint64_t>(idx) >= info.size || info.init[static_cast<size_t>(idx)]))
      continue;
    z3::expr val = best.eval(z3::select(enc.init[rd.array], cell), true);
    w.init[info.name][idx] = static_cast<int32_t>(asInt(val));
  }
  dropZeros(w);
  return a;
}

std::string describeClaim(const sem::Ir& ir, const sem::Verdict& v) {
  std::string who = v.threads.size() == 2 ? fmt::format("threads {} and {}", v.threads[0], v.threads[1])
                                          : fmt::format("thread {}", v.threads.empty() ? 0 : v.threads[0]);
  switch (v.kind) {
    case sem::VerdictKind::Race:
      return fmt::format("race on {} between {}", v.array != sem::kNone ? ir.arrays[v.array].name : "?", who);
    case sem::VerdictKind::Divergence:
      return fmt::format("barrier divergence between {}", who);
    case sem::VerdictKind::OutOfBounds:
      if (!v.message.empty() || v.array == sem::kNone) return v.message;  // a replayed verdict (a 64-bit address)
      return fmt::format("{} accesses {}[{}], outside {}[0..{}]", who, ir.arrays[v.array].name, v.value,
                         ir.arrays[v.array].name, ir.arrays[v.array].extent() - 1);
    case sem::VerdictKind::Assertion: return fmt::format("assertion fails for {}", who);
    case sem::VerdictKind::DivisionByZero: return fmt::format("{} divides by zero", who);
    case sem::VerdictKind::ShiftOutOfRange: return fmt::format("{} shifts out of 0..31", who);
    case sem::VerdictKind::IntegerOverflow: return fmt::format("signed integer overflow for {}", who);
    case sem::VerdictKind::ConstantWrite:
      return fmt::format("{} writes {}, constant memory", who, v.array != sem::kNone ? ir.arrays[v.array].name : "?");
    default: return sem::verdictName(v.kind);
  }
}

}  // namespace

bool interGroupLaunch(const sem::Ir& ir) {
  const kpl::Program* p = ir.program;
  if (!p) return false;
  if (p->localSize[0] != 0) return uint64_t{p->numGroups[0]} * p->numGroups[1] * p->numGroups[2] > 1;
  return p->groups > 1;
}

namespace {
constexpr uint64_t kMaxReplayLaunchThreads = uint64_t{1} << 24;
}  // namespace

uint64_t replaySteps(uint32_t threads) { return std::max<uint64_t>(100000, 400'000'000ull / std::max(1u, threads)); }

sem::Verdict replayWitness(const sem::Ir& ir, const Witness& w, uint64_t steps, sem::RuleObserver* observer) {
  sem::Memory memory = sem::initialMemory(ir, 0);
  for (const auto& [name, cells] : w.init)
    for (size_t a = 0; a < ir.arrays.size(); ++a)
      if (ir.arrays[a].name == name)
        for (const auto& [index, value] : cells)
          memory.store(ir, sem::Address{static_cast<sem::ArrayId>(a), index}, value);
  // (grid barriers) a group cannot pass one without the others: the launch is run as a whole.
  if (w.group2 != w.group || (ir.firstGridBarrier && interGroupLaunch(ir))) {
    // Two groups: run the launch (every group, in order) with the inter-group check.
    const sem::Evaluator::Geometry g = w.geometry();
    const uint64_t groups = uint64_t{g.numGroups[0]} * g.numGroups[1] * g.numGroups[2];
    // Bounded by the launch's threads, as a one-group witness is by its group's (prove's
    // maxReplayThreads): a launch of many small groups replays like any other.
    if (groups > UINT32_MAX || groups * w.threads > kMaxReplayLaunchThreads) {
      sem::Verdict v;
      v.kind = sem::VerdictKind::Inconclusive;
      v.message = fmt::format("not replayed: a launch of {} groups of {} threads is more than the interpreter is run "
                              "with ({} threads)",
                              groups, w.threads, kMaxReplayLaunchThreads);
      return v;
    }
    // The step budget is a group's: every group of the launch gets it.
    const uint64_t launchSteps = steps > UINT64_MAX / groups ? UINT64_MAX : steps * groups;
    return sem::runLaunch(ir, w.threads, static_cast<uint32_t>(groups), std::move(memory), w.paramValues(ir), launchSteps,
                          observer, false, /*interGroup=*/w.group2 != w.group, g)
        .verdict;
  }
  sem::SdvMachine machine(ir, w.threads);
  machine.evaluator().setGeometry(w.geometry());
  machine.setObserver(observer);
  sem::GroupState s = machine.initialState(w.group, std::move(memory), w.paramValues(ir));
  return machine.run(s, steps);
}

ProveResult prove(const sem::Ir& ir, const ProveOptions& o) {
  const auto t0 = Clock::now();
  ProveResult r;
  r.unroll = o.unroll.value_or(8);
  r.unrollGiven = o.unroll.has_value();
  r.maxThreads = o.maxThreads;

  ControlDependence cd = analyseControlDependence(ir);
  r.abstraction.resize(ir.arrays.size());
  r.abstractionWhy.resize(ir.arrays.size());
  for (size_t a = 0; a < ir.arrays.size(); ++a) {
    if (o.abstraction == "equality") {
      r.abstraction[a] = Abstraction::Equality;
      r.abstractionWhy[a] = "forced by --abstraction";
    } else if (o.abstraction == "adversarial") {
      r.abstraction[a] = Abstraction::Adversarial;
      r.abstractionWhy[a] = "forced by --abstraction";
    } else {
      r.abstraction[a] = cd.influencesControl[a] ? Abstraction::Equality : Abstraction::Adversarial;
      r.abstractionWhy[a] = cd.influencesControl[a] ? cd.why[a] : "its values never reach control flow or addresses";
    }
  }

  std::vector<Abstraction> abstraction = r.abstraction;
  std::vector<Blocked> blocked;              // --all: the violations found so far
  std::vector<sem::ViolationKey> keys;       // … and their keys
  std::vector<std::string> unconfirmed;      // --all: witnesses blocked without confirmation
  bool refined = false;
  bool floatsNoted = false, conversionsNoted = false;
  bool induction = o.induction;
  for (;;) {
    Attempt a = attempt(ir, o, abstraction, r, blocked, induction);
    if (a.uninterpretedFloats && !floatsNoted) {
      floatsNoted = true;
      r.notes.push_back(fmt::format("floating point: {} operation{} uninterpreted (any result, the same for the same "
                                    "operands): a proof holds for every float result; a witness leaning on one is "
                                    "confirmed only by the interpreter's replay",
                                    a.uninterpretedFloats, a.uninterpretedFloats == 1 ? "" : "s"));
    }
    if (a.uncheckedConversions && !conversionsNoted) {
      conversionsNoted = true;
      r.notes.push_back("float-to-integer conversions: whether the float is in the integer's range is not decided "
                        "(floats are uninterpreted), so the verdict does not cover that undefined behaviour; `sdvmc "
                        "run` and `sdvmc check` check it (integer-overflow)");
    }
    r.abstraction = abstraction;
    // (--all: over every query asked)
    r.bounded = o.all ? r.bounded || a.bounded : a.bounded;
    r.maxIterations = o.all ? std::max(r.maxIterations, a.maxIterations) : a.maxIterations;
    r.checkPoints = a.checkPoints;
    r.loops = a.loops;
    if (a.status == Attempt::Status::Unsat) {
      r.status = ProveResult::Status::Ok;
      break;
    }
    if (a.status == Attempt::Status::Unknown && a.loopsInduction > 0 && induction) {
      // The induction-encoded loops may make the query harder than their cut: try that.
      induction = false;
      r.inductionFellBack = true;
      r.notes.push_back(fmt::format("with {} loop instance{} proved by induction the query was not decided ({}): "
                                    "encoding again with every loop cut at {} iterations (as --loops unroll)",
                                    a.loopsInduction, a.loopsInduction == 1 ? "" : "s", a.reason, r.unroll));
      continue;
    }
    if (a.status == Attempt::Status::Unknown) {
      r.status = ProveResult::Status::Inconclusive;
      r.reason = a.reason;
      break;
    }
    // A witness: replay it.
    r.claim = a.claim;
    r.witness = a.witness;
    r.replayed.reset();
    r.confirmed = false;
    if (a.witness.threads > o.maxReplayThreads) {
      r.replayNote = fmt::format("not replayed: {} threads is more than the interpreter is run with ({})",
                                 a.witness.threads, o.maxReplayThreads);
    } else {
      const uint64_t steps = replaySteps(a.witness.threads);
      sem::Verdict v = replayWitness(ir, a.witness, steps);
      r.replayed = v;
      if (a.hit && a.claim.kind == sem::VerdictKind::Inconclusive && isViolation(v.kind)) {
        // A 64-bit address beyond 32 bits: in a bounded array the interpreter's out-of-bounds.
        // The claim is the interpreter's verdict (its message gives the 64-bit address).
        r.confirmed = true;
        r.claim = v;
        r.replayNote = fmt::format("confirmed by sdvmc run: {} (the solver's path: a 64-bit address beyond 32 bits "
                                   "at line {})",
                                   sem::verdictName(v.kind), a.claim.loc.line);
      } else if (!isViolation(a.claim.kind)) {
        // The model satisfies no check point the claim could name: nothing to confirm.
        r.replayNote = "not confirmed: the solver's model names no violation";
      } else if (v.kind == a.claim.kind) {
        r.confirmed = true;
        r.replayNote = "confirmed by sdvmc run";
        if (v.threads != a.claim.threads && !v.threads.empty())
          r.replayNote += " (the interpreter reports it for threads " +
                          fmt::format("{}", fmt::join(v.threads, ", ")) + ")";
      } else if (isViolation(v.kind)) {
        r.confirmed = true;
        r.replayNote = fmt::format("sdvmc run reaches a different violation first: {} (the solver's path: {})",
                                   sem::verdictName(v.kind), describeClaim(ir, a.claim));
      } else {
        r.replayNote = fmt::format("not confirmed: sdvmc run ends {} at this configuration; either an effect of "
                                   "the abstraction of shared memory at barriers, or a real violation that needs "
                                   "initial values the witness does not give (values read after a barrier are "
                                   "replayed as 0)",
                                   sem::verdictName(v.kind));
      }
    }
    if (r.confirmed && !o.all) {
      r.status = ProveResult::Status::Violation;
      break;
    }
    if (r.confirmed) {
      // --all: keep it if the interpreter's verdict is a new violation, exclude the claim's
      // check points, and ask again.
      const sem::ViolationKey key = sem::violationKey(ir, *r.replayed);
      if (std::find(keys.begin(), keys.end(), key) == keys.end()) {
        keys.push_back(key);
        r.claim.message = describeClaim(ir, r.claim);
        r.violations.push_back(ProvedViolation{r.claim, *r.witness, *r.replayed, r.replayNote});
      } else {
        r.notes.push_back(fmt::format("the solver's {} at line {} is not listed on its own: at its witness "
                                      "sdvmc run reaches an earlier violation already listed ({} at line {})",
                                      sem::verdictName(r.claim.kind), r.claim.loc.line,
                                      sem::verdictName(r.replayed->kind), r.replayed->loc.line));
      }
      assert(a.hit && "a confirmed claim names its check point");
      blocked.push_back(*a.hit);
      continue;
    }
    // A witness of an encoding with loops proved by induction may come from an invariant too
    // weak (the state at the loop head over-approximated): encode again with those loops cut
    // (before the abstraction's refinement: the cut is what prove did without induction).
    if (a.loopsInduction > 0 && induction) {
      induction = false;
      r.inductionFellBack = true;
      r.notes.push_back(fmt::format("a witness was not confirmed with {} loop instance{} proved by induction ({}); "
                                    "the invariants may be too weak: encoding again with every loop cut at {} "
                                    "iterations (as --loops unroll)",
                                    a.loopsInduction, a.loopsInduction == 1 ? "" : "s", r.replayNote, r.unroll));
      // That witness is no result: what the next attempt finds (or not) is.
      r.witness.reset();
      r.replayed.reset();
      r.replayNote.clear();
      continue;
    }
    if (a.hit && a.claim.kind == sem::VerdictKind::Inconclusive) {
      // Only a 64-bit address beyond 32 bits used as a Word (not an access's whole index, which
      // is a 64-bit cell) is reachable (no violation is): as run's verdict, inconclusive.
      r.status = ProveResult::Status::Inconclusive;
      r.reason = fmt::format("no violation is reachable, but {} can compute a 64-bit address beyond 32 bits used as "
                             "a 32-bit value, not as an access's index (line {}): inconclusive, as for sdvmc run",
                             a.claim.threads.size() == 1 ? fmt::format("thread {}", a.claim.threads[0]) : "a thread",
                             a.claim.loc.line);
      break;
    }
    // Refinement: an unconfirmed witness under the adversarial abstraction is retried with
    // the (more precise) equality abstraction for every array.
    bool anyAdversarial = false;
    for (Abstraction x : abstraction) anyAdversarial |= x == Abstraction::Adversarial;
    if (o.abstraction == "auto" && anyAdversarial && !refined) {
      refined = true;
      r.notes.push_back(fmt::format("a witness under the adversarial abstraction was not confirmed ({}); "
                                    "retrying with the equality abstraction for every array",
                                    r.replayNote));
      for (size_t k = 0; k < abstraction.size(); ++k)
        if (abstraction[k] == Abstraction::Adversarial) {
          abstraction[k] = Abstraction::Equality;
          r.abstractionWhy[k] = "refined from adversarial after an unconfirmed witness";
        }
      continue;
    }
    if (o.all && a.hit) {  // --all: set it aside and look for the others
      unconfirmed.push_back(fmt::format("{} at line {} ({})", sem::verdictName(r.claim.kind), r.claim.loc.line,
                                        r.replayNote));
      blocked.push_back(*a.hit);
      continue;
    }
    r.status = ProveResult::Status::Inconclusive;
    r.reason = "the only witness found is not confirmed by the interpreter (" + r.replayNote + ")";
    break;
  }
  if (o.all) {
    // The list is the verdict: a violation if any was confirmed (the search may have ended
    // in unknown: said in the notes); else ok only when no witness was set aside.
    for (const std::string& u : unconfirmed)
      r.notes.push_back("an unconfirmed witness was set aside: " + u);
    if (!r.violations.empty()) {
      // `reason` (empty when the last query was unsat and nothing was set aside) says why
      // the list may be incomplete.
      if (r.status == ProveResult::Status::Ok && !unconfirmed.empty())
        r.reason = fmt::format("{} unconfirmed witness(es) set aside (see the notes)", unconfirmed.size());
      r.status = ProveResult::Status::Violation;
      const ProvedViolation& first = r.violations.front();
      r.claim = first.claim;
      r.witness = first.witness;
      r.replayed = first.replayed;
      r.replayNote = first.replayNote;
      r.confirmed = true;
    } else if (r.status == ProveResult::Status::Ok && !unconfirmed.empty()) {
      r.status = ProveResult::Status::Inconclusive;
      r.reason = "no violation confirmed, but " + std::to_string(unconfirmed.size()) +
                 " witness(es) the interpreter does not confirm";
    }
  }
  r.claim.message = r.witness ? describeClaim(ir, r.claim) : "";
  r.seconds = since(t0);
  return r;
}

}  // namespace sdvmc::prove

namespace sdvmc::prove {

namespace {

std::optional<sem::ArrayId> arrayNamed(const sem::Ir& ir, const std::string& name) {
  for (size_t a = 0; a < ir.arrays.size(); ++a)
    if (ir.arrays[a].name == name) return static_cast<sem::ArrayId>(a);
  return std::nullopt;
}

/// Runs `w` and returns the verdict and the final shared memory.
std::pair<sem::Verdict, sem::Memory> runFinal(const sem::Ir& ir, const Witness& w, uint64_t steps) {
  sem::Memory memory = sem::initialMemory(ir, 0);
  for (const auto& [name, cells] : w.init)
    if (auto a = arrayNamed(ir, name))
      for (const auto& [index, value] : cells)
        if (!ir.arrays[*a].bounded || (index >= 0 && static_cast<uint32_t>(index) < ir.arrays[*a].size))
          memory.store(ir, sem::Address{*a, index}, value);
  sem::SdvMachine machine(ir, w.threads);
  machine.evaluator().setGeometry(w.geometry());
  sem::GroupState s = machine.initialState(w.group, std::move(memory), w.paramValues(ir));
  sem::Verdict v = machine.run(s, steps);
  return {v, s.base};
}

}  // namespace

EquivResult proveEquivalent(const sem::Ir& A, const sem::Ir& B, const std::string& array, uint32_t minThreads,
                            uint32_t maxThreads, const ProveOptions& o) {
  const auto t0 = Clock::now();
  EquivResult r;
  r.minThreads = minThreads;
  r.maxThreads = maxThreads;
  r.unroll = o.unroll.value_or(8);
  auto arrA = arrayNamed(A, array), arrB = arrayNamed(B, array);
  if (!arrA || !arrB) {
    r.reason = fmt::format("no array '{}' in {}", array, !arrA ? "the first kernel" : "the second kernel");
    return r;
  }
  for (uint32_t n = minThreads; n <= maxThreads; ++n) {
    z3::context ctx;
    EncodeOptions eo;
    eo.unroll = r.unroll;
    eo.fixedThreads = n;
    eo.wholeGroup = true;
    eo.prefix = "a_";
    PairEncoding ea = encodePair(ctx, A, eo);
    eo.prefix = "b_";
    PairEncoding eb = encodePair(ctx, B, eo);
    r.bounded |= ea.bounded || eb.bounded;
    z3::solver solver = makeSolver(ctx, o.timeoutSeconds, "QF_AUFBV");
    for (const z3::expr& c : ea.constraints) solver.add(c);
    for (const z3::expr& c : eb.constraints) solver.add(c);
    solver.add(ea.alive && eb.alive);
    z3::expr cell = ctx.bv_const("cell", 32);
    const sem::ArrayInfo& ia = A.arrays[*arrA];
    const sem::ArrayInfo& ib = B.arrays[*arrB];
    if (ia.extent()) solver.add(cell >= ctx.bv_val(0, 32) && cell < ctx.bv_val(static_cast<int>(ia.extent()), 32));
    if (ib.extent()) solver.add(cell >= ctx.bv_val(0, 32) && cell < ctx.bv_val(static_cast<int>(ib.extent()), 32));
    z3::expr va = z3::select(ea.finalMemory[*arrA], cell), vb = z3::select(eb.finalMemory[*arrB], cell);
    solver.add(va != vb);
    z3::check_result res = solver.check();
    if (res == z3::unsat) continue;
    if (res == z3::unknown) {
      r.reason = fmt::format("the solver answered unknown at {} threads: {}", n, solver.reason_unknown());
      r.seconds = since(t0);
      return r;
    }
    z3::model m = solver.get_model();
    Witness w;
    w.threads = n;
    w.group = static_cast<int32_t>(asInt(m.eval(ea.gid, true)));
    for (const PairEncoding* e : {&ea, &eb})
      for (size_t k = 0; k < e->params.size(); ++k)
        w.params[e->ir.params[k]] = static_cast<int32_t>(asInt(m.eval(e->params[k], true)));
    for (const PairEncoding* e : {&ea, &eb})
      for (const ReadRecord& rd : e->reads) {
        const sem::ArrayInfo& info = e->ir.arrays[rd.array];
        const int32_t idx = static_cast<int32_t>(asInt(m.eval(rd.index, true)));
        if (info.bounded && (idx < 0 || static_cast<uint32_t>(idx) >= info.size || info.init[idx])) continue;
        w.init[info.name][idx] =
            static_cast<int32_t>(asInt(m.eval(z3::select(e->init[rd.array], ctx.bv_val(idx, 32)), true)));
      }
    r.cell = static_cast<int32_t>(asInt(m.eval(cell, true)));
    // The compared cell's own initial value (a kernel may leave it unwritten).
    for (const PairEncoding* e : {&ea, &eb}) {
      const sem::ArrayId out = e == &ea ? *arrA : *arrB;
      const sem::ArrayInfo& info = e->ir.arrays[out];
      if (!info.bounded || !info.init[r.cell])
        w.init[info.name][r.cell] =
            static_cast<int32_t>(asInt(m.eval(z3::select(e->init[out], ctx.bv_val(r.cell, 32)), true)));
    }
    dropZeros(w);
    r.valueA = static_cast<int32_t>(asInt(m.eval(va, true)));
    r.valueB = static_cast<int32_t>(asInt(m.eval(vb, true)));
    auto [vA, memA] = runFinal(A, w, 100'000'000);
    auto [vB, memB] = runFinal(B, w, 100'000'000);
    if (vA.kind == sem::VerdictKind::Ok && vB.kind == sem::VerdictKind::Ok) {
      const sem::Word xa = memA.load(A, sem::Address{*arrA, r.cell});
      const sem::Word xb = memB.load(B, sem::Address{*arrB, r.cell});
      r.confirmed = xa != xb;
      r.replayNote = r.confirmed ? fmt::format("confirmed by sdvmc run: {}[{}] = {} and {}", array, r.cell, xa, xb)
                                 : fmt::format("NOT confirmed: sdvmc run gives {}[{}] = {} in both", array, r.cell, xa);
    } else {
      r.replayNote = fmt::format("NOT confirmed: sdvmc run ends {} and {}", sem::verdictName(vA.kind),
                                 sem::verdictName(vB.kind));
    }
    r.witness = w;
    r.status = r.confirmed ? EquivResult::Status::Different : EquivResult::Status::Inconclusive;
    if (!r.confirmed) r.reason = "the difference found is not confirmed by the interpreter (" + r.replayNote + ")";
    r.seconds = since(t0);
    return r;
  }
  r.status = EquivResult::Status::Equivalent;
  r.seconds = since(t0);
  return r;
}

}  // namespace sdvmc::prove

namespace sdvmc::prove {

namespace {

/// The cells a model gives an array (store chains, constant arrays, as-array
/// interpretations); `fallback`: the value of cells it does not list, when known.
void modelCells(const z3::model& m, const z3::expr& array, std::map<int64_t, int32_t>& cells,
                std::optional<int32_t>& fallback) {
  z3::expr v = m.eval(array, true);
  for (int guard = 0; guard < 1000000; ++guard) {
    if (!v.is_app()) return;
    const Z3_decl_kind k = v.decl().decl_kind();
    if (k == Z3_OP_STORE) {
      const int64_t i = asIndex(v.arg(1));
      const int32_t x = static_cast<int32_t>(asInt(v.arg(2)));
      cells.emplace(i, x);  // the outermost store of an index wins
      v = v.arg(0);
    } else if (k == Z3_OP_CONST_ARRAY) {
      if (v.arg(0).is_numeral()) fallback = static_cast<int32_t>(asInt(v.arg(0)));
      return;
    } else if (k == Z3_OP_AS_ARRAY) {
      z3::func_decl f(v.ctx(), Z3_get_as_array_func_decl(v.ctx(), v));
      if (!m.has_interp(f)) return;
      z3::func_interp fi = m.get_func_interp(f);
      for (unsigned e = 0; e < fi.num_entries(); ++e) {
        z3::func_entry en = fi.entry(e);
        if (en.num_args() == 1 && en.arg(0).is_numeral() && en.value().is_numeral())
          cells.emplace(asIndex(en.arg(0)), static_cast<int32_t>(asInt(en.value())));
      }
      if (fi.else_value().is_numeral()) fallback = static_cast<int32_t>(asInt(fi.else_value()));
      return;
    } else {
      return;
    }
  }
}

const char* kernelName(int k) { return k == 0 ? "the first kernel" : "the second kernel"; }

}  // namespace

EquivResult proveEquivalentEverySize(const sem::Ir& A, const sem::Ir& B, const std::string& array,
                                     const ProveOptions& o) {
  const auto t0 = Clock::now();
  EquivResult r;
  r.everySize = true;
  r.minThreads = 1;
  r.maxThreads = o.maxThreads;
  r.unroll = o.unroll.value_or(8);
  auto arrA = arrayNamed(A, array), arrB = arrayNamed(B, array);
  if (!arrA || !arrB) {
    r.reason = fmt::format("no array '{}' in {}", array, !arrA ? "the first kernel" : "the second kernel");
    return r;
  }
  // The precondition: race- and divergence-free for every group size (and free of errors,
  // so that every execution compared ends normally).
  const sem::Ir* irs[2] = {&A, &B};
  for (int k = 0; k < 2; ++k) {
    r.pre[k] = prove(*irs[k], o);
    r.preChecked[k] = true;
    r.bounded |= r.pre[k].bounded;
    const ProveResult& p = r.pre[k];
    if (p.status == ProveResult::Status::Ok) continue;
    r.preFailed = k;
    r.reason = p.status == ProveResult::Status::Violation
                   ? fmt::format("{} is not free of races, divergence and errors: {} ({}); the method compares "
                                 "final memories of race- and divergence-free kernels only",
                                 kernelName(k), p.claim.message, p.replayNote)
                   : fmt::format("{} could not be proved race- and divergence-free: {}", kernelName(k), p.reason);
    r.seconds = since(t0);
    return r;
  }
  // Small group sizes first, exactly (whole groups): a difference there is the smallest.
  r.boundedUpTo = static_cast<uint32_t>(std::min<uint64_t>(8, o.maxThreads));
  uint32_t noDifferenceUpTo = r.boundedUpTo;  // the smallest N searched below is one more
  {
    EquivResult b = proveEquivalent(A, B, array, 1, r.boundedUpTo, o);
    r.bounded |= b.bounded;
    if (b.status == EquivResult::Status::Different) {
      b.everySize = true;
      b.minThreads = 1;
      b.maxThreads = o.maxThreads;
      b.bounded = r.bounded;
      b.pre[0] = r.pre[0];
      b.pre[1] = r.pre[1];
      b.preChecked[0] = b.preChecked[1] = true;
      b.boundedUpTo = r.boundedUpTo;
      b.foundBounded = true;
      b.seconds = since(t0);
      return b;
    }
    if (b.status == EquivResult::Status::Inconclusive) {
      r.notes.push_back(fmt::format("the bounded search over 1..{} threads was inconclusive: {}", r.boundedUpTo,
                                    b.reason));
      noDifferenceUpTo = 0;
    }
  }

  z3::context ctx;
  EncodeOptions eo;
  eo.unroll = r.unroll;
  eo.maxThreads = o.maxThreads;
  eo.generic = true;
  eo.prefix = "a_";
  PairEncoding ea = encodePair(ctx, A, eo);
  eo.prefix = "b_";
  PairEncoding eb = encodePair(ctx, B, eo);
  for (const PairEncoding* e : {&ea, &eb})
    if (!e->unsupported.empty()) {
      r.reason = fmt::format("unsupported: {} in {}", e->unsupported, kernelName(e == &ea ? 0 : 1));
      r.seconds = since(t0);
      return r;
    }
  r.bounded |= ea.bounded || eb.bounded;
  r.snapshots[0] = ea.snapshots;
  r.snapshots[1] = eb.snapshots;
  z3::expr cell = ctx.bv_const("cell", 32);
  const sem::ArrayInfo& ia = A.arrays[*arrA];
  const sem::ArrayInfo& ib = B.arrays[*arrB];
  z3::expr_vector ground(ctx);
  for (const z3::expr& c : ea.constraints) ground.push_back(c);
  for (const z3::expr& c : eb.constraints) ground.push_back(c);
  if (ia.extent()) ground.push_back(cell >= ctx.bv_val(0, 32) && cell < ctx.bv_val(static_cast<int>(ia.extent()), 32));
  if (ib.extent()) ground.push_back(cell >= ctx.bv_val(0, 32) && cell < ctx.bv_val(static_cast<int>(ib.extent()), 32));
  z3::expr va = z3::select(ea.finalMemory[*arrA], cell), vb = z3::select(eb.finalMemory[*arrB], cell);
  ground.push_back(va != vb);
  // The quantified formulas: writer axioms, and every thread alive (within the loop bound,
  // its assumes satisfied); as (variable, body) for ground instances.
  struct Quantified {
    z3::expr var, body;
  };
  std::vector<Quantified> quantified;
  for (const PairEncoding* e : {&ea, &eb}) {
    for (const z3::expr& body : e->axiomBodies) quantified.push_back({e->tid[0], body});
    z3::expr alive = e->alive.simplify();
    if (!alive.is_true()) quantified.push_back({e->tid[0], z3::implies(z3::ult(e->tid[0], e->N), alive)});
  }
  r.axioms = quantified.size();

  // Ground instances first (PUGpara's instantiation, generalised): each quantified formula
  // at every thread term of the problem: the compared cell, the writers σ_k(x) met and their
  // arguments (a cell written by thread t is often one that names t). Instances are implied
  // by the formulas, so an unsat answer with them alone is a proof; a model is only a
  // candidate, which the interpreter checks.
  std::set<unsigned> writerIds, seen, candidateIds;
  for (const PairEncoding* e : {&ea, &eb})
    for (const z3::func_decl& f : e->writers) writerIds.insert(f.id());
  std::vector<z3::expr> candidates;
  auto collect = [&](const z3::expr& root) {
    std::vector<z3::expr> stack{root};
    while (!stack.empty()) {
      z3::expr x = stack.back();
      stack.pop_back();
      if (!seen.insert(x.id()).second || !x.is_app()) continue;
      if (writerIds.count(x.decl().id()))
        for (const z3::expr& t : {x, x.arg(0)})
          if (candidateIds.insert(t.id()).second) candidates.push_back(t);
      for (unsigned i = 0; i < x.num_args(); ++i) stack.push_back(x.arg(i));
    }
  };
  std::vector<z3::expr> instances;
  candidates.push_back(cell);
  candidateIds.insert(cell.id());
  for (unsigned i = 0; i < ground.size(); ++i) {
    z3::expr g = ground[i].simplify();
    instances.push_back(g);
    collect(g);
  }
  // One round instantiates every formula at the candidates not used yet; its instances
  // bring new writer terms, the next round's candidates.
  const size_t maxInstances = 20000;
  size_t done = 0;
  auto instantiateRound = [&]() {
    const size_t end = candidates.size();
    for (; done < end && instances.size() < maxInstances; ++done)
      for (const Quantified& q : quantified) {
        z3::expr_vector from(ctx), to(ctx);
        from.push_back(q.var);
        to.push_back(candidates[done]);
        z3::expr inst = z3::expr(q.body).substitute(from, to).simplify();
        if (inst.is_true()) continue;
        instances.push_back(inst);
        collect(inst);
      }
  };

  auto check = [&](z3::solver& solver) { return timedCheck(solver, r); };
  // Solves, and on a model: the smallest N, group 0, the witness, its replay. Returns the
  // solver's answer.
  auto solveAndReplay = [&](z3::solver& solver, const char* what) -> z3::check_result {
    z3::check_result res = check(solver);
    if (res != z3::sat) return res;
    z3::model m = solver.get_model();
    minimiseGroupSize(solver, ea.N, static_cast<uint64_t>(noDifferenceUpTo) + 1, m, r, what);
    solver.push();
    solver.add(ea.N == m.eval(ea.N, true) && ea.gid == ctx.bv_val(0, 32));
    if (check(solver) == z3::sat) m = solver.get_model();
    solver.pop();
    Witness w;
    w.threads = static_cast<uint32_t>(m.eval(ea.N, true).get_numeral_uint64());
    w.group = w.group2 = static_cast<int32_t>(asInt(m.eval(ea.gid, true)));
    for (const PairEncoding* e : {&ea, &eb})
      for (size_t k = 0; k < e->params.size(); ++k)
        w.params[e->ir.params[k]] = static_cast<int32_t>(asInt(m.eval(e->params[k], true)));
    for (int d = 0; d < 3; ++d) {
      w.localSize[d] = static_cast<uint32_t>(m.eval(ea.ldim[d], true).get_numeral_uint64());
      w.numGroups[d] = static_cast<uint32_t>(m.eval(ea.ngroups[d], true).get_numeral_uint64());
    }
    r.cell = static_cast<int32_t>(asInt(m.eval(cell, true)));
    // Initial memory: every arbitrary cell of a bounded array, the cells the model lists of
    // an unbounded one (others: 0, as run's default).
    for (const PairEncoding* e : {&ea, &eb})
      for (size_t a = 0; a < e->ir.arrays.size(); ++a) {
        const sem::ArrayInfo& info = e->ir.arrays[a];
        if (w.init.count(info.name)) continue;
        std::map<int64_t, int32_t>& cells = w.init[info.name];
        if (info.bounded) {
          for (uint32_t i = 0; i < info.size && i < (1u << 16); ++i)
            if (!info.init[i])
              cells[static_cast<int32_t>(i)] = static_cast<int32_t>(
                  asInt(m.eval(z3::select(e->init[a], ctx.bv_val(static_cast<int>(i), 32)), true)));
        } else {
          std::optional<int32_t> fallback;
          modelCells(m, e->init[a], cells, fallback);
          if (fallback && *fallback != 0)
            r.notes.push_back(fmt::format("{}: the model gives {}'s unlisted cells the value {}; replayed as 0",
                                          what, info.name, *fallback));
        }
      }
    dropZeros(w);
    r.valueA = static_cast<int32_t>(asInt(m.eval(va, true)));
    r.valueB = static_cast<int32_t>(asInt(m.eval(vb, true)));
    r.witness = w;
    r.confirmed = false;
    if (w.threads > o.maxReplayThreads) {
      r.replayNote = fmt::format("not replayed: {} threads is more than the interpreter is run with ({})", w.threads,
                                 o.maxReplayThreads);
      return res;
    }
    // Runs both kernels at `x`: the two final values of the cell, when both end normally.
    auto differs = [&](const Witness& x, sem::Word& xa, sem::Word& xb, std::string& note) {
      auto [vA, memA] = runFinal(A, x, 100'000'000);
      auto [vB, memB] = runFinal(B, x, 100'000'000);
      if (vA.kind != sem::VerdictKind::Ok || vB.kind != sem::VerdictKind::Ok) {
        note = fmt::format("NOT confirmed: sdvmc run ends {} and {}", sem::verdictName(vA.kind),
                           sem::verdictName(vB.kind));
        return false;
      }
      xa = memA.load(A, sem::Address{*arrA, r.cell});
      xb = memB.load(B, sem::Address{*arrB, r.cell});
      if (xa == xb) note = fmt::format("NOT confirmed: sdvmc run gives {}[{}] = {} in both", array, r.cell, xa);
      return xa != xb;
    };
    sem::Word xa = 0, xb = 0;
    if (!differs(w, xa, xb, r.replayNote)) return res;
    // A shorter witness: drop initial values (whole arrays, then cells) while the
    // interpreter still sees a difference.
    for (auto it = w.init.begin(); it != w.init.end();) {
      Witness t = w;
      t.init.erase(it->first);
      sem::Word ta = 0, tb = 0;
      std::string note;
      if (differs(t, ta, tb, note)) {
        it = w.init.erase(it);
        continue;
      }
      if (it->second.size() <= 256)
        for (auto c = it->second.begin(); c != it->second.end();) {
          Witness u = w;
          u.init[it->first].erase(c->first);
          if (differs(u, ta, tb, note)) c = it->second.erase(c);
          else ++c;
        }
      ++it;
    }
    differs(w, xa, xb, r.replayNote);
    r.witness = w;
    r.confirmed = true;
    r.replayNote = fmt::format("confirmed by sdvmc run: {}[{}] = {} and {}", array, r.cell, xa, xb);
    r.valueA = xa;  // the interpreter's values (the initial values were reduced)
    r.valueB = xb;
    return res;
  };
  auto finish = [&](EquivResult::Status st) {
    r.status = st;
    r.seconds = since(t0);
    return r;
  };

  // Up to three rounds of ground instances, each solved on its own: unsat is a proof; a
  // model the interpreter confirms is a difference; otherwise one more round.
  for (int round = 1; round <= 3 && done < candidates.size(); ++round) {
    instantiateRound();
    r.instances = instances.size();
    // Z3's QF_AUFBV solver is much faster here than its default one (the snapshots'
    // lambdas are handled by its array theory either way); the default one is the fallback
    // when it gives up for a reason other than the time limit.
    z3::solver solver = makeSolver(ctx, o.timeoutSeconds, "QF_AUFBV");
    for (const z3::expr& g : instances) solver.add(g);
    z3::check_result res = solveAndReplay(solver, "ground instances");
    if (res == z3::unknown && solver.reason_unknown().find("timeout") == std::string::npos &&
        solver.reason_unknown().find("canceled") == std::string::npos) {
      r.notes.push_back(fmt::format("round {}: the QF_AUFBV solver gave up ({}); the default solver instead", round,
                                    solver.reason_unknown()));
      solver = makeSolver(ctx, o.timeoutSeconds);
      for (const z3::expr& g : instances) solver.add(g);
      res = solveAndReplay(solver, "ground instances");
    }
    r.method = fmt::format("ground instances, {} round{}", round, round == 1 ? "" : "s");
    if (res == z3::unsat) return finish(EquivResult::Status::Equivalent);
    if (res == z3::sat && r.confirmed) return finish(EquivResult::Status::Different);
    r.notes.push_back(res == z3::sat ? fmt::format("round {} of ground instances allows a difference the "
                                                   "interpreter does not reproduce ({})",
                                                   round, r.replayNote)
                                     : fmt::format("round {} of ground instances: the solver answered unknown ({})",
                                                   round, solver.reason_unknown()));
    r.witness.reset();
    if (res == z3::unknown) break;  // more instances will not make it easier
  }
  r.notes.push_back("solving with the quantified formulas (model-based instantiation)");
  z3::solver solver = makeSolver(ctx, o.timeoutSeconds);
  for (const z3::expr& g : instances) solver.add(g);
  for (const Quantified& q : quantified) solver.add(z3::forall(q.var, q.body));
  r.method = "quantified formulas";
  z3::check_result res = solveAndReplay(solver, "quantified");
  if (res == z3::unsat) return finish(EquivResult::Status::Equivalent);
  if (res == z3::unknown) {
    r.reason = fmt::format("the solver answered unknown on the quantified formulas: {}", solver.reason_unknown());
    r.witness.reset();
    return finish(EquivResult::Status::Inconclusive);
  }
  if (r.confirmed) return finish(EquivResult::Status::Different);
  r.reason = "the difference found is not confirmed by the interpreter (" + r.replayNote + ")";
  return finish(EquivResult::Status::Inconclusive);
}

}  // namespace sdvmc::prove
