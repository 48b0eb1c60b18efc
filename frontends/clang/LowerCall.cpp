// Calls (part of the Lowerer, Lowerer.h), with a value of 32 bits or less (or none), a 64-bit
// value, or a struct or vector: a function with a body is inlined, by value (fresh locals for
// the parameters, assigned the arguments in order; a result local, a pair of them for a 64-bit
// result, a private storage for a struct or vector; recursion is an error); a function without
// one is looked up in the builtin table (Builtins.cpp) and lowered by its kind for the call's
// type (LowerBuiltin.cpp), or is unsupported.
#include "frontends/clang/Lowerer.h"

#include <clang/AST/Decl.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/Expr.h>
#include <clang/AST/ExprCXX.h>
#include <clang/Basic/SourceManager.h>

#include <algorithm>
#include <functional>
#include <utility>
#include <fmt/format.h>

namespace sdvmc::clangfe::lowering {

namespace {

/// Whether `fd`'s body writes nothing (no assignment, ++/--, asm) and calls only functions with
/// bodies that write nothing either (a barrier, an atomic, a builtin: no).
bool readsOnly(const clang::FunctionDecl* fd, unsigned depth) {
  const clang::FunctionDecl* def = nullptr;
  if (depth > 8 || !fd->hasBody(def) || !def) return false;
  std::function<bool(const clang::Stmt*)> walk = [&](const clang::Stmt* s) {
    if (!s) return true;
    if (const auto* b = llvm::dyn_cast<clang::BinaryOperator>(s); b && b->isAssignmentOp()) return false;
    if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(s); u && u->isIncrementDecrementOp()) return false;
    if (llvm::isa<clang::AsmStmt>(s)) return false;
    if (const auto* c = llvm::dyn_cast<clang::CallExpr>(s)) {
      const clang::FunctionDecl* callee = c->getDirectCallee();
      if (!callee || !readsOnly(callee, depth + 1)) return false;
    }
    for (const clang::Stmt* child : s->children())
      if (!walk(child)) return false;
    return true;
  };
  return walk(def->getBody());
}

}  // namespace

ExprPtr Lowerer::call(const clang::CallExpr* c, bool need) {
  kpl::SourceRange r = range(c);
  const clang::FunctionDecl* fd = calleeOf(c);
  if (!fd) return lit(0, r);
  const clang::FunctionDecl* def = nullptr;
  if (fd->hasBody(def) && def) return inlineCall(c, def, need);
  std::string name = fd->getNameAsString();
  if (isMemFunction(name)) return memFunction(c, name, need);
  // The compiler builtins libstdc++'s inline functions call. Code that runs is not being
  // constant-evaluated (std::clamp's check); reaching __builtin_unreachable() is undefined
  // behaviour: the assertion verdict; __builtin_expect(e, v) is e (v is a hint).
  if (name == "__builtin_is_constant_evaluated" && c->getNumArgs() == 0) return lit(0, r);
  if (name == "__builtin_unreachable" && c->getNumArgs() == 0) {
    emitCheck(StmtKind::Assert, lit(0, r), r);
    return lit(0, r);
  }
  if (name == "__builtin_expect" && c->getNumArgs() == 2) {
    ExprPtr v = rvalue(c->getArg(0), need);
    (void)rvalue(c->getArg(1), false);
    return v;
  }
  const BuiltinInfo* fn = findBuiltin(name);
  if (fn)
    if (std::optional<ExprPtr> v = wordBuiltin(c, *fn, name, need)) return std::move(*v);
  if (isUninterpreted(fd)) return uninterpretedCall(c, fd);
  if (isExternal(fd)) return externalCall(c, fd, need);
  unsupported(c, "call to '" + name + "', which has no definition the frontend knows");
  return lit(0, r);
}

bool Lowerer::isExternal(const clang::FunctionDecl* fd) const {
  if (findBuiltin(fd->getNameAsString())) return false;  // a library function: lowered or refused by name
  // Clang declares OpenCL's built-in functions implicitly, where they are first used
  // (bitselect, wait_group_events …): the library's, never external.
  if (fd->isImplicit()) return false;
  clang::SourceLocation l = sm_.getExpansionLoc(fd->getLocation());
  if (l.isInvalid() || sm_.isInSystemHeader(l)) return false;
  llvm::StringRef file = sm_.getFilename(l);
  return !file.startswith("/sdvmc/include") && !fd->getBuiltinID();
}

ExprPtr Lowerer::externalCall(const clang::CallExpr* c, const clang::FunctionDecl* fd, bool need, Val* wideResult,
                              Agg* aggResult) {
  kpl::SourceRange r = range(c);
  bool pointerArgs = false;
  for (const clang::Expr* a : c->arguments()) {  // evaluated for their effects, in order
    clang::QualType t = a->getType();
    if (t->isPointerType() || t->isArrayType()) {
      pointer(a);
      pointerArgs = true;
    } else if (isAgg(t)) {
      aggValue(a);
    } else {
      anyValue(a, false);
    }
  }
  std::string what = fmt::format("'{}' has no body: its result is arbitrary (sdvmc run uses 0, check explores the domain, prove leaves it free)", fd->getNameAsString());
  if (pointerArgs) what += "; the memory its pointer arguments point to is not written";
  note(c->getBeginLoc(), what);
  clang::QualType rt = fd->getReturnType();
  if (rt->isVoidType()) return lit(0, r);
  if (aggResult) {
    auto l = layoutOf(rt, c->getBeginLoc());
    if (!l) {
      aggResult->ok = false;
      return lit(0, r);
    }
    for (const Comp& comp : l->comps) {
      aggResult->vals.push_back(normalize(arbitrary(r), comp.type, r));
      aggResult->types.push_back(comp.type);
    }
    return lit(0, r);
  }
  if (wideResult) {
    ExprPtr hi = arbitrary(r);
    *wideResult = Val{arbitrary(r), std::move(hi)};
    return lit(0, r);
  }
  if (rt->isPointerType()) {
    unsupported(c, "a call to '" + fd->getNameAsString() + "', which has no body and returns a pointer");
    return lit(0, r);
  }
  std::optional<IntType> t = intType(rt);
  if (!t) {
    unsupported(c, "a call to '" + fd->getNameAsString() + "', which has no body and returns '" + rt.getAsString() +
                       "'" + typeReason(rt));
    return lit(0, r);
  }
  ExprPtr v = normalize(arbitrary(r), *t, r);
  return need ? std::move(v) : lit(0, r);
}

bool Lowerer::bindParams(Instance& callee, const clang::FunctionDecl* fd, const std::vector<const clang::Expr*>& args,
                         const clang::Expr* at) {
  if (args.size() != fd->getNumParams()) {
    unsupported(at, "a call with a variable number of arguments");
    return false;
  }
  // CUDA's 64-bit target: the pointer parameters the body steps or assigns 64-bit offsets (and
  // below, those given one) hold both words; then the body's pointers that may take one.
  callee.fn = fd;
  const std::set<const clang::VarDecl*> bodyWide = widePointers(callee, {});
  std::set<const clang::VarDecl*> wideParams;
  // Call by value: fresh locals for the parameters, assigned the arguments in order.
  for (unsigned i = 0; i < fd->getNumParams(); ++i) {
    const clang::ParmVarDecl* p = fd->getParamDecl(i);
    const clang::Expr* arg = args[i];
    std::string pname = p->getNameAsString().empty() ? "arg" : p->getNameAsString();
    if (isClosureType(p->getType())) {  // a lambda passed on (by value or reference): the same closure
      VarInfo v;
      v.closure = closureOf(arg);
      if (v.closure < 0) return false;
      callee.vars[p] = v;
      continue;
    }
    if (p->getType()->isFunctionPointerType()) {  // a function passed on: known at the call, or refused
      VarInfo v;
      v.fn = knownFunction(arg);
      if (!v.fn || assignedIn(fd, p)) {
        unsupported(arg, "a function pointer whose target is not known where it is passed");
        return false;
      }
      callee.vars[p] = v;
      continue;
    }
    // A `const T&` parameter (T a scalar) given the reference a call returns, in a function that
    // only reads (std::min(std::max(v, lo), hi) in std::clamp): the value the reference names,
    // which no write can change before the function's reads.
    if (const clang::QualType pt = p->getType().getNonReferenceType();
        p->getType()->isReferenceType() && pt.isConstQualified() && pt->isScalarType() && !pt->isPointerType() &&
        !isWideType(pt) && readsOnly(fd, 0)) {
      if (ExprPtr v = valueOfRefCall(arg->IgnoreParens(), true)) {
        VarInfo info{VarInfo::Kind::Scalar, newLocal(pname), -1};
        emitAssign(info.local, std::move(v), range(arg));
        callee.vars[p] = info;
        continue;
      }
    }
    if (p->getType()->isReferenceType()) {
      std::optional<VarInfo> v = bindRef(arg, p->getType(), pname);
      if (!v) return false;
      callee.vars[p] = *v;
      continue;
    }
    if (p->getType()->isPointerType()) {
      PtrVal pv = pointer(arg);
      VarInfo v{VarInfo::Kind::Pointer, newLocal(pname), pv.storage};
      if (wideOffsets() && !smallTarget(pv.storage) && (isAddr64(*pv.offset) || bodyWide.count(p))) {
        v.hi = newLocal(pname + "_hi");
        wideParams.insert(p);
      }
      if (pv.storage != -1 && (isDynamic(pv.storage) || dynamic_.count(DynKey{p, callee.seq}))) {
        // A run-time base of its own: the argument's.
        v.storage = newDynamic(pname);
        addTarget(v.storage, pv.storage);
        emitAssign(storages_[static_cast<size_t>(v.storage)].base, baseOf(pv.storage, range(arg)), range(arg));
      }
      assignOffset(v, std::move(pv.offset), range(arg));
      callee.vars[p] = v;
      continue;
    }
    if (isAgg(p->getType())) {
      auto l = layoutOf(p->getType(), p->getLocation());
      if (!l) continue;
      Agg v = aggValue(arg);
      int st = newPrivate(pname, *l, pname);
      if (isByteUnion(p->getType()->getAsRecordDecl())) noteNarrowCells(st, p->getType(), p->getLocation());  // LowerUnion.cpp
      storeAgg(privatePlace(st, *l, range(arg)), v, range(arg));
      callee.vars[p] = VarInfo{VarInfo::Kind::Memory, "", st};
      continue;
    }
    if (isWideType(p->getType())) {
      Val v = wvalue(arg);
      VarInfo info{VarInfo::Kind::Scalar, newLocal(pname + "_lo"), -1, newLocal(pname + "_hi")};
      emitAssign(info.local, std::move(v.lo), range(arg));
      emitAssign(info.hi, std::move(v.hi), range(arg));
      callee.vars[p] = info;
      continue;
    }
    if (!intType(p->getType())) {
      unsupported(p->getLocation(), "parameter of type '" + p->getType().getAsString() + "'" + typeReason(p->getType()));
      continue;
    }
    ExprPtr v = rvalue(arg);
    VarInfo info{VarInfo::Kind::Scalar, newLocal(pname), -1};
    emitAssign(info.local, std::move(v), range(arg));
    callee.vars[p] = info;
  }
  callee.widePtrs = widePointers(callee, std::move(wideParams));
  return true;
}

ExprPtr Lowerer::inlineCall(const clang::CallExpr* c, const clang::FunctionDecl* fd, bool need, Val* wideResult) {
  kpl::SourceRange r = range(c);
  const bool byValue = std::exchange(refByValue_, false);  // valueOfRefCall
  if (auto it = std::find(callStack_.begin(), callStack_.end(), fd); it != callStack_.end()) {
    std::string chain;
    for (auto i = it; i != callStack_.end(); ++i) chain += (*i)->getNameAsString() + " -> ";
    chain += fd->getNameAsString();
    error(c->getBeginLoc(), "recursion: " + chain);
    return lit(0, r);
  }
  // A member function: the object is `this` (a member operator's is its first operand).
  const clang::Expr* object = nullptr;
  bool arrow = false;
  unsigned shift = 0;
  if (const auto* m = llvm::dyn_cast<clang::CXXMethodDecl>(fd); m && m->isInstance()) {
    if (const auto* mc = llvm::dyn_cast<clang::CXXMemberCallExpr>(c)) {
      object = mc->getImplicitObjectArgument();
      if (const auto* me = llvm::dyn_cast<clang::MemberExpr>(mc->getCallee()->IgnoreParens())) arrow = me->isArrow();
    } else if (llvm::isa<clang::CXXOperatorCallExpr>(c) && c->getNumArgs() > 0) {
      object = c->getArg(0);
      shift = 1;
    }
    if (!object) {
      unsupported(c, "this call of a member function");
      return lit(0, r);
    }
    if (m->isVirtual()) {
      unsupported(c, fmt::format("a call of virtual function '{}'", m->getNameAsString()));
      return lit(0, r);
    }
  }
  if (fd->isVariadic() || c->getNumArgs() != fd->getNumParams() + shift) {
    unsupported(c, "a call with a variable number of arguments");
    return lit(0, r);
  }
  Instance callee;
  callee.fn = fd;
  callee.seq = ++instances_;
  if (object && isClosureType(object->getType())) {
    // A lambda's call operator: its body names the captured variables themselves.
    int cl = closureOf(object);
    if (cl < 0) return lit(0, r);
    for (const auto& [vd, info] : closures_[static_cast<size_t>(cl)].captures) callee.vars[vd] = info;
  } else if (object) {
    callee.self = objectOf(object, arrow, "this");
    if (!callee.self) return lit(0, r);
  }
  std::vector<const clang::Expr*> args;
  for (unsigned i = shift; i < c->getNumArgs(); ++i) args.push_back(c->getArg(i));
  if (!bindParams(callee, fd, args, c)) return lit(0, r);
  clang::QualType rt = fd->getReturnType();
  if (byValue) rt = rt.getNonReferenceType();
  if (rt->isReferenceType()) {
    callee.refResult = VarInfo{VarInfo::Kind::Pointer, newLocal(fd->getNameAsString() + "_ret"), -1};
    callee.refResult->ref = true;
  } else if (rt->isPointerType()) {
    callee.ptrResult = VarInfo{VarInfo::Kind::Pointer, newLocal(fd->getNameAsString() + "_ret"), -1};
    callee.wideResult = returnsWidePtr(callee);  // a 64-bit offset: returnPtr
  } else if (isAgg(rt)) {
    auto l = layoutOf(rt, c->getBeginLoc());
    if (!l) return lit(0, r);
    callee.resultStorage = newPrivate(fd->getNameAsString() + "_ret", *l, fd->getNameAsString());
  } else if (isWideType(rt)) {
    callee.result = newLocal(fd->getNameAsString() + "_ret_lo");
    callee.resultHi = newLocal(fd->getNameAsString() + "_ret_hi");
  } else if (!rt->isVoidType()) {
    if (!intType(rt)) {
      unsupported(c, "a function returning '" + rt.getAsString() + "'" + typeReason(rt));
      return lit(0, r);
    }
    callee.result = newLocal(fd->getNameAsString() + "_ret");
  }
  Instance* saved = inst_;
  callee.caller = inst_;
  inst_ = &callee;
  callStack_.push_back(fd);
  callSites_.push_back(c->getBeginLoc());
  lowerFunctionBody(fd, r);
  callSites_.pop_back();
  callStack_.pop_back();
  inst_ = saved;
  lastAggResult_ = callee.resultStorage;
  lastRefResult_ = callee.refResult;
  lastPtrResult_ = callee.ptrResult;
  if (callee.refResult || callee.ptrResult) return lit(0, r);  // its place: refCall, ptrCall
  if (wideResult) {
    *wideResult = zeroOf(true, r);
    if (!callee.resultHi.empty() && need) *wideResult = Val{nameExpr(callee.result, r), nameExpr(callee.resultHi, r)};
    return lit(0, r);
  }
  if (callee.result.empty() || !need) return lit(0, r);
  return nameExpr(callee.result, r);
}

Val Lowerer::wcall(const clang::CallExpr* c, bool need) {
  kpl::SourceRange r = range(c);
  const clang::FunctionDecl* fd = calleeOf(c);
  if (!fd) return zeroOf(true, r);
  const clang::FunctionDecl* def = nullptr;
  if (fd->hasBody(def) && def) {
    Val out = zeroOf(true, r);  // stays after an error (recursion, a variadic call)
    inlineCall(c, def, need, &out);
    return out;
  }
  std::string name = fd->getNameAsString();
  if (const BuiltinInfo* fn = findBuiltin(name))
    if (std::optional<Val> v = wideBuiltin(c, *fn, name, need)) return std::move(*v);
  // An atomic the table has no 64-bit form of (atomicInc on unsigned long long), or lacks.
  if (name.rfind("atomic", 0) == 0 || name.rfind("atom_", 0) == 0) return atomic64(c, nullptr, name, need);
  if (isExternal(fd)) {
    Val out = zeroOf(true, r);
    externalCall(c, fd, need, &out);
    return out;
  }
  unsupported(c, "call to '" + name + "', which has no definition the frontend knows");
  return zeroOf(true, r);
}

Agg Lowerer::aggCall(const clang::CallExpr* c) {
  kpl::SourceRange r = range(c);
  clang::QualType t = c->getType();
  Agg bad;
  bad.ok = false;
  const clang::FunctionDecl* fd = calleeOf(c);
  if (!fd) return bad;
  if (fd->getNameAsString() == "__return_val_int4") return returnValInt4(c);
  const clang::FunctionDecl* def = nullptr;
  if (fd->hasBody(def) && def) {
    lastAggResult_ = -1;
    inlineCall(c, def, true);
    int st = lastAggResult_;
    auto l = layoutOf(t, c->getBeginLoc());
    if (st < 0 || !l) return bad;
    return loadAgg(privatePlace(st, *l, r), r);
  }
  std::string name = fd ? fd->getNameAsString() : "";
  if (const BuiltinInfo* fn = findBuiltin(name))
    if (std::optional<Agg> v = aggBuiltin(c, *fn, name)) return std::move(*v);
  if (fd && isExternal(fd)) {
    Agg out;
    externalCall(c, fd, true, nullptr, &out);
    return out;
  }
  unsupported(c, "call to '" + name + "' returning a " + (t->isVectorType() ? "vector" : "struct") + " (only " +
                     vectorBuiltinNames() + " among the vector builtins)");
  return bad;
}

}  // namespace sdvmc::clangfe::lowering
