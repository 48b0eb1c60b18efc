// The asynchronous copies in the two-thread encoding (see TwoThread.h; the rules are
// semantics/rules/Async.cpp, KPL's forms specs/KPL.md): each copy instance issued is kept with
// its cells and formulas for issued / done; ASYNC-RACE at the issue and at each access while it
// is in flight; the waits (G-ASYNC-WAIT, T-CP-COMMIT / T-CP-WAIT) and main's last barrier complete
// it at once. Members of the encoder (Encoder.h).
#include "prover/Encoder.h"

#include <fmt/format.h>

#include <optional>

namespace sdvmc::prove {

namespace detail {

namespace {
/// A stride operand's value when it is a constant expression (literals under + - * and
/// negation, Word arithmetic; nsw_* too when they do not overflow), else nothing.
std::optional<int64_t> constantWord(const sem::Ir& ir, ExprId id) {
  const sem::ExprNode& x = ir.exprs[id];
  if (x.op == EOp::Const) return static_cast<int32_t>(x.imm);
  if (x.op == EOp::Neg) {
    const auto a = constantWord(ir, x.a);
    return a ? std::optional<int64_t>(static_cast<int32_t>(static_cast<uint32_t>(-*a))) : std::nullopt;
  }
  if (x.op != EOp::Add && x.op != EOp::Sub && x.op != EOp::Mul && x.op != EOp::NswAdd && x.op != EOp::NswSub &&
      x.op != EOp::NswMul)
    return std::nullopt;
  const auto a = constantWord(ir, x.a), b = constantWord(ir, x.b);
  if (!a || !b) return std::nullopt;
  const int64_t r = x.op == EOp::Add || x.op == EOp::NswAdd   ? *a + *b
                    : x.op == EOp::Sub || x.op == EOp::NswSub ? *a - *b
                                                              : *a * *b;
  const bool nsw = x.op == EOp::NswAdd || x.op == EOp::NswSub || x.op == EOp::NswMul;
  if (nsw && (r < INT32_MIN || r > INT32_MAX)) return std::nullopt;  // an overflow error: not a constant
  return static_cast<int32_t>(static_cast<uint32_t>(static_cast<uint64_t>(r)));
}
}  // namespace

/// A stride s computed at run time: fresh j and inv with s = 2^j·o (o odd) and o·inv = 1 where
/// s ≠ 0, conjoined to the execution's constraints (alive): both exist and are unique for every
/// s ≠ 0, so no execution is excluded, and membership and elements then take one shift and one
/// multiplication each (a division or Newton's iteration over a symbolic o is far slower).
Encoder::RuntimeStride Encoder::runtimeStride(const z3::expr& s) {
  const uint64_t k = counter_++;
  const z3::expr j = c_.bv_const(name(fmt::format("stride_j{}", k)).c_str(), 32);
  const z3::expr inv = c_.bv_const(name(fmt::format("stride_inv{}", k)).c_str(), 32);
  alive_ = alive_ && (s == bv(0) || (z3::ult(j, bv(32)) && (s & -s) == z3::shl(bv(1), j) &&
                                     z3::lshr(s, j) * inv == bv(1)));
  return RuntimeStride{s, j, inv};
}

/// The element k0 of range r whose cell is the Word w (when `member`): the stride is
/// 2^j·o with o odd, so off + k·stride = w ⇔ 2^j divides w − off and k ≡ ((w − off) >> j)·o⁻¹
/// (mod 2^(32−j)); k0 is the least such k. (Stride 0: element 0.)
z3::expr Encoder::element(const z3::expr& w, const CopyRange& r) {
  if (r.runtime) {  // the same with the run-time stride's j and o⁻¹ (runtimeStride)
    const RuntimeStride& rs = *r.runtime;
    const z3::expr mask = z3::lshr(c_.bv_val(0xFFFFFFFFu, 32), rs.j);
    return z3::ite(rs.s == bv(0), bv(0), (z3::lshr(w - r.off, rs.j) * rs.inv) & mask);
  }
  if (r.stride == 0) return bv(0);
  const unsigned j = static_cast<unsigned>(__builtin_ctz(r.stride));
  const uint32_t o = r.stride >> j;
  uint32_t inv = o;  // Newton's iteration for o⁻¹ mod 2^32: each step doubles the good bits
  for (int i = 0; i < 5; ++i) inv *= 2 - o * inv;
  const uint32_t mask = j == 0 ? 0xFFFFFFFFu : (1u << (32 - j)) - 1;
  return (z3::lshr(w - r.off, bv(j)) * c_.bv_val(inv, 32)) & c_.bv_val(mask, 32);
}

/// array[idx] is one of the range's cells: ∃k < n. off + k·stride = idx (Word arithmetic).
z3::expr Encoder::member(sem::ArrayId array, const z3::expr& idx, const CopyRange& r) {
  if (array != r.array) return c_.bool_val(false);
  const z3::expr w = low(idx);
  z3::expr in = c_.bool_val(false);
  if (r.runtime) {
    const z3::expr s = r.runtime->s;
    const z3::expr aligned = ((w - r.off) & ((s & -s) - bv(1))) == bv(0);
    in = z3::ite(s == bv(0), r.n != bv(0) && w == r.off, aligned && z3::ult(element(w, r), r.n));
  } else if (r.stride == 0) {
    in = r.n != bv(0) && w == r.off;
  } else {
    const unsigned j = static_cast<unsigned>(__builtin_ctz(r.stride));
    const z3::expr aligned = j == 0 ? c_.bool_val(true) : ((w - r.off) & c_.bv_val((1u << j) - 1, 32)) == bv(0);
    in = aligned && z3::ult(element(w, r), r.n);
  }
  return wide_ ? in && idx == cellOf(w) : in;
}

/// The ranges share a cell. Strides 1: off1 + k = off2 + j (k < n1, j < n2) ⇔ off2 − off1 ∈
/// (−n2, n1). Others: one nondeterministically chosen element of each (as the logs' RD_elem).
z3::expr Encoder::overlap(const CopyRange& a, const CopyRange& b) {
  if (a.array != b.array) return c_.bool_val(false);
  if (a.unit() && b.unit())
    return a.n != bv(0) && b.n != bv(0) && (z3::ult(b.off - a.off, a.n) || z3::ult(a.off - b.off, b.n));
  const uint64_t k = counter_++;
  const z3::expr ka = c_.bv_const(name(fmt::format("ovl_a{}", k)).c_str(), 32);
  const z3::expr kb = c_.bv_const(name(fmt::format("ovl_b{}", k)).c_str(), 32);
  return z3::ult(ka, a.n) && z3::ult(kb, b.n) && a.cell(ka) == b.cell(kb);
}

/// Two elements of the range name one cell: (k1 − k2)·stride ≡ 0 with k1 ≠ k2 < n, i.e.
/// n > 2^(32−j) for stride 2^j·o (n > 1 for stride 0).
z3::expr Encoder::repeats(const CopyRange& r) {
  if (r.runtime) {  // n > 2^(32−j), in 64 bits
    const RuntimeStride& rs = *r.runtime;
    const z3::expr limit = z3::lshr(c_.bv_val(uint64_t{1} << 32, 64), z3::zext(rs.j, 32));
    return z3::ite(rs.s == bv(0), z3::ugt(r.n, bv(1)), z3::ugt(z3::zext(r.n, 32), limit));
  }
  if (r.stride == 0) return z3::ugt(r.n, bv(1));
  const unsigned j = static_cast<unsigned>(__builtin_ctz(r.stride));
  if (32 - j > 20) return c_.bool_val(false);  // n <= 2^20 (larger counts are inconclusive)
  return z3::ugt(r.n, bv(int64_t{1} << (32 - j)));
}

/// copyCells's errors for a copy of pair member `member` (its group's or its own) issued
/// where `p`: n outside 0..2^20 is inconclusive; a cell outside its array out-of-bounds, in
/// element order (element k's source, then its destination); a constant destination a
/// constant write (after element 0's bounds).
void Encoder::copyErrors(const CopyRange& dst, const CopyRange& src, int member, const z3::expr& p, const z3::expr& n) {
  const int t = member;
  error(VerdictKind::Inconclusive, t, p && (n < bv(0) || n > bv(1 << 20)));
  flush(cur_);
  const sem::ArrayInfo& da = ir_.arrays[dst.array];
  const sem::ArrayInfo& sa = ir_.arrays[src.array];
  auto firstOut = [&](const CopyRange& r, const sem::ArrayInfo& info) {
    // the first k with off + k outside [0, extent): 0 when off < 0, else extent − off
    // (reached when off + n > extent; below 2^31, so no wrap)
    return z3::ite(r.off < bv(0), bv(0), bv(static_cast<int64_t>(info.extent())) - r.off);
  };
  auto anyOut = [&](const CopyRange& r, const sem::ArrayInfo& info) {
    if (!info.extent()) return c_.bool_val(false);
    const z3::expr end = z3::sext(r.off, 32) + z3::zext(r.n, 32);
    return r.n != bv(0) && (r.off < bv(0) || z3::ugt(end, c_.bv_val(static_cast<uint64_t>(info.extent()), 64)));
  };
  if (da.constant) {
    auto out0 = [&](const CopyRange& r, const sem::ArrayInfo& info) {
      return info.extent() ? outside(cellOf(r.off), info.extent()) : c_.bool_val(false);
    };
    const z3::expr s0 = out0(src, sa), d0 = out0(dst, da);
    error(VerdictKind::OutOfBounds, t, p && n != bv(0) && s0, src.array, cellOf(src.off));
    error(VerdictKind::OutOfBounds, t, p && n != bv(0) && !s0 && d0, dst.array, cellOf(dst.off));
    flush(cur_);
    error(VerdictKind::ConstantWrite, t, p && n != bv(0), dst.array, cellOf(dst.off));
    flush(cur_);
    return;
  }
  if (!src.unit() || !dst.unit()) {
    // One nondeterministically chosen element k < n of each side outside its array.
    for (auto [r, info] : {std::pair{&src, &sa}, std::pair{&dst, &da}}) {
      if (!info->extent()) continue;
      const z3::expr k = c_.bv_const(name(fmt::format("oob_el{}", counter_++)).c_str(), 32);
      const z3::expr cell = cellOf(r->cell(k));
      error(VerdictKind::OutOfBounds, t, p && z3::ult(k, n) && outside(cell, info->extent()), r->array, cell);
    }
    flush(cur_);
    return;
  }
  const z3::expr so = anyOut(src, sa), dO = anyOut(dst, da);
  if (sa.extent() && da.extent()) {
    const z3::expr ks = firstOut(src, sa), kd = firstOut(dst, da);
    error(VerdictKind::OutOfBounds, t, p && so && (!dO || z3::ule(ks, kd)), src.array, cellOf(src.off + ks));
    error(VerdictKind::OutOfBounds, t, p && dO && (!so || z3::ult(kd, ks)), dst.array, cellOf(dst.off + kd));
  } else if (sa.extent()) {
    error(VerdictKind::OutOfBounds, t, p && so, src.array, cellOf(src.off + firstOut(src, sa)));
  } else if (da.extent()) {
    error(VerdictKind::OutOfBounds, t, p && dO, dst.array, cellOf(dst.off + firstOut(dst, da)));
  }
  flush(cur_);
}

/// The conflicts of copy `c` being issued where `p` (ASYNC-RACE (1)): within itself, with
/// every copy in flight, and with the accesses logged since the last barrier (every
/// thread's for the group's copy; the other thread's for a thread's copy).
void Encoder::issueConflicts(const Copy& c, const z3::expr& p) {
  rule_ = Rule::AsyncRace;
  const z3::expr on = exists(c.member) && p;
  // The race's threads: both pair members when each side is one's own, else the one named
  // (the group's copy is named after the thread whose access it meets, or thread 0).
  auto who = [](int a, int b) { return a >= 0 && b >= 0 && a != b ? -1 : a >= 0 ? a : b >= 0 ? b : 0; };
  error(VerdictKind::Race, who(c.owner, -1), on && repeats(c.dst), c.dst.array, cellOf(c.dst.off));
  error(VerdictKind::Race, who(c.owner, -1), on && overlap(c.src, c.dst), c.dst.array, cellOf(c.dst.off));
  for (const Copy& o : copies_) {
    if (o.instance == c.instance) continue;  // the same group copy seen from the other member
    const z3::expr hit = overlap(c.dst, o.dst) || overlap(c.dst, o.src) || overlap(c.src, o.dst);
    error(VerdictKind::Race, who(c.owner, o.owner), on && related(o, c.member) && inFlight(o) && hit, c.dst.array,
          cellOf(c.dst.off));
  }
  for (int t = 0; t < T_; ++t) {
    if (t == c.owner) continue;  // a thread's own earlier accesses precede its copy
    const ThreadState& u = th_[t];
    const sem::ArrayId d = c.dst.array, s = c.src.array;
    z3::expr hit = (u.wrEx[d] && member(d, u.wrEl[d], c.dst)) || (u.rdEx[d] && member(d, u.rdEl[d], c.dst)) ||
                   (u.atEx[d] && member(d, u.atEl[d], c.dst)) || (u.wrEx[s] && member(s, u.wrEl[s], c.src)) ||
                   (u.atEx[s] && member(s, u.atEl[s], c.src));
    const z3::expr sameGroup = t == c.member ? c_.bool_val(true) : e_.two && e_.same;
    error(VerdictKind::Race, who(c.owner, t), on && sameGroup && hit, c.dst.array, cellOf(c.dst.off));
  }
  flush(cur_);
}

/// ASYNC-RACE (2) at a read or write (after its bounds and operand errors, as T-RD, T-WR).
void Encoder::asyncAccess(NodeId id, const std::vector<z3::expr>& p, const std::vector<z3::expr>& idx, sem::ArrayId array,
                          bool write) {
  if (copies_.empty() || group_ || generic_ || idx.size() != p.size()) return;
  std::vector<PendingError> before = std::move(pending_);
  pending_.clear();
  // The statement's own errors (bounds, constant memory) come first: flushed, then the
  // conflicts with the copies in flight, then its atomic conflicts (kept pending).
  std::vector<PendingError> rest;
  for (const PendingError& e : before)
    (e.kind == VerdictKind::Race ? rest : pending_).push_back(e);
  flush(id);
  for (size_t t = 0; t < idx.size(); ++t) inFlightConflict(static_cast<int>(t), array, p[t], idx[t], write);
  flush(id);
  for (PendingError& e : rest) pending_.push_back(std::move(e));
}

/// ASYNC-RACE (2): thread t's access (a write when `write`) to array[idx] where `p`, against
/// every copy in flight: a destination cell, or a source cell written.
void Encoder::inFlightConflict(int t, sem::ArrayId array, const z3::expr& p, const z3::expr& idx, bool write) {
  const Rule saved = rule_;
  rule_ = Rule::AsyncRace;
  for (const Copy& c : copies_) {
    z3::expr hit = member(array, idx, c.dst);
    if (write) hit = hit || member(array, idx, c.src);
    const int who = c.owner >= 0 && c.owner != t ? -1 : t;
    error(VerdictKind::Race, who, exists(t) && p && related(c, t) && inFlight(c) && hit, array, idx);
  }
  rule_ = saved;
}

/// Copy c done where `now`: the group's in its member's view (the group's memory: with no
/// race, a thread's view of the source cells is the group's; the other member has its own
/// instance), a thread's in its own view with its cells logged as its read and write (T-RD,
/// T-WR at the cp_async). (Several groups) a group's copy of global cells is logged too,
/// for the member's pair with a thread of another group only (the launch's footprint).
void Encoder::complete(Copy& c, const z3::expr& now) {
  const z3::sort cell = c_.bv_sort(indexBits());
  for (int t = 0; t < T_; ++t) {
    if (t != c.member) continue;
    const uint64_t k = counter_++;
    z3::expr x = c_.constant(name(fmt::format("cp{}_{}", t + 1, k)).c_str(), cell);
    const z3::expr from = cellOf(c.src.cell(element(low(x), c.dst)));
    z3::expr& d = th_[t].sh[c.dst.array];
    const z3::expr body = z3::ite(now && member(c.dst.array, x, c.dst), z3::select(th_[t].sh[c.src.array], from),
                                  z3::select(d, x));
    d = z3::lambda(x, body);
    if (group_ || generic_) continue;
    z3::expr when = now;
    if (c.owner < 0) {
      if (!e_.options.interGroup) continue;
      when = now && !e_.same;
    }
    // One chosen element of each side in the logs (as RD_elem / WR_elem).
    z3::expr j = c_.bv_const(name(fmt::format("cpel{}_{}", t + 1, k)).c_str(), 32);
    const bool logSrc = c.owner >= 0 || ir_.arrays[c.src.array].global;
    const bool logDst = c.owner >= 0 || ir_.arrays[c.dst.array].global;
    z3::expr cr = when && z3::ult(j, c.src.n) && c_.bool_const(name(fmt::format("cprd{}_{}", t + 1, k)).c_str());
    z3::expr cw = when && z3::ult(j, c.dst.n) && c_.bool_const(name(fmt::format("cpwr{}_{}", t + 1, k)).c_str());
    if (!logSrc) cr = c_.bool_val(false);
    if (!logDst) cw = c_.bool_val(false);
    ThreadState& s = th_[t];
    s.rdEx[c.src.array] = s.rdEx[c.src.array] || cr;
    s.rdEl[c.src.array] = z3::ite(cr, cellOf(c.src.cell(j)), s.rdEl[c.src.array]);
    s.wrEx[c.dst.array] = s.wrEx[c.dst.array] || cw;
    s.wrEl[c.dst.array] = z3::ite(cw, cellOf(c.dst.cell(j)), s.wrEl[c.dst.array]);
  }
  c.done = c.done || now;
}

/// The witness's inputs: the source cells a copy may read (up to 256 elements).
void Encoder::recordSources(const CopyRange& src) {
  const z3::expr n = src.n.simplify();
  const uint64_t count = n.is_numeral() ? std::min<uint64_t>(n.get_numeral_uint64(), 256) : 64;
  for (uint64_t k = 0; k < count; ++k) e_.reads.push_back(ReadRecord{src.array, cellOf(src.cell(bv(static_cast<int64_t>(k))))});
}

/// The group rules' premise (G-ASYNC-COPY, G-ASYNC-WAIT): reached by both threads of one
/// group or neither, then each operand the same in both. Per member, its operands' values.
std::vector<std::vector<z3::expr>> Encoder::uniformOperands(const Node& n, const std::vector<z3::expr>& p) {
  error(VerdictKind::Divergence, -1, e_.two && e_.same && p[0] != p[1]);
  flush(cur_);
  std::vector<std::vector<z3::expr>> values(static_cast<size_t>(T_));
  for (ExprId a : n.args) {
    std::vector<z3::expr> v;
    for (int t = 0; t < T_; ++t) v.push_back(ev(a, t, p[t]));
    flush(cur_);
    error(VerdictKind::Divergence, -1, e_.two && e_.same && p[0] && v[0] != v[1]);
    flush(cur_);
    for (int t = 0; t < T_; ++t) values[t].push_back(v[t]);
  }
  return values;
}

void Encoder::async(NodeId id) {
  const Node& n = ir_.nodes[id];
  if (group_ || generic_ || T_ != 2) {  // --equiv refuses them before encoding (ProveCommand)
    if (e_.unsupported.empty()) e_.unsupported = "asynchronous copies";
    return;
  }
  ++e_.statements;
  cur_ = id;
  std::vector<z3::expr> p;
  for (int t = 0; t < T_; ++t) p.push_back(pred(n.pred, t));
  switch (n.asyncOp) {
    case kpl::AsyncOp::Copy: {  // G-ASYNC-COPY
      rule_ = Rule::GAsyncCopy;
      const std::vector<std::vector<z3::expr>> ops = uniformOperands(n, p);
      // A side of member t's copy: its stride a constant, else the Word computed (uniform).
      auto range = [&](sem::ArrayId a, const std::vector<z3::expr>& op, size_t off, size_t stride) {
        if (const std::optional<int64_t> c = constantWord(ir_, n.args[stride]))
          return CopyRange{a, op[off], op[4], static_cast<uint32_t>(*c), std::nullopt};
        return CopyRange{a, op[off], op[4], 1, runtimeStride(op[stride])};
      };
      // One instance per pair member, each its group's copy with its own values (one copy
      // when both are of one group: their values agree, else a divergence).
      const uint64_t instance = counter_++;
      for (int t = 0; t < T_; ++t) {
        rule_ = Rule::GAsyncCopy;
        const std::vector<z3::expr>& op = ops[t];
        Copy c{-1, t, instance, id, range(n.array, op, 0, 1), range(n.array2, op, 2, 3), p[t], c_.bool_val(false), bv(0), c_.bool_val(false),
               bv(0)};
        copyErrors(c.dst, c.src, t, p[t], op[4]);
        issueConflicts(c, p[t]);
        c.event = z3::ite(op[5] != bv(0), op[5], nextEvent_[t]);
        nextEvent_[t] = z3::ite(p[t] && op[5] == bv(0), nextEvent_[t] + bv(1), nextEvent_[t]);
        if (n.slot0 != sem::kNone) th_[t].locals[n.slot0] = z3::ite(p[t], c.event, th_[t].locals[n.slot0]);
        recordSources(c.src);
        copies_.push_back(std::move(c));
      }
      break;
    }
    case kpl::AsyncOp::Wait: {  // G-ASYNC-WAIT: the group's copies of these events, in issue order
      rule_ = Rule::GAsyncWait;
      const std::vector<std::vector<z3::expr>> events = uniformOperands(n, p);
      for (Copy& c : copies_) {
        if (c.owner >= 0) continue;
        z3::expr waited = c_.bool_val(false);
        for (const z3::expr& e : events[c.member]) waited = waited || c.event == e;
        complete(c, p[c.member] && inFlight(c) && waited);
      }
      break;
    }
    case kpl::AsyncOp::ThreadCopy: {  // T-CP-ASYNC: every operand, then each thread's copy
      rule_ = Rule::TCpAsync;
      std::vector<std::vector<z3::expr>> op(static_cast<size_t>(T_));
      for (int t = 0; t < T_; ++t)
        for (ExprId a : n.args) op[t].push_back(ev(a, t, p[t]));
      flush(id);
      for (int t = 0; t < T_; ++t) {
        rule_ = Rule::TCpAsync;
        Copy c{t, t, counter_++, id, CopyRange{n.array, op[t][0], op[t][2], 1, std::nullopt},
                 CopyRange{n.array2, op[t][1], op[t][2], 1, std::nullopt},
               p[t], c_.bool_val(false), bv(0), c_.bool_val(false), bv(0)};
        copyErrors(c.dst, c.src, t, p[t], op[t][2]);
        issueConflicts(c, p[t]);
        recordSources(c.src);
        copies_.push_back(std::move(c));
      }
      break;
    }
    case kpl::AsyncOp::Commit: {  // T-CP-COMMIT: the uncommitted copies become the newest batch
      for (Copy& c : copies_) {
        if (c.owner < 0) continue;
        const z3::expr now = p[c.owner] && c.issued && !c.committed;
        c.batch = z3::ite(now, commits_[c.owner], c.batch);
        c.committed = c.committed || now;
      }
      for (int t = 0; t < T_; ++t) commits_[t] = z3::ite(p[t], commits_[t] + bv(1), commits_[t]);
      break;
    }
    case kpl::AsyncOp::ThreadWait: {  // T-CP-WAIT(k): batch b done when b + k < commits (unsigned)
      rule_ = Rule::TCpWait;
      std::vector<z3::expr> k;
      for (int t = 0; t < T_; ++t) k.push_back(ev(n.args[0], t, p[t]));
      flush(id);
      for (Copy& c : copies_) {
        if (c.owner < 0) continue;
        const int t = c.owner;
        const z3::expr old = z3::ult(z3::zext(c.batch, 32) + z3::zext(k[t], 32), z3::zext(commits_[t], 32));
        complete(c, p[t] && inFlight(c) && c.committed && old);
      }
      break;
    }
  }
  flush(id);
}

}  // namespace detail

}  // namespace sdvmc::prove
