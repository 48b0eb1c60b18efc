// Declarations and storage (part of the Lowerer, Lowerer.h): KPL arrays for
// __shared__/__local, __constant, __device__ and program-scope variables (with their constant
// initialisers), and a function's local variables: a KPL local (two for a 64-bit value), a
// pointer's offset local, a private array or struct of one local per cell. Also the helpers
// over Clang's AST that find which variables a function assigns.
#include "frontends/clang/Lowerer.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Attr.h>
#include <clang/AST/Decl.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/Expr.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/Stmt.h>

#include <algorithm>
#include <functional>
#include <fmt/format.h>

namespace sdvmc::clangfe::lowering {

int Lowerer::addStorage(Storage s) {
  storages_.push_back(std::move(s));
  return static_cast<int>(storages_.size()) - 1;
}

std::optional<uint32_t> Lowerer::bufferSize(const std::string& name) {
  for (const auto& [n, size] : launch_.buffers)
    if (n == name) {
      usedBuffers_.insert(n);
      return size;
    }
  return std::nullopt;
}

int Lowerer::declareArray(const std::string& cName, IntType elem, uint64_t elemBytes, uint64_t cells, bool global,
                          kpl::SourceRange r, clang::SourceLocation at, const clang::Expr* init) {
  kpl::ArrayDecl a;
  a.name = kpl::Ident{fresh(cName), r};
  if (a.name.name != cName) renamed_[a.name.name] = cName;
  a.range = r;
  a.global = global;
  if (cells == 0) {
    if (auto size = bufferSize(cName)) {
      a.size = *size;
    } else {
      a.unbounded = true;
    }
  } else if (cells > INT32_MAX || (init && cells > (1u << 24))) {
    // Without an initialiser a large array is stored sparsely (semantics: kDenseArrayCells).
    unsupported(at, "array '" + cName + "' of " + std::to_string(cells) + " cells (KPL arrays have at most " +
                        (init ? "2^24 with an initialiser)" : "2^31 - 1)"));
    a.size = 1;
  } else {
    a.size = static_cast<uint32_t>(cells);
  }
  if (init && a.size != 0 && !a.unbounded) {
    std::vector<std::optional<int32_t>> values(a.size, 0);
    size_t next = 0;
    flattenInit(init, elem, values, next);
    a.init = std::move(values);
    a.initRange = range(init);
  }
  arrays_.push_back(std::move(a));
  Storage s;
  s.kind = Storage::Kind::Array;
  s.array = arrays_.back().name.name;
  s.elem = elem;
  s.elemBytes = elemBytes;
  s.cName = cName;
  return addStorage(std::move(s));
}

void Lowerer::flattenInit(const clang::Expr* init, IntType elem, std::vector<std::optional<int32_t>>& values, size_t& next) {
  const clang::Expr* asWritten = init;
  init = init->IgnoreImplicit();
  if (const auto* list = llvm::dyn_cast<clang::InitListExpr>(init)) {
    // A list for an aggregate: its elements, then zeros to the aggregate's size in cells —
    // for an array the elements it leaves out, for a 3-component vector its fourth cell
    // (an int3 takes the 4 cells of an int4), for a struct its tail padding.
    size_t start = next;
    uint64_t span = 1;
    IntType e;
    uint64_t bytes = 4;
    cellsOf(list->getType(), e, span, bytes, list->getBeginLoc());
    for (unsigned i = 0; i < list->getNumInits(); ++i) flattenInit(list->getInit(i), elem, values, next);
    next = std::max(next, start + span);
    return;
  }
  if (const auto* filler = llvm::dyn_cast<clang::ImplicitValueInitExpr>(init)) {
    uint64_t span = 1;
    IntType e;
    uint64_t bytes = 4;
    cellsOf(filler->getType(), e, span, bytes, filler->getBeginLoc());
    next += span;
    return;
  }
  if (auto wt = wideType(asWritten->getType())) {
    // A 64-bit element or field: two cells, low word first.
    std::optional<uint64_t> bits;
    if (wt->isFloat) {
      llvm::APFloat f(0.0);
      if (asWritten->EvaluateAsFloat(f, ctx_) && &f.getSemantics() == &llvm::APFloat::IEEEdouble())
        bits = f.bitcastToAPInt().getZExtValue();
    } else if (clang::Expr::EvalResult res; asWritten->EvaluateAsInt(res, ctx_)) {
      bits = res.Val.getInt().extOrTrunc(64).getZExtValue();
    }
    if (!bits) unsupported(init, "an initialiser that is not a constant");
    uint64_t b = bits.value_or(0);
    if (next < values.size()) values[next] = static_cast<int32_t>(static_cast<uint32_t>(b));
    if (next + 1 < values.size()) values[next + 1] = static_cast<int32_t>(static_cast<uint32_t>(b >> 32));
    next += 2;
    return;
  }
  if (elem.isFloat) {
    llvm::APFloat f(0.0f);
    if (!isFloat(asWritten->getType()) || !asWritten->EvaluateAsFloat(f, ctx_)) {
      unsupported(init, "an initialiser that is not a constant float");
      ++next;
      return;
    }
    if (next < values.size()) values[next] = static_cast<int32_t>(static_cast<uint32_t>(f.bitcastToAPInt().getZExtValue()));
    ++next;
    return;
  }
  clang::Expr::EvalResult result;
  if (!init->EvaluateAsInt(result, ctx_)) {
    unsupported(init, "an initialiser that is not a constant integer");
    ++next;
    return;
  }
  if (next < values.size()) values[next] = static_cast<int32_t>(static_cast<uint32_t>(result.Val.getInt().getExtValue()));
  ++next;
}

int Lowerer::globalStorage(const clang::VarDecl* vd, clang::SourceLocation at) {
  auto it = globalVars_.find(vd);
  if (it != globalVars_.end()) return it->second;
  IntType elem;
  uint64_t cells = 1, bytes = 4;
  int id = -1;
  // Pointers in shared memory are written by the kernel; in global memory, by the host.
  if ((isSharedVar(vd) || !refuseInputPointers(vd->getType(), vd->getNameAsString(), vd->getLocation())) &&
      cellsOf(vd->getType(), elem, cells, bytes, vd->getLocation(), /*allowIncomplete=*/true)) {
    bool shared = isSharedVar(vd);
    const clang::Expr* init = vd->hasInit() ? vd->getInit() : nullptr;
    if (const auto* ce = llvm::dyn_cast_or_null<clang::CXXConstructExpr>(init); ce && ce->getConstructor()->isTrivial())
      init = nullptr;  // `__shared__ S tile[2];` of a struct: C++'s trivial construction, no initialiser
    if (shared && init) {
      unsupported(vd->getLocation(), "an initialiser on shared variable '" + vd->getNameAsString() + "'");
      init = nullptr;
    }
    const bool dynamicShared = shared && cells == 0 && lang_ == Language::Cuda && vd->hasExternalStorage();
    if (dynamicShared) {
      // CUDA's dynamic shared memory: every `extern __shared__` array is the same bytes, sized
      // by the launch (--dynamic-shared-bytes N: N / sizeof(T) elements).
      const clang::QualType et = ctx_.getAsArrayType(vd->getType())->getElementType();
      const uint64_t size = static_cast<uint64_t>(ctx_.getTypeSizeInChars(et).getQuantity());
      if (dynShared_ >= 0) {
        if (size != dynSharedElemBytes_)
          unsupported(vd->getLocation(), fmt::format("extern __shared__ '{}' of {}-byte elements: the dynamic shared "
                                                     "memory is already viewed with {}-byte elements (views of "
                                                     "different element sizes are not lowered)",
                                                     vd->getNameAsString(), size, dynSharedElemBytes_));
        globalVars_[vd] = dynShared_;
        return dynShared_;
      }
      if (launch_.dynamicSharedBytes != 0) {
        if (launch_.dynamicSharedBytes < size) {
          unsupported(vd->getLocation(), fmt::format("--dynamic-shared-bytes {} is less than one {}-byte element of '{}'",
                                                     launch_.dynamicSharedBytes, size, vd->getNameAsString()));
          globalVars_[vd] = -1;
          return -1;
        }
        cells = launch_.dynamicSharedBytes / size * valueCells(et, vd->getLocation());
      }
      dynSharedElemBytes_ = size;
    }
    id = declareArray(vd->getNameAsString(), elem, bytes, cells, !shared, range(vd), at, init);
    storages_[static_cast<size_t>(id)].byteCells = bytesAreCells(vd->getType(), vd->getLocation());
    noteNarrowCells(id, ctx_.getBaseElementType(vd->getType()), vd->getLocation());
    if (dynamicShared) dynShared_ = id;
    recordCellPaths(arrays_.back().name.name, vd->getType(), vd->getLocation());
    if (!shared) globalMemoryKind(vd, arrays_.back());
  }
  globalVars_[vd] = id;
  return id;
}

// Constant memory is `const global` (a write is the verdict constant-write): OpenCL's
// __constant variables and CUDA's __constant__ ones. OpenCL keeps a program-scope initialiser
// (nothing else can change it). CUDA's __constant__ and __device__ variables may be
// overwritten by the host before the launch (cudaMemcpyToSymbol), so they start arbitrary as
// in GPUVerify: `check` explores them and `prove` leaves them free, while `run` starts them at
// their initialiser (`*V` cells), and a note says so.
void Lowerer::globalMemoryKind(const clang::VarDecl* vd, kpl::ArrayDecl& a) {
  const bool cudaConstant = vd->hasAttr<clang::CUDAConstantAttr>();
  a.constant = cudaConstant || vd->getType().getAddressSpace() == clang::LangAS::opencl_constant;
  if (lang_ != Language::Cuda || !a.init) return;
  a.runInit = std::move(*a.init);
  a.init = std::vector<std::optional<int32_t>>(a.runInit.size(), std::nullopt);
  note(vd->getLocation(), fmt::format("{} '{}' starts arbitrary in check and prove (the host may write it with "
                                      "cudaMemcpyToSymbol); run uses its initialiser",
                                      cudaConstant ? "__constant__" : "__device__", vd->getNameAsString()));
}

bool Lowerer::isSharedVar(const clang::VarDecl* vd) const {
  if (vd->hasAttr<clang::CUDASharedAttr>()) return true;
  return vd->getType().getAddressSpace() == clang::LangAS::opencl_local;
}

bool Lowerer::isMemoryVar(const clang::VarDecl* vd) const {
  if (isSharedVar(vd)) return true;
  if (vd->hasGlobalStorage()) return true;
  clang::LangAS as = vd->getType().getAddressSpace();
  return as == clang::LangAS::opencl_constant || as == clang::LangAS::opencl_global;
}

const clang::VarDecl* refVar(const clang::Expr* e) {
  e = e->IgnoreParenImpCasts();
  if (const auto* d = llvm::dyn_cast<clang::DeclRefExpr>(e)) return llvm::dyn_cast<clang::VarDecl>(d->getDecl());
  return nullptr;
}

void collectModified(const clang::Stmt* s, std::set<const clang::VarDecl*>& out) {
  if (!s) return;
  if (const auto* b = llvm::dyn_cast<clang::BinaryOperator>(s)) {
    if (b->isAssignmentOp())
      if (const clang::VarDecl* v = refVar(b->getLHS())) out.insert(v);
  } else if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(s)) {
    if (u->isIncrementDecrementOp() || u->getOpcode() == clang::UO_AddrOf)
      if (const clang::VarDecl* v = refVar(u->getSubExpr())) out.insert(v);
  } else if (const auto* c = llvm::dyn_cast<clang::CallExpr>(s)) {
    // An argument bound to a non-const reference parameter may be assigned through it.
    const clang::FunctionDecl* fd = c->getDirectCallee();
    unsigned shift = llvm::isa<clang::CXXOperatorCallExpr>(c) && llvm::isa_and_nonnull<clang::CXXMethodDecl>(fd) ? 1 : 0;
    for (unsigned i = shift; fd && i < c->getNumArgs() && i - shift < fd->getNumParams(); ++i) {
      clang::QualType pt = fd->getParamDecl(i - shift)->getType();
      if (pt->isReferenceType() && !pt.getNonReferenceType().isConstQualified())
        if (const clang::VarDecl* v = refVar(c->getArg(i))) out.insert(v);
    }
    if (const auto* oc = llvm::dyn_cast<clang::CXXOperatorCallExpr>(c); oc && shift)
      if (const clang::VarDecl* v = refVar(oc->getArg(0))) out.insert(v);  // a member operator's object
    if (const auto* mc = llvm::dyn_cast<clang::CXXMemberCallExpr>(c))
      if (const clang::VarDecl* v = refVar(mc->getImplicitObjectArgument())) out.insert(v);
  } else if (const auto* ds = llvm::dyn_cast<clang::DeclStmt>(s)) {
    for (const clang::Decl* d : ds->decls())  // a non-const reference bound to a variable
      if (const auto* rv = llvm::dyn_cast<clang::VarDecl>(d); rv && rv->getType()->isReferenceType() && rv->hasInit() &&
                                                               !rv->getType().getNonReferenceType().isConstQualified())
        if (const clang::VarDecl* v = refVar(rv->getInit())) out.insert(v);
  }
  for (const clang::Stmt* c : s->children()) collectModified(c, out);
}

bool assignedIn(const clang::FunctionDecl* fn, const clang::VarDecl* vd) {
  std::set<const clang::VarDecl*> m;
  if (fn && fn->getBody()) collectModified(fn->getBody(), m);
  return m.count(vd) != 0;
}

void Lowerer::declareLocal(const clang::VarDecl* vd) {
  kpl::SourceRange r = range(vd);
  const std::string cname = vd->getNameAsString();
  if (vd->isStaticLocal() && !isSharedVar(vd)) {
    unsupported(vd->getLocation(), "static local variable '" + cname + "'");
    return;
  }
  if (isMemoryVar(vd)) {
    globalStorage(vd, vd->getLocation());
    return;
  }
  clang::QualType t = vd->getType();
  if (isClosureType(t)) {  // `auto f = [&](int v) { … };`: its captures, taken here
    VarInfo v;
    v.closure = vd->hasInit() ? closureOf(vd->getInit()) : -1;
    inst_->vars[vd] = v;
    return;
  }
  if (t->isFunctionPointerType()) {  // `auto op = &add;`: the function, when it never changes
    VarInfo v;
    v.fn = vd->hasInit() ? knownFunction(vd->getInit()) : nullptr;
    if (!v.fn || assignedIn(inst_->fn, vd))
      unsupported(vd->getLocation(), "a function pointer whose target is not one known function");
    inst_->vars[vd] = v;
    return;
  }
  if (t->isReferenceType()) {  // bound once, where it is declared
    if (!vd->hasInit()) return;
    if (std::optional<VarInfo> v = bindRef(vd->getInit(), t, cname)) inst_->vars[vd] = *v;
    return;
  }
  if (t->isPointerType()) {
    VarInfo& v = inst_->vars[vd];
    v = VarInfo{VarInfo::Kind::Pointer, newLocal(cname), -1};
    const bool wide = inst_->widePtrs.count(vd) != 0;  // it may take a 64-bit offset
    if (dynamic_.count(DynKey{vd, inst_->seq})) {
      v.storage = newDynamic(cname);
      emitAssign(storages_[static_cast<size_t>(v.storage)].base, lit(0, r), r);  // each time the declaration runs
    }
    pointeeCells(t->getPointeeType(), vd->getLocation());
    if (!vd->hasInit()) {
      if (wide) inst_->vars[vd].hi = newLocal(cname + "_hi");
      return;
    }
    PtrVal p = pointer(vd->getInit());
    VarInfo& var = inst_->vars[vd];  // (the initialiser may have added variables)
    if (wide && !smallTarget(p.storage)) var.hi = newLocal(cname + "_hi");  // shared or private memory: one word
    assignPointer(var, std::move(p), vd, vd->getLocation(), r);
    return;
  }
  if (t->isArrayType()) {
    // A private array: one local per cell, indexed through an if-chain.
    IntType elem;
    uint64_t cells = 1, bytes = 4;
    if (!cellsOf(t, elem, cells, bytes, vd->getLocation())) return;
    // An array of pointers that may take a 64-bit offset (widePointers): three cells per
    // element, the offset, the target's id and the offset's high word.
    const auto* pa = ctx_.getAsConstantArrayType(t);
    const bool wideElems = wideOffsets() && inst_->widePtrs.count(vd) && pa && isPtrField(pa->getElementType());
    if (wideElems) cells = cells / 2 * 3;
    if (cells == 0 || cells > 64) {
      unsupported(vd->getLocation(), "private array '" + cname + "' of " + std::to_string(cells) +
                                         " cells (at most 64 are lowered to locals)");
      return;
    }
    Storage s;
    s.kind = Storage::Kind::Private;
    s.elem = elem;
    s.elemBytes = bytes;
    s.cName = cname;
    s.byteCells = bytesAreCells(t, vd->getLocation());
    s.wideElems = wideElems;
    // One cell per element (not 64-bit values, vectors or structs of several cells): its index
    // checks name the array and its elements (private_index).
    s.elemCells = !wideElems && pa && ctx_.getConstantArrayElementCount(pa) == cells;
    s.cArray = pa != nullptr;
    for (uint64_t i = 0; i < cells; ++i) s.cells.push_back(newLocal(cname + "_" + std::to_string(i)));
    int id = addStorage(std::move(s));
    noteNarrowCells(id, ctx_.getBaseElementType(t), vd->getLocation());
    inst_->vars[vd] = VarInfo{VarInfo::Kind::Memory, "", id};
    if (vd->hasInit()) {
      // Cells not given by the initialiser are zero (C's rule for partial initialisers).
      std::function<void(const clang::Expr*, size_t&)> init = [&](const clang::Expr* e, size_t& next) {
        const clang::Expr* written = e;  // with its conversion to the element type
        e = e->IgnoreImplicit();
        if (const auto* list = llvm::dyn_cast<clang::InitListExpr>(e)) {
          size_t start = next;
          IntType et;
          uint64_t span = 1, b = 4;
          cellsOf(list->getType(), et, span, b, list->getBeginLoc());
          if (wideElems) span = span / 2 * 3;  // the whole array (of pointers, three cells each)
          for (unsigned i = 0; i < list->getNumInits(); ++i) init(list->getInit(i), next);
          while (next < start + span && next < cells) {
            emitAssign(storages_[static_cast<size_t>(id)].cells[next], lit(0, r), r);
            ++next;
          }
          return;
        }
        if (llvm::isa<clang::ImplicitValueInitExpr>(e)) {
          IntType et;
          uint64_t span = 1, b = 4;
          cellsOf(e->getType(), et, span, b, e->getBeginLoc());
          if (wideElems && isPtrField(e->getType())) span = 3;
          for (uint64_t i = 0; i < span && next < cells; ++i, ++next)
            emitAssign(storages_[static_cast<size_t>(id)].cells[next], lit(0, r), r);
          return;
        }
        if (e->getType()->isArrayType()) {
          unsupported(e, "this array initialiser");
          return;
        }
        if (isPtrField(written->getType())) {  // `float* rows[2] = {a, b}`: each pointer's two (wide: three) cells
          writePointerCells(id, lit(static_cast<int64_t>(next), range(e)), pointer(written), cellCollector(id), range(e),
                            wideElems);
          next += wideElems ? 3 : 2;
          return;
        }
        if (isWideType(written->getType())) {  // two cells, low word first
          Val w = wvalue(written);
          const std::vector<std::string>& cs = storages_[static_cast<size_t>(id)].cells;
          if (next < cells) emitAssign(cs[next], std::move(w.lo), range(e));
          if (next + 1 < cells) emitAssign(cs[next + 1], std::move(w.hi), range(e));
          next += 2;
          return;
        }
        ExprPtr v = rvalue(written);  // converted to the element type (`float a[] = {1}` holds 1.0f)
        if (next < cells) emitAssign(storages_[static_cast<size_t>(id)].cells[next], std::move(v), range(e));
        ++next;
      };
      size_t next = 0;
      init(vd->getInit(), next);
    } else if (mayReadAggUninit(vd, nullptr)) {  // each time the declaration runs
      noteArbitraryLocal(vd);
      const std::vector<std::string>& cs = storages_[static_cast<size_t>(id)].cells;
      clang::QualType et = ctx_.getBaseElementType(t);
      if (isAgg(et)) {  // an array of structs or vectors: each element's components
        if (auto el = layoutOf(et, vd->getLocation()); el && el->cells)
          for (size_t k = 0; k + el->cells <= cs.size(); k += el->cells)
            for (const Comp& c : el->comps) emitAssign(cs[k + c.offset], normalize(arbitrary(r), cellType(c.type), r), r);
      } else {
        for (const std::string& c : cs) emitAssign(c, normalize(arbitrary(r), cellType(elem), r), r);
      }
    }
    return;
  }
  if (isAgg(t)) {
    // A struct or vector local: one local per component.
    auto l = layoutOf(t, vd->getLocation());
    if (!l) return;
    int st = newPrivate(cname, *l, cname);
    // A union lowered as bytes: its bytes may be viewed as words (`*(unsigned*)&u`, LowerView.cpp).
    if (isByteUnion(t->getAsRecordDecl())) noteNarrowCells(st, t, vd->getLocation());
    inst_->vars[vd] = VarInfo{VarInfo::Kind::Memory, "", st};
    const clang::Expr* init = vd->hasInit() ? vd->getInit() : nullptr;
    if (const auto* ce = llvm::dyn_cast_or_null<clang::CXXConstructExpr>(init);
        ce && ce->getNumArgs() == 0 && ce->getConstructor()->isTrivial())
      init = nullptr;  // `S s;`: no initialiser
    if (const auto* ce = llvm::dyn_cast_or_null<clang::CXXConstructExpr>(init); ce && !ce->getConstructor()->isTrivial()) {
      // `S s(1, 2);`, `dim3 b(4, 1);`: the constructor runs on the local's cells, which start at 0
      // each time the declaration runs.
      for (const std::string& cell : storages_[static_cast<size_t>(st)].cells) emitAssign(cell, lit(0, r), r);
      construct(ce, st, lit(0, r));
    } else if (init) {
      Agg v = aggValue(init);
      storeAgg(privatePlace(st, *l, r), v, r);
    } else if (mayReadAggUninit(vd, &*l)) {  // each time the declaration runs: every component
      noteArbitraryLocal(vd);
      for (const Comp& c : l->comps)
        emitAssign(storages_[static_cast<size_t>(st)].cells[c.offset], normalize(arbitrary(r), cellType(c.type), r), r);
    }
    return;
  }
  if (auto wt = wideType(t)) {
    // A 64-bit local: two KPL locals, the low and the high word.
    VarInfo& v = inst_->vars[vd];
    v = VarInfo{VarInfo::Kind::Scalar, newLocal(cname + "_lo"), -1, newLocal(cname + "_hi")};
    if (vd->hasInit()) {
      Val w = wvalue(vd->getInit());
      LVal lv;
      lv.kind = LVal::Kind::Local;
      lv.local = v.local;
      lv.localHi = v.hi;
      lv.type = *wt;
      storeVal(lv, std::move(w), r);
    } else if (mayReadUninit(vd)) {  // each time the declaration runs
      noteArbitraryLocal(vd);
      emitAssign(v.local, arbitrary(r), r);
      emitAssign(v.hi, arbitrary(r), r);
    }
    return;
  }
  if (!intType(t)) {
    unsupported(vd->getLocation(), "type '" + t.getAsString() + "'" + typeReason(t));
    return;
  }
  std::string n = newLocal(cname);
  inst_->vars[vd] = VarInfo{VarInfo::Kind::Scalar, n, -1};
  if (vd->hasInit()) {
    ExprPtr v = rvalue(vd->getInit());
    emitAssign(n, std::move(v), r);
  } else if (mayReadUninit(vd)) {  // each time the declaration runs
    noteArbitraryLocal(vd);
    emitAssign(n, normalize(arbitrary(r), *intType(t), r), r);
  }
}

}  // namespace sdvmc::clangfe::lowering
