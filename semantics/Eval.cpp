// Column-wise expression evaluation (see Eval.h).
#include "semantics/Eval.h"

#include <algorithm>
#include <cassert>

namespace sdvmc::sem {

Evaluator::Evaluator(const Ir& ir, uint32_t n)
    : ir_(ir), n_(n),
      cols_(static_cast<size_t>(ir.exprNeed + 1) * n),
      masks_(static_cast<size_t>(ir.exprNeed + 1) * n),
      lid_(n) {
  for (uint32_t i = 0; i < n; ++i) lid_[i] = static_cast<Word>(i);
}

void Evaluator::fail(EvalError& err, EvalError::Kind kind, uint32_t thread, ExprId at,
                     Word operand) {
  // Keep the lowest thread; for one thread, the first (leftmost) operator that failed.
  if (thread < err.thread) {
    err.kind = kind;
    err.thread = thread;
    err.at = at;
    err.operand = operand;
  }
}

void Evaluator::predicate(PredId p, const GroupState& s, uint8_t* mask) const {
  const std::vector<Lit>& lits = ir_.preds[p];
  std::fill(mask, mask + n_, uint8_t{1});
  for (const Lit& l : lits) {
    const Word* c = s.column(l.slot);
    const uint8_t want = l.negated ? 0 : 1;
    for (uint32_t i = 0; i < n_; ++i) mask[i] &= static_cast<uint8_t>((c[i] != 0) == want);
  }
}

const Word* Evaluator::eval(ExprId e, const GroupState& s, const uint8_t* mask, EvalError& err) {
  return ev(e, s, mask, 0, err);
}

const Word* Evaluator::ev(ExprId id, const GroupState& s, const uint8_t* mask, uint32_t d,
                          EvalError& err) {
  const ExprNode& e = ir_.exprs[id];
  Word* out = col(d);
  const uint32_t n = n_;
  switch (e.op) {
    case EOp::Const:
      std::fill(out, out + n, e.imm);
      return out;
    case EOp::Lid:
      if (s.lidBase == 0) return lid_.data();
      for (uint32_t i = 0; i < n; ++i) out[i] = word::add(s.lidBase, static_cast<Word>(i));
      return out;
    case EOp::Gid:
      std::fill(out, out + n, s.gid);
      return out;
    case EOp::Local:
      return s.column(e.slot);
    case EOp::Neg: {
      const Word* a = ev(e.a, s, mask, d, err);
      for (uint32_t i = 0; i < n; ++i) out[i] = word::neg(a[i]);
      return out;
    }
    case EOp::LogNot: {
      const Word* a = ev(e.a, s, mask, d, err);
      for (uint32_t i = 0; i < n; ++i) out[i] = a[i] == 0;
      return out;
    }
    case EOp::BitNot: {
      const Word* a = ev(e.a, s, mask, d, err);
      for (uint32_t i = 0; i < n; ++i) out[i] = ~a[i];
      return out;
    }
    case EOp::LogAnd:
    case EOp::LogOr: {
      // Per thread, the second operand is evaluated only when the first does not decide.
      const Word* a = ev(e.a, s, mask, d, err);
      uint8_t* sub = maskCol(d);
      const bool isAnd = e.op == EOp::LogAnd;
      for (uint32_t i = 0; i < n; ++i) sub[i] = mask[i] & static_cast<uint8_t>((a[i] != 0) == isAnd);
      // `sub` holds the first operand's truth, so `out` may reuse the column of `a`.
      const Word* b = ev(e.b, s, sub, d + 1, err);
      if (isAnd) {
        for (uint32_t i = 0; i < n; ++i) out[i] = sub[i] & (b[i] != 0);
      } else {
        // sub[i] is set exactly where a[i] == 0 (and the thread is masked).
        for (uint32_t i = 0; i < n; ++i) out[i] = sub[i] ? (b[i] != 0) : 1;
      }
      return out;
    }
    case EOp::Cond: {
      const Word* c = ev(e.a, s, mask, d, err);
      uint8_t* sub = maskCol(d);
      for (uint32_t i = 0; i < n; ++i) sub[i] = mask[i] & static_cast<uint8_t>(c[i] != 0);
      const Word* t = ev(e.b, s, sub, d + 1, err);
      for (uint32_t i = 0; i < n; ++i) sub[i] = mask[i] & static_cast<uint8_t>(c[i] == 0);
      const Word* f = ev(e.c, s, sub, d + 2, err);
      for (uint32_t i = 0; i < n; ++i) out[i] = c[i] != 0 ? t[i] : f[i];
      return out;
    }
    case EOp::Mul: case EOp::Div: case EOp::Rem: case EOp::Add: case EOp::Sub:
    case EOp::Shl: case EOp::Shr: case EOp::Lt: case EOp::Le: case EOp::Gt: case EOp::Ge:
    case EOp::Eq: case EOp::Ne: case EOp::BitAnd: case EOp::BitXor: case EOp::BitOr:
      break;
  }

  const Word* a = ev(e.a, s, mask, d, err);
  const Word* b = ev(e.b, s, mask, d + 1, err);
  switch (e.op) {
    case EOp::Mul: for (uint32_t i = 0; i < n; ++i) out[i] = word::mul(a[i], b[i]); break;
    case EOp::Add: for (uint32_t i = 0; i < n; ++i) out[i] = word::add(a[i], b[i]); break;
    case EOp::Sub: for (uint32_t i = 0; i < n; ++i) out[i] = word::sub(a[i], b[i]); break;
    case EOp::Div:
    case EOp::Rem: {
      for (uint32_t i = 0; i < n; ++i)
        if (mask[i] && b[i] == 0) {
          fail(err, EvalError::Kind::DivisionByZero, i, id, 0);
          break;
        }
      if (e.op == EOp::Div)
        for (uint32_t i = 0; i < n; ++i) out[i] = b[i] == 0 ? 0 : word::div(a[i], b[i]);
      else
        for (uint32_t i = 0; i < n; ++i) out[i] = b[i] == 0 ? 0 : word::rem(a[i], b[i]);
      break;
    }
    case EOp::Shl:
    case EOp::Shr: {
      for (uint32_t i = 0; i < n; ++i)
        if (mask[i] && (b[i] < 0 || b[i] >= 32)) {
          fail(err, EvalError::Kind::ShiftOutOfRange, i, id, b[i]);
          break;
        }
      if (e.op == EOp::Shl)
        for (uint32_t i = 0; i < n; ++i) out[i] = word::shl(a[i], b[i] & 31);
      else
        for (uint32_t i = 0; i < n; ++i) out[i] = word::shr(a[i], b[i] & 31);
      break;
    }
    case EOp::Lt: for (uint32_t i = 0; i < n; ++i) out[i] = a[i] < b[i]; break;
    case EOp::Le: for (uint32_t i = 0; i < n; ++i) out[i] = a[i] <= b[i]; break;
    case EOp::Gt: for (uint32_t i = 0; i < n; ++i) out[i] = a[i] > b[i]; break;
    case EOp::Ge: for (uint32_t i = 0; i < n; ++i) out[i] = a[i] >= b[i]; break;
    case EOp::Eq: for (uint32_t i = 0; i < n; ++i) out[i] = a[i] == b[i]; break;
    case EOp::Ne: for (uint32_t i = 0; i < n; ++i) out[i] = a[i] != b[i]; break;
    case EOp::BitAnd: for (uint32_t i = 0; i < n; ++i) out[i] = a[i] & b[i]; break;
    case EOp::BitXor: for (uint32_t i = 0; i < n; ++i) out[i] = a[i] ^ b[i]; break;
    case EOp::BitOr: for (uint32_t i = 0; i < n; ++i) out[i] = a[i] | b[i]; break;
    case EOp::Const: case EOp::Lid: case EOp::Gid: case EOp::Local: case EOp::Neg:
    case EOp::LogNot: case EOp::BitNot: case EOp::LogAnd: case EOp::LogOr: case EOp::Cond:
      assert(false && "handled above");
      break;
  }
  return out;
}

}  // namespace sdvmc::sem
