// Random KPL kernels (see Generator.h).
#include "fuzz/Generator.h"

#include "fuzz/Prng.h"

#include <climits>
#include <fmt/format.h>
#include <set>

namespace sdvmc::fuzz {

namespace {

using kpl::BinaryOp;
using kpl::Expr;
using kpl::ExprKind;
using kpl::ExprPtr;
using kpl::Stmt;
using kpl::StmtKind;
using kpl::StmtPtr;
using kpl::UnaryOp;
using kpl::WideOp;

// ---- building the tree ------------------------------------------------------------------

ExprPtr node(ExprKind k) {
  auto e = std::make_unique<Expr>();
  e->kind = k;
  return e;
}
ExprPtr lit(int32_t v) {
  ExprPtr e = node(ExprKind::IntLit);
  e->value = v;
  return e;
}
ExprPtr var(const std::string& n) {
  ExprPtr e = node(ExprKind::Name);
  e->name = n;
  return e;
}
ExprPtr bin(BinaryOp op, ExprPtr a, ExprPtr b) {
  ExprPtr e = node(ExprKind::Binary);
  e->bop = op;
  e->operands.push_back(std::move(a));
  e->operands.push_back(std::move(b));
  return e;
}
ExprPtr un(UnaryOp op, ExprPtr a) {
  ExprPtr e = node(ExprKind::Unary);
  e->uop = op;
  e->operands.push_back(std::move(a));
  return e;
}
ExprPtr lid() { return node(ExprKind::Lid); }

StmtPtr stmt(StmtKind k) {
  auto s = std::make_unique<Stmt>();
  s->kind = k;
  return s;
}
kpl::Ident ident(const std::string& n) { return kpl::Ident{n, {}}; }
StmtPtr assign(const std::string& x, ExprPtr e) {
  StmtPtr s = stmt(StmtKind::Assign);
  s->target = ident(x);
  s->exprs.push_back(std::move(e));
  return s;
}
StmtPtr read(const std::string& x, const std::string& array, ExprPtr index) {
  StmtPtr s = stmt(StmtKind::Read);
  s->target = ident(x);
  s->array = ident(array);
  s->exprs.push_back(std::move(index));
  return s;
}
StmtPtr write(const std::string& array, ExprPtr index, ExprPtr value) {
  StmtPtr s = stmt(StmtKind::Write);
  s->array = ident(array);
  s->exprs.push_back(std::move(index));
  s->exprs.push_back(std::move(value));
  return s;
}
StmtPtr barrier() { return stmt(StmtKind::Barrier); }
StmtPtr block(std::vector<StmtPtr> body) {
  StmtPtr s = stmt(StmtKind::Block);
  s->stmts = std::move(body);
  return s;
}
StmtPtr whileLoop(ExprPtr c, std::vector<StmtPtr> body) {
  StmtPtr s = stmt(StmtKind::While);
  s->exprs.push_back(std::move(c));
  s->stmts.push_back(block(std::move(body)));
  return s;
}
StmtPtr ifThen(ExprPtr c, std::vector<StmtPtr> then, std::vector<StmtPtr> otherwise) {
  StmtPtr s = stmt(StmtKind::If);
  s->exprs.push_back(std::move(c));
  s->stmts.push_back(block(std::move(then)));
  if (!otherwise.empty()) s->stmts.push_back(block(std::move(otherwise)));
  return s;
}
StmtPtr localDecl(const std::vector<std::string>& names) {
  StmtPtr s = stmt(StmtKind::LocalDecl);
  for (const std::string& n : names) s->names.push_back(ident(n));
  return s;
}

// Values where 32-bit arithmetic goes wrong: the wrap-around points, masks, powers of two.
const std::vector<int32_t> kEdges = {0,      1,          2,          -1,         -2,     3,          7,
                                     31,     32,         33,         63,         64,     255,        256,
                                     0x7fff, 0x8000,     0xffff,     0x10000,    INT_MAX, INT_MIN,   INT_MIN + 1,
                                     INT_MAX - 1, 0x55555555, static_cast<int32_t>(0xaaaaaaaau), 0x00ff00ff,
                                     -0x8000, -256};
// Divisors: the constants compilers turn into multiplications and shifts.
const std::vector<int32_t> kDivisors = {1, -1, 2, 3, 5, 7, -7, 10, 16, 255, 641, 0x10000, INT_MIN, INT_MAX, -3};

/// The 64-bit builtins on word pairs the generator uses (integers only: double results
/// depend on the host's NaN bits, which is no compiler bug).
const std::vector<WideOp> kWide = {
    WideOp::LAddLo, WideOp::LAddHi, WideOp::LSubLo, WideOp::LSubHi, WideOp::LMulLo, WideOp::LMulHi,
    WideOp::LDivLo, WideOp::LDivHi, WideOp::LRemLo, WideOp::LUDivLo, WideOp::LUDivHi, WideOp::LURemLo,
    WideOp::LAndHi, WideOp::LOrLo, WideOp::LXorHi, WideOp::LShlLo, WideOp::LShlHi, WideOp::LAShrLo,
    WideOp::LAShrHi, WideOp::LLShrLo, WideOp::LLShrHi, WideOp::LLt, WideOp::LULt, WideOp::LEq, WideOp::LGe,
    WideOp::LUGe};

class Generator {
public:
  Generator(uint64_t seed, const GenOptions& o) : r_(seed), o_(o) {}

  kpl::Program generate(const std::string& name) {
    kpl::Program p;
    p.file = name;
    threads_ = r_.chance(50) ? 4 : 8;
    p.threads = threads_;
    p.group = static_cast<uint32_t>(r_.below(4));
    auto array = [&](const std::string& n, uint32_t size, bool edges) {
      kpl::ArrayDecl a;
      a.name = ident(n);
      a.size = size;
      std::vector<std::optional<int32_t>> init;
      for (uint32_t i = 0; i < size; ++i) init.push_back(edges && r_.chance(30) ? r_.pick(kEdges) : smallOrAny());
      a.init = std::move(init);
      p.arrays.push_back(std::move(a));
    };
    array("In", 2 * threads_, true);
    array("S", threads_, false);
    array("R", threads_, false);
    array("C", 4, false);
    array("O", threads_ * kSlots, false);
    atomic_ = r_.pick(std::vector<kpl::AtomicOp>{kpl::AtomicOp::Add, kpl::AtomicOp::Sub, kpl::AtomicOp::Xor,
                                                 kpl::AtomicOp::Or, kpl::AtomicOp::And, kpl::AtomicOp::Min,
                                                 kpl::AtomicOp::Max, kpl::AtomicOp::UMin, kpl::AtomicOp::UMax});
    const unsigned helpers = static_cast<unsigned>(r_.below(3));
    for (unsigned h = 0; h < helpers; ++h) p.procedures.push_back(helper(h, r_.chance(40)));

    locals_ = {"v0", "v1", "v2", "v3"};
    std::vector<StmtPtr> body;
    body.push_back(localDecl({"v0", "v1", "v2", "v3", "ta", "tb", "s", "i0", "i1", "j0", "j1"}));
    for (size_t k = 0; k < locals_.size(); ++k)
      body.push_back(read(locals_[k], "In", r_.chance(50) ? maskedIndex(2 * threads_)
                                                          : bin(BinaryOp::Add, lid(), lit(static_cast<int32_t>(k)))));
    const unsigned segments = std::max(1u, o_.segments / 2 + static_cast<unsigned>(r_.below(o_.segments)));
    for (unsigned k = 0; k < segments; ++k) segment(body, 0, true);
    for (size_t k = 0; k < locals_.size(); ++k) body.push_back(write("O", slot(static_cast<int32_t>(k)), var(locals_[k])));
    body.push_back(barrier());
    p.main = block(std::move(body));
    return p;
  }

private:
  static constexpr uint32_t kSlots = 8;  // fields of each thread's record in O; 0..3 the final locals

  int32_t smallOrAny() {
    switch (r_.below(3)) {
      case 0: return static_cast<int32_t>(r_.range(-16, 16));
      case 1: return static_cast<int32_t>(r_.range(0, 1000));
      default: return static_cast<int32_t>(static_cast<uint32_t>(r_.next()));
    }
  }
  int32_t literal() { return r_.chance(50) ? r_.pick(kEdges) : smallOrAny(); }

  /// O[lid * 8 + k]: the thread's own field k.
  ExprPtr slot(int32_t k) {
    return bin(BinaryOp::Add, bin(BinaryOp::Mul, lid(), lit(static_cast<int32_t>(kSlots))), lit(k));
  }
  /// (e) & (size - 1): any cell of an array whose size is a power of two.
  ExprPtr maskedIndex(uint32_t size) {
    return bin(BinaryOp::BitAnd, expr(1, false), lit(static_cast<int32_t>(size - 1)));
  }

  ExprPtr leaf(bool uniform) {
    const unsigned k = static_cast<unsigned>(r_.below(10));
    if (k < 4) return lit(literal());
    if (k < 5) return node(ExprKind::Gid);
    if (!uniform && k < 6) return lid();
    std::vector<std::string> names;
    for (const std::string& n : locals_)
      if (!uniform || uniform_.count(n)) names.push_back(n);
    for (const std::string& n : counters_) names.push_back(n);  // loop counters: uniform
    if (names.empty()) return lit(literal());
    return var(r_.pick(names));
  }

  ExprPtr nonZero(unsigned d, bool uniform) {
    if (r_.chance(70)) return lit(r_.pick(kDivisors));
    return bin(BinaryOp::BitOr, expr(d, uniform), lit(1));
  }
  ExprPtr shiftAmount(unsigned d, bool uniform, int32_t width) {
    if (r_.chance(50)) return lit(static_cast<int32_t>(r_.below(static_cast<uint64_t>(width))));
    return bin(BinaryOp::BitAnd, expr(d, uniform), lit(width - 1));
  }

  /// An expression of depth at most `d`; `uniform`: the same value in every thread.
  ExprPtr expr(unsigned d, bool uniform) {
    if (d == 0 || r_.chance(25)) return leaf(uniform);
    const unsigned e = d - 1;
    switch (r_.weighted({6, 5, 3, 1, 3, 2, 3, 2, 2, 3})) {
      case 0:
        return bin(r_.pick(std::vector<BinaryOp>{BinaryOp::Add, BinaryOp::Sub, BinaryOp::Mul}), expr(e, uniform),
                   expr(e, uniform));
      case 1:
        return bin(r_.pick(std::vector<BinaryOp>{BinaryOp::BitAnd, BinaryOp::BitOr, BinaryOp::BitXor}),
                   expr(e, uniform), expr(e, uniform));
      case 2:
        return bin(r_.pick(std::vector<BinaryOp>{BinaryOp::Lt, BinaryOp::Le, BinaryOp::Gt, BinaryOp::Ge, BinaryOp::Eq,
                                                 BinaryOp::Ne, BinaryOp::ULt, BinaryOp::ULe, BinaryOp::UGt,
                                                 BinaryOp::UGe}),
                   expr(e, uniform), expr(e, uniform));
      case 3:
        return bin(r_.chance(50) ? BinaryOp::LogAnd : BinaryOp::LogOr, expr(e, uniform), expr(e, uniform));
      case 4:
        return bin(r_.pick(std::vector<BinaryOp>{BinaryOp::Div, BinaryOp::Rem, BinaryOp::UDiv, BinaryOp::URem}),
                   expr(e, uniform), nonZero(e, uniform));
      case 5:
        return bin(r_.pick(std::vector<BinaryOp>{BinaryOp::Shl, BinaryOp::Shr, BinaryOp::LShr}), expr(e, uniform),
                   shiftAmount(e, uniform, 32));
      case 6:
        return un(r_.pick(std::vector<UnaryOp>{UnaryOp::Neg, UnaryOp::BitNot, UnaryOp::LogNot}), expr(e, uniform));
      case 7: {
        ExprPtr c = node(ExprKind::Cond);
        c->operands.push_back(expr(e, uniform));
        c->operands.push_back(expr(e, uniform));
        c->operands.push_back(expr(e, uniform));
        return c;
      }
      case 8: {
        // A deep chain: the same operator many times (reassociation, strength reduction).
        ExprPtr x = leaf(uniform);
        const BinaryOp op = r_.pick(std::vector<BinaryOp>{BinaryOp::Add, BinaryOp::Mul, BinaryOp::BitXor,
                                                          BinaryOp::Sub});
        const unsigned n = 3 + static_cast<unsigned>(r_.below(6));
        for (unsigned k = 0; k < n; ++k) x = bin(op, std::move(x), leaf(uniform));
        return x;
      }
      default: {
        const WideOp op = r_.pick(kWide);
        ExprPtr w = node(ExprKind::Wide);
        w->wop = op;
        w->operands.push_back(expr(e, uniform));
        w->operands.push_back(expr(e, uniform));
        if (op >= WideOp::LShlLo && op <= WideOp::LLShrHi) {
          w->operands.push_back(shiftAmount(e, uniform, 64));
        } else {
          const bool divides = op >= WideOp::LDivLo && op <= WideOp::LURemHi;
          w->operands.push_back(expr(e, uniform));
          w->operands.push_back(divides ? bin(BinaryOp::BitOr, expr(e, uniform), lit(1)) : expr(e, uniform));
        }
        return w;
      }
    }
  }

  unsigned depthOfExpr() { return 1 + static_cast<unsigned>(r_.below(4)); }

  void set(std::vector<StmtPtr>& out, const std::string& x, ExprPtr e, bool uniformValue, bool uniformCtx) {
    out.push_back(assign(x, std::move(e)));
    if (uniformValue && uniformCtx)
      uniform_.insert(x);
    else
      uniform_.erase(x);
  }

  /// The index thread lid reads after an exchange.
  ExprPtr pattern() {
    const int32_t t = static_cast<int32_t>(threads_);
    switch (r_.below(5)) {
      case 0:  // neighbour
        return bin(BinaryOp::Rem, bin(BinaryOp::Add, lid(), lit(static_cast<int32_t>(1 + r_.below(threads_ - 1)))),
                   lit(t));
      case 1:  // reverse
        return bin(BinaryOp::Sub, lit(t - 1), lid());
      case 2:  // butterfly
        return bin(BinaryOp::BitXor, lid(), lit(1 << r_.below(threads_ == 4 ? 2 : 3)));
      case 3: {  // transpose of a 2 x (t/2) tile
        const int32_t c = t / 2;
        return bin(BinaryOp::Add, bin(BinaryOp::Mul, bin(BinaryOp::Rem, lid(), lit(c)), lit(2)),
                   bin(BinaryOp::Div, lid(), lit(c)));
      }
      default:  // rotated by the group id
        return bin(BinaryOp::Rem, bin(BinaryOp::Add, lid(), node(ExprKind::Gid)), lit(t));
    }
  }

  /// Adds one segment to `out`. `uniformCtx`: every thread runs it (barriers allowed).
  void segment(std::vector<StmtPtr>& out, unsigned depth, bool uniformCtx) {
    const bool nest = depth < o_.maxDepth;
    const std::vector<unsigned> weights = {
        5,                                  // 0 assignments
        2,                                  // 1 vector operation
        2,                                  // 2 read an input
        uniformCtx ? 4u : 0u,               // 3 exchange
        uniformCtx ? 2u : 0u,               // 4 reduction
        uniformCtx && nest ? 3u : 0u,       // 5 loop with a barrier
        uniformCtx && nest ? 2u : 0u,       // 6 uniform branch with barriers
        nest ? 3u : 0u,                     // 7 thread-dependent branch
        2,                                  // 8 own field of the record: store and load
        2,                                  // 9 atomic
        procedures_.empty() ? 0u : 2u,      // 10 helper call
        nest ? 1u : 0u,                     // 11 thread-dependent loop
    };
    const std::string& v = r_.pick(locals_);
    switch (r_.weighted(weights)) {
      case 0: {
        const unsigned n = 1 + static_cast<unsigned>(r_.below(3));
        for (unsigned k = 0; k < n; ++k) {
          const bool u = uniformCtx && r_.chance(20);
          set(out, r_.pick(locals_), expr(depthOfExpr(), u), u, uniformCtx);
        }
        return;
      }
      case 1: {
        const BinaryOp op = r_.pick(std::vector<BinaryOp>{BinaryOp::Add, BinaryOp::Sub, BinaryOp::Mul,
                                                          BinaryOp::BitXor, BinaryOp::BitAnd, BinaryOp::Shl});
        for (const std::string& x : locals_) {
          ExprPtr rhs = op == BinaryOp::Shl ? lit(static_cast<int32_t>(r_.below(32))) : expr(1, false);
          set(out, x, bin(op, var(x), std::move(rhs)), false, uniformCtx);
        }
        return;
      }
      case 2:
        out.push_back(read(v, "In", maskedIndex(2 * threads_)));
        uniform_.erase(v);
        return;
      case 3: {
        out.push_back(write("S", lid(), expr(depthOfExpr(), false)));
        out.push_back(barrier());
        out.push_back(read(v, "S", pattern()));
        uniform_.erase(v);
        out.push_back(barrier());
        return;
      }
      case 4: {
        // A tree reduction: the loop's barrier is reached by every thread each iteration.
        const BinaryOp op = r_.pick(std::vector<BinaryOp>{BinaryOp::Add, BinaryOp::BitXor, BinaryOp::BitOr,
                                                          BinaryOp::Mul, BinaryOp::Sub});
        out.push_back(write("R", lid(), expr(depthOfExpr(), false)));
        out.push_back(barrier());
        out.push_back(assign("s", lit(static_cast<int32_t>(threads_ / 2))));
        std::vector<StmtPtr> step, body;
        step.push_back(read("ta", "R", lid()));
        step.push_back(read("tb", "R", bin(BinaryOp::Add, lid(), var("s"))));
        step.push_back(write("R", lid(), bin(op, var("ta"), var("tb"))));
        body.push_back(ifThen(bin(BinaryOp::Lt, lid(), var("s")), std::move(step), {}));
        body.push_back(barrier());
        body.push_back(assign("s", r_.chance(50) ? bin(BinaryOp::Div, var("s"), lit(2))
                                                 : bin(BinaryOp::LShr, var("s"), lit(1))));
        out.push_back(whileLoop(bin(BinaryOp::Gt, var("s"), lit(0)), std::move(body)));
        out.push_back(read(v, "R", lit(0)));
        out.push_back(barrier());
        if (uniformCtx) uniform_.insert(v);
        return;
      }
      case 5: {
        const std::string i = depth == 0 ? "i0" : "i1";
        ExprPtr trips = r_.chance(60) ? lit(static_cast<int32_t>(1 + r_.below(3)))
                                      : bin(BinaryOp::Add, bin(BinaryOp::BitAnd, expr(2, true), lit(3)), lit(1));
        out.push_back(assign(i, lit(0)));
        std::vector<StmtPtr> body;
        const unsigned n = 1 + static_cast<unsigned>(r_.below(2));
        counters_.push_back(i);
        uniform_.insert(i);
        for (unsigned k = 0; k < n; ++k) segment(body, depth + 1, true);
        counters_.pop_back();
        body.push_back(barrier());
        body.push_back(assign(i, bin(BinaryOp::Add, var(i), lit(1))));
        // Values set in the body differ between iterations: uniform only if they were before.
        out.push_back(whileLoop(bin(BinaryOp::Lt, var(i), std::move(trips)), std::move(body)));
        return;
      }
      case 6: {
        ExprPtr c = expr(2, true);
        std::vector<StmtPtr> then, otherwise;
        const std::set<std::string> before = uniform_;
        segment(then, depth + 1, true);
        const std::set<std::string> afterThen = uniform_;
        uniform_ = before;
        if (r_.chance(60)) segment(otherwise, depth + 1, true);
        intersect(afterThen);
        out.push_back(ifThen(std::move(c), std::move(then), std::move(otherwise)));
        return;
      }
      case 7: {
        ExprPtr c = r_.chance(50) ? bin(r_.pick(std::vector<BinaryOp>{BinaryOp::Lt, BinaryOp::Eq, BinaryOp::Ne}),
                                        bin(BinaryOp::BitAnd, lid(), lit(static_cast<int32_t>(threads_ - 1))),
                                        lit(static_cast<int32_t>(r_.below(threads_))))
                                  : expr(2, false);
        std::vector<StmtPtr> then, otherwise;
        segment(then, depth + 1, false);
        if (r_.chance(50)) segment(otherwise, depth + 1, false);
        out.push_back(ifThen(std::move(c), std::move(then), std::move(otherwise)));
        return;
      }
      case 8: {
        const int32_t k = static_cast<int32_t>(4 + r_.below(kSlots - 4));
        out.push_back(write("O", slot(k), expr(depthOfExpr(), false)));
        out.push_back(read(v, "O", slot(k)));
        uniform_.erase(v);
        return;
      }
      case 9: {
        StmtPtr s = stmt(StmtKind::Atomic);
        s->atomicOp = atomic_;
        s->array = ident("C");
        s->exprs.push_back(bin(BinaryOp::BitAnd, expr(1, false), lit(3)));
        s->exprs.push_back(expr(depthOfExpr(), false));
        out.push_back(std::move(s));
        return;
      }
      case 10: {
        const size_t h = r_.below(procedures_.size());
        if (procedures_[h].barrier && !uniformCtx) return;
        StmtPtr s = stmt(StmtKind::Call);
        s->target = ident(procedures_[h].name);
        for (unsigned k = 0; k < procedures_[h].params; ++k) s->exprs.push_back(expr(depthOfExpr(), false));
        out.push_back(std::move(s));
        out.push_back(read(v, "O", slot(procedures_[h].slot)));
        uniform_.erase(v);
        return;
      }
      default: {
        const std::string j = depth == 0 ? "j0" : "j1";
        out.push_back(assign(j, lit(0)));
        std::vector<StmtPtr> body;
        segment(body, depth + 1, false);
        body.push_back(assign(j, bin(BinaryOp::Add, var(j), lit(1))));
        ExprPtr trips = bin(BinaryOp::Add, bin(BinaryOp::BitAnd, r_.chance(50) ? lid() : expr(2, false), lit(3)),
                            lit(1));
        out.push_back(whileLoop(bin(BinaryOp::Lt, var(j), std::move(trips)), std::move(body)));
        return;
      }
    }
  }

  void intersect(const std::set<std::string>& other) {
    for (auto it = uniform_.begin(); it != uniform_.end();)
      it = other.count(*it) ? std::next(it) : uniform_.erase(it);
  }

  /// procedure hK(x[, y]): computes over its parameters and writes the thread's field
  /// 4 + K of O; with `withBarrier`, it exchanges its value through S first.
  kpl::Procedure helper(unsigned k, bool withBarrier) {
    Helper h;
    h.name = fmt::format("h{}", k);
    h.params = withBarrier ? 1 : 2;
    h.slot = static_cast<int32_t>(4 + k);
    h.barrier = withBarrier;
    kpl::Procedure p;
    p.name = ident(h.name);
    std::vector<std::string> saved = locals_;
    locals_ = {"x", "r"};
    if (h.params == 2) locals_.push_back("y");
    for (unsigned q = 0; q < h.params; ++q) p.params.push_back(ident(q == 0 ? "x" : "y"));
    std::vector<StmtPtr> body;
    body.push_back(localDecl({"r"}));
    if (withBarrier) {
      body.push_back(write("S", lid(), expr(2, false)));
      body.push_back(barrier());
      body.push_back(read("r", "S", pattern()));
      body.push_back(barrier());
    }
    body.push_back(assign("r", expr(depthOfExpr() + 1, false)));
    body.push_back(write("O", slot(h.slot), var("r")));
    p.body = block(std::move(body));
    locals_ = std::move(saved);
    uniform_.clear();
    procedures_.push_back(h);
    return p;
  }

  struct Helper {
    std::string name;
    unsigned params = 1;
    int32_t slot = 4;
    bool barrier = false;
  };

  Prng r_;
  GenOptions o_;
  uint32_t threads_ = 4;
  kpl::AtomicOp atomic_ = kpl::AtomicOp::Add;
  std::vector<std::string> locals_;    // the locals segments assign
  std::vector<std::string> counters_;  // the counters of the enclosing loops with barriers (read only)
  std::set<std::string> uniform_;  // locals holding the same value in every thread here
  std::vector<Helper> procedures_;
};

}  // namespace

kpl::Program generateKernel(uint64_t seed, const std::string& name, const GenOptions& options) {
  return Generator(seed, options).generate(name);
}

uint64_t kernelSeed(uint64_t runSeed, uint64_t index) {
  uint64_t s = runSeed ^ (index * 0xd1b54a32d192ed03ull);
  splitmix64(s);
  return splitmix64(s);
}

}  // namespace sdvmc::fuzz
