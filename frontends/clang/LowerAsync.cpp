// The asynchronous copies (part of the Lowerer, Lowerer.h; README, "Asynchronous copies"):
//   - OpenCL C 1.2 §6.12.10: async_work_group_copy, async_work_group_strided_copy (a copy made
//     by the whole work-group, KPL's `async_copy`, the event it returns a word) and
//     wait_group_events (`async_wait` on the events of the list);
//   - CUDA's pipeline primitives (cuda_pipeline.h): __pipeline_memcpy_async (a copy of the
//     calling thread's own, `cp_async`), __pipeline_commit (`cp_commit`) and
//     __pipeline_wait_prior(N) (`cp_wait(N)`); the inline PTX cp.async instructions
//     (LowerAsm.cpp) lower to the same statements.
// The rules (what the copies read and write, and when, and what races with them) are KPL's:
// specs/KPL.md, "Asynchronous copies"; semantics/rules/Async.cpp.
#include "frontends/clang/Lowerer.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Expr.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/ParentMapContext.h>
#include <clang/AST/Stmt.h>

#include <fmt/format.h>

#include <cstdint>
#include <functional>
#include <set>

namespace sdvmc::clangfe::lowering {

namespace {

/// A constant integer argument's value, if it is one.
std::optional<int64_t> constantOf(const clang::Expr* e, const clang::ASTContext& ctx) {
  clang::Expr::EvalResult res;
  if (e->isValueDependent() || !e->EvaluateAsInt(res, ctx)) return std::nullopt;
  return res.Val.getInt().getExtValue();
}

}  // namespace

bool Lowerer::onlyCpAsyncOperand(const clang::VarDecl* v) {
  const auto* fn = llvm::dyn_cast_or_null<clang::FunctionDecl>(v->getParentFunctionOrMethod());
  if (!fn || !fn->getBody() || !v->hasLocalStorage() || llvm::isa<clang::ParmVarDecl>(v)) return false;
  size_t uses = 0, operands = 0;
  std::function<void(const clang::Stmt*)> walk = [&](const clang::Stmt* s) {
    if (!s) return;
    if (const auto* d = llvm::dyn_cast<clang::DeclRefExpr>(s); d && d->getDecl() == v) ++uses;
    if (const auto* a = llvm::dyn_cast<clang::GCCAsmStmt>(s); a && a->getAsmString()->getString().ltrim().startswith("cp.async"))
      for (unsigned i = 0; i < a->getNumInputs(); ++i)
        if (const auto* d = llvm::dyn_cast<clang::DeclRefExpr>(a->getInputExpr(i)->IgnoreParenCasts()); d && d->getDecl() == v)
          ++operands;
    for (const clang::Stmt* k : s->children()) walk(k);
  };
  walk(fn->getBody());
  return uses > 0 && uses == operands;
}

const clang::Expr* Lowerer::cvtaSharedOperand(const clang::Expr* e, const clang::Stmt* use) {
  const clang::Expr* x = e->IgnoreParenCasts();
  if (const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(x)) {
    const auto* v = llvm::dyn_cast<clang::VarDecl>(ref->getDecl());
    if (!v || !v->hasInit() || !v->hasLocalStorage() || llvm::isa<clang::ParmVarDecl>(v)) return nullptr;
    const auto* fn = llvm::dyn_cast_or_null<clang::FunctionDecl>(v->getParentFunctionOrMethod());
    if (!fn || assignedIn(fn, v)) return nullptr;
    const clang::Expr* p = cvtaSharedOperand(v->getInit(), nullptr);
    if (!p) return nullptr;
    // The variable's declaration and `use` in one block: the statements from the declaration
    // to the one holding `use` must leave every variable p mentions alone.
    const clang::DeclStmt* ds = nullptr;
    for (const clang::DynTypedNode& n : ctx_.getParents(*v))
      if ((ds = n.get<clang::DeclStmt>())) break;
    const clang::CompoundStmt* block = nullptr;
    if (ds)
      for (const clang::DynTypedNode& n : ctx_.getParents(*ds))
        if ((block = n.get<clang::CompoundStmt>())) break;
    if (!block || !use) return nullptr;
    // The statement of `block` that holds `use`.
    const clang::Stmt* holder = use;
    for (int depth = 0; holder && depth < 64; ++depth) {
      const clang::Stmt* up = nullptr;
      for (const clang::DynTypedNode& n : ctx_.getParents(*holder))
        if ((up = n.get<clang::Stmt>())) break;
      if (up == block) break;
      holder = up;
    }
    if (!holder) return nullptr;
    std::set<const clang::VarDecl*> changed;
    bool after = false, found = false;
    for (const clang::Stmt* s : block->body()) {
      if (s == ds) after = true;
      else if (after) collectModified(s, changed);
      if (s == holder) {
        found = after;
        break;
      }
    }
    if (!found) return nullptr;
    bool stable = true;
    std::function<void(const clang::Stmt*)> walk = [&](const clang::Stmt* s) {
      if (!s) return;
      if (const auto* d = llvm::dyn_cast<clang::DeclRefExpr>(s))
        if (const auto* w = llvm::dyn_cast<clang::VarDecl>(d->getDecl()); w && changed.count(w)) stable = false;
      for (const clang::Stmt* c : s->children()) walk(c);
    };
    walk(p);
    return stable ? p : nullptr;
  }
  const auto* call = llvm::dyn_cast<clang::CallExpr>(x);
  const clang::FunctionDecl* fd = call ? call->getDirectCallee() : nullptr;
  if (!fd || fd->getName() != "__cvta_generic_to_shared" || call->getNumArgs() != 1) return nullptr;
  return call->getArg(0);
}

bool Lowerer::cpAsync(const clang::Stmt* at, const clang::Expr* dst, const clang::Expr* src, int64_t bytes,
                      kpl::SourceRange r) {
  PtrVal d = pointer(dst);
  PtrVal s = pointer(src);
  if (d.storage == -1 || s.storage == -1) return false;
  for (const PtrVal* p : {&d, &s})
    if (p->storage < 0 || storages_[static_cast<size_t>(p->storage)].kind != Storage::Kind::Array) {
      unsupported(at, "an asynchronous copy to or from memory that is not an array the frontend knows statically "
                      "(a private variable, a null pointer, or a pointer chosen at run time)");
      return false;
    }
  const Storage& sd = storages_[static_cast<size_t>(d.storage)];
  const Storage& ss = storages_[static_cast<size_t>(s.storage)];
  // The bytes of one cell: an element of 32 bits or less is a cell; a 64-bit one two cells.
  auto cellBytes = [](const Storage& st) { return isWide(st.elem) ? st.elemBytes / 2 : st.elemBytes; };
  const uint64_t cb = cellBytes(sd);
  if (cb == 0 || cb != cellBytes(ss) || bytes % static_cast<int64_t>(cb) != 0) {
    unsupported(at, fmt::format("an asynchronous copy of {} bytes between '{}' and '{}' (cells of {} and {} bytes; a "
                                "copy of whole cells of one size is modelled)",
                                bytes, sd.cName, ss.cName, cellBytes(sd), cellBytes(ss)));
    return false;
  }
  auto st = stmt(StmtKind::Async, r);
  st->asyncOp = kpl::AsyncOp::ThreadCopy;
  st->array = kpl::Ident{sd.array, r};
  st->array2 = kpl::Ident{ss.array, r};
  st->exprs.push_back(std::move(d.offset));
  st->exprs.push_back(std::move(s.offset));
  st->exprs.push_back(lit(bytes / static_cast<int64_t>(cb), r));
  emit(std::move(st));
  return true;
}

ExprPtr Lowerer::asyncCall(const clang::CallExpr* c, AsyncCall op, const std::string& name) {
  const kpl::SourceRange r = range(c);
  auto simple = [&](kpl::AsyncOp k, std::vector<ExprPtr> exprs) {
    auto st = stmt(StmtKind::Async, r);
    st->asyncOp = k;
    st->exprs = std::move(exprs);
    emit(std::move(st));
  };
  switch (op) {
    case AsyncCall::Copy:
    case AsyncCall::StridedCopy: {
      const bool strided = op == AsyncCall::StridedCopy;
      if (lang_ != Language::OpenCL || c->getNumArgs() != (strided ? 5u : 4u) ||
          !c->getArg(0)->getType()->isPointerType() || !c->getArg(1)->getType()->isPointerType())
        break;
      const clang::QualType gentype = c->getArg(0)->getType()->getPointeeType().getCanonicalType().getUnqualifiedType();
      const bool toLocal = c->getArg(0)->getType()->getPointeeType().getAddressSpace() == clang::LangAS::opencl_local;
      // The element's cells: a scalar of 32 bits or less one, a 64-bit scalar two, a vector
      // its (padded) components. Element k's cell j is at offset + k * stride * w + j.
      const uint64_t w = valueCells(gentype, c->getBeginLoc());
      PtrVal d = pointer(c->getArg(0));
      PtrVal s = pointer(c->getArg(1));
      if (d.storage == -1 || s.storage == -1) return lit(0, r);
      for (const PtrVal* p : {&d, &s})
        if (p->storage < 0 || storages_[static_cast<size_t>(p->storage)].kind != Storage::Kind::Array) {
          unsupported(c, fmt::format("'{}' to or from memory that is not an array the frontend knows statically (a "
                                     "private variable, a null pointer, or a pointer chosen at run time)", name));
          return lit(0, r);
        }
      const Storage& sd = storages_[static_cast<size_t>(d.storage)];
      const Storage& ss = storages_[static_cast<size_t>(s.storage)];
      // The memory's cells must be the element's: its C type where known (a kernel argument),
      // else (an array the kernel declares) the cells' scalar type, width and kind.
      const auto* vt = gentype->getAs<clang::VectorType>();
      const std::optional<IntType> comp = valType(vt ? vt->getElementType() : gentype);
      const uint64_t compBytes = ctx_.getTypeSize(vt ? vt->getElementType() : gentype) / 8;
      for (const Storage* st : {&sd, &ss})
        if (!comp || (!st->ctype.isNull() && ctx_.getBaseElementType(st->ctype).getCanonicalType().getUnqualifiedType() != gentype) ||
            (st->ctype.isNull() && (st->elem.width != comp->width || st->elem.isFloat != comp->isFloat ||
                                    st->elem.isBool != comp->isBool || st->elemBytes != compBytes))) {
          unsupported(c, fmt::format("'{}' of '{}' elements over memory '{}' of another element type", name,
                                     gentype.getAsString(), st->cName));
          return lit(0, r);
        }
      ExprPtr doff = snapshot(std::move(d.offset), r);
      ExprPtr soff = snapshot(std::move(s.offset), r);
      ExprPtr num = snapshot(rvalue(c->getArg(2)), r);
      ExprPtr stride = strided ? snapshot(rvalue(c->getArg(3)), r) : lit(1, r);
      ExprPtr join = rvalue(c->getArg(strided ? 4 : 3));
      // local <- global: the source is strided; global <- local: the destination.
      ExprPtr dstride = toLocal ? lit(static_cast<int64_t>(w), r) : bin(BinaryOp::Mul, clone(*stride), lit(static_cast<int64_t>(w), r), r);
      ExprPtr sstride = toLocal ? bin(BinaryOp::Mul, clone(*stride), lit(static_cast<int64_t>(w), r), r) : lit(static_cast<int64_t>(w), r);
      const std::string event = newLocal("event");
      // One KPL copy per cell of an element, all under one event (the later ones join the first's).
      for (uint64_t j = 0; j < w; ++j) {
        auto st = stmt(StmtKind::Async, r);
        st->asyncOp = kpl::AsyncOp::Copy;
        st->target = kpl::Ident{event, r};
        st->array = kpl::Ident{sd.array, r};
        st->array2 = kpl::Ident{ss.array, r};
        st->exprs.push_back(add(clone(*doff), lit(static_cast<int64_t>(j), r), r));
        st->exprs.push_back(clone(*dstride));
        st->exprs.push_back(add(clone(*soff), lit(static_cast<int64_t>(j), r), r));
        st->exprs.push_back(clone(*sstride));
        st->exprs.push_back(clone(*num));
        st->exprs.push_back(j == 0 ? std::move(join) : nameExpr(event, r));
        emit(std::move(st));
      }
      return nameExpr(event, r);
    }
    case AsyncCall::WaitEvents: {
      if (lang_ != Language::OpenCL || c->getNumArgs() != 2 || !c->getArg(1)->getType()->isPointerType()) break;
      std::optional<int64_t> n = constantOf(c->getArg(0), ctx_);
      if (!n || *n < 1 || *n > 64) {
        unsupported(c, "wait_group_events with a number of events that is not a constant from 1 to 64");
        return lit(0, r);
      }
      PtrVal p = pointer(c->getArg(1));
      if (p.storage < 0) {
        if (p.storage == -2) unsupported(c, "wait_group_events on a null event list");
        return lit(0, r);
      }
      ExprPtr base = snapshot(std::move(p.offset), r);
      std::vector<ExprPtr> events;
      for (int64_t k = 0; k < *n; ++k)
        events.push_back(snapshot(readCell(p.storage, add(clone(*base), lit(k, r), r), IntType{32, false, false}, r), r));
      simple(kpl::AsyncOp::Wait, std::move(events));
      return lit(0, r);
    }
    case AsyncCall::PipelineCopy: {
      if (lang_ != Language::Cuda || c->getNumArgs() < 3 || c->getNumArgs() > 4) break;
      std::optional<int64_t> bytes = constantOf(c->getArg(2), ctx_);
      if (!bytes || (*bytes != 4 && *bytes != 8 && *bytes != 16)) {
        unsupported(c, "__pipeline_memcpy_async of a size that is not the constant 4, 8 or 16");
        return lit(0, r);
      }
      if (c->getNumArgs() == 4) {
        std::optional<int64_t> zfill = constantOf(c->getArg(3), ctx_);
        if (!zfill || *zfill != 0) {
          unsupported(c, "__pipeline_memcpy_async with zero fill (a zfill argument other than 0)");
          return lit(0, r);
        }
      }
      cpAsync(c, c->getArg(0), c->getArg(1), *bytes, r);
      return lit(0, r);
    }
    case AsyncCall::PipelineCommit:
      if (lang_ != Language::Cuda || c->getNumArgs() != 0) break;
      simple(kpl::AsyncOp::Commit, {});
      return lit(0, r);
    case AsyncCall::PipelineWait: {
      if (lang_ != Language::Cuda || c->getNumArgs() != 1) break;
      // N is a size_t (64 bits): a constant below 2^31, as code writes it.
      std::optional<int64_t> n = constantOf(c->getArg(0), ctx_);
      if (!n || *n < 0 || *n > INT32_MAX) {
        unsupported(c, "__pipeline_wait_prior of a count that is not a constant from 0 to 2^31 - 1");
        return lit(0, r);
      }
      std::vector<ExprPtr> k;
      k.push_back(lit(*n, r));
      simple(kpl::AsyncOp::ThreadWait, std::move(k));
      return lit(0, r);
    }
    case AsyncCall::CvtaShared: {
      // `const uint32_t smem = __cvta_generic_to_shared(p);` whose every use is a cp.async
      // operand: each use resolves smem to p itself (cvtaSharedOperand) or is refused there, so
      // the variable's own value is never read: 0 stands for it.
      const clang::VarDecl* v = nullptr;
      const clang::Stmt* at = c;
      for (int depth = 0; at && !v && depth < 8; ++depth) {
        const clang::Stmt* up = nullptr;
        for (const clang::DynTypedNode& n : ctx_.getParents(*at)) {
          if ((v = n.get<clang::VarDecl>())) break;
          if ((up = n.get<clang::ImplicitCastExpr>()) || (up = n.get<clang::CStyleCastExpr>()) ||
              (up = n.get<clang::CXXStaticCastExpr>()) || (up = n.get<clang::ParenExpr>()))
            break;
        }
        at = up;
      }
      if (v && v->getInit() && v->getInit()->IgnoreParenCasts() == c && onlyCpAsyncOperand(v)) return lit(0, r);
      unsupported(c, "'__cvta_generic_to_shared' outside a cp.async operand (a shared-memory address as an integer "
                     "is not modelled; a local initialised with it and used only as cp.async operands is)");
      return lit(0, r);
    }
  }
  unsupported(c, fmt::format("this call of '{}'", name));
  return lit(0, r);
}

}  // namespace sdvmc::clangfe::lowering
