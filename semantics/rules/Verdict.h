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
  /// (check) every configuration was discarded by an `assume` (`__requires`): nothing was
  /// checked (exit 3, cli-contract.md).
  Vacuous,
  /// (extension) signed integer overflow (undefined in C++) in an `nsw_add`/`nsw_sub`/`nsw_mul`:
  /// the frontends' signed arithmetic that reaches an address.
  IntegerOverflow,
  /// (extension, warp models) CUDA's member-mask rule of a `_sync` warp primitive broken
  /// (`wsync`): a lane executing it not named in its mask, lanes passing different masks,
  /// or a lane named that neither executes it nor has exited. Undefined behaviour (exit 1).
  WarpMask,
  /// (extension) a shuffle width (`wwidth`) that is not a power of 2 from 1 to 32:
  /// undefined in CUDA (exit 1).
  WarpWidth,
};

/// The contract's spelling (cli-contract.md): "ok", "race", "division-by-zero", …
const char* verdictName(VerdictKind k);
/// Exit status of `run`/`check` for a verdict: 0, 1 or 3.
int verdictExitStatus(VerdictKind k);

/// The rules of ../shared/sdv-semantics.md, plus the thread rules of the extensions.
enum class Rule {
  GBasic, GDivergence, GNoOp, GRace, GSync, GSeq, GVar, GIf, GOpen, GIter, GDone, GCall,
  TDisabled, TAssign, TRd, TWr, TAssert, TAssume, TSkip,
  TPrivateIndex, ///< (extension) `private_index(NAME, e, N)`: an index outside a private array
  TAtomic,       ///< (extension) an atomic read-modify-write, applied in ascending thread order
  MimdRace,      ///< (mimd) two threads access a location, one writes, no barrier between
  MimdDeadlock,  ///< (mimd) a thread finishes while others wait at a barrier
  SimtRace,      ///< (simt) an intra-warp or inter-warp race
  SimtDeadlock,  ///< (simt) a warp finishes while others wait at a barrier
  Compare,       ///< (--compare) a final memory differs from the reference model's
  GroupRace,     ///< (several groups) two groups access a global cell, one writes
  /// (extension) the asynchronous copies (specs/KPL.md): the group's copy and wait, a
  /// thread's copy, commit and wait, and a conflict with a copy in flight
  GAsyncCopy, GAsyncWait, TCpAsync, TCpCommit, TCpWait, AsyncRace,
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
  int64_t value = 0;                    ///< out-of-bounds: the index (64-bit); shift: the amount
  ArrayId array = 0;                    ///< out-of-bounds: the array (kNone: a private array)
  /// (extension) out-of-bounds of a private array (rule T-PRIVATE-INDEX): its name (the
  /// label of `private_index`) and its number of elements; `value` is the index. Empty: none.
  std::string privateName;
  uint32_t privateSize = 0;
  std::string scope;                    ///< (simt races) "intra-warp" or "inter-warp"; "inter-group";
                                        ///< (divergence) "grid": groups disagree on a grid barrier
  std::vector<Word> groups;             ///< grid divergence: the group waiting at the barrier, then the other
  std::string message;                  ///< one line, for people
};

/// What makes two violations the same one for `check --all` / `prove --all`: the verdict
/// kind, the rule, and where it is in the source. For a race, the unordered pair of the two
/// accesses' statements (line:col; a race between statements 9 and 11 is one violation
/// whichever thread, cell, barrier, group size or input shows it); for a divergence, the
/// barrier; for every other error, the statement at fault. Two verdicts with equal keys are
/// the same violation. A race whose accesses carry no statement (a state decoded by the
/// explorer keeps no provenance) falls back to the barrier: such a verdict must be re-run
/// concretely before its key means anything.
struct ViolationKey {
  VerdictKind kind = VerdictKind::Ok;
  Rule rule = Rule::GSync;
  kpl::SourceLoc first, second;  ///< first <= second (line, then column); second unset: one location
  friend bool operator==(const ViolationKey&, const ViolationKey&) = default;
};
ViolationKey violationKey(const Ir& ir, const Verdict& v);

/// GPUVerify's options on what races are reported (all off: SDV's rule, races(Σ)).
struct RaceOptions {
  /// `--benign-writes=gpuverify`: a read and another thread's write of a location between
  /// barriers are not a race when the writer's value for it is the value the location held
  /// at the last barrier (the write left it unchanged, so the reader cannot tell). Decided
  /// per barrier interval on the writer's final shadow value; a cell whose initial value is
  /// still unchosen (check) is never unchanged. (Write-write pairs: setBenignWrites.)
  bool benignUnchanged = false;
  /// `--only-divergence`: false = races are not checked (G-RACE never applies). merge(Σ) is
  /// then not unique where threads wrote one cell with different values: G-SYNC applies the
  /// write logs in thread order, so the highest writer's value stays (also for arrays left
  /// out by `arrays`).
  bool check = true;
  /// `--check-arrays A,B` (GPUVerify's `/checkArrays:`): races on these arrays only (all
  /// when empty).
  std::vector<ArrayId> arrays;
};

}  // namespace sdvmc::sem
