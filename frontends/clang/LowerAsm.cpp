// Inline PTX (`asm volatile("…" : outputs : inputs)`): the few instructions kernels wrap
// everywhere are modelled, every other one is `unsupported: inline PTX instruction 'OP'`
// at the asm statement, naming it (frontends/clang/README.md, "Inline PTX").
//   - `mov.{u32,s32,b32} %0, %%REG;` of a special register: %laneid (lid % wsize(), as the
//     warp primitives compute the lane), %tid.d, %ntid.d, %ctaid.d, %nctaid.d (threadIdx,
//     blockDim, blockIdx, gridDim), %lanemask_eq/lt/le/gt/ge (from the lane);
//   - `ld.global.nc.{u32,s32,b32,f32} %0, [%1];`: the ordinary read of the 4-byte cell the
//     pointer operand points at (the non-coherent cache changes no value for a buffer the
//     kernel does not write; one it writes is read as the model reads it, which CUDA leaves
//     undefined);
//   - `ld.global.nc.v{2,4}.{u32,s32,b32,f32} {%0, …}, [%N];` through a pointer to a vector
//     of as many 32-bit components (float2, float4, uint4 …): element i is the read of
//     component i's cell (a pointer to 4-byte scalars is refused: its 8- or 16-byte alignment,
//     which PTX requires, is not modelled);
//   - an empty template (`asm volatile("" ::: "memory")`, a compiler barrier): no effect;
//   - the asynchronous copies (LowerAsync.cpp): `cp.async.{ca,cg}.shared.global[.L2::NB]
//     [%0], [%1], SIZE;` (the shared address written `__cvta_generic_to_shared(p)`) is KPL's
//     `cp_async`, `cp.async.commit_group;` `cp_commit()`, `cp.async.wait_group N;` `cp_wait(N)`,
//     `cp.async.wait_all;` both `cp_commit()` and `cp_wait(0)` (PTX: it is commit_group then
//     wait_group 0).
#include "frontends/clang/Lowerer.h"

#include <cctype>
#include <fmt/format.h>

#include <clang/AST/ASTContext.h>
#include <clang/AST/Expr.h>
#include <clang/AST/Stmt.h>


namespace sdvmc::clangfe::lowering {

namespace {

/// The template's instructions, split at ';' and newlines, without blanks, braces and
/// empty ones.
std::vector<std::string> instructions(const std::string& text) {
  std::vector<std::string> out;
  std::string cur;
  auto flush = [&] {
    size_t b = cur.find_first_not_of(" \t\r{}");
    size_t e = cur.find_last_not_of(" \t\r{}");
    if (b != std::string::npos) out.push_back(cur.substr(b, e - b + 1));
    cur.clear();
  };
  for (char c : text) {
    if (c == ';' || c == '\n') flush();
    else cur += c;
  }
  flush();
  return out;
}

/// An instruction's opcode with its suffixes (`cp.async.ca.shared.global`); a predicate
/// guard (`@p`) is kept in front.
std::string opcodeOf(const std::string& insn) {
  size_t e = insn.find_first_of(" \t");
  std::string op = insn.substr(0, e);
  if (!op.empty() && op[0] == '@' && e != std::string::npos) {
    size_t b = insn.find_first_not_of(" \t", e);
    size_t e2 = insn.find_first_of(" \t", b);
    op = fmt::format("{} {}", op, insn.substr(b, e2 == std::string::npos ? std::string::npos : e2 - b));
  }
  return op;
}

}  // namespace

namespace {

/// A reader of one PTX instruction's text (no std::regex: this library is built without RTTI,
/// and a static std::regex there trips the sanitizers' vptr check at exit).
struct PtxReader {
  const std::string& s;
  size_t i = 0;
  bool lit(std::string_view t) {
    if (s.compare(i, t.size(), t) != 0) return false;
    i += t.size();
    return true;
  }
  bool oneOf(std::string_view set) {
    if (i >= s.size() || set.find(s[i]) == std::string_view::npos) return false;
    ++i;
    return true;
  }
  /// Any spaces; `some`: at least one.
  bool spaces(bool some = false) {
    const size_t from = i;
    while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
    return !some || i > from;
  }
  std::string word() {
    const size_t from = i;
    while (i < s.size() && (std::isalnum(static_cast<unsigned char>(s[i])) || s[i] == '_')) ++i;
    return s.substr(from, i - from);
  }
  bool end() const { return i == s.size(); }
};

/// `mov.{u,s,b}32 %0, %REG[.x|.y|.z]` (the register also written %%REG): REG and its dimension.
bool matchMovSpecial(const std::string& insn, std::string& reg, unsigned& d) {
  PtxReader p{insn};
  if (!(p.lit("mov.") && p.oneOf("usb") && p.lit("32") && p.spaces(true) && p.lit("%0") && p.spaces() && p.lit(",") &&
        p.spaces() && p.lit("%")))
    return false;
  p.lit("%");
  reg = p.word();
  d = 3;
  if (p.lit(".")) {
    const size_t at = p.i;
    if (!p.oneOf("xyz")) return false;
    d = static_cast<unsigned>(insn[at] - 'x');
  }
  return !reg.empty() && p.end();
}

/// `cp.async.{ca,cg}.shared.global[.L2::64B|128B|256B] [%0], [%1], SIZE` (SIZE a number or
/// `%2`): whether it is one, `cg`, and the size's text.
bool matchCpAsync(const std::string& insn, bool& cg, std::string& size) {
  PtxReader p{insn};
  if (!p.lit("cp.async.")) return false;
  cg = p.lit("cg");
  if (!cg && !p.lit("ca")) return false;
  if (!p.lit(".shared.global")) return false;
  if (p.lit(".L2::") && !(p.lit("64B") || p.lit("128B") || p.lit("256B"))) return false;
  if (!(p.spaces(true) && p.lit("[") && p.spaces() && p.lit("%0") && p.spaces() && p.lit("]") && p.spaces() &&
        p.lit(",") && p.spaces() && p.lit("[") && p.spaces() && p.lit("%1") && p.spaces() && p.lit("]") && p.spaces() &&
        p.lit(",") && p.spaces()))
    return false;
  if (p.lit("%")) size = fmt::format("%{}", p.word());
  else size = p.word();
  p.spaces();
  return !size.empty() && p.end();
}

/// `cp.async.wait_group N` (N a number or `%0`): N's text.
bool matchCpWaitGroup(const std::string& insn, std::string& n) {
  PtxReader p{insn};
  if (!(p.lit("cp.async.wait_group") && p.spaces(true))) return false;
  n = p.lit("%") ? fmt::format("%{}", p.word()) : p.word();
  p.spaces();
  return !n.empty() && p.end();
}

/// `ld.global.nc.{u32,s32,b32,f32} %0, [%1]`.
bool matchLdGlobalNc(const std::string& insn) {
  PtxReader p{insn};
  return p.lit("ld.global.nc.") && ((p.oneOf("usb") && p.lit("32")) || p.lit("f32")) && p.spaces(true) &&
         p.lit("%0") && p.spaces() && p.lit(",") && p.spaces() && p.lit("[") && p.spaces() && p.lit("%1") &&
         p.spaces() && p.lit("]") && p.end();
}

/// `ld.global.nc.v{2,4}.{u32,s32,b32,f32} {%0, …, %(n-1)}, [%n]`: n (2 or 4), or 0.
unsigned matchLdGlobalNcVector(const std::string& insn) {
  PtxReader p{insn};
  if (!p.lit("ld.global.nc.v")) return 0;
  const unsigned n = p.lit("2") ? 2 : p.lit("4") ? 4 : 0;
  if (n == 0 || !p.lit(".") || !((p.oneOf("usb") && p.lit("32")) || p.lit("f32")) || !p.spaces(true) || !p.lit("{"))
    return 0;
  for (unsigned k = 0; k < n; ++k) {
    p.spaces();
    if (k > 0 && !(p.lit(",") && (p.spaces(), true))) return 0;
    if (!p.lit(fmt::format("%{}", k))) return 0;
  }
  p.spaces();
  if (!(p.lit("}") && p.spaces() && p.lit(",") && p.spaces() && p.lit("[") && p.spaces() && p.lit(fmt::format("%{}", n)) &&
        p.spaces() && p.lit("]") && p.end()))
    return 0;
  return n;
}

}  // namespace

void Lowerer::lowerAsm(const clang::GCCAsmStmt* a) {
  const kpl::SourceRange r = range(a);
  const std::vector<std::string> insns = instructions(a->getAsmString()->getString().str());
  if (insns.empty()) return;  // a compiler barrier: nothing happens in the model
  const std::string& insn = insns.front();
  auto refuse = [&](const std::string& why) {
    unsupported(a, fmt::format("inline PTX instruction '{}'{}", opcodeOf(insn), why));
  };
  if (insns.size() > 1) {
    refuse(fmt::format(" (in an asm statement of {} instructions; sdvmc models single `mov` of a special register "
                       "and `ld.global.nc`)", insns.size()));
    return;
  }
  // The one output: a 4-byte integer or float lvalue ("=r" or "=f").
  auto output = [&]() -> const clang::Expr* {
    if (a->getNumOutputs() != 1 || a->getNumInputs() > 1) return nullptr;
    const clang::Expr* o = a->getOutputExpr(0);
    const clang::QualType t = o->getType();
    if (!(t->isIntegerType() || t->isFloatingType()) || ctx_.getTypeSize(t) != 32) return nullptr;
    return o;
  };
  std::string reg;
  unsigned d = 3;  // the register's dimension x, y, z (0..2); 3: none
  if (matchMovSpecial(insn, reg, d)) {
    const clang::Expr* out = output();
    if (!out || a->getNumInputs() != 0) return refuse(" with these operands (one 32-bit output, no input, is modelled)");
    auto lane = [&] { return bin(BinaryOp::URem, kindExpr(ExprKind::Lid, r), kindExpr(ExprKind::WarpSize, r), r); };
    auto ones = [&](ExprPtr n) { return bin(BinaryOp::Sub, bin(BinaryOp::Shl, lit(1, r), std::move(n), r), lit(1, r), r); };
    ExprPtr v;
    if (reg == "laneid" && d == 3) v = lane();
    else if (reg == "tid" && d < 3) v = localId(d, r);
    else if (reg == "ntid" && d < 3) v = sizeExpr(launch_.localSize, d, r);
    else if (reg == "ctaid" && d < 3) v = groupId(d, r);
    else if (reg == "nctaid" && d < 3) v = sizeExpr(launch_.numGroups, d, r);
    else if (reg == "lanemask_eq" && d == 3) v = bin(BinaryOp::Shl, lit(1, r), lane(), r);
    else if (reg == "lanemask_lt" && d == 3) v = ones(lane());
    // (1 << lane+1) - 1, written so that lane 31 gives all ones: (2 << lane) wraps to 0.
    else if (reg == "lanemask_le" && d == 3) v = bin(BinaryOp::Sub, bin(BinaryOp::Shl, lit(2, r), lane(), r), lit(1, r), r);
    else if (reg == "lanemask_gt" && d == 3)
      v = bin(BinaryOp::BitXor, bin(BinaryOp::Sub, bin(BinaryOp::Shl, lit(2, r), lane(), r), lit(1, r), r), lit(-1, r), r);
    else if (reg == "lanemask_ge" && d == 3) v = bin(BinaryOp::BitXor, ones(lane()), lit(-1, r), r);
    else return refuse(fmt::format(" of special register %{}{} (sdvmc models %laneid, %tid, %ntid, %ctaid, %nctaid, "
                                   "%lanemask_*)", reg, d < 3 ? fmt::format(".{}", static_cast<char>('x' + d)) : std::string()));
    if (reg == "laneid" || reg.rfind("lanemask", 0) == 0)
      note(a->getBeginLoc(), "%laneid is the thread's lane in the model's warp: lid % wsize() (32 under SDV and prove, W "
                             "under --model simt:W, 1 under mimd)");
    LVal lv = lvalue(out);
    store(lv, std::move(v), r);
    return;
  }
  if (matchLdGlobalNc(insn)) {
    const clang::Expr* out = output();
    const clang::Expr* ptr = a->getNumInputs() == 1 ? a->getInputExpr(0)->IgnoreParenImpCasts() : nullptr;
    const clang::QualType pointee = ptr && ptr->getType()->isPointerType() ? ptr->getType()->getPointeeType() : clang::QualType();
    if (!out || pointee.isNull() || !(pointee->isIntegerType() || pointee->isFloatingType()) ||
        ctx_.getTypeSize(pointee) != 32)
      return refuse(" with these operands (a 32-bit output and a pointer to 4-byte integers or floats are modelled)");
    // *ptr, as the source would read it.
    clang::Expr* deref = clang::UnaryOperator::Create(ctx_, const_cast<clang::Expr*>(ptr), clang::UO_Deref, pointee,
                                                      clang::VK_LValue, clang::OK_Ordinary, a->getBeginLoc(), false,
                                                      clang::FPOptionsOverride());
    LVal from = lvalue(deref);
    ExprPtr v = load(from, r);
    LVal to = lvalue(out);
    store(to, std::move(v), r);
    return;
  }
  if (const unsigned n = matchLdGlobalNcVector(insn)) {
    // n 32-bit outputs and a pointer to a vector (struct) of n 32-bit components.
    bool ok = a->getNumOutputs() == n && a->getNumInputs() == 1;
    for (unsigned k = 0; ok && k < n; ++k) {
      const clang::QualType t = a->getOutputExpr(k)->getType();
      ok = (t->isIntegerType() || t->isFloatingType()) && ctx_.getTypeSize(t) == 32;
    }
    const clang::Expr* ptr = ok ? a->getInputExpr(0)->IgnoreParenImpCasts() : nullptr;
    const clang::QualType pointee = ptr && ptr->getType()->isPointerType() ? ptr->getType()->getPointeeType() : clang::QualType();
    if (!pointee.isNull() && (pointee->isIntegerType() || pointee->isFloatingType()))
      return refuse(fmt::format(" through a pointer to 4-byte scalars (PTX requires {}-byte alignment, which sdvmc does "
                                "not model: load through a pointer to a vector of {} components, float{} or uint{} …)",
                                4 * n, n, n, n));
    std::optional<Layout> l = pointee.isNull() ? std::nullopt : layoutOf(pointee, a->getBeginLoc());
    bool vec = l && l->comps.size() == n && l->cells == n;
    for (size_t k = 0; vec && k < l->comps.size(); ++k)
      vec = l->comps[k].type.width == 32 && !l->comps[k].type.hiWord && !l->comps[k].ptrField && l->comps[k].offset == k;
    if (!ok || !vec)
      return refuse(fmt::format(" with these operands ({} 32-bit outputs and a pointer to a vector of {} 32-bit "
                                "components, float{}, int{}, uint{} …, are modelled)", n, n, n, n, n));
    clang::Expr* deref = clang::UnaryOperator::Create(ctx_, const_cast<clang::Expr*>(ptr), clang::UO_Deref, pointee,
                                                      clang::VK_LValue, clang::OK_Ordinary, a->getBeginLoc(), false,
                                                      clang::FPOptionsOverride());
    Agg v = aggValue(deref);
    if (!v.ok || v.vals.size() != n) return;
    std::vector<ExprPtr> vals;
    for (ExprPtr& e : v.vals) vals.push_back(snapshot(std::move(e), r));  // every element read before any output is written
    for (unsigned k = 0; k < n; ++k) {
      LVal to = lvalue(a->getOutputExpr(k));
      store(to, std::move(vals[k]), r);
    }
    return;
  }
  // The asynchronous copies (LowerAsync.cpp).
  const std::string opcode = opcodeOf(insn);
  // A number written in the template, or an "n" operand %k: its value.
  auto constant = [&](const std::string& text) -> std::optional<int64_t> {
    if (text.empty()) return std::nullopt;
    if (text[0] == '%') {
      const std::string k = text.substr(1);
      if (k.empty() || k.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
      const unsigned i = static_cast<unsigned>(std::stoul(k));
      if (i >= a->getNumInputs()) return std::nullopt;
      clang::Expr::EvalResult res;
      const clang::Expr* e = a->getInputExpr(i);
      if (e->isValueDependent() || !e->EvaluateAsInt(res, ctx_)) return std::nullopt;
      return res.Val.getInt().getExtValue();
    }
    if (text.find_first_not_of("0123456789") != std::string::npos || text.size() > 9) return std::nullopt;
    return std::stoll(text);
  };
  auto emitAsync = [&](kpl::AsyncOp op, std::optional<int64_t> k) {
    auto st = stmt(StmtKind::Async, r);
    st->asyncOp = op;
    if (k) st->exprs.push_back(lit(*k, r));
    emit(std::move(st));
  };
  if (opcode == "cp.async.commit_group" && insn == opcode) return emitAsync(kpl::AsyncOp::Commit, std::nullopt);
  if (opcode == "cp.async.wait_all" && insn == opcode) {
    emitAsync(kpl::AsyncOp::Commit, std::nullopt);  // PTX: commit_group, then wait_group 0
    return emitAsync(kpl::AsyncOp::ThreadWait, 0);
  }
  std::string text;
  bool cg = false;
  if (matchCpWaitGroup(insn, text)) {
    std::optional<int64_t> n = constant(text);
    if (!n) return refuse(" with a count that is not a constant");
    return emitAsync(kpl::AsyncOp::ThreadWait, *n);
  }
  if (matchCpAsync(insn, cg, text)) {
    std::optional<int64_t> size = constant(text);
    if (!size || (*size != 4 && *size != 8 && *size != 16) || (cg && *size != 16))
      return refuse(" with a size other than 4, 8 or 16 (16 for .cg)");
    const clang::Expr* dst = a->getNumInputs() >= 2 ? cvtaSharedOperand(a->getInputExpr(0), a) : nullptr;
    const clang::Expr* src = a->getNumInputs() >= 2 ? a->getInputExpr(1)->IgnoreParenImpCasts() : nullptr;
    if (!dst || !src || !src->getType()->isPointerType() || a->getNumOutputs() != 0)
      return refuse(" with these operands (a shared address __cvta_generic_to_shared(p), written in the operand or in a "
                    "local initialised with it, never assigned, whose p is not changed before the asm, and a pointer "
                    "to global memory, are modelled)");
    cpAsync(a, dst, src, *size, r);
    return;
  }
  refuse("");
}

}  // namespace sdvmc::clangfe::lowering
