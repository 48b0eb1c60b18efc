// Names of verdicts and rules, as the CLI contract and the semantics page spell them.
#include "semantics/rules/Verdict.h"

#include <cassert>
#include <utility>

namespace sdvmc::sem {

const char* verdictName(VerdictKind k) {
  switch (k) {
    case VerdictKind::Ok: return "ok";
    case VerdictKind::Race: return "race";
    case VerdictKind::Divergence: return "divergence";
    case VerdictKind::Assertion: return "assertion";
    case VerdictKind::OutOfBounds: return "out-of-bounds";
    case VerdictKind::DivisionByZero: return "division-by-zero";
    case VerdictKind::ShiftOutOfRange: return "shift-out-of-range";
    case VerdictKind::ConstantWrite: return "constant-write";
    case VerdictKind::Discarded: return "discarded";
    case VerdictKind::Deadlock: return "deadlock";
    case VerdictKind::Discrepancy: return "discrepancy";
    case VerdictKind::Inconclusive: return "inconclusive";
    case VerdictKind::WarpPrimitive: return "warp-primitive";
    case VerdictKind::Vacuous: return "vacuous";
    case VerdictKind::IntegerOverflow: return "integer-overflow";
    case VerdictKind::WarpMask: return "warp-mask";
    case VerdictKind::WarpWidth: return "warp-width";
  }
  assert(false && "unknown verdict");
  return "?";
}

int verdictExitStatus(VerdictKind k) {
  switch (k) {
    case VerdictKind::Ok:
    case VerdictKind::Discarded:
      return 0;
    case VerdictKind::Race:
    case VerdictKind::Divergence:
    case VerdictKind::Assertion:
    case VerdictKind::OutOfBounds:
    case VerdictKind::DivisionByZero:
    case VerdictKind::ShiftOutOfRange:
    case VerdictKind::IntegerOverflow:
    case VerdictKind::WarpMask:
    case VerdictKind::WarpWidth:
    case VerdictKind::ConstantWrite:
    case VerdictKind::Deadlock:
    case VerdictKind::Discrepancy:
      return 1;
    case VerdictKind::Inconclusive:
    case VerdictKind::WarpPrimitive:
    case VerdictKind::Vacuous:
      return 3;
  }
  assert(false && "unknown verdict");
  return 3;
}

ViolationKey violationKey(const Ir& ir, const Verdict& v) {
  ViolationKey key;
  key.kind = v.kind;
  key.rule = v.rule;
  auto locOf = [&ir](NodeId at) { return at == kNone || at >= ir.nodes.size() ? kpl::SourceLoc{} : ir.nodes[at].loc; };
  const bool pair = v.accesses.size() == 2 && v.accesses[0].at != kNone && v.accesses[1].at != kNone;
  if (!pair) {
    key.first = locOf(v.at);
    return key;
  }
  key.first = locOf(v.accesses[0].at);
  key.second = locOf(v.accesses[1].at);
  auto before = [](const kpl::SourceLoc& a, const kpl::SourceLoc& b) {
    return a.line != b.line ? a.line < b.line : a.col < b.col;
  };
  if (before(key.second, key.first)) std::swap(key.first, key.second);
  return key;
}

const char* ruleName(Rule r) {
  switch (r) {
    case Rule::GBasic: return "G-BASIC";
    case Rule::GDivergence: return "G-DIVERGENCE";
    case Rule::GNoOp: return "G-NO-OP";
    case Rule::GRace: return "G-RACE";
    case Rule::GSync: return "G-SYNC";
    case Rule::GSeq: return "G-SEQ";
    case Rule::GVar: return "G-VAR";
    case Rule::GIf: return "G-IF";
    case Rule::GOpen: return "G-OPEN";
    case Rule::GIter: return "G-ITER";
    case Rule::GDone: return "G-DONE";
    case Rule::GCall: return "G-CALL";
    case Rule::TDisabled: return "T-DISABLED";
    case Rule::TAssign: return "T-ASSIGN";
    case Rule::TRd: return "T-RD";
    case Rule::TWr: return "T-WR";
    case Rule::TAssert: return "T-ASSERT";
    case Rule::TAssume: return "T-ASSUME";
    case Rule::TSkip: return "T-SKIP";
    case Rule::TPrivateIndex: return "T-PRIVATE-INDEX";
    case Rule::TAtomic: return "T-ATOMIC";
    case Rule::GroupRace: return "INTER-GROUP-RACE";
    case Rule::GAsyncCopy: return "G-ASYNC-COPY";
    case Rule::GAsyncWait: return "G-ASYNC-WAIT";
    case Rule::TCpAsync: return "T-CP-ASYNC";
    case Rule::TCpCommit: return "T-CP-COMMIT";
    case Rule::TCpWait: return "T-CP-WAIT";
    case Rule::AsyncRace: return "ASYNC-RACE";
    case Rule::MimdRace: return "MIMD-RACE";
    case Rule::MimdDeadlock: return "MIMD-DEADLOCK";
    case Rule::SimtRace: return "SIMT-RACE";
    case Rule::SimtDeadlock: return "SIMT-DEADLOCK";
    case Rule::Compare: return "COMPARE";
  }
  assert(false && "unknown rule");
  return "?";
}

}  // namespace sdvmc::sem
