// What a run ends in: a verdict about the kernel, as a value with its evidence (the
// threads, the statement, and for a race both conflicting accesses). A verdict is never
// an exception or a crash (../shared/style.md, "three kinds of failure").
#pragma once

#include "semantics/rules/Ir.h"
#include "semantics/rules/State.h"

#include <string>
#include <vector>

namespace sdvmc::sem {

enum class VerdictKind {
  Ok,
  Race,
  Divergence,
  Assertion,
  OutOfBounds,
  DivisionByZero,
  ShiftOutOfRange,
  ConstantWrite, ///< (extension) a write to a `const global` array (constant memory)
  Discarded,     ///< an `assume` failed: the execution is outside what the kernel handles
  Deadlock,      ///< (mimd) a thread finished while others wait at a barrier
  Discrepancy,   ///< (--compare) two models disagree where the theory says they agree
  Inconclusive,  ///< a limit was reached
  /// (extension) a warp-level primitive (`shfl`, `ballot`) evaluated under SDV, which has no
  /// warps: the model cannot run the kernel (exit 3, as inconclusive); a warp model can.
  WarpPrimitive,
  /// (extension) signed integer overflow (undefined in C++) in an `nsw_add`/`nsw_sub`/`nsw_mul`:
  /// the frontends' signed arithmetic that reaches an address.
  IntegerOverflow,
};

/// The contract's spelling (cli-contract.md): "ok", "race", "division-by-zero", …
const char* verdictName(VerdictKind k);
/// Exit status of `run`/`check` for a verdict: 0, 1 or 3.
int verdictExitStatus(VerdictKind k);

/// The rules of ../shared/sdv-semantics.md, plus the thread rules of the extensions.
enum class Rule {
  GBasic, GDivergence, GNoOp, GRace, GSync, GSeq, GVar, GIf, GOpen, GIter, GDone, GCall,
  TDisabled, TAssign, TRd, TWr, TAssert, TAssume, TSkip,
  TAtomic,       ///< (extension) an atomic read-modify-write, applied in ascending thread order
  MimdRace,      ///< (mimd) two threads access a location, one writes, no barrier between
  MimdDeadlock,  ///< (mimd) a thread finishes while others wait at a barrier
  SimtRace,      ///< (simt) an intra-warp or inter-warp race
  SimtDeadlock,  ///< (simt) a warp finishes while others wait at a barrier
  Compare,       ///< (--compare) a final memory differs from the reference model's
  GroupRace,     ///< (several groups) two groups access a global cell, one writes
};
/// "G-BASIC", "T-RD", …
const char* ruleName(Rule r);

/// One side of a race.
struct RaceAccess {
  uint32_t thread = 0;
  bool write = false;
  Address addr;
  NodeId at = kNone;
  bool atomic = false;  ///< (extension) an atomic read-modify-write
  int64_t group = -1;   ///< (several groups) the thread's group
};

struct Verdict {
  VerdictKind kind = VerdictKind::Ok;
  Rule rule = Rule::GSync;              ///< the rule that reached the error
  NodeId at = kNone;                    ///< the statement at fault
  kpl::SourceLoc loc;                   ///< where to point (an expression, or the statement)
  std::vector<uint32_t> threads;        ///< the threads involved
  std::vector<uint32_t> enabled;        ///< divergence: the enabled threads
  std::vector<uint32_t> disabled;       ///< divergence: the disabled threads
  std::vector<RaceAccess> accesses;     ///< race: the two conflicting accesses
  Word value = 0;                       ///< out-of-bounds: the index; shift: the amount
  ArrayId array = 0;                    ///< out-of-bounds: the array
  std::string scope;                    ///< (simt races) "intra-warp" or "inter-warp"
  std::string message;                  ///< one line, for people
};

}  // namespace sdvmc::sem
