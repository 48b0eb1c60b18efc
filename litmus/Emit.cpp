// KPL → OpenCL C / CUDA, with a host program (see Emit.h).
#include "litmus/Emit.h"

#include "semantics/rules/Eval.h"

#include <cctype>
#include <climits>
#include <filesystem>
#include <fmt/format.h>
#include <map>
#include <set>
#include <sstream>

namespace sdvmc::litmus {

namespace {

// Error codes the kernel records: kind + 16 * line. The host prints them.
constexpr int kDiv = 1, kShift = 2, kOob = 3, kAssert = 4, kDiscard = 5, kUnsupported = 6, kConstant = 7;
constexpr uint32_t kMaxThreads = 1024;          // CUDA's block limit; PoCL and Oclgrind allow it
constexpr uint32_t kMaxLocalBytes = 32 * 1024;  // the smallest local memory of the targets (Oclgrind)

struct Array {
  std::string name;  // as in KPL
  bool bounded = true;
  uint32_t size = 0;
  uint32_t off = 0;   // values in the init/out buffers
  uint32_t koff = 0;  // known flags in the init/out buffers
};

std::string literal(int32_t v) {
  if (v == INT32_MIN) return "(-2147483647 - 1)";
  if (v < 0) return fmt::format("({})", v);
  return std::to_string(v);
}

/// A C string literal holding `text`, one source line per literal line.
std::string cString(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    switch (c) {
      case '\\': out += "\\\\"; break;
      case '"': out += "\\\""; break;
      case '\n': out += "\\n\"\n  \""; break;
      default: out += c;
    }
  }
  return out + "\"";
}

// ---- the 64-bit builtins ------------------------------------------------------------------
// Each builtin the kernel uses becomes a helper k_NAME(operands[, e, line]) computing
// exactly what word::wideOp computes (semantics/rules/Eval.cpp): the pair (h, l) is the 64-bit
// K_U64 k_u64(h, l), a double is its bit pattern reinterpreted, and the undefined cases of
// C (division by zero, shifts out of 0..63, INT64_MIN / -1, conversions out of range)
// are tested before the operation. CUDA uses the _rn intrinsics, which nvcc never
// contracts into an fma; OpenCL turns FP_CONTRACT off.

bool wideCanFail(kpl::WideOp op) {
  using W = kpl::WideOp;
  return (op >= W::LDivLo && op <= W::LURemHi) || (op >= W::LShlLo && op <= W::LLShrHi);
}

// Whether the builtin computes on doubles (needs cl_khr_fp64 in OpenCL).
bool wideUsesDouble(kpl::WideOp op) {
  using W = kpl::WideOp;
  if (op < W::DAddLo || kpl::isFloatMath(op)) return false;  // CUDA's pown helper uses double, which CUDA has
  return !(op == W::FToLLo || op == W::FToLHi || op == W::FToULLo || op == W::FToULHi || op == W::LToF ||
           op == W::ULToF);
}

// The C expression of builtin `op`'s result (an int), in terms of the helper's parameters.
// x, y: the 64-bit operands (K_U64); dx, dy: as doubles; n: a shift amount; a: a Word.
std::string wideBody(kpl::WideOp op, bool cl) {
  using W = kpl::WideOp;
  const std::string name = kpl::wideOpName(op);
  const bool hi = name.size() > 3 && name.compare(name.size() - 3, 3, "_hi") == 0;
  auto half = [&](const std::string& r) { return fmt::format("{}({})", hi ? "k_hi" : "k_lo", r); };
  auto dbits = [&](const std::string& r) { return half(fmt::format("k_bits({})", r)); };
  auto rn = [&](const char* clOp, const char* cudaFn) {
    return dbits(cl ? fmt::format("dx {} dy", clOp) : fmt::format("{}(dx, dy)", cudaFn));
  };
  switch (op) {
    case W::LAddLo: case W::LAddHi: return half("x + y");
    case W::LSubLo: case W::LSubHi: return half("x - y");
    case W::LMulLo: case W::LMulHi: return half("x * y");
    // lnsw_*: the wrapped result, as the 32-bit nsw_* operators are emitted (k_add …)
    case W::LNswAddLo: case W::LNswAddHi: return half("x + y");
    case W::LNswSubLo: case W::LNswSubHi: return half("x - y");
    case W::LNswMulLo: case W::LNswMulHi: return half("x * y");
    case W::LDivLo: case W::LDivHi: return half("y == ~(K_U64)0 ? 0 - x : (K_U64)((K_S64)x / (K_S64)y)");
    case W::LRemLo: case W::LRemHi: return half("y == ~(K_U64)0 ? 0 : (K_U64)((K_S64)x % (K_S64)y)");
    case W::LUDivLo: case W::LUDivHi: return half("x / y");
    case W::LURemLo: case W::LURemHi: return half("x % y");
    case W::LAndLo: case W::LAndHi: return half("x & y");
    case W::LOrLo: case W::LOrHi: return half("x | y");
    case W::LXorLo: case W::LXorHi: return half("x ^ y");
    case W::LShlLo: case W::LShlHi: return half("x << n");
    case W::LAShrLo: case W::LAShrHi: return half("(K_U64)((K_S64)x >= 0 ? (K_S64)x >> n : ~(~(K_S64)x >> n))");
    case W::LLShrLo: case W::LLShrHi: return half("x >> n");
    case W::LEq: return "x == y";
    case W::LNe: return "x != y";
    case W::LLt: return "(K_S64)x < (K_S64)y";
    case W::LLe: return "(K_S64)x <= (K_S64)y";
    case W::LGt: return "(K_S64)x > (K_S64)y";
    case W::LGe: return "(K_S64)x >= (K_S64)y";
    case W::LULt: return "x < y";
    case W::LULe: return "x <= y";
    case W::LUGt: return "x > y";
    case W::LUGe: return "x >= y";
    case W::DAddLo: case W::DAddHi: return rn("+", "__dadd_rn");
    case W::DSubLo: case W::DSubHi: return rn("-", "__dsub_rn");
    case W::DMulLo: case W::DMulHi: return rn("*", "__dmul_rn");
    case W::DDivLo: case W::DDivHi: return rn("/", "__ddiv_rn");
    case W::DMinLo: case W::DMinHi: return dbits("fmin(dx, dy)");
    case W::DMaxLo: case W::DMaxHi: return dbits("fmax(dx, dy)");
    case W::DLt: return "dx < dy";
    case W::DLe: return "dx <= dy";
    case W::DGt: return "dx > dy";
    case W::DGe: return "dx >= dy";
    case W::DEq: return "dx == dy";
    case W::DNe: return "dx != dy";
    // Negation and absolute value flip / clear the sign bit, as the host's do.
    case W::DNegLo: case W::DNegHi: return half("x ^ ((K_U64)1 << 63)");
    case W::DAbsLo: case W::DAbsHi: return half("x & ~((K_U64)1 << 63)");
    case W::DSqrtLo: case W::DSqrtHi: return dbits(cl ? "sqrt(dx)" : "__dsqrt_rn(dx)");
    case W::FToDLo: case W::FToDHi: return dbits("(double)k_f(a)");
    case W::IToDLo: case W::IToDHi: return dbits("(double)a");
    case W::UToDLo: case W::UToDHi: return dbits("(double)(unsigned)a");
    case W::FToLLo: case W::FToLHi:
      return half("!(k_f(a) >= -9223372036854775808.0f && k_f(a) < 9223372036854775808.0f) ? (K_U64)1 << 63 "
                  ": (K_U64)(K_S64)k_f(a)");
    case W::FToULLo: case W::FToULHi:
      return half("!(k_f(a) > -1.0f && k_f(a) < 18446744073709551616.0f) ? 0 : (K_U64)k_f(a)");
    case W::DToF: return cl ? "as_int(convert_float_rte(dx))" : "__float_as_int(__double2float_rn(dx))";
    case W::DToI: return "!(dx > -2147483649.0 && dx < 2147483648.0) ? (-2147483647 - 1) : (int)dx";
    case W::DToU: return "!(dx > -1.0 && dx < 4294967296.0) ? 0 : (int)(unsigned)dx";
    case W::LToF: return cl ? "as_int(convert_float_rte((K_S64)x))" : "__float_as_int(__ll2float_rn((K_S64)x))";
    case W::ULToF: return cl ? "as_int(convert_float_rte(x))" : "__float_as_int(__ull2float_rn(x))";
    case W::LToDLo: case W::LToDHi:
      return dbits(cl ? "convert_double_rte((K_S64)x)" : "__ll2double_rn((K_S64)x)");
    case W::ULToDLo: case W::ULToDHi: return dbits(cl ? "convert_double_rte(x)" : "__ull2double_rn(x)");
    case W::DToLLo: case W::DToLHi:
      return half("!(dx >= -9223372036854775808.0 && dx < 9223372036854775808.0) ? (K_U64)1 << 63 "
                  ": (K_U64)(K_S64)dx");
    case W::DToULLo: case W::DToULHi:
      return half("!(dx > -1.0 && dx < 18446744073709551616.0) ? 0 : (K_U64)dx");
    default: break;  // the float math functions: floatMathHelper
  }
  return "0";
}

// The OpenCL C (cl) or CUDA function computing float math builtin `op` (kpl::isFloatMath),
// from the helper's floats x, y, z (fldexp and fpown: the int b).
std::string floatMathCall(kpl::WideOp op, bool cl) {
  using W = kpl::WideOp;
  std::string name = kpl::wideOpName(op) + 1;  // fsin -> sin
  switch (op) {
    case W::FRsqrt: return "rsqrt" + std::string(cl ? "" : "f") + "(x)";
    case W::FFmod: name = "fmod"; break;
    case W::FFdim: name = "fdim"; break;
    case W::FFma: return cl ? "fma(x, y, z)" : "__fmaf_rn(x, y, z)";
    case W::FLdexp: return cl ? "ldexp(x, b)" : "ldexpf(x, b)";
    // pown: glibc's double pow rounded to float, as sdvmc computes it; powr: OpenCL's.
    case W::FPown: return cl ? "pown(x, b)" : "(float)pow((double)x, (double)b)";
    case W::FPowr:
      return cl ? "powr(x, y)"
                : "(x < 0 || isnan(x) || isnan(y) || (x == 0 && y == 0) || (isinf(x) && y == 0) || "
                  "(x == 1 && isinf(y))) ? __int_as_float(0x7fc00000) : powf(x == 0 ? 0.0f : x, y)";
    case W::FLgamma: return cl ? "lgamma(x)" : "lgammaf(x)";
    default: break;
  }
  const unsigned arity = kpl::wideOpArity(op);
  const std::string fn = cl ? name : name + "f";
  return fn + (arity == 1 ? "(x)" : "(x, y)");
}

// The helper function of float math builtin `op`: Words in and out.
std::string floatMathHelper(kpl::WideOp op, bool cl) {
  const unsigned arity = kpl::wideOpArity(op);
  const bool intB = op == kpl::WideOp::FLdexp || op == kpl::WideOp::FPown;
  std::string params = arity == 1 ? "int a" : arity == 2 ? "int a, int b" : "int a, int b, int c";
  std::string locals = "float x = k_f(a);";
  if (arity >= 2 && !intB) locals += " float y = k_f(b);";
  if (arity == 3) locals += " float z = k_f(c);";
  return fmt::format("K_FN int k_{}({}) {{ {} return k_fbits({}); }}\n", kpl::wideOpName(op), params, locals,
                     floatMathCall(op, cl));
}

// The helper function of builtin `op`.
std::string wideHelper(kpl::WideOp op, bool cl) {
  using W = kpl::WideOp;
  if (kpl::isFloatMath(op)) return floatMathHelper(op, cl);
  const unsigned arity = kpl::wideOpArity(op);
  const bool shift = op >= W::LShlLo && op <= W::LLShrHi;
  std::string params, locals;
  if (arity == 4) {
    params = "int ah, int al, int bh, int bl";
    locals = "K_U64 x = k_u64(ah, al), y = k_u64(bh, bl);";
    if (wideUsesDouble(op)) locals += " double dx = k_d(x), dy = k_d(y);";
  } else if (arity == 3) {
    params = "int ah, int al, int n";
    locals = "K_U64 x = k_u64(ah, al);";
  } else if (arity == 2) {
    params = "int ah, int al";
    locals = "K_U64 x = k_u64(ah, al);";
    if (wideUsesDouble(op)) locals += " double dx = k_d(x);";
  } else {
    params = "int a";
  }
  std::string check;
  if (wideCanFail(op)) {
    params += ", K_PRIV int* e, int line";
    check = shift ? fmt::format(" if (n < 0 || n >= 64) return k_raise(e, {} + 16 * line);", kShift)
                  : fmt::format(" if (y == 0) return k_raise(e, {} + 16 * line);", kDiv);
  }
  std::string out = fmt::format("K_FN int k_{}({}) {{", kpl::wideOpName(op), params);
  if (!locals.empty()) out += " " + locals;
  out += check;
  return out + fmt::format(" return {}; }}\n", wideBody(op, cl));
}

void collectWide(const kpl::Expr& e, std::set<kpl::WideOp>& out) {
  if (e.kind == kpl::ExprKind::Wide) out.insert(e.wop);
  for (const kpl::ExprPtr& o : e.operands) collectWide(*o, out);
}

void collectWide(const kpl::Stmt& s, std::set<kpl::WideOp>& out) {
  for (const kpl::ExprPtr& e : s.exprs) collectWide(*e, out);
  for (const kpl::StmtPtr& c : s.stmts) collectWide(*c, out);
}

void collectAtomics(const kpl::Stmt& s, std::set<kpl::AtomicOp>& out) {
  if (s.kind == kpl::StmtKind::Atomic && !kpl::atomicIsWide(s.atomicOp) && s.atomicOp != kpl::AtomicOp::FAdd)
    out.insert(s.atomicOp);
  for (const kpl::StmtPtr& c : s.stmts) collectAtomics(*c, out);
}

// The helper of 32-bit atomic `op` (T-ATOMIC, specs/KPL.md): the bounds check, the
// known-flag, then the target's atomic on the local-memory cell; returns the old value.
// inc and dec are CUDA's atomicInc/atomicDec, which OpenCL has not (its atomic_inc adds 1
// unconditionally): a compare-and-swap loop there.
std::string atomicHelper(kpl::AtomicOp op, bool cl) {
  using A = kpl::AtomicOp;
  const std::string name = kpl::atomicOpName(op) + 7;  // atomic_add -> add
  std::string body;
  auto loop = [&](const char* next) {
    return cl ? fmt::format("int o; do {{ o = *p; }} while (atomic_cmpxchg(p, o, {}) != o); return o;", next) : "";
  };
  switch (op) {
    case A::Add: body = cl ? "return atomic_add(p, v);" : "return atomicAdd((int*)p, v);"; break;
    case A::Sub: body = cl ? "return atomic_sub(p, v);" : "return atomicSub((int*)p, v);"; break;
    case A::Exch: body = cl ? "return atomic_xchg(p, v);" : "return atomicExch((int*)p, v);"; break;
    case A::Min: body = cl ? "return atomic_min(p, v);" : "return atomicMin((int*)p, v);"; break;
    case A::Max: body = cl ? "return atomic_max(p, v);" : "return atomicMax((int*)p, v);"; break;
    case A::UMin:
      body = cl ? "return (int)atomic_min((volatile K_LOCAL unsigned*)p, (unsigned)v);"
                : "return (int)atomicMin((unsigned*)p, (unsigned)v);";
      break;
    case A::UMax:
      body = cl ? "return (int)atomic_max((volatile K_LOCAL unsigned*)p, (unsigned)v);"
                : "return (int)atomicMax((unsigned*)p, (unsigned)v);";
      break;
    case A::And: body = cl ? "return atomic_and(p, v);" : "return atomicAnd((int*)p, v);"; break;
    case A::Or: body = cl ? "return atomic_or(p, v);" : "return atomicOr((int*)p, v);"; break;
    case A::Xor: body = cl ? "return atomic_xor(p, v);" : "return atomicXor((int*)p, v);"; break;
    case A::Cas: body = cl ? "return atomic_cmpxchg(p, c, v);" : "return atomicCAS((int*)p, c, v);"; break;
    case A::Inc:
      body = cl ? loop("(unsigned)o >= (unsigned)v ? 0 : (int)((unsigned)o + 1u)")
                : "return (int)atomicInc((unsigned*)p, (unsigned)v);";
      break;
    case A::Dec:
      body = cl ? loop("o == 0 || (unsigned)o > (unsigned)v ? v : (int)((unsigned)o - 1u)")
                : "return (int)atomicDec((unsigned*)p, (unsigned)v);";
      break;
    default: body = "return 0;"; break;  // 64-bit and float atomics: refused before
  }
  return fmt::format(
      "K_FN int k_at_{}(volatile K_LOCAL int* a, volatile K_LOCAL int* ak, int size, int oob, int i, int c, int v,\n"
      "                 K_PRIV int* e, int line) {{\n"
      "  if (i < 0 || i >= size) return k_raise(e, oob + 16 * line);\n"
      "  if (!ak[i]) ak[i] = 1;\n"
      "  volatile K_LOCAL int* p = &a[i];\n"
      "  (void)c;\n"
      "  {}\n}}\n",
      name, body);
}

class Emitter {
public:
  Emitter(const kpl::Program& p, const sem::Ir& ir, EmitTarget t, const EmitOptions& o)
      : p_(p), ir_(ir), target_(t), opts_(o) {}

  EmitResult run(const std::string& base) {
    EmitResult r;
    if (opts_.threads < 1 || opts_.threads > kMaxThreads) {
      r.error = fmt::format("unsupported: {} work-items (emit supports 1..{})", opts_.threads, kMaxThreads);
      return r;
    }
    if (opts_.params.size() != p_.params.size()) {
      r.error = "internal: the kernel parameters' values are missing";
      return r;
    }
    uint32_t words = 1;
    for (const sem::ArrayInfo& a : ir_.arrays) {
      Array x;
      // The KPL name (statements name arrays by it; ArrayInfo has the source name).
      x.name = p_.arrays.empty() ? a.name : p_.arrays[arrays_.size()].name.name;
      x.bounded = a.bounded;
      x.size = a.bounded ? a.size : kEmitMemWords;
      x.off = words;
      x.koff = words + x.size;
      words += 2 * x.size;
      arrays_.push_back(x);
    }
    if (uint64_t{words} * 4 > kMaxLocalBytes) {
      r.error = fmt::format("unsupported: the shared arrays need {} bytes of local memory (values and "
                            "known-flags), more than the {} every target has", uint64_t{words} * 4,
                            kMaxLocalBytes);
      return r;
    }
    words_ = words;
    for (size_t a = 0; a < arrays_.size(); ++a) arrayIndex_[arrays_[a].name] = a;

    std::string kernel = kernelSource();
    if (!error_.empty()) {
      r.error = error_;
      return r;
    }
    if (target_ == EmitTarget::OpenCL) {
      r.files.push_back({base + ".cl", kernel});
      r.files.push_back({base + "-host.c", openclHost(kernel, base)});
      r.hostFile = base + "-host.c";
    } else {
      r.files.push_back({base + ".cu", kernel + cudaHost(base)});
      r.hostFile = base + ".cu";
    }
    r.ok = true;
    return r;
  }

private:
  // ---- expressions --------------------------------------------------------------------
  struct ExprCtx {
    uint32_t line = 0;
    std::string err = "k_err";  // the `int*` errors go to
    const std::set<std::string>* params = nullptr;
  };

  std::string expr(const kpl::Expr& e, const ExprCtx& c) {
    auto op = [&](size_t i) { return expr(*e.operands[i], c); };
    switch (e.kind) {
      case kpl::ExprKind::IntLit: return literal(e.value);
      case kpl::ExprKind::BoolLit: return e.value ? "1" : "0";
      case kpl::ExprKind::Lid: return "k_lid";
      case kpl::ExprKind::Gid: return "k_gid";
      case kpl::ExprKind::LocalSize:
      case kpl::ExprKind::NumGroups: {
        // The emitted program runs one group of K_THREADS work-items, as the models do.
        const auto g = sem::Evaluator::geometryFor(ir_, opts_.threads);
        return literal(static_cast<int32_t>(e.kind == kpl::ExprKind::LocalSize ? g.localSize[e.value]
                                                                               : g.numGroups[e.value]));
      }
      case kpl::ExprKind::Shfl:
      case kpl::ExprKind::Ballot:
      case kpl::ExprKind::WarpSync:
      case kpl::ExprKind::WarpWidth:
        error_ = fmt::format("unsupported: a warp-level primitive (line {})", c.line);
        return "0";
      case kpl::ExprKind::WarpSize:
        // SDV's warp width (CUDA's 32); the emitted program does not ask the device, so a
        // kernel reading it computes what `sdvmc run` computes.
        return literal(32);
      case kpl::ExprKind::Name:
        if (c.params && c.params->count(e.name))
          // A parameter: the argument's value, or the error evaluating it raised, raised
          // here (call by name evaluates the argument where the parameter is used).
          return fmt::format("(le_{0} ? k_raise({1}, (le_{0} & 15) + 16 * {2}) : l_{0})", e.name, c.err, c.line);
        return "l_" + e.name;
      case kpl::ExprKind::Annot:
        error_ = fmt::format("unsupported: the annotation builtin '{}' (line {})", kpl::annotOpName(e.aop), c.line);
        return "0";
      case kpl::ExprKind::Unary:
        switch (e.uop) {
          case kpl::UnaryOp::Neg: return fmt::format("k_neg({})", op(0));
          case kpl::UnaryOp::LogNot: return fmt::format("(!{})", op(0));
          case kpl::UnaryOp::BitNot: return fmt::format("(~{})", op(0));
          case kpl::UnaryOp::FNeg: case kpl::UnaryOp::FAbs: case kpl::UnaryOp::FSqrt: case kpl::UnaryOp::IToF:
          case kpl::UnaryOp::UToF: case kpl::UnaryOp::FToI: case kpl::UnaryOp::FToU:
            error_ = fmt::format("unsupported: floating point (line {})", c.line);
            return "0";
        }
        break;
      case kpl::ExprKind::Binary: {
        const char* sym = nullptr;
        const kpl::BinaryOp bop = opts_.plantBug == e.bop ? plantedOperator(e.bop) : e.bop;
        switch (bop) {
          case kpl::BinaryOp::Add: return fmt::format("k_add({}, {})", op(0), op(1));
          case kpl::BinaryOp::Sub: return fmt::format("k_sub({}, {})", op(0), op(1));
          case kpl::BinaryOp::Mul: return fmt::format("k_mul({}, {})", op(0), op(1));
          // The models give an overflow the verdict integer-overflow; the device wraps.
          case kpl::BinaryOp::NswAdd: return fmt::format("k_add({}, {})", op(0), op(1));
          case kpl::BinaryOp::NswSub: return fmt::format("k_sub({}, {})", op(0), op(1));
          case kpl::BinaryOp::NswMul: return fmt::format("k_mul({}, {})", op(0), op(1));
          case kpl::BinaryOp::Addr64:
            error_ = fmt::format("unsupported: a 64-bit address (line {})", c.line);
            return "0";
          case kpl::BinaryOp::Div: return fmt::format("k_div({}, {}, {}, {})", op(0), op(1), c.err, c.line);
          case kpl::BinaryOp::Rem: return fmt::format("k_rem({}, {}, {}, {})", op(0), op(1), c.err, c.line);
          case kpl::BinaryOp::Shl: return fmt::format("k_shl({}, {}, {}, {})", op(0), op(1), c.err, c.line);
          case kpl::BinaryOp::Shr: return fmt::format("k_shr({}, {}, {}, {})", op(0), op(1), c.err, c.line);
          case kpl::BinaryOp::Lt: sym = "<"; break;
          case kpl::BinaryOp::Le: sym = "<="; break;
          case kpl::BinaryOp::Gt: sym = ">"; break;
          case kpl::BinaryOp::Ge: sym = ">="; break;
          case kpl::BinaryOp::Eq: sym = "=="; break;
          case kpl::BinaryOp::Ne: sym = "!="; break;
          case kpl::BinaryOp::BitAnd: sym = "&"; break;
          case kpl::BinaryOp::BitXor: sym = "^"; break;
          case kpl::BinaryOp::BitOr: sym = "|"; break;
          case kpl::BinaryOp::LogAnd: sym = "&&"; break;
          case kpl::BinaryOp::LogOr: sym = "||"; break;
          case kpl::BinaryOp::UDiv: return fmt::format("k_udiv({}, {}, {}, {})", op(0), op(1), c.err, c.line);
          case kpl::BinaryOp::URem: return fmt::format("k_urem({}, {}, {}, {})", op(0), op(1), c.err, c.line);
          case kpl::BinaryOp::LShr: return fmt::format("k_lshr({}, {}, {}, {})", op(0), op(1), c.err, c.line);
          case kpl::BinaryOp::ULt: return fmt::format("((unsigned){} < (unsigned){})", op(0), op(1));
          case kpl::BinaryOp::ULe: return fmt::format("((unsigned){} <= (unsigned){})", op(0), op(1));
          case kpl::BinaryOp::UGt: return fmt::format("((unsigned){} > (unsigned){})", op(0), op(1));
          case kpl::BinaryOp::UGe: return fmt::format("((unsigned){} >= (unsigned){})", op(0), op(1));
          case kpl::BinaryOp::FAdd: case kpl::BinaryOp::FSub: case kpl::BinaryOp::FMul: case kpl::BinaryOp::FDiv:
          case kpl::BinaryOp::FMin: case kpl::BinaryOp::FMax: case kpl::BinaryOp::FLt: case kpl::BinaryOp::FLe:
          case kpl::BinaryOp::FGt: case kpl::BinaryOp::FGe: case kpl::BinaryOp::FEq: case kpl::BinaryOp::FNe:
            error_ = fmt::format("unsupported: floating point (line {})", c.line);
            return "0";
        }
        // C's comparisons and && || give int 0/1 and short-circuit, as KPL's do.
        return fmt::format("({} {} {})", op(0), sym, op(1));
      }
      case kpl::ExprKind::Cond: return fmt::format("({} ? {} : {})", op(0), op(1), op(2));
      case kpl::ExprKind::Wide: {
        if (e.wop == kpl::WideOp::FCvtChk || e.wop == kpl::WideOp::DCvtChk) {
          error_ = fmt::format("unsupported: a float-to-integer conversion check, '{}' (line {})", kpl::wideOpName(e.wop),
                               c.line);
          return "0";
        }
        std::string call = fmt::format("k_{}(", kpl::wideOpName(e.wop));
        for (size_t i = 0; i < e.operands.size(); ++i) call += (i ? ", " : "") + op(i);
        if (wideCanFail(e.wop)) call += fmt::format(", {}, {}", c.err, c.line);
        return call + ")";
      }
    }
    error_ = "internal: unknown expression kind";
    return "0";
  }

  // ---- statements ---------------------------------------------------------------------
  struct StmtCtx {
    bool inProc = false;
    const std::set<std::string>* params = nullptr;
  };

  void line(int depth, const std::string& text) { out_ << std::string(2 * depth, ' ') << text << "\n"; }

  const Array& arrayOf(const kpl::Stmt& s) {
    if (!s.array) return arrays_[0];
    auto it = arrayIndex_.find(s.array->name);
    if (it == arrayIndex_.end()) {
      error_ = "internal: unknown array " + s.array->name;
      return arrays_[0];
    }
    return arrays_[it->second];
  }

  std::string access(const Array& a) {
    return fmt::format("a_{0}, ak_{0}, {1}, {2}", a.name, a.size, a.bounded ? kOob : kUnsupported);
  }

  void stmt(const kpl::Stmt& s, int d, const StmtCtx& c) {
    ExprCtx ec;
    ec.line = s.range.begin.line;
    ec.params = c.params;
    switch (s.kind) {
      case kpl::StmtKind::Block:
        if (s.every) error_ = fmt::format("unsupported: every (line {})", ec.line);  // run by disabled threads too
        line(d, "{");
        for (const kpl::StmtPtr& x : s.stmts) stmt(*x, d + 1, c);
        line(d, "}");
        return;
      case kpl::StmtKind::LocalDecl: {
        // Scope: the rest of the enclosing block, as a C declaration's.
        std::string decl = "int";
        for (size_t i = 0; i < s.names.size(); ++i)
          decl += fmt::format("{} l_{} = 0", i ? "," : "", s.names[i].name);
        line(d, decl + ";");
        return;
      }
      case kpl::StmtKind::LocalScoped: {
        line(d, "{");
        std::string decl = "int";
        for (size_t i = 0; i < s.names.size(); ++i)
          decl += fmt::format("{} l_{} = 0", i ? "," : "", s.names[i].name);
        line(d + 1, decl + ";");
        stmt(*s.stmts[0], d + 1, c);
        line(d, "}");
        return;
      }
      case kpl::StmtKind::If:
        line(d, fmt::format("{{ int k_c = {};", expr(*s.exprs[0], ec)));
        line(d + 1, "if (k_c) {");
        stmt(*s.stmts[0], d + 2, c);
        if (s.stmts.size() > 1) {
          line(d + 1, "} else {");
          stmt(*s.stmts[1], d + 2, c);
        }
        line(d + 1, "}");
        line(d, "}");
        return;
      case kpl::StmtKind::While:
        line(d, "for (;;) {");
        line(d + 1, fmt::format("int k_c = {};", expr(*s.exprs[0], ec)));
        line(d + 1, "if (!k_c) break;");
        line(d + 1, "{");
        stmt(*s.stmts[0], d + 2, c);
        line(d + 1, "}");
        line(d, "}");
        return;
      case kpl::StmtKind::Call: {
        line(d, "{");
        std::string args;
        for (size_t i = 0; i < s.exprs.size(); ++i) {
          ExprCtx ac = ec;
          ac.err = fmt::format("&k_ae{}", i);
          line(d + 1, fmt::format("int k_ae{0} = 0; int k_a{0} = {1};", i, expr(*s.exprs[i], ac)));
          args += fmt::format(", k_a{0}, k_ae{0}", i);
        }
        line(d + 1, fmt::format("p_{}(K_ARGS{});", s.target.name, args));
        line(d, "}");
        return;
      }
      case kpl::StmtKind::Barrier:
        // Every KPL array is local memory in the emitted program, so a barrier with fence
        // flags is emitted as the full one: it orders more, which changes no outcome of a
        // kernel without races (under the flags' rule its logs would only race).
        line(d, s.fence == kpl::kFenceAll ? "K_BARRIER();"
                                          : fmt::format("K_BARRIER(); /* barrier({}) */",
                                                        s.fence == kpl::kFenceLocal    ? "local"
                                                        : s.fence == kpl::kFenceGlobal ? "global"
                                                                                       : "none"));
        return;
      case kpl::StmtKind::Break: line(d, "break;"); return;
      case kpl::StmtKind::Continue: line(d, "continue;"); return;
      case kpl::StmtKind::Return: line(d, "return;"); return;
      case kpl::StmtKind::Skip: line(d, ";"); return;
      case kpl::StmtKind::Assert:
      case kpl::StmtKind::Assume: {
        if (s.candidate) error_ = fmt::format("unsupported: candidate (line {})", ec.line);
        // (extension) private_index fails as out-of-bounds, as under the models (T-PRIVATE-INDEX)
        const int kind = s.kind == kpl::StmtKind::Assume ? kDiscard : s.privateIndex ? kOob : kAssert;
        line(d, fmt::format("{{ int k_c = {}; if (!k_c) k_raise(k_err, {} + 16 * {}); }}", expr(*s.exprs[0], ec),
                            kind, ec.line));
        return;
      }
      case kpl::StmtKind::Assign:
        line(d, fmt::format("l_{} = {};", s.target.name, expr(*s.exprs[0], ec)));
        return;
      case kpl::StmtKind::Read: {
        if (s.ghost) error_ = fmt::format("unsupported: ghost_rd (line {})", ec.line);
        const Array& a = arrayOf(s);
        line(d, fmt::format("l_{} = k_rd({}, {}, k_err, {});", s.target.name, access(a), expr(*s.exprs[0], ec),
                            ec.line));
        return;
      }
      case kpl::StmtKind::Write: {
        const Array& a = arrayOf(s);
        line(d, fmt::format("{{ int k_i = {}; int k_v = {};", expr(*s.exprs[0], ec), expr(*s.exprs[1], ec)));
        if (ir_.arrays[static_cast<size_t>(&a - arrays_.data())].constant) {
          // (extension) constant memory: the write is the error constant-write (after the
          // bounds check, as T-WR), and nothing is written.
          line(d + 1, fmt::format("(void)k_v; k_raise(k_err, (k_i < 0 || k_i >= {} ? {} : {}) + 16 * {}); }}",
                                  a.size, a.bounded ? kOob : kConstant, kConstant, ec.line));
          return;
        }
        line(d + 1, fmt::format("k_wr({}, k_i, k_v, k_err, {}); }}", access(a), ec.line));
        return;
      }
      case kpl::StmtKind::Atomic: {
        if (kpl::atomicIsWide(s.atomicOp) || s.atomicOp == kpl::AtomicOp::FAdd) {
          error_ = fmt::format("unsupported: a 64-bit or float atomic operation (line {}, column {})",
                               s.range.begin.line, s.range.begin.col);
          line(d, ";");
          return;
        }
        // The bounds check and the known-flag, then the target's own atomic (atomicHelper).
        const Array& a = arrayOf(s);
        if (ir_.arrays[static_cast<size_t>(&a - arrays_.data())].constant) {
          error_ = fmt::format("unsupported: an atomic operation on constant memory (line {})", ec.line);
          return;
        }
        const bool cas = s.atomicOp == kpl::AtomicOp::Cas;
        line(d, fmt::format("{{ int k_i = {}; int k_c = {}; int k_v = {};", expr(*s.exprs[0], ec),
                            cas ? expr(*s.exprs[1], ec) : "0", expr(*s.exprs[cas ? 2 : 1], ec)));
        const std::string call =
            fmt::format("k_at_{}({}, k_i, k_c, k_v, k_err, {})", kpl::atomicOpName(s.atomicOp) + 7, access(a), ec.line);
        line(d + 1, (s.target.name.empty() ? "(void)" + call : fmt::format("l_{} = {}", s.target.name, call)) + "; }");
        return;
      }
      case kpl::StmtKind::Async:
        error_ = fmt::format("unsupported: an asynchronous copy (line {}, column {})", s.range.begin.line,
                             s.range.begin.col);
        line(d, ";");
        return;
    }
    error_ = "internal: unknown statement kind";
  }

  // ---- the kernel ---------------------------------------------------------------------
  std::string kernelSource() {
    const bool cl = target_ == EmitTarget::OpenCL;
    out_ << fmt::format(
        "/* {}: emitted by `sdvmc litmus --emit {}` from the KPL kernel {}.\n"
        " * One work-group of {} work-items, gid = {} (a kernel argument).\n"
        " * Arbitrary initial values (`*`, arrays without initialiser, mem) start at 0 (`*V` at V), as\n"
        " * in `sdvmc run`; the known-flags (ak_*) record which of them were read or written.\n"
        " * The default memory mem, when used, is a local array of {} words: an address outside\n"
        " * [0, {}) is an unsupported case (the run reports `error: unsupported ...`).\n"
        " * Errors (KPL verdicts) are recorded as kind + 16 * line in out[0], the first one a\n"
        " * work-item meets (the failing operation yields 0 and the work-item carries on: no\n"
        " * control flow is added to the kernel's, which changes what e.g. PoCL does with\n"
        " * divergent barriers). Without errors the control flow is exactly the KPL kernel's. */\n",
        cl ? "OpenCL C" : "CUDA", cl ? "opencl" : "cuda", p_.file, opts_.threads, opts_.group, kEmitMemWords,
        kEmitMemWords);
    if (cl) {
      out_ << "#define K_LOCAL __local\n#define K_PRIV __private\n#define K_FN\n"
              "#define K_BARRIER() barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE)\n"
              "#define K_CAS(p, o, n) atomic_cmpxchg(p, o, n)\n";
    } else {
      out_ << "#include <cstdio>\n#include <cstdlib>\n#include <cstring>\n#include <cuda_runtime.h>\n\n"
              "#define K_LOCAL\n#define K_PRIV\n#define K_FN __device__ inline\n"
              "#define K_BARRIER() __syncthreads()\n#define K_CAS(p, o, n) atomicCAS(p, o, n)\n";
    }
    std::set<kpl::WideOp> wide;
    for (const kpl::Procedure& pr : p_.procedures) collectWide(*pr.body, wide);
    if (p_.main) collectWide(*p_.main, wide);
    bool doubles = false;
    for (kpl::WideOp op : wide) doubles = doubles || wideUsesDouble(op);
    if (cl && doubles) out_ << "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n";
    if (cl && !wide.empty()) out_ << "#pragma OPENCL FP_CONTRACT OFF\n";
    out_ << fmt::format("#define K_THREADS {}\n#define K_WORDS {}\n", opts_.threads, words_);
    // Kernel parameters (`param n;`): the values given with --param, as constants.
    for (size_t k = 0; k < p_.params.size(); ++k)
      out_ << fmt::format("#define l_{} ({})\n", p_.params[k].name, literal(opts_.params[k]));
    out_ << "\n";
    out_ << "K_FN int k_raise(K_PRIV int* e, int code) { if (!*e) *e = code; return 0; }\n"
            "K_FN int k_add(int a, int b) { return (int)((unsigned)a + (unsigned)b); }\n"
            "K_FN int k_sub(int a, int b) { return (int)((unsigned)a - (unsigned)b); }\n"
            "K_FN int k_mul(int a, int b) { return (int)((unsigned)a * (unsigned)b); }\n"
            "K_FN int k_neg(int a) { return (int)(0u - (unsigned)a); }\n";
    out_ << fmt::format(
        "K_FN int k_div(int a, int b, K_PRIV int* e, int line) {{\n"
        "  if (b == 0) return k_raise(e, {0} + 16 * line);\n"
        "  return b == -1 ? k_neg(a) : a / b;\n}}\n"
        "K_FN int k_rem(int a, int b, K_PRIV int* e, int line) {{\n"
        "  if (b == 0) return k_raise(e, {0} + 16 * line);\n"
        "  return b == -1 ? 0 : a % b;\n}}\n"
        "K_FN int k_shl(int a, int b, K_PRIV int* e, int line) {{\n"
        "  if (b < 0 || b >= 32) return k_raise(e, {1} + 16 * line);\n"
        "  return (int)((unsigned)a << b);\n}}\n"
        "K_FN int k_shr(int a, int b, K_PRIV int* e, int line) {{  /* arithmetic */\n"
        "  if (b < 0 || b >= 32) return k_raise(e, {1} + 16 * line);\n"
        "  return a >= 0 ? a >> b : ~(~a >> b);\n}}\n"
        "K_FN int k_udiv(int a, int b, K_PRIV int* e, int line) {{\n"
        "  if (b == 0) return k_raise(e, {0} + 16 * line);\n"
        "  return (int)((unsigned)a / (unsigned)b);\n}}\n"
        "K_FN int k_urem(int a, int b, K_PRIV int* e, int line) {{\n"
        "  if (b == 0) return k_raise(e, {0} + 16 * line);\n"
        "  return (int)((unsigned)a % (unsigned)b);\n}}\n"
        "K_FN int k_lshr(int a, int b, K_PRIV int* e, int line) {{\n"
        "  if (b < 0 || b >= 32) return k_raise(e, {1} + 16 * line);\n"
        "  return (int)((unsigned)a >> b);\n}}\n"
        "K_FN int k_rd(volatile K_LOCAL int* a, volatile K_LOCAL int* ak, int size, int oob, int i,\n"
        "              K_PRIV int* e, int line) {{\n"
        "  if (i < 0 || i >= size) return k_raise(e, oob + 16 * line);\n"
        "  if (!ak[i]) ak[i] = 1;\n"
        "  return a[i];\n}}\n"
        "K_FN void k_wr(volatile K_LOCAL int* a, volatile K_LOCAL int* ak, int size, int oob, int i, int v,\n"
        "               K_PRIV int* e, int line) {{\n"
        "  if (i < 0 || i >= size) {{ k_raise(e, oob + 16 * line); return; }}\n"
        "  a[i] = v;\n"
        "  if (!ak[i]) ak[i] = 1;\n}}\n\n",
        kDiv, kShift);
    if (!wide.empty()) {
      // 64-bit values: (high, low) pairs of Words (specs/KPL.md, "64-bit values").
      out_ << (cl ? "#define K_U64 ulong\n#define K_S64 long\n"
                  : "#define K_U64 unsigned long long\n#define K_S64 long long\n");
      out_ << "K_FN K_U64 k_u64(int h, int l) { return ((K_U64)(unsigned)h << 32) | (K_U64)(unsigned)l; }\n"
              "K_FN int k_lo(K_U64 x) { return (int)(unsigned)x; }\n"
              "K_FN int k_hi(K_U64 x) { return (int)(unsigned)(x >> 32); }\n";
      out_ << (cl ? "K_FN float k_f(int a) { return as_float(a); }\n"
                  : "K_FN float k_f(int a) { return __int_as_float(a); }\n");
      out_ << (cl ? "K_FN int k_fbits(float x) { return as_int(x); }\n"
                  : "K_FN int k_fbits(float x) { return __float_as_int(x); }\n");
      if (doubles)
        out_ << (cl ? "K_FN double k_d(K_U64 x) { return as_double(x); }\n"
                      "K_FN K_U64 k_bits(double d) { return as_ulong(d); }\n"
                    : "K_FN double k_d(K_U64 x) { return __longlong_as_double((K_S64)x); }\n"
                      "K_FN K_U64 k_bits(double d) { return (K_U64)__double_as_longlong(d); }\n");
      for (kpl::WideOp op : wide) out_ << wideHelper(op, cl);
      out_ << "\n";
    }

    std::set<kpl::AtomicOp> atomics;
    for (const kpl::Procedure& pr : p_.procedures) collectAtomics(*pr.body, atomics);
    if (p_.main) collectAtomics(*p_.main, atomics);
    for (kpl::AtomicOp op : atomics) out_ << atomicHelper(op, cl);
    if (!atomics.empty()) out_ << "\n";

    std::string params, args;
    for (const Array& a : arrays_) {
      params += fmt::format("volatile K_LOCAL int* a_{0}, volatile K_LOCAL int* ak_{0}, ", a.name);
      args += fmt::format("a_{0}, ak_{0}, ", a.name);
    }
    out_ << "#define K_PARAMS " << params << "int k_lid, int k_gid, K_PRIV int* k_err\n";
    out_ << "#define K_ARGS " << args << "k_lid, k_gid, k_err\n\n";

    // Procedures: prototypes, then bodies (no recursion: the verifier rejects it).
    auto signature = [&](const kpl::Procedure& pr) {
      std::string s = fmt::format("K_FN void p_{}(K_PARAMS", pr.name.name);
      for (const kpl::Ident& x : pr.params) s += fmt::format(", int l_{0}, int le_{0}", x.name);
      return s + ")";
    };
    for (const kpl::Procedure& pr : p_.procedures) out_ << signature(pr) << ";\n";
    for (const kpl::Procedure& pr : p_.procedures) {
      std::set<std::string> names;
      for (const kpl::Ident& x : pr.params) names.insert(x.name);
      StmtCtx c;
      c.inProc = true;
      c.params = &names;
      out_ << "\n" << signature(pr) << " {\n";
      for (const kpl::Ident& x : pr.params) out_ << fmt::format("  (void)l_{0}; (void)le_{0};\n", x.name);
      stmt(*pr.body, 1, c);
      out_ << "}\n";
    }

    out_ << "\n";
    if (cl)
      out_ << "__kernel void litmus(__global const int* init, __global int* out, int k_gid) {\n";
    else
      out_ << "__global__ void litmus(const int* init, int* out, int k_gid) {\n";
    const char* shared = cl ? "__local" : "__shared__";
    for (const Array& a : arrays_)
      out_ << fmt::format("  {0} volatile int a_{1}[{2}];\n  {0} volatile int ak_{1}[{2}];\n", shared, a.name, a.size);
    out_ << fmt::format("  {} int k_lerr[1];\n", shared);
    out_ << (cl ? "  const int k_lid = (int)get_local_id(0);\n" : "  const int k_lid = (int)threadIdx.x;\n");
    for (const Array& a : arrays_)
      out_ << fmt::format(
          "  for (int k_i = k_lid; k_i < {0}; k_i += K_THREADS) {{ a_{1}[k_i] = init[{2} + k_i]; ak_{1}[k_i] = "
          "init[{3} + k_i]; }}\n",
          a.size, a.name, a.off, a.koff);
    out_ << "  if (k_lid == 0) k_lerr[0] = 0;\n"
            "  K_BARRIER();\n"
            "  int k_errv = 0;\n"
            "  K_PRIV int* k_err = &k_errv;\n";
    StmtCtx c;
    out_ << "  /* main */\n";
    stmt(*p_.main, 1, c);
    out_ << "  if (k_errv) K_CAS(&k_lerr[0], 0, k_errv);\n"
            "  K_BARRIER();\n";
    for (const Array& a : arrays_)
      out_ << fmt::format(
          "  for (int k_i = k_lid; k_i < {0}; k_i += K_THREADS) {{ out[{2} + k_i] = a_{1}[k_i]; out[{3} + k_i] = "
          "ak_{1}[k_i]; }}\n",
          a.size, a.name, a.off, a.koff);
    out_ << "  if (k_lid == 0) out[0] = k_lerr[0];\n}\n";
    return out_.str();
  }

  // ---- host programs ------------------------------------------------------------------
  /// The initial buffer: out[0] unused; values (0 for arbitrary); known-flags.
  std::string initTable() {
    std::vector<int32_t> init(words_, 0);
    for (size_t a = 0; a < arrays_.size(); ++a) {
      const sem::ArrayInfo& info = ir_.arrays[a];
      const Array& x = arrays_[a];
      for (uint32_t i = 0; i < x.size; ++i) {
        const bool known = info.bounded && i < info.init.size() && info.init[i].has_value();
        const bool runValue = !known && i < info.runInit.size() && info.runInit[i].has_value();  // `*V`
        init[x.off + i] = known ? *info.init[i] : runValue ? *info.runInit[i] : 0;
        init[x.koff + i] = known ? 1 : 0;
      }
    }
    std::string s = "static const int k_init[K_WORDS] = {";
    for (size_t i = 0; i < init.size(); ++i) s += (i % 16 ? ", " : (i ? ",\n  " : "\n  ")) + literal(init[i]);
    s += "};\n";
    s += "struct k_array { const char* name; int bounded; int size; int off; int koff; };\n";
    s += fmt::format("#define K_NARRAYS {}\nstatic const struct k_array k_arrays[K_NARRAYS] = {{\n", arrays_.size());
    for (const Array& a : arrays_)
      s += fmt::format("  {{\"{}\", {}, {}, {}, {}}},\n", a.name, a.bounded ? 1 : 0, a.size, a.off, a.koff);
    s += "};\n";
    return s;
  }

  /// Printing an outcome and parsing the command line: C shared by both hosts.
  std::string hostCommon() {
    return fmt::format(
        "/* One line per run, in sdvmc's format (sem::describeMemoryText), or the error. */\n"
        "static void print_outcome(const int* out) {{\n"
        "  int e = out[0];\n"
        "  if (e) {{\n"
        "    int kind = e & 15, line = e >> 4;\n"
        "    static const char* names[] = {{\"?\", \"division-by-zero\", \"shift-out-of-range\", "
        "\"out-of-bounds\", \"assertion\", \"discarded\", \"unsupported\", \"constant-write\"}};\n"
        "    if (kind == {0}) printf(\"discarded\\n\");\n"
        "    else if (kind == {1}) printf(\"error: unsupported (an address of mem outside [0, {2})) at line %d\\n\", "
        "line);\n"
        "    else printf(\"error: %s at line %d\\n\", names[kind < 8 ? kind : 0], line);\n"
        "    fflush(stdout);\n"
        "    return;\n"
        "  }}\n"
        "  for (int a = 0; a < K_NARRAYS; ++a) {{\n"
        "    const struct k_array* x = &k_arrays[a];\n"
        "    printf(\"%s%s = {{\", a ? \"; \" : \"\", x->name);\n"
        "    int first = 1;\n"
        "    for (int i = 0; i < x->size; ++i) {{\n"
        "      int known = out[x->koff + i] != 0;\n"
        "      if (x->bounded) {{\n"
        "        if (i) printf(\", \");\n"
        "        if (known) printf(\"%d\", out[x->off + i]); else printf(\"*\");\n"
        "      }} else if (known) {{\n"
        "        printf(\"%s[%d] = %d\", first ? \"\" : \", \", i, out[x->off + i]);\n"
        "        first = 0;\n"
        "      }}\n"
        "    }}\n"
        "    printf(\"}}\");\n"
        "  }}\n"
        "  printf(\"\\n\");\n"
        "  fflush(stdout);\n"
        "}}\n\n"
        "static int parse_repeat(int argc, char** argv) {{\n"
        "  int repeat = 1;\n"
        "  for (int i = 1; i < argc; ++i) {{\n"
        "    if (strcmp(argv[i], \"--repeat\") == 0 && i + 1 < argc) repeat = atoi(argv[++i]);\n"
        "    else if (strncmp(argv[i], \"--repeat=\", 9) == 0) repeat = atoi(argv[i] + 9);\n"
        "    else {{ fprintf(stderr, \"usage: %s [--repeat N]\\n\", argv[0]); exit(2); }}\n"
        "  }}\n"
        "  if (repeat < 1) {{ fprintf(stderr, \"--repeat must be at least 1\\n\"); exit(2); }}\n"
        "  return repeat;\n"
        "}}\n\n",
        kDiscard, kUnsupported, kEmitMemWords);
  }

  std::string openclHost(const std::string& kernel, const std::string& base) {
    std::ostringstream h;
    h << fmt::format(
        "/* Host program for {0}.cl, emitted by `sdvmc litmus --emit opencl` from {1}.\n"
        " *   cc -O1 -o host {0}-host.c -lOpenCL && ./host [--repeat N]\n"
        " * Runs one work-group of {2} work-items N times (default 1) on the first OpenCL platform\n"
        " * (or the first whose name contains $SDVMC_CL_PLATFORM) and prints each run's final\n"
        " * shared memory on one line in sdvmc's format. Lines starting with # are information.\n"
        " * Exit status 2: no platform/device, or the kernel did not build or run. */\n",
        base, p_.file, opts_.threads);
    h << "#define CL_TARGET_OPENCL_VERSION 120\n#include <CL/cl.h>\n"
         "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n\n";
    h << fmt::format("#define K_THREADS {}\n#define K_GROUP {}\n#define K_WORDS {}\n", opts_.threads,
                     literal(opts_.group), words_);
    h << "static const char* k_source =\n  " << cString(kernel) << ";\n\n";
    h << initTable() << "\n" << hostCommon();
    h << R"(#define CHECK(call, what) do { cl_int k_rc = (call); if (k_rc != CL_SUCCESS) { \
  fprintf(stderr, "error: %s failed (OpenCL error %d)\n", what, (int)k_rc); exit(2); } } while (0)

int main(int argc, char** argv) {
  int repeat = parse_repeat(argc, argv);
  cl_uint np = 0;
  if (clGetPlatformIDs(0, NULL, &np) != CL_SUCCESS || np == 0) {
    fprintf(stderr, "error: no OpenCL platform found\n");
    return 2;
  }
  cl_platform_id* platforms = (cl_platform_id*)calloc(np, sizeof(cl_platform_id));
  CHECK(clGetPlatformIDs(np, platforms, NULL), "clGetPlatformIDs");
  const char* want = getenv("SDVMC_CL_PLATFORM");
  cl_platform_id platform = NULL;
  cl_device_id device = NULL;
  char pname[256] = "", dname[256] = "";
  for (cl_uint i = 0; i < np && !device; ++i) {
    char name[256] = "";
    clGetPlatformInfo(platforms[i], CL_PLATFORM_NAME, sizeof name, name, NULL);
    if (want && *want && !strstr(name, want)) continue;
    cl_device_id d;
    if (clGetDeviceIDs(platforms[i], CL_DEVICE_TYPE_ALL, 1, &d, NULL) != CL_SUCCESS) continue;
    platform = platforms[i];
    device = d;
    strcpy(pname, name);
  }
  if (!device) {
    fprintf(stderr, "error: no OpenCL device found%s%s\n", want && *want ? " on a platform named like " : "",
            want && *want ? want : "");
    return 2;
  }
  clGetDeviceInfo(device, CL_DEVICE_NAME, sizeof dname, dname, NULL);
  printf("# platform: %s; device: %s\n", pname, dname);
  size_t maxwg = 0;
  clGetDeviceInfo(device, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof maxwg, &maxwg, NULL);
  if (maxwg && maxwg < K_THREADS) {
    fprintf(stderr, "error: unsupported: the device runs at most %zu work-items in a group, not %d\n", maxwg,
            K_THREADS);
    return 2;
  }
  cl_int rc;
  cl_context_properties props[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)platform, 0};
  cl_context ctx = clCreateContext(props, 1, &device, NULL, NULL, &rc);
  CHECK(rc, "clCreateContext");
  cl_command_queue q = clCreateCommandQueue(ctx, device, 0, &rc);
  CHECK(rc, "clCreateCommandQueue");
  cl_program prog = clCreateProgramWithSource(ctx, 1, &k_source, NULL, &rc);
  CHECK(rc, "clCreateProgramWithSource");
  if (clBuildProgram(prog, 1, &device, "", NULL, NULL) != CL_SUCCESS) {
    size_t n = 0;
    clGetProgramBuildInfo(prog, device, CL_PROGRAM_BUILD_LOG, 0, NULL, &n);
    char* log = (char*)calloc(n + 1, 1);
    clGetProgramBuildInfo(prog, device, CL_PROGRAM_BUILD_LOG, n, log, NULL);
    fprintf(stderr, "error: the kernel did not build:\n%s\n", log);
    return 2;
  }
  cl_kernel kernel = clCreateKernel(prog, "litmus", &rc);
  CHECK(rc, "clCreateKernel");
  cl_mem init = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof k_init, (void*)k_init, &rc);
  CHECK(rc, "clCreateBuffer");
  cl_mem outb = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, sizeof k_init, NULL, &rc);
  CHECK(rc, "clCreateBuffer");
  cl_int group = K_GROUP;
  CHECK(clSetKernelArg(kernel, 0, sizeof init, &init), "clSetKernelArg");
  CHECK(clSetKernelArg(kernel, 1, sizeof outb, &outb), "clSetKernelArg");
  CHECK(clSetKernelArg(kernel, 2, sizeof group, &group), "clSetKernelArg");
  static int out[K_WORDS];
  size_t global = K_THREADS, local = K_THREADS;
  for (int r = 0; r < repeat; ++r) {
    CHECK(clEnqueueNDRangeKernel(q, kernel, 1, NULL, &global, &local, 0, NULL, NULL), "clEnqueueNDRangeKernel");
    CHECK(clEnqueueReadBuffer(q, outb, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL), "clEnqueueReadBuffer");
    print_outcome(out);
  }
  clReleaseMemObject(init);
  clReleaseMemObject(outb);
  clReleaseKernel(kernel);
  clReleaseProgram(prog);
  clReleaseCommandQueue(q);
  clReleaseContext(ctx);
  free(platforms);
  return 0;
}
)";
    return h.str();
  }

  std::string cudaHost(const std::string& base) {
    std::ostringstream h;
    h << fmt::format(
        "\n/* Host: nvcc -O1 -o host {0}.cu && ./host [--repeat N]. Runs one block of {1} threads N\n"
        " * times (default 1) on CUDA device 0 and prints each run's final shared memory on one\n"
        " * line in sdvmc's format. Lines starting with # are information. Exit status 2: no\n"
        " * CUDA device, or the kernel failed. */\n",
        base, opts_.threads);
    h << fmt::format("#define K_GROUP {}\n", literal(opts_.group));
    h << initTable() << "\n" << hostCommon();
    h << R"(#define CHECK(call, what) do { cudaError_t k_rc = (call); if (k_rc != cudaSuccess) { \
  fprintf(stderr, "error: %s failed: %s\n", what, cudaGetErrorString(k_rc)); exit(2); } } while (0)

int main(int argc, char** argv) {
  int repeat = parse_repeat(argc, argv);
  int n = 0;
  if (cudaGetDeviceCount(&n) != cudaSuccess || n == 0) {
    fprintf(stderr, "error: no CUDA device found\n");
    return 2;
  }
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, 0), "cudaGetDeviceProperties");
  printf("# platform: CUDA %d; device: %s\n", CUDART_VERSION, prop.name);
  int *init = NULL, *outd = NULL;
  CHECK(cudaMalloc(&init, sizeof k_init), "cudaMalloc");
  CHECK(cudaMalloc(&outd, sizeof k_init), "cudaMalloc");
  CHECK(cudaMemcpy(init, k_init, sizeof k_init, cudaMemcpyHostToDevice), "cudaMemcpy");
  static int out[K_WORDS];
  for (int r = 0; r < repeat; ++r) {
    litmus<<<1, K_THREADS>>>(init, outd, K_GROUP);
    CHECK(cudaGetLastError(), "the kernel launch");
    CHECK(cudaDeviceSynchronize(), "the kernel");
    CHECK(cudaMemcpy(out, outd, sizeof out, cudaMemcpyDeviceToHost), "cudaMemcpy");
    print_outcome(out);
  }
  cudaFree(init);
  cudaFree(outd);
  return 0;
}
)";
    return h.str();
  }

  const kpl::Program& p_;
  const sem::Ir& ir_;
  EmitTarget target_;
  EmitOptions opts_;
  std::vector<Array> arrays_;
  std::map<std::string, size_t> arrayIndex_;
  uint32_t words_ = 0;
  std::ostringstream out_;
  std::string error_;
};

}  // namespace

EmitResult emitProgram(const kpl::Program& program, const sem::Ir& ir, EmitTarget target,
                       const EmitOptions& options, const std::string& baseName) {
  return Emitter(program, ir, target, options).run(baseName);
}

kpl::BinaryOp plantedOperator(kpl::BinaryOp op) {
  using B = kpl::BinaryOp;
  switch (op) {
    case B::Add: return B::Sub;
    case B::Sub: return B::Add;
    case B::Mul: return B::Add;
    case B::Div: return B::UDiv;
    case B::Rem: return B::URem;
    case B::Shl: return B::LShr;
    case B::Shr: return B::LShr;
    case B::Lt: return B::Le;
    case B::Le: return B::Lt;
    case B::Gt: return B::Ge;
    case B::Ge: return B::Gt;
    case B::Eq: return B::Le;
    case B::Ne: return B::Gt;
    case B::BitAnd: return B::BitOr;
    case B::BitOr: return B::BitXor;
    case B::BitXor: return B::BitOr;
    case B::LogAnd: return B::LogOr;
    case B::LogOr: return B::LogAnd;
    case B::UDiv: return B::Div;
    case B::URem: return B::Rem;
    case B::LShr: return B::Shr;
    case B::ULt: return B::Lt;
    case B::ULe: return B::Le;
    case B::UGt: return B::Gt;
    case B::UGe: return B::Ge;
    case B::FAdd: case B::FSub: case B::FMul: case B::FDiv: case B::FMin: case B::FMax: case B::FLt: case B::FLe:
    case B::FGt: case B::FGe: case B::FEq: case B::FNe: return op;  // refused by the emitter anyway
    case B::NswAdd: return B::Sub;  // as Add (the fuzzer's kernels are KPL: they use neither)
    case B::NswSub: return B::Add;
    case B::NswMul: return B::Add;
    case B::Addr64: return op;
  }
  return op;
}

std::optional<kpl::BinaryOp> plantableOperator(std::string_view name) {
  using B = kpl::BinaryOp;
  static const std::pair<const char*, B> kNames[] = {
      {"add", B::Add}, {"sub", B::Sub}, {"mul", B::Mul}, {"div", B::Div}, {"rem", B::Rem}, {"shl", B::Shl},
      {"shr", B::Shr}, {"lt", B::Lt}, {"le", B::Le}, {"gt", B::Gt}, {"ge", B::Ge}, {"eq", B::Eq}, {"ne", B::Ne},
      {"and", B::BitAnd}, {"or", B::BitOr}, {"xor", B::BitXor}, {"land", B::LogAnd}, {"lor", B::LogOr},
      {"udiv", B::UDiv}, {"urem", B::URem}, {"lshr", B::LShr}, {"ult", B::ULt}, {"ule", B::ULe}, {"ugt", B::UGt},
      {"uge", B::UGe}};
  for (const auto& [n, op] : kNames)
    if (name == n) return op;
  return std::nullopt;
}

std::string emitBaseName(const std::string& kernelPath) {
  std::string s = std::filesystem::path(kernelPath).stem().string();
  for (char& c : s)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-') c = '_';
  return s.empty() ? "litmus" : s;
}

}  // namespace sdvmc::litmus
