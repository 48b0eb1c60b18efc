// Calls (part of the Lowerer, Lowerer.h): a function with a body is inlined, by value (fresh
// locals for the parameters, assigned the arguments in order; a result local, a pair of them
// for a 64-bit result, a private storage for a struct or vector; recursion is an error); a
// function without one is a builtin (LowerBuiltin.cpp) or unsupported.
#include "frontends/clang/Lowerer.h"

#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>

#include <algorithm>

namespace sdvmc::clangfe::lowering {

ExprPtr Lowerer::call(const clang::CallExpr* c, bool need) {
  kpl::SourceRange r = range(c);
  const clang::FunctionDecl* fd = c->getDirectCallee();
  if (!fd) {
    unsupported(c, "an indirect call");
    return lit(0, r);
  }
  const clang::FunctionDecl* def = nullptr;
  if (fd->hasBody(def) && def) return inlineCall(c, def, need);
  std::string name = fd->getNameAsString();
  if ((name == "__double2hiint" || name == "__double2loint") && c->getNumArgs() == 1 &&
      isWideType(c->getArg(0)->getType())) {  // CUDA: a word of a double
    Val v = wvalue(c->getArg(0));
    return name == "__double2hiint" ? std::move(v.hi) : std::move(v.lo);
  }
  bool handled = false;
  ExprPtr v = builtinCall(c, name, need, handled);
  if (handled) return v;
  unsupported(c, "call to '" + name + "', which has no definition the frontend knows");
  return lit(0, r);
}

ExprPtr Lowerer::inlineCall(const clang::CallExpr* c, const clang::FunctionDecl* fd, bool need, Val* wideResult) {
  kpl::SourceRange r = range(c);
  if (auto it = std::find(callStack_.begin(), callStack_.end(), fd); it != callStack_.end()) {
    std::string chain;
    for (auto i = it; i != callStack_.end(); ++i) chain += (*i)->getNameAsString() + " -> ";
    chain += fd->getNameAsString();
    error(c->getBeginLoc(), "recursion: " + chain);
    return lit(0, r);
  }
  if (fd->isVariadic() || c->getNumArgs() != fd->getNumParams()) {
    unsupported(c, "a call with a variable number of arguments");
    return lit(0, r);
  }
  Instance callee;
  callee.fn = fd;
  callee.seq = ++instances_;
  // Call by value: fresh locals for the parameters, assigned the arguments in order.
  for (unsigned i = 0; i < fd->getNumParams(); ++i) {
    const clang::ParmVarDecl* p = fd->getParamDecl(i);
    const clang::Expr* arg = c->getArg(i);
    std::string pname = p->getNameAsString().empty() ? "arg" : p->getNameAsString();
    if (p->getType()->isPointerType()) {
      PtrVal pv = pointer(arg);
      VarInfo v{VarInfo::Kind::Pointer, newLocal(pname), pv.storage};
      if (pv.storage != -1 && (isDynamic(pv.storage) || dynamic_.count(DynKey{p, callee.seq}))) {
        // A run-time base of its own: the argument's.
        v.storage = newDynamic(pname);
        addTarget(v.storage, pv.storage);
        emitAssign(storages_[static_cast<size_t>(v.storage)].base, baseOf(pv.storage, range(arg)), range(arg));
      }
      emitAssign(v.local, std::move(pv.offset), range(arg));
      callee.vars[p] = v;
      continue;
    }
    if (isAgg(p->getType())) {
      auto l = layoutOf(p->getType(), p->getLocation());
      if (!l) continue;
      Agg v = aggValue(arg);
      int st = newPrivate(pname, *l, pname);
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
  clang::QualType rt = fd->getReturnType();
  if (isAgg(rt)) {
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
  inst_ = &callee;
  callStack_.push_back(fd);
  lowerFunctionBody(fd, r);
  callStack_.pop_back();
  inst_ = saved;
  lastAggResult_ = callee.resultStorage;
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
  const clang::FunctionDecl* fd = c->getDirectCallee();
  if (!fd) {
    unsupported(c, "an indirect call");
    return zeroOf(true, r);
  }
  const clang::FunctionDecl* def = nullptr;
  if (fd->hasBody(def) && def) {
    Val out = zeroOf(true, r);  // stays after an error (recursion, a variadic call)
    inlineCall(c, def, need, &out);
    return out;
  }
  std::string name = fd->getNameAsString();
  IntType t = *wideType(c->getType());
  unsigned n = c->getNumArgs();
  auto argsWide = [&] {
    for (unsigned i = 0; i < n; ++i)
      if (!isWideType(c->getArg(i)->getType())) return false;
    return true;
  };
  bool minMax = name == "min" || name == "max";
  // Double math (OpenCL's overloads; CUDA's from our cuda.h): computed as the host does.
  static const std::map<std::string, std::pair<WideOp, unsigned>> dmath = {
      {"sqrt", {WideOp::DSqrtLo, 1}}, {"fabs", {WideOp::DAbsLo, 1}}, {"fmin", {WideOp::DMinLo, 2}},
      {"fmax", {WideOp::DMaxLo, 2}},  {"min", {WideOp::DMinLo, 2}},  {"max", {WideOp::DMaxLo, 2}}};
  if (auto it = dmath.find(name); t.isFloat && it != dmath.end()) {
    if (n != it->second.second || !argsWide()) {
      unsupported(c, "this form of '" + name + "'");
      return zeroOf(true, r);
    }
    if (n == 1) return wideUnary(it->second.first, wvalue(c->getArg(0)), r);
    Val a = wvalue(c->getArg(0));
    Val b = wvalue(c->getArg(1));
    return widePair(it->second.first, std::move(a), std::move(b), r);
  }
  if (!t.isFloat && minMax && n == 2 && argsWide()) {
    Val a = atoms(wvalue(c->getArg(0)), r);
    Val b = atoms(wvalue(c->getArg(1)), r);
    bool u = !t.isSigned;
    WideOp w = name == "min" ? (u ? WideOp::LULt : WideOp::LLt) : (u ? WideOp::LUGt : WideOp::LGt);
    ExprPtr test = atom(wideOp(w, r, clone(*a.hi), clone(*a.lo), clone(*b.hi), clone(*b.lo)), r);
    ExprPtr lo = cond(clone(*test), clone(*a.lo), clone(*b.lo), r);
    ExprPtr hi = cond(std::move(test), std::move(a.hi), std::move(b.hi), r);
    return Val{std::move(lo), std::move(hi)};
  }
  if ((name == "abs" || name == "llabs") && n == 1 && argsWide() && !wideType(c->getArg(0)->getType())->isFloat) {
    Val a = atoms(wvalue(c->getArg(0)), r);
    if (!wideType(c->getArg(0)->getType())->isSigned) return a;
    ExprPtr neg = atom(wideOp(WideOp::LLt, r, clone(*a.hi), clone(*a.lo), lit(0, r), lit(0, r)), r);
    Val m = widePair(WideOp::LSubLo, zeroOf(true, r), cloneVal(a), r);
    ExprPtr lo = cond(clone(*neg), std::move(m.lo), std::move(a.lo), r);
    ExprPtr hi = cond(std::move(neg), std::move(m.hi), std::move(a.hi), r);
    return Val{std::move(lo), std::move(hi)};
  }
  if (name.rfind("atomic", 0) == 0 || name.rfind("atom_", 0) == 0) return atomic64(c, name, need);
  if (auto v = wideConvert(c, name, need)) return std::move(*v);
  // CUDA's reinterpretations and correctly rounded double intrinsics.
  if ((name == "__double_as_longlong" || name == "__longlong_as_double") && n == 1 && argsWide())
    return wvalue(c->getArg(0), need);
  if (name == "__hiloint2double" && n == 2) {
    ExprPtr hi = rvalue(c->getArg(0));
    ExprPtr lo = rvalue(c->getArg(1));
    return Val{std::move(lo), std::move(hi)};
  }
  static const std::map<std::string, std::pair<WideOp, unsigned>> rn = {
      {"__dadd_rn", {WideOp::DAddLo, 2}}, {"__dsub_rn", {WideOp::DSubLo, 2}}, {"__dmul_rn", {WideOp::DMulLo, 2}},
      {"__ddiv_rn", {WideOp::DDivLo, 2}}, {"__dsqrt_rn", {WideOp::DSqrtLo, 1}}};
  if (auto it = rn.find(name); it != rn.end() && n == it->second.second && argsWide()) {
    if (n == 1) return wideUnary(it->second.first, wvalue(c->getArg(0)), r);
    Val a = wvalue(c->getArg(0));
    Val b = wvalue(c->getArg(1));
    return widePair(it->second.first, std::move(a), std::move(b), r);
  }
  unsupported(c, "call to '" + name + "', which has no definition the frontend knows");
  return zeroOf(true, r);
}

}  // namespace sdvmc::clangfe::lowering
