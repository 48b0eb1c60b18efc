// The prove driver: abstraction choice, solving, minimising N, witness, replay (see
// Prover.h).
#include "frontends/z3/Prover.h"

#include "semantics/Launch.h"

#include "semantics/Sdv.h"

#include <chrono>
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

bool isViolation(sem::VerdictKind k) {
  return k != sem::VerdictKind::Ok && k != sem::VerdictKind::Discarded && k != sem::VerdictKind::Inconclusive;
}

struct Attempt {
  enum class Status { Unsat, Sat, Unknown } status = Status::Unknown;
  std::string reason;
  bool bounded = false;
  uint32_t maxIterations = 0;
  size_t checkPoints = 0;
  sem::Verdict claim;
  Witness witness;
};

Attempt attempt(const sem::Ir& ir, const ProveOptions& o, const std::vector<Abstraction>& abstraction,
                ProveResult& r) {
  Attempt a;
  z3::context ctx;
  EncodeOptions eo;
  eo.abstraction = abstraction;
  eo.unroll = o.unroll.value_or(8);
  eo.maxThreads = o.maxThreads;
  eo.interGroup = interGroupLaunch(ir) && !o.onlyIntraGroup;
  PairEncoding enc = encodePair(ctx, ir, eo);
  a.bounded = enc.bounded;
  a.maxIterations = enc.maxIterations;
  a.checkPoints = enc.checks.size();

  z3::solver solver(ctx, "QF_AUFBV");
  if (o.timeoutSeconds > 0) {
    z3::params p(ctx);
    p.set("timeout", static_cast<unsigned>(o.timeoutSeconds * 1000));
    solver.set(p);
  }
  for (const z3::expr& c : enc.constraints) solver.add(c);
  solver.add(enc.anyError());
  const auto t0 = Clock::now();
  ++r.queries;
  z3::check_result res = solver.check();
  r.solveSeconds += since(t0);
  if (res == z3::unsat) {
    a.status = Attempt::Status::Unsat;
    return a;
  }
  if (res == z3::unknown) {
    a.reason = "the solver answered unknown: " + solver.reason_unknown();
    return a;
  }
  z3::model best = solver.get_model();
  // The smallest group size: binary search on N.
  uint64_t hi = best.eval(enc.N, true).get_numeral_uint64(), lo = 1;
  while (lo < hi) {
    const uint64_t mid = lo + (hi - lo) / 2;
    solver.push();
    solver.add(z3::ule(enc.N, ctx.bv_val(static_cast<uint64_t>(mid), 32)));
    const auto t1 = Clock::now();
    ++r.queries;
    z3::check_result q = solver.check();
    r.solveSeconds += since(t1);
    if (q == z3::sat) {
      best = solver.get_model();
      hi = best.eval(enc.N, true).get_numeral_uint64();
    } else if (q == z3::unsat) {
      lo = mid + 1;
    } else {
      r.notes.push_back(fmt::format("minimising the group size stopped at {} (solver: {})", hi,
                                    solver.reason_unknown()));
      solver.pop();
      break;
    }
    solver.pop();
  }
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
      v.value = static_cast<sem::Word>(asInt(best.eval(hit->index, true)));
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
    const int32_t idx = static_cast<int32_t>(asInt(best.eval(rd.index, true)));
    if (info.bounded && (idx < 0 || static_cast<uint32_t>(idx) >= info.size || info.init[idx])) continue;
    z3::expr val = best.eval(z3::select(enc.init[rd.array], ctx.bv_val(idx, 32)), true);
    w.init[info.name][idx] = static_cast<int32_t>(asInt(val));
  }
  for (auto it = w.init.begin(); it != w.init.end();) {
    for (auto c = it->second.begin(); c != it->second.end();)
      c = c->second == 0 ? it->second.erase(c) : std::next(c);  // 0 is run's default
    it = it->second.empty() ? w.init.erase(it) : std::next(it);
  }
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
      return fmt::format("{} accesses {}[{}], outside {}[0..{}]", who, ir.arrays[v.array].name, v.value,
                         ir.arrays[v.array].name, ir.arrays[v.array].size - 1);
    case sem::VerdictKind::Assertion: return fmt::format("assertion fails for {}", who);
    case sem::VerdictKind::DivisionByZero: return fmt::format("{} divides by zero", who);
    case sem::VerdictKind::ShiftOutOfRange: return fmt::format("{} shifts out of 0..31", who);
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

sem::Verdict replayWitness(const sem::Ir& ir, const Witness& w, uint64_t steps) {
  sem::Memory memory = sem::initialMemory(ir, 0);
  for (const auto& [name, cells] : w.init)
    for (size_t a = 0; a < ir.arrays.size(); ++a)
      if (ir.arrays[a].name == name)
        for (const auto& [index, value] : cells)
          memory.store(ir, sem::Address{static_cast<sem::ArrayId>(a), index}, value);
  if (w.group2 != w.group) {
    // Two groups: run the launch (every group, in order) with the inter-group check.
    const sem::Evaluator::Geometry g = w.geometry();
    const uint64_t groups = uint64_t{g.numGroups[0]} * g.numGroups[1] * g.numGroups[2];
    if (groups > 64) {
      sem::Verdict v;
      v.kind = sem::VerdictKind::Inconclusive;
      v.message = fmt::format("not replayed: a launch of {} groups", groups);
      return v;
    }
    return sem::runLaunch(ir, w.threads, static_cast<uint32_t>(groups), std::move(memory), w.paramValues(ir), steps,
                          nullptr, false, true, g)
        .verdict;
  }
  sem::SdvMachine machine(ir, w.threads);
  machine.evaluator().setGeometry(w.geometry());
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
  for (int round = 0;; ++round) {
    Attempt a = attempt(ir, o, abstraction, r);
    r.abstraction = abstraction;
    r.bounded = a.bounded;
    r.maxIterations = a.maxIterations;
    r.checkPoints = a.checkPoints;
    if (a.status == Attempt::Status::Unsat) {
      r.status = ProveResult::Status::Ok;
      break;
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
      const uint64_t steps = std::max<uint64_t>(100000, 400'000'000ull / a.witness.threads);
      sem::Verdict v = replayWitness(ir, a.witness, steps);
      r.replayed = v;
      if (!isViolation(a.claim.kind)) {
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
    if (r.confirmed) {
      r.status = ProveResult::Status::Violation;
      break;
    }
    // Refinement: an unconfirmed witness under the adversarial abstraction is retried with
    // the (more precise) equality abstraction for every array.
    bool anyAdversarial = false;
    for (Abstraction x : abstraction) anyAdversarial |= x == Abstraction::Adversarial;
    if (o.abstraction == "auto" && anyAdversarial && round == 0) {
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
    r.status = ProveResult::Status::Inconclusive;
    r.reason = "the only witness found is not confirmed by the interpreter (" + r.replayNote + ")";
    break;
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
    z3::solver solver(ctx, "QF_AUFBV");
    if (o.timeoutSeconds > 0) {
      z3::params p(ctx);
      p.set("timeout", static_cast<unsigned>(o.timeoutSeconds * 1000));
      solver.set(p);
    }
    for (const z3::expr& c : ea.constraints) solver.add(c);
    for (const z3::expr& c : eb.constraints) solver.add(c);
    solver.add(ea.alive && eb.alive);
    z3::expr cell = ctx.bv_const("cell", 32);
    const sem::ArrayInfo& ia = A.arrays[*arrA];
    const sem::ArrayInfo& ib = B.arrays[*arrB];
    if (ia.bounded) solver.add(cell >= ctx.bv_val(0, 32) && cell < ctx.bv_val(static_cast<int>(ia.size), 32));
    if (ib.bounded) solver.add(cell >= ctx.bv_val(0, 32) && cell < ctx.bv_val(static_cast<int>(ib.size), 32));
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
