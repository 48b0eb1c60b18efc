// The evaluator has three ways to compute an expression: a flat postfix program for
// one-lane evaluators (mimd's threads), the recursive scalar path, and the column-wise path
// over a group. This test holds all of them to a small reference written from C's rules
// (32-bit wrap-around, division truncating toward zero, INT_MIN / -1 wrapping, division by
// zero and shift amounts outside 0..31 are errors) on random expression trees over extreme
// values: same values, and an error exactly when the reference has one.
#include "semantics/rules/Eval.h"

#include <catch2/catch.hpp>

#include <cstdint>
#include <random>
#include <vector>

using namespace sdvmc::sem;

namespace {

constexpr Word kValues[] = {0, 1, -1, 2, 7, 31, 32, -32, 100, INT32_MAX, INT32_MIN, 8, 255, -128};
constexpr size_t kNumValues = sizeof kValues / sizeof *kValues;
constexpr uint32_t kSlots = 3;

struct Env {
  Word lid = 0, gid = 0;
  Word locals[kSlots] = {};
};

// The reference: one thread, recursion over the tree, errors as a flag.
struct Reference {
  const Ir& ir;
  const Env& env;
  bool fault = false;

  static uint32_t u(Word x) { return static_cast<uint32_t>(x); }

  Word eval(ExprId id) {
    const ExprNode& e = ir.exprs[id];
    switch (e.op) {
      case EOp::Const: return e.imm;
      case EOp::Lid: return env.lid;
      case EOp::Gid: return env.gid;
      case EOp::Local: return env.locals[e.slot];
      case EOp::Neg: return static_cast<Word>(0u - u(eval(e.a)));
      case EOp::LogNot: return eval(e.a) == 0;
      case EOp::BitNot: return ~eval(e.a);
      case EOp::LogAnd: return eval(e.a) != 0 && eval(e.b) != 0;  // short-circuit, as C
      case EOp::LogOr: return eval(e.a) != 0 || eval(e.b) != 0;
      default: break;
    }
    const Word a = eval(e.a), b = eval(e.b);
    switch (e.op) {
      case EOp::Add: return static_cast<Word>(u(a) + u(b));
      case EOp::Sub: return static_cast<Word>(u(a) - u(b));
      case EOp::Mul: return static_cast<Word>(u(a) * u(b));
      case EOp::Div:
        if (b == 0) return fail();
        return b == -1 ? static_cast<Word>(0u - u(a)) : a / b;
      case EOp::Rem:
        if (b == 0) return fail();
        return b == -1 ? 0 : a % b;
      case EOp::Shl: return b < 0 || b > 31 ? fail() : static_cast<Word>(u(a) << b);
      case EOp::Shr: return b < 0 || b > 31 ? fail() : a >> b;
      case EOp::LShr: return b < 0 || b > 31 ? fail() : static_cast<Word>(u(a) >> b);
      case EOp::Lt: return a < b;
      case EOp::Le: return a <= b;
      case EOp::Gt: return a > b;
      case EOp::Ge: return a >= b;
      case EOp::Eq: return a == b;
      case EOp::Ne: return a != b;
      case EOp::ULt: return u(a) < u(b);
      case EOp::ULe: return u(a) <= u(b);
      case EOp::UGt: return u(a) > u(b);
      case EOp::UGe: return u(a) >= u(b);
      case EOp::BitAnd: return a & b;
      case EOp::BitXor: return a ^ b;
      case EOp::BitOr: return a | b;
      default: FAIL("operator outside the test's reference"); return 0;
    }
  }
  Word fail() {
    fault = true;
    return 0;
  }
};

constexpr EOp kBinary[] = {EOp::Add, EOp::Sub, EOp::Mul, EOp::Lt,  EOp::Le,     EOp::Gt,     EOp::Ge,
                           EOp::Eq,  EOp::Ne,  EOp::ULt, EOp::ULe, EOp::UGt,    EOp::UGe,    EOp::BitAnd,
                           EOp::BitXor, EOp::BitOr, EOp::LogAnd, EOp::LogOr, EOp::Shl, EOp::Shr, EOp::LShr,
                           EOp::Div, EOp::Rem};
constexpr EOp kUnary[] = {EOp::Neg, EOp::LogNot, EOp::BitNot};

ExprId randomTree(Ir& ir, std::mt19937& rng, int depth) {
  ExprNode n;
  const unsigned r = rng() % 10;
  if (depth == 0 || r < 3) {
    switch (rng() % 4) {
      case 0: n.op = EOp::Const; n.imm = kValues[rng() % kNumValues]; break;
      case 1: n.op = EOp::Lid; break;
      case 2: n.op = EOp::Gid; break;
      default: n.op = EOp::Local; n.slot = rng() % kSlots; break;
    }
  } else if (r < 4) {
    n.op = kUnary[rng() % std::size(kUnary)];
    n.a = randomTree(ir, rng, depth - 1);
  } else {
    n.op = kBinary[rng() % std::size(kBinary)];
    n.a = randomTree(ir, rng, depth - 1);
    n.b = randomTree(ir, rng, depth - 1);
  }
  ir.exprs.push_back(n);
  return static_cast<ExprId>(ir.exprs.size() - 1);
}

}  // namespace

TEST_CASE("the flat, scalar and column-wise evaluators agree with C's rules on random expressions",
          "[semantics][eval]") {
  std::mt19937 rng(20261122);
  Ir ir;
  std::vector<ExprId> roots;
  for (int i = 0; i < 3000; ++i) roots.push_back(randomTree(ir, rng, 1 + static_cast<int>(rng() % 6)));
  ir.exprNeed = 64;  // scratch columns: more than any tree of depth 6 needs

  constexpr uint32_t kLanes = 4;
  Evaluator one(ir, 1), group(ir, kLanes);
  long values = 0, errors = 0;
  for (int trial = 0; trial < 12; ++trial) {
    GroupState s1;
    s1.n = 1;
    s1.gid = kValues[rng() % kNumValues];
    s1.lidBase = kValues[rng() % kNumValues];
    GroupState sn;
    sn.n = kLanes;
    sn.gid = s1.gid;
    sn.lidBase = s1.lidBase;
    sn.locals.assign(kSlots * kLanes, 0);
    Env envs[kLanes];
    for (uint32_t lane = 0; lane < kLanes; ++lane) {
      envs[lane].gid = s1.gid;
      envs[lane].lid = static_cast<Word>(static_cast<uint32_t>(s1.lidBase) + lane);
      for (uint32_t k = 0; k < kSlots; ++k) {
        envs[lane].locals[k] = kValues[rng() % kNumValues];
        sn.locals[k * kLanes + lane] = envs[lane].locals[k];
      }
    }
    s1.locals.assign(envs[0].locals, envs[0].locals + kSlots);

    for (ExprId root : roots) {
      // one lane: the flat program (or the scalar path where the tree can fail)
      Reference ref{ir, envs[0]};
      const Word want = ref.eval(root);
      uint8_t mask1 = 1;
      EvalError err1;
      const Word got = one.eval(root, s1, &mask1, err1)[0];
      REQUIRE(err1.any() == ref.fault);
      if (!ref.fault) REQUIRE(got == want);
      ref.fault ? ++errors : ++values;

      // a group of lanes: the column-wise path
      bool anyFault = false;
      Word wants[kLanes];
      for (uint32_t lane = 0; lane < kLanes; ++lane) {
        Reference r{ir, envs[lane]};
        wants[lane] = r.eval(root);
        anyFault = anyFault || r.fault;
      }
      uint8_t maskN[kLanes] = {1, 1, 1, 1};
      EvalError errN;
      const Word* col = group.eval(root, sn, maskN, errN);
      REQUIRE(errN.any() == anyFault);
      if (!anyFault)
        for (uint32_t lane = 0; lane < kLanes; ++lane) REQUIRE(col[lane] == wants[lane]);
    }
  }
  CHECK(values > 10000);  // the trees are not mostly errors
  CHECK(errors > 1000);   // and the error paths are exercised
}
