// The lowered form of a KPL kernel that the rules of ../shared/sdv-semantics.md run on.
//
// Lowering (Lower.h) does, once and statically, the parts of the rules that only depend
// on where a statement sits in the program:
//  - names are resolved to storage locations ("slots"). Every construct that takes a
//    fresh location (G-VAR, G-IF, G-OPEN, G-ITER, G-CALL) gets the next slot above its
//    enclosing scope, so locations are allocated in a stack discipline and a slot is
//    reused once its scope is closed (the "fresh locations" implementation note). The
//    rule that allocates a slot resets it to 0 in every thread: a fresh location is false.
//  - belim / celim / relim: each `break`, `continue` and `return` becomes the assignment
//    `v := true` to the flag of its loop, iteration or call.
//  - G-CALL's substitution Body(f)[Param(f) ↦ e]: the body is instantiated at each call
//    site with the argument expression in place of the parameter (call by name).
//  - predicates: the predicate a rule attaches to a sub-statement (p ∧ v, p ∧ ¬v,
//    p ∧ u ∧ ¬v, …) is a conjunction of flag literals fixed by the statement's position,
//    so each node stores the predicate it is pushed with. Predicates are still evaluated
//    per thread at the moment the statement executes, as the rules require.
#pragma once

#include "kpl/Ast.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sdvmc::sem {

using Word = int32_t;
using Slot = uint32_t;
using NodeId = uint32_t;
using ExprId = uint32_t;
using PredId = uint32_t;
using ArrayId = uint32_t;

inline constexpr uint32_t kNone = UINT32_MAX;

enum class EOp : uint8_t {
  Const, Lid, Gid, Local,
  Neg, LogNot, BitNot,
  Mul, Div, Rem, Add, Sub, Shl, Shr,
  Lt, Le, Gt, Ge, Eq, Ne,
  BitAnd, BitXor, BitOr,
  LogAnd, LogOr,
  Cond,
  UDiv, URem, ULt, ULe, UGt, UGe, LShr,  ///< (extension) unsigned operators on Words
  /// (extension) single-precision floating point on Words holding the bit patterns
  FAdd, FSub, FMul, FDiv, FMin, FMax, FLt, FLe, FGt, FGe, FEq, FNe,
  FNeg, FAbs, FSqrt, IToF, UToF, FToI, FToU,
  LocalSize, NumGroups,  ///< (extension) `ldim(imm)`, `ngroups(imm)`: the launch's sizes
};

/// One expression node. Operands are other nodes of the same pool; a procedure
/// parameter is replaced by its argument's node (G-CALL's substitution).
struct ExprNode {
  EOp op = EOp::Const;
  Word imm = 0;          ///< Const
  Slot slot = 0;         ///< Local
  ExprId a = kNone, b = kNone, c = kNone;
  uint32_t need = 1;     ///< scratch columns needed to evaluate it (Eval.cpp)
  kpl::SourceLoc loc;
};

/// `slot` (negated: `¬slot`) read as a boolean.
struct Lit {
  Slot slot = 0;
  bool negated = false;
  friend bool operator==(const Lit&, const Lit&) = default;
};

enum class NodeKind : uint8_t {
  Seq,      ///< S1; S2; …  (G-SEQ)
  Var,      ///< local x… S (G-VAR): slots [slot0, slot0 + count), body children[0]
  If,       ///< G-IF: flag slot0; children = [v := e, S1, S2]
  While,    ///< G-OPEN / G-ITER / G-DONE: break flag slot0, guard slot1, continue flag slot2;
            ///< guard expression e0; children = [u := e, body]
  Call,     ///< G-CALL: return flag slot0; children[0] = the instantiated body
  Barrier,  ///< G-DIVERGENCE / G-NO-OP / G-RACE / G-SYNC
  Assign,   ///< T-ASSIGN: slot0 := e0
  Read,     ///< T-RD: slot0 := rd(array, e0)
  Write,    ///< T-WR: wr(array, e0, e1)
  Assert,   ///< extension: assert(e0)
  Assume,   ///< extension: assume(e0)
  Atomic,   ///< extension: slot0 := atomic_OP(array, e0, e1 [, e2]) (slot0 = kNone: no result)
  Skip,     ///< the no-op basic statement
};

/// Why a basic node exists: written in the source, or made by a rule.
enum class Origin : uint8_t {
  Source,    ///< as written
  IfFlag,    ///< G-IF's `v := e`
  LoopGuard, ///< G-ITER's `u := e`
  Break,     ///< belim: `break` became `v := true`
  Continue,  ///< celim: `continue` became `v := true`
  Return,    ///< relim: `return` became `v := true`
  ElseSkip,  ///< an `if` without `else` has `else skip`
};

struct Node {
  NodeKind kind = NodeKind::Skip;
  Origin origin = Origin::Source;
  PredId pred = 0;        ///< the predicate the node is pushed with
  PredId predOpen = 0;    ///< While: the predicate of while̲ after G-OPEN (p ∧ ¬break)
  uint32_t depth = 0;     ///< slots live while the node is on the stack (its own allocations excluded)
  Slot slot0 = 0, slot1 = 0, slot2 = 0;
  uint32_t count = 0;     ///< Var: number of slots
  ExprId e0 = kNone, e1 = kNone, e2 = kNone;
  kpl::AtomicOp atomicOp = kpl::AtomicOp::Add;  ///< Atomic
  ArrayId array = 0;
  std::vector<NodeId> children;
  const kpl::Stmt* src = nullptr;  ///< the statement it came from (never null)
  kpl::SourceLoc loc;              ///< where to point a user at
  uint32_t callDepth = 0;          ///< number of calls enclosing it (for traces)
};

struct ArrayInfo {
  std::string name;
  bool bounded = true;        ///< false for the default memory `mem` and `NAME[]` arrays
  bool global = false;        ///< `global` (shared by every group of the launch)
  uint32_t size = 0;          ///< bounded arrays
  /// Declared initial contents (bounded arrays): nullopt = arbitrary.
  std::vector<std::optional<Word>> init;
};

/// A lowered kernel. It refers to the kpl::Program it was lowered from, which must
/// outlive it.
struct Ir {
  const kpl::Program* program = nullptr;
  std::vector<ExprNode> exprs;
  std::vector<std::vector<Lit>> preds;   ///< preds[0] is `true`
  std::vector<Node> nodes;
  std::vector<ArrayInfo> arrays;
  NodeId main = 0;
  uint32_t slotCount = 0;                ///< locations per thread
  /// The kernel parameters (`param NAME;`): parameter k lives in slot k of every thread,
  /// set before main starts and never assigned.
  std::vector<std::string> params;
  bool hasAtomics = false;               ///< some node is an Atomic (states carry atomic logs)
  uint32_t exprNeed = 1;                 ///< scratch columns for the deepest expression
};

}  // namespace sdvmc::sem
