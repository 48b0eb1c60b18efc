// The lowering's driver (Lowering.h): lowerTranslationUnit runs the Lowerer (Lowerer.h) until
// no pointer variable is found to need a run-time base only after accesses through it were
// lowered; Lowerer::run picks the kernel, turns its parameters into KPL params and arrays,
// lowers its body (then the final barrier), and assembles the program: the locals, the arrays,
// the names users see (Program::sourceNames and cellPaths) and the replay arguments.
#include "frontends/clang/Lowering.h"

#include "frontends/clang/Lowerer.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Attr.h>
#include <clang/AST/Decl.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/AST/Expr.h>
#include <clang/Basic/SourceManager.h>

#include <algorithm>
#include <fmt/format.h>
#include <functional>
#include <fmt/format.h>

namespace sdvmc::clangfe::lowering {

namespace {

/// The names --kernel may give a kernel, the full one first: `vllm::act::silu<float>`, then
/// without the enclosing namespaces one by one (`act::silu<float>`, `silu<float>`); anonymous
/// and inline namespaces are not spelled. A template's specialisation has its arguments (with
/// `withoutDefaults`, those equal to the template's default arguments at the end left out).
std::vector<std::string> kernelNames(const clang::FunctionDecl* fd, bool withoutDefaults = false) {
  std::string args;
  if (const clang::TemplateArgumentList* list = fd->getTemplateSpecializationArgs()) {
    llvm::raw_string_ostream os(args);
    const clang::FunctionTemplateDecl* primary = fd->getPrimaryTemplate();
    clang::printTemplateArgumentList(os, list->asArray(), fd->getASTContext().getPrintingPolicy(),
                                     withoutDefaults && primary ? primary->getTemplateParameters() : nullptr);
    os.flush();
  }
  std::vector<std::string> names{fd->getNameAsString() + args};
  for (const clang::DeclContext* dc = fd->getDeclContext(); dc; dc = dc->getParent())
    if (const auto* ns = llvm::dyn_cast<clang::NamespaceDecl>(dc); ns && !ns->isAnonymousNamespace() && !ns->isInline())
      names.insert(names.begin(), ns->getNameAsString() + "::" + names.front());
  return names;
}

/// A kernel's name as messages and --kernel spell it in full.
std::string kernelName(const clang::FunctionDecl* fd) { return kernelNames(fd).front(); }

/// A spelling without blanks (`reduce<int,128>` chooses `reduce<int, 128>`).
std::string squeeze(const std::string& s) {
  std::string out;
  for (char c : s)
    if (c != ' ' && c != '\t') out += c;
  return out;
}

}  // namespace

const clang::ValueDecl* Lowerer::kernelRefTarget(const std::vector<const clang::Decl*>& fileScope) const {
  for (const clang::Decl* d : fileScope) {
    const auto* fd = llvm::dyn_cast<clang::FunctionDecl>(d);
    if (!fd || !fd->getIdentifier() || fd->getName() != kKernelRefName) continue;
    // Exactly `{ (void)&NAME; }`: a spelling with more in it (`k<int>, 0`, `k<int>; int x`)
    // names nothing.
    const auto* body = llvm::dyn_cast_or_null<clang::CompoundStmt>(fd->getBody());
    if (!body || body->size() != 1) return nullptr;
    const auto* toVoid = llvm::dyn_cast<clang::CStyleCastExpr>(body->body_front());
    if (!toVoid || toVoid->getCastKind() != clang::CK_ToVoid) return nullptr;
    const auto* addr = llvm::dyn_cast<clang::UnaryOperator>(toVoid->getSubExpr()->IgnoreParenImpCasts());
    if (!addr || addr->getOpcode() != clang::UO_AddrOf) return nullptr;
    const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(addr->getSubExpr()->IgnoreParenImpCasts());
    return ref ? ref->getDecl() : nullptr;
  }
  return nullptr;
}

const clang::FunctionDecl* Lowerer::selectKernel(const std::vector<const clang::Decl*>& fileScope) {
  // Kernels: the functions with __global__ / __kernel, and every specialisation of a template
  // kernel the file instantiates (explicitly, or by using it).
  std::vector<const clang::FunctionDecl*> kernels;
  auto isKernel = [&](const clang::FunctionDecl* fd) {
    return lang_ == Language::Cuda ? fd->hasAttr<clang::CUDAGlobalAttr>() : fd->hasAttr<clang::OpenCLKernelAttr>();
  };
  std::vector<const clang::FunctionTemplateDecl*> uninstantiated;
  // The `--kernel` reference after the file's text (ClangFrontend.cpp) instantiates what it
  // names, even when the spelling as a whole is wrong (`k<int, 8>>`): such a specialisation is
  // not one the file has, and a message listing the file's kernels leaves it out.
  clang::SourceLocation refBegin;
  for (const clang::Decl* d : fileScope)
    if (const auto* fd = llvm::dyn_cast<clang::FunctionDecl>(d); fd && fd->getIdentifier() && fd->getName() == kKernelRefName)
      refBegin = fd->getBeginLoc();
  auto byReferenceOnly = [&](const clang::FunctionDecl* spec) {
    const clang::SourceLocation poi = spec->getPointOfInstantiation();
    if (refBegin.isInvalid() || poi.isInvalid()) return false;
    const clang::SourceManager& sm = spec->getASTContext().getSourceManager();
    return !sm.isBeforeInTranslationUnit(sm.getExpansionLoc(poi), refBegin);
  };
  for (const clang::Decl* d : fileScope) {
    if (const auto* fd = llvm::dyn_cast<clang::FunctionDecl>(d)) {
      if (fd->doesThisDeclarationHaveABody() && isKernel(fd)) kernels.push_back(fd);
    } else if (const auto* td = llvm::dyn_cast<clang::FunctionTemplateDecl>(d); td && td->isThisDeclarationADefinition()) {
      if (!isKernel(td->getTemplatedDecl())) continue;
      size_t before = kernels.size();
      for (const clang::FunctionDecl* spec : td->specializations())
        if (spec->hasBody() && spec->getBody() && !(!kernelRefError_.empty() && byReferenceOnly(spec))) kernels.push_back(spec);
      if (kernels.size() == before) uninstantiated.push_back(td);
    }
  }
  std::string names;
  for (const clang::FunctionDecl* k : kernels) names += (names.empty() ? "" : ", ") + kernelName(k);
  // The template kernels nothing instantiates (their parameters as declared).
  std::string templates;
  for (const clang::FunctionTemplateDecl* td : uninstantiated) {
    std::string params;
    for (const clang::NamedDecl* p : *td->getTemplateParameters())
      params += (params.empty() ? "" : ", ") + p->getNameAsString();
    templates += fmt::format("{}{}<{}>", templates.empty() ? "" : ", ", td->getQualifiedNameAsString(), params);
  }
  const std::string& want = launch_.kernel;
  if (!want.empty()) {
    // `name<args>`: what Clang resolved the spelling to (the address of it taken after the
    // file's text), a kernel's specialisation instantiated there if the file has none.
    // (A spelling Clang reports errors in, `k<int>; } x(`, resolves to nothing.)
    const clang::ValueDecl* target = kernelRefError_.empty() ? kernelRefTarget(fileScope) : nullptr;
    const auto* targetFn = llvm::dyn_cast_or_null<clang::FunctionDecl>(target);
    if (targetFn && isKernel(targetFn)) {
      const clang::FunctionDecl* def = nullptr;
      if (targetFn->hasBody(def) && def) return def;
    }
    std::vector<const clang::FunctionDecl*> found;
    // Otherwise the names as the file's kernels print: `vllm::silu<float>` or `silu<float>`
    // (unique in the file); a template's name alone (qualified or not) chooses its only
    // specialisation.
    auto named = [&](const clang::FunctionDecl* k, bool withArgs) {
      for (bool withoutDefaults : {false, true}) {
        const std::vector<std::string> names = kernelNames(k, withoutDefaults);
        const size_t args = names.back().size() - k->getNameAsString().size();
        for (const std::string& n : names)
          if (squeeze(withArgs ? n : n.substr(0, n.size() - args)) == squeeze(want)) return true;
      }
      return false;
    };
    for (const clang::FunctionDecl* k : kernels)
      if (named(k, true)) found.push_back(k);
    if (found.empty())
      for (const clang::FunctionDecl* k : kernels)
        if (k->getTemplateSpecializationArgs() && named(k, false)) found.push_back(k);
    if (found.size() == 1) return found[0];
    std::string why = found.size() > 1 ? fmt::format("; '{}' names several instantiations: {}", want, names)
                      : kernels.empty() ? std::string("; the file has none")
                                        : fmt::format("; the file has {}", names);
    if (found.empty() && !templates.empty())
      why += fmt::format("{} template kernels never instantiated: {} (name their arguments, --kernel 'NAME<ARGS>')",
                         kernels.empty() ? ", and" : ";", templates);
    if (target && found.empty()) {
      // The spelling names a declaration that is not a kernel.
      std::string what = target->getQualifiedNameAsString();
      if (targetFn) what = kernelName(targetFn);
      diags_.error(kpl::SourceLoc{1, 1},
                   fmt::format("--kernel '{}' names '{}', which is not a kernel (a {} function){}", want, what,
                               lang_ == Language::Cuda ? "__global__" : "__kernel", why));
      return nullptr;
    }
    std::string clangSays = kernelRefError_.empty() || found.size() > 1 ? "" : fmt::format(" ({})", kernelRefError_);
    diags_.error(kpl::SourceLoc{1, 1}, fmt::format("no kernel named '{}' (--kernel){}{}", want, clangSays, why));
    return nullptr;
  }
  if (kernels.empty()) {
    if (!uninstantiated.empty()) {
      error(uninstantiated[0]->getLocation(),
            fmt::format("template kernel '{0}' is never instantiated: choose its arguments with --kernel '{0}<ARGS>'",
                        uninstantiated[0]->getNameAsString()));
      return nullptr;
    }
    diags_.error(kpl::SourceLoc{1, 1}, std::string("no kernel in the file (a ") +
                                           (lang_ == Language::Cuda ? "__global__" : "__kernel") + " function)");
    return nullptr;
  }
  if (kernels.size() > 1) {
    error(kernels[1]->getLocation(), "several kernels (" + names + "): choose one with --kernel NAME");
    return nullptr;
  }
  return kernels[0];
}

clang::QualType Lowerer::voidParamElem(const clang::ParmVarDecl* pd, const clang::FunctionDecl* kernel) {
  std::set<clang::QualType> types;
  std::function<void(const clang::Stmt*)> walk = [&](const clang::Stmt* s) {
    if (!s) return;
    if (const auto* c = llvm::dyn_cast<clang::ExplicitCastExpr>(s))
      if (refVar(c->getSubExpr()) == pd && c->getType()->isPointerType() && !c->getType()->getPointeeType()->isVoidType())
        types.insert(c->getType()->getPointeeType().getCanonicalType().getUnqualifiedType());
    for (const clang::Stmt* ch : s->children()) walk(ch);
  };
  walk(kernel->getBody());
  if (types.size() != 1) {
    unsupported(pd->getLocation(), types.empty() ? fmt::format("void* parameter '{}', never cast to a typed pointer in the kernel", pd->getNameAsString())
                                                 : fmt::format("void* parameter '{}', cast to several element types", pd->getNameAsString()));
    return {};
  }
  return *types.begin();
}

std::optional<kpl::Program> Lowerer::run() {
  const clang::TranslationUnitDecl* tu = ctx_.getTranslationUnitDecl();
  // The declarations at file scope, those inside `extern "C" { … }` and `extern "C++"`
  // blocks included (a linkage specification declares its contents at file scope), and those
  // of namespaces (`namespace vllm { __global__ void … }`; not std's).
  std::vector<const clang::Decl*> fileScope;
  std::function<void(const clang::DeclContext*)> collect = [&](const clang::DeclContext* dc) {
    for (const clang::Decl* d : dc->decls()) {
      if (const auto* ls = llvm::dyn_cast<clang::LinkageSpecDecl>(d))
        collect(ls);
      else if (const auto* ns = llvm::dyn_cast<clang::NamespaceDecl>(d); ns && !ns->isStdNamespace())
        collect(ns);
      else
        fileScope.push_back(d);
    }
  };
  collect(tu);
  const clang::FunctionDecl* kernel = selectKernel(fileScope);
  if (!kernel) return std::nullopt;
  if (!kernel->getReturnType()->isVoidType()) unsupported(kernel->getLocation(), "a kernel that returns a value");
  collectModified(kernel->getBody(), modified_);
  scanWideFields(kernel);
  if (launch_.overflowCheck && lang_ == Language::Cuda) nsw_ = addressArithmetic(kernel);

  kpl::Program p;
  p.file = path_;
  p.language = lang_ == Language::Cuda ? "cuda" : "opencl";
  uint64_t threads = 1, groups = 1;
  for (unsigned d = 0; d < 3; ++d) {
    p.localSize[d] = launch_.localSize[d];
    p.numGroups[d] = launch_.numGroups[d];
    threads *= launch_.localSize[d];
    groups *= launch_.numGroups[d];
  }
  p.threads = static_cast<uint32_t>(threads);
  p.group = 0;
  p.groups = groups > 1 ? static_cast<uint32_t>(groups) : 0;
  p.mainRange = range(kernel->getLocation());

  // A buffer of `cells`-cell elements (--buffer counts elements) is `cells` times as many cells.
  auto scaleBuffer = [&](const std::string& name, uint64_t cells, clang::SourceLocation at) {
    kpl::ArrayDecl& a = arrays_.back();
    if (a.unbounded) return;
    if (a.size * cells > INT32_MAX)
      unsupported(at, fmt::format("--buffer {}={}: {} cells (KPL arrays have at most 2^31 - 1)", name, a.size,
                                  a.size * cells));
    a.size = static_cast<uint32_t>(std::min<uint64_t>(a.size * cells, INT32_MAX));
  };
  Instance k;
  k.fn = kernel;
  k.isKernel = true;
  k.widePtrs = widePointers(k, {});  // the pointers that may take a 64-bit offset (CUDA's 64-bit target)
  inst_ = &k;
  std::vector<StmtPtr> body;
  out_ = &body;
  for (const clang::ParmVarDecl* pd : kernel->parameters()) {
    std::string cname = pd->getNameAsString();
    kpl::SourceRange pr = range(pd);
    clang::QualType t = pd->getType();
    if (t->isPointerType()) {
      // A buffer: unbounded (as in GPUVerify) unless --buffer NAME=SIZE; a void* one has the
      // element type the kernel casts it to.
      clang::QualType pointee = t->getPointeeType();
      if (pointee->isVoidType()) {
        clang::QualType as = voidParamElem(pd, kernel);
        if (as.isNull()) continue;
        pointee = ctx_.getAddrSpaceQualType(as, pointee.getAddressSpace());
        t = ctx_.getPointerType(pointee);
      }
      IntType elem;
      uint64_t cells = 1, bytes = 4;
      if (refuseInputPointers(t->getPointeeType(), cname, pd->getLocation()) ||
          !cellsOf(t->getPointeeType(), elem, cells, bytes, pd->getLocation()))
        continue;
      clang::LangAS as = t->getPointeeType().getAddressSpace();
      bool shared = as == clang::LangAS::opencl_local;
      int id = declareArray(cname, elem, bytes, 0, !shared, pr, pd->getLocation());
      arrays_.back().constant = as == clang::LangAS::opencl_constant;  // `const global`: writes are errors
      storages_[static_cast<size_t>(id)].ctype = t->getPointeeType().getCanonicalType().getUnqualifiedType();
      storages_[static_cast<size_t>(id)].byteCells = bytesAreCells(t->getPointeeType(), pd->getLocation());
      noteNarrowCells(id, t->getPointeeType(), pd->getLocation());
      recordCellPaths(arrays_.back().name.name, t->getPointeeType(), pd->getLocation());
      // --buffer counts elements; a struct element is `cells` cells.
      scaleBuffer(cname, cells, pd->getLocation());
      VarInfo v{VarInfo::Kind::Pointer, "", id};
      if (modified_.count(pd)) {
        v.local = newLocal(cname + "_off");
        emitAssign(v.local, lit(0, pr), pr);
        if (k.widePtrs.count(pd)) {  // stepped or assigned a 64-bit offset: its high word too
          v.hi = newLocal(cname + "_off_hi");
          emitAssign(v.hi, lit(0, pr), pr);
        }
        if (dynamic_.count(DynKey{pd, 0})) {
          v.storage = newDynamic(cname);
          addTarget(v.storage, id);
          emitAssign(storages_[static_cast<size_t>(v.storage)].base, baseOf(id, pr), pr);
        }
      }
      k.vars[pd] = v;
      continue;
    }
    if (isAgg(t)) {
      // By value: one KPL param per component, named NAME_FIELD (users write NAME.FIELD),
      // copied into the struct's locals.
      auto l = layoutOf(t, pd->getLocation());
      if (!l) continue;
      std::vector<std::string> pnames;  // the params get the plain names, the locals a suffix
      std::vector<int> bufs(l->comps.size(), -1);  // a pointer field: the buffer it points to
      for (size_t ci = 0; ci < l->comps.size(); ++ci) {
        const Comp& comp = l->comps[ci];
        if (comp.ptrField) {
          // A pointer field: a buffer named NAME.FIELD, as a pointer kernel parameter is one.
          pnames.emplace_back();
          if (comp.ptrBase || comp.ptrHi) continue;
          clang::QualType pt = comp.ptrField->getType().getCanonicalType()->getPointeeType();
          IntType elem;
          uint64_t cells = 1, bytes = 4;
          if (refuseInputPointers(pt, cname + comp.path, pd->getLocation()) ||
              !cellsOf(pt, elem, cells, bytes, pd->getLocation()))
            continue;
          clang::LangAS as = pt.getAddressSpace();
          int id = declareArray(cname + comp.path, elem, bytes, 0, as != clang::LangAS::opencl_local, pr, pd->getLocation());
          arrays_.back().constant = as == clang::LangAS::opencl_constant;
          storages_[static_cast<size_t>(id)].ctype = pt.getCanonicalType().getUnqualifiedType();
          storages_[static_cast<size_t>(id)].byteCells = bytesAreCells(pt, pd->getLocation());
          noteNarrowCells(id, pt, pd->getLocation());
          recordCellPaths(arrays_.back().name.name, pt, pd->getLocation());
          scaleBuffer(cname + comp.path, cells, pd->getLocation());
          addTarget(fieldCollector(comp.ptrField), id);
          bufs[ci] = id;
          continue;
        }
        std::string kname = cname + comp.path;
        std::replace(kname.begin(), kname.end(), '.', '_');
        pnames.push_back(fresh(kname));
        renamed_[pnames.back()] = cname + comp.path;
        params_.push_back(kpl::Ident{pnames.back(), pr});
      }
      int st = newPrivate(cname, *l, cname);
      const Storage& s = storages_[static_cast<size_t>(st)];
      for (size_t i = 0; i < l->comps.size(); ++i) {
        const Comp& comp = l->comps[i];
        if (comp.ptrField)  // the offset 0 (a wide field's high word 0); the target's id (the buffer's, found at the offset cell)
          emitAssign(s.cells[comp.offset], comp.ptrBase ? baseOf(bufs[i - 1], pr) : lit(0, pr), pr);
        else
          emitAssign(s.cells[comp.offset], normalize(nameExpr(pnames[i], pr), comp.type, pr), pr);
      }
      k.vars[pd] = VarInfo{VarInfo::Kind::Memory, "", st};
      continue;
    }
    if (isWideType(t)) {
      // Two KPL params, NAME_lo and NAME_hi (users write NAME.lo, NAME.hi).
      std::string lo = fresh(cname + "_lo"), hi = fresh(cname + "_hi");
      renamed_[lo] = cname + ".lo";
      renamed_[hi] = cname + ".hi";
      params_.push_back(kpl::Ident{lo, pr});
      params_.push_back(kpl::Ident{hi, pr});
      if (modified_.count(pd)) {
        VarInfo v{VarInfo::Kind::Scalar, newLocal(cname + "_v_lo"), -1, newLocal(cname + "_v_hi")};
        emitAssign(v.local, nameExpr(lo, pr), pr);
        emitAssign(v.hi, nameExpr(hi, pr), pr);
        k.vars[pd] = v;
      } else {
        k.vars[pd] = VarInfo{VarInfo::Kind::Scalar, lo, -1, hi};
      }
      continue;
    }
    if (imageParam(pd)) continue;
    auto it = intType(t);
    if (!it) {
      unsupported(pd->getLocation(), "kernel parameter of type '" + t.getAsString() + "'" + typeReason(t));
      continue;
    }
    std::string pname = fresh(cname);
    if (pname != cname) renamed_[pname] = cname;
    params_.push_back(kpl::Ident{pname, pr});
    if (modified_.count(pd) || it->isBool || it->width < 32) {
      std::string l = newLocal(cname + "_v");
      emitAssign(l, normalize(nameExpr(pname, pr), *it, pr), pr);
      k.vars[pd] = VarInfo{VarInfo::Kind::Scalar, l, -1};
    } else {
      k.vars[pd] = VarInfo{VarInfo::Kind::Scalar, pname, -1};
    }
  }
  if (usesMemberMasks(kernel)) {
    exitedLocal_ = newLocal("_exited");
    emitAssign(exitedLocal_, lit(0, range(kernel)), range(kernel));
  }
  callStack_.push_back(kernel);
  lowerFunctionBody(kernel, range(kernel));
  callStack_.pop_back();
  // The end of the kernel is a barrier: SDV checks the last accesses for races there.
  emitSimple(StmtKind::Barrier, range(kernel->getBody()->getEndLoc()));
  for (auto [c, binary] : barrierInvariants_)
    unsupported(c, "a barrier invariant that no barrier follows (GPUVerify attaches it to the next barrier)");
  if (!diags_.hasErrors() && discovered_.empty()) finishDynamic();

  for (const LaunchOptions::Image& im : launch_.images)
    if (!usedImages_.count(im.name))
      diags_.error(kpl::SourceLoc{1, 1}, fmt::format("--image {}={}{}: the kernel accesses no surface or image '{}'",
                                                     im.name, im.width, im.twoD ? fmt::format("x{}", im.height) : "",
                                                     im.name));
  for (const auto& [name, size] : launch_.buffers)
    if (!usedBuffers_.count(name))
      diags_.error(kpl::SourceLoc{1, 1}, "--buffer " + name + "=" + std::to_string(size) +
                                             ": the kernel has no pointer parameter or extern array '" + name + "'");
  if (diags_.hasErrors()) return std::nullopt;

  auto mainBlock = stmt(StmtKind::Block, range(kernel->getBody()));
  if (!locals_.empty()) {
    auto decl = stmt(StmtKind::LocalDecl, range(kernel->getBody()->getBeginLoc()));
    for (const std::string& l : locals_) decl->names.push_back(kpl::Ident{l, decl->range});
    mainBlock->stmts.push_back(std::move(decl));
  }
  for (StmtPtr& s : body) mainBlock->stmts.push_back(std::move(s));
  p.main = std::move(mainBlock);
  p.kernelNames = kernelNames(kernel);
  // Users name renamed parameters and arrays by their C names, where that name is not
  // ambiguous (another array or parameter keeps it, or two were renamed from it).
  {
    std::set<std::string> kplNames;
    for (const kpl::ArrayDecl& a : arrays_) kplNames.insert(a.name.name);
    for (const kpl::Ident& q : params_) kplNames.insert(q.name);
    std::map<std::string, int> uses;
    for (const auto& [k, c] : renamed_) ++uses[c];
    for (const auto& [k, c] : renamed_)
      if (kplNames.count(k) && !kplNames.count(c) && uses[c] == 1) p.sourceNames[k] = c;
  }
  // A replay (witnesses, reports) must pick the same kernel and the same buffer sizes.
  if (!launch_.kernel.empty()) p.replayArgs = {"--kernel", launch_.kernel};
  for (const auto& [name, size] : launch_.buffers) {
    p.replayArgs.push_back("--buffer");
    p.replayArgs.push_back(name + "=" + std::to_string(size));
  }
  for (const LaunchOptions::Image& im : launch_.images) {
    p.replayArgs.push_back("--image");
    p.replayArgs.push_back(fmt::format("{}={}{}", im.name, im.width, im.twoD ? fmt::format("x{}", im.height) : ""));
  }
  if (lang_ == Language::Cuda && launch_.target == 32) p.replayArgs.insert(p.replayArgs.end(), {"--target", "32"});
  if (launch_.dynamicSharedBytes != 0)
    p.replayArgs.insert(p.replayArgs.end(), {"--dynamic-shared-bytes", std::to_string(launch_.dynamicSharedBytes)});
  if ((lang_ == Language::OpenCL || launch_.target == 64) && !launch_.overflowCheck)
    p.replayArgs.push_back("--no-overflow-check");
  if (launch_.globalOffset != std::array<uint32_t, 3>{0, 0, 0}) {  // and the global offset
    p.replayArgs.push_back("--global-offset");
    p.replayArgs.push_back(fmt::format("{},{},{}", launch_.globalOffset[0], launch_.globalOffset[1],
                                       launch_.globalOffset[2]));
  }
  if (launch_.annotations == LaunchOptions::Annotations::None) p.replayArgs.push_back("--no-annotations");
  if (launch_.annotations == LaunchOptions::Annotations::RequiresOnly) p.replayArgs.push_back("--only-requires");
  if (launch_.invariantsAsCandidates) p.replayArgs.push_back("--invariants-as-candidates");
  for (auto& [k, paths] : cellPaths_) {
    auto it = p.sourceNames.find(k);
    p.cellPaths[it == p.sourceNames.end() ? k : it->second] = std::move(paths);
  }
  p.arrays = std::move(arrays_);
  p.params = std::move(params_);
  return p;
}

}  // namespace sdvmc::clangfe::lowering

namespace sdvmc::clangfe {

using lowering::DynKey;
using lowering::Lowerer;

std::optional<kpl::Program> lowerTranslationUnit(clang::ASTContext& ctx, Language language, const LaunchOptions& launch,
                                                 const std::string& path, kpl::DiagnosticEngine& diags,
                                                 const std::string& kernelRefError) {
  // A pointer variable found to take several arrays only after accesses through it were
  // lowered gets a run-time base from its declaration on in the next round (each round adds
  // one at least; the diagnostics are those of the last).
  std::set<DynKey> dynamic;
  for (;;) {
    kpl::DiagnosticEngine scratch;
    Lowerer l(ctx, language, launch, path, scratch, dynamic, kernelRefError);
    std::optional<kpl::Program> p = l.run();
    size_t before = dynamic.size();
    dynamic.insert(l.discovered().begin(), l.discovered().end());
    if (dynamic.size() == before) {
      for (const kpl::Diagnostic& d : scratch.diagnostics()) {  // stamped with the real file
        if (d.severity == kpl::Severity::Error) diags.error(d.loc, d.message);
        else if (d.severity == kpl::Severity::Warning) diags.warning(d.loc, d.message);
        else diags.note(d.loc, d.message);
      }
      return p;
    }
  }
}

}  // namespace sdvmc::clangfe
