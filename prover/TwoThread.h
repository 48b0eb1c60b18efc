// The two-thread reduction of the GPUVerify paper (section 4.2) over the lowered IR.
//
// Two distinct threads t1 ≠ t2 with symbolic ids in a group of symbolic size N run the
// kernel in predicated lock step, exactly as the SDV rules run every thread
// (../shared/sdv-semantics.md): the IR already carries the rules' structure (flags,
// predicates as conjunctions of flag literals, call-by-name instantiation), so every
// basic statement becomes a pair of predicated updates, one per thread.
//
//  - values: 32-bit bit-vectors with the interpreter's wrap-around; / and % are bvsdiv /
//    bvsrem (INT_MIN / -1 = INT_MIN, INT_MIN % -1 = 0), >> is arithmetic; division by zero
//    and shifts outside 0..31 are errors, raised only for threads whose mask needs the
//    operand (&&, || and ?: short-circuit per thread, as in Eval.cpp).
//  - cell indices: 32-bit bit-vectors; in a kernel with addr64 accesses (pair mode) 64-bit
//    ones (PairEncoding::wideIndices): addr64(h, l) as an access's index is the cell h:l,
//    any other index sign-extended, as Evaluator::evalIndex; arrays, logs and bounds checks
//    then use 64 bits, and so do induction's havoc and log candidates (Induction.h).
//  - N = 1: thread 2 is absent: it still computes (with an unconstrained id), but its
//    errors, assumes and loop continuation count only when N ≥ 2, and races and
//    divergence need N ≥ 2; so single-thread errors (assertion, out-of-bounds, division,
//    shift) are found with one thread too.
//  - shared memory: each thread sees its shadow = base at the last barrier overridden by
//    its own writes since. Before the first barrier the base is the kernel's initial
//    memory (declared values, arbitrary elsewhere), the same for both threads: exact. At a
//    barrier that synchronises, the base is havocked: per array, to one fresh array shared
//    by both threads (equality abstraction) or one fresh array per thread (adversarial
//    abstraction). Both over-approximate G-SYNC's merge.
//  - races: per array and thread, one nondeterministically chosen read and write since
//    the last barrier (RD_exists/RD_elem, WR_exists/WR_elem); checked where SDV checks
//    them, at a barrier that both threads reach enabled (G-RACE).
//  - atomics (T-ATOMIC): a third log per array and thread (ATOMIC_exists/ATOMIC_elem); a
//    plain access against the other thread's atomic log, and an atomic against its read and
//    write logs, is a race (G-RACE), checked at the second access: an atomic changes the
//    cell for the whole group at once, so after it the other thread's values are no longer
//    the encoding's. Two atomics never race. The value an atomic returns and the thread's
//    own view of the cell afterwards are fresh per thread and execution (other threads'
//    atomics may run in any number before and after), under either abstraction. A 64-bit
//    atomic (atomic64_OP) does all this on its two cells, the low word at the index and the
//    high word at the next cell (sem::nextCell: + 1 in 64 bits for an addr64 index, else in
//    Word arithmetic); a bounded array is out-of-bounds at the high word too.
//    Whole-group and generic modes (--equiv) do not encode atomics (`unsupported`).
//  - divergence: at a barrier, N ≥ 2 and the pair's predicates differ (G-DIVERGENCE).
//  - (extension) grid barriers (`barrier(grid);`), with the groups' races checked
//    (interGroup): a barrier of the whole launch. The pair's predicates differing is a
//    divergence for two threads of two groups too (grid barrier divergence); both threads'
//    logs start again there (a global array's too, for two groups), and after it both see
//    one global memory (under the equality abstraction). Without interGroup, a barrier.
//  - (extension) asynchronous copies (semantics/rules/Async.cpp; AsyncCopies.cpp): every copy instance issued
//    is kept with its cells (off + k·stride, k < n: the stride a constant or a uniform run-time Word) and formulas for
//    issued / done; ASYNC-RACE is checked at the issue (the copy against itself, the copies in
//    flight and the logs since the last barrier) and at each access while it is in flight; the
//    waits (G-ASYNC-WAIT, T-CP-COMMIT / T-CP-WAIT) and main's last barrier complete it at once,
//    a lambda over the destination array (the group's copy in both views, a thread's in its
//    own, logged as its read and write). Loops that issue or wait are cut, not inducted.
//    A group's copy has one instance per pair member (its group's values; the same copy when
//    both are of one group); for two groups its global cells are logged at its wait.
//  - loops: unrolled while the continuation condition (p ∧ e for either thread) may hold;
//    a loop whose continuation is provably false stops exactly. A loop still able to run
//    after `unroll` iterations (a constant-trip one: after maxExactUnroll) is proved by
//    induction from there when `induction` is on and Houdini finds inductive invariants
//    (Induction.h); otherwise it is cut there (the continuation is assumed false): the
//    result is then bounded by `unroll` iterations.
//  - errors: every point where SDV can reach an error is a check point: "alive before it
//    (no earlier error, every assume so far satisfied, no loop cut so far) and the
//    condition". The kernel is free of errors iff the disjunction of check points is
//    unsatisfiable under the constraints on N, t1, t2 and gid.
#pragma once

#include "semantics/rules/Ir.h"
#include "semantics/rules/Verdict.h"

#include <z3++.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sdvmc::prove {

enum class Abstraction { Adversarial, Equality };
const char* abstractionName(Abstraction a);

struct EncodeOptions {
  /// Per array (by ArrayId): how its shared state is abstracted at barriers.
  std::vector<Abstraction> abstraction;
  /// Iterations after which a loop that may still run is cut.
  uint32_t unroll = 8;
  /// Iterations a loop whose continuation simplifies to a constant may be unrolled.
  uint32_t maxExactUnroll = 256;
  /// Largest group size considered (1 ≤ N ≤ maxThreads).
  uint64_t maxThreads = 2147483647;
  // The solver's budgets inside the encoding are Z3 resource limits ("rlimit": counted
  // steps, Induction.h), never times: the same kernel gets the same loops proved, cut or
  // unrolled, and so the same verdict, on a loaded machine as on an idle one. On the
  // development machine (2 cores) Z3 counts about 5-9 million steps a second.
  /// Steps for the solver query deciding whether a loop can still run at `unroll` (about 5 s).
  unsigned loopQueryRlimit = 40'000'000;
  /// Steps for each of Houdini's queries (Induction.h, about 10 s); unknown: the loop is cut.
  unsigned inductionQueryRlimit = 80'000'000;
  /// Steps of Houdini rounds per loop instance after which the loop is cut instead (about 20 s).
  uint64_t inductionBudgetRlimit = 160'000'000;
  /// Group size fixed to this value (0: symbolic).
  uint32_t fixedThreads = 0;
  /// With fixedThreads: encode the whole group (threads 0..N-1) with G-SYNC's merge
  /// exactly, instead of the pair and an abstraction (used by --equiv). Races are not
  /// checked in this mode (the merge then lets the highest thread's write win).
  bool wholeGroup = false;
  /// One generic thread with a symbolic id `tid[0]` (free in the results below) and memory
  /// snapshots per barrier (used by the parameterized --equiv; the kernel must be race- and
  /// divergence-free, which this mode does not check): at the k-th barrier instance, array
  /// a's content is M_k = λx. (σ_k(x) < N ∧ σ_k(x) writes x since its last barrier passed)
  /// ? σ_k(x)'s last such write : M_{k-1}[x], with σ_k a fresh function naming the writer
  /// of x; `axioms` pin it down: ∀s < N. s writes x there → σ_k(x) = s (at most one
  /// writer: no races). A thread reads its own earlier writes, else the last snapshot it
  /// passed; a barrier its predicate does not enable (uniform: no divergence) changes
  /// nothing. `alive` is then the generic thread's (free in tid[0]).
  bool generic = false;
  /// The pair may be two threads of different groups (a launch of several groups, GPUVerify's
  /// "symbolic groups"): their accesses to `global` arrays race whatever the barriers, shared
  /// arrays are each group's own, and divergence is only between threads of one group.
  bool interGroup = false;
  /// A CUDA/OpenCL kernel's group shape is its launch's (ldim[d] = Program::localSize[d]),
  /// not every shape of those dimensions.
  bool atLaunch = false;
  /// Loops that would be cut are proved by induction when possible (Induction.h); pair
  /// mode only (whole-group and generic modes keep the unrolling).
  bool induction = true;
  /// Prefix of the names of the encoding's own fresh constants (two kernels in one
  /// context); the inputs (init_<array>, gid, N) are not prefixed, so they are shared.
  std::string prefix;
};

/// One place where SDV can reach an error.
struct CheckPoint {
  sem::VerdictKind kind = sem::VerdictKind::Ok;
  sem::Rule rule = sem::Rule::GBasic;
  sem::NodeId node = sem::kNone;
  int thread = 0;   ///< 0 or 1: the pair member that fails; -1: both (race, divergence)
  z3::expr cond;    ///< alive before this point ∧ the error condition
  sem::ArrayId array = sem::kNone;  ///< out-of-bounds / race: the array
  z3::expr index;   ///< out-of-bounds: the offending index (race: the address)
};

/// A read of shared memory by one of the pair: its index (for the witness's inputs).
struct ReadRecord {
  sem::ArrayId array = 0;
  z3::expr index;
};

/// How one loop instance was encoded.
struct LoopReport {
  enum class How { Unrolled, Induction, Cut } how = How::Unrolled;
  sem::NodeId node = sem::kNone;
  uint32_t iterations = 0;               ///< unrolled (exactly, or before induction / the cut)
  std::vector<std::string> invariants;   ///< Induction: the invariants kept
  std::string note;                      ///< Cut: why induction did not apply (empty: not tried)
  friend bool operator==(const LoopReport&, const LoopReport&) = default;
};
const char* loopHowName(LoopReport::How h);

/// The encoded pair program.
class PairEncoding {
public:
  PairEncoding(z3::context& ctx, const sem::Ir& ir, EncodeOptions options);

  z3::context& ctx;
  const sem::Ir& ir;
  EncodeOptions options;

  z3::expr N, gid, two;          ///< group size, thread 1's group id, the pair has a second thread
  z3::expr gid2, same;           ///< thread 2's group id; both threads in one group
  z3::expr tid[2];               ///< the pair's local ids
  /// `ldim(d)` and `ngroups(d)` (frontend kernels): the group's extent per dimension
  /// (their product is N) and the number of groups per dimension (gid below their
  /// product); a dimension the launch has as 1 stays 1, the others are arbitrary.
  z3::expr ldim[3], ngroups[3];
  z3::expr_vector constraints;   ///< ranges of N, ids, gid
  std::vector<z3::expr> init;    ///< per array: the arbitrary part of the initial memory
  /// per kernel parameter (Ir::params): its value, the same in both threads (and, like the
  /// inputs, unprefixed: `param_<name>`)
  std::vector<z3::expr> params;
  std::vector<CheckPoint> checks;
  std::vector<ReadRecord> reads;
  bool bounded = false;          ///< a loop was cut after `unroll` iterations
  uint32_t maxIterations = 0;    ///< most iterations any loop instance was unrolled
  uint32_t loopsCut = 0;         ///< loop instances cut
  uint64_t statements = 0;       ///< basic statements encoded (pairs)
  /// Every loop instance encoded (duplicates of one loop with the same outcome merged), in
  /// the order their encoding ended.
  std::vector<LoopReport> loops;
  /// (extension) Cell indices are 64-bit bit-vectors (the kernel has addr64 accesses): the
  /// arrays' index sort, the logs' and the check points' / reads' `index`; else 32 bits.
  bool wideIndices = false;
  uint32_t loopsInduction = 0;   ///< loop instances proved by induction
  unsigned inductionQueries = 0; ///< solver queries of Houdini
  z3::expr alive;                ///< at the end: no error, every assume held, no loop cut
  std::vector<z3::expr> finalMemory;  ///< whole-group / generic mode: per array, memory at the end
  /// generic mode: closed formulas (∀ over tid[0]) defining the writers σ_k
  std::vector<z3::expr> axioms;
  /// generic mode: the axioms' bodies, open in tid[0] (for ground instances)
  std::vector<z3::expr> axiomBodies;
  /// generic mode: the writer functions σ_k
  std::vector<z3::func_decl> writers;
  uint32_t snapshots = 0;        ///< generic mode: barrier instances encoded
  /// Floating-point operations encoded as uninterpreted functions of their operands' bits
  /// (one function per operator, shared by every use: the same operands give the same
  /// result, any result): an over-approximation, so a proof stays a proof, and a witness
  /// that leans on a float value is confirmed only by the interpreter's replay.
  uint32_t uninterpretedFloats = 0;
  /// Float-to-integer conversion checks (fcvt_chk, dcvt_chk) encoded as their value only:
  /// the float is uninterpreted, so whether it is in the integer's range is not decided.
  uint32_t uncheckedConversions = 0;
  /// The encoding has lambdas (a kernel with asynchronous copies): its solvers take no
  /// QF_AUFBV logic.
  bool lambdas = false;
  /// An operator the encoding does not handle (empty: none); the result is then meaningless.
  std::string unsupported;

  /// The error condition: some check point holds.
  z3::expr anyError() const;
};

/// Encodes `ir` (its main) as the two-thread predicated program.
PairEncoding encodePair(z3::context& ctx, const sem::Ir& ir, const EncodeOptions& options);


}  // namespace sdvmc::prove
