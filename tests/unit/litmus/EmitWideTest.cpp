// Unit tests of `sdvmc litmus --emit` (litmus/Emit.h) for the 64-bit builtins: a helper
// for each builtin the kernel uses and no other, errors passed to the helpers that can fail,
// cl_khr_fp64 only when doubles are computed, CUDA's non-contracting intrinsics. (CTest
// litmus_real runs emitted programs on PoCL and Oclgrind.)
#include "../semantics/Helpers.h"

#include "litmus/Emit.h"

using namespace semtest;
using sdvmc::litmus::EmitOptions;
using sdvmc::litmus::EmitResult;
using sdvmc::litmus::EmitTarget;

namespace {

std::string emitted(const std::string& body, EmitTarget target) {
  auto k = compile("threads: 2;\ngroup: 0;\nshared A[4];\nmain: {\n  local x;\n" + body + "  barrier;\n}\n");
  EmitOptions o;
  o.threads = 2;
  const EmitResult r = sdvmc::litmus::emitProgram(k->program, k->ir, target, o, "t");
  INFO(r.error);
  REQUIRE(r.ok);
  REQUIRE(!r.files.empty());
  return r.files[0].content;  // the kernel (OpenCL) or the whole program (CUDA)
}

bool has(const std::string& text, const std::string& needle) { return text.find(needle) != std::string::npos; }

}  // namespace

TEST_CASE("emit: a kernel without 64-bit builtins gets no 64-bit helpers", "[emit][wide]") {
  const std::string cl = emitted("  x := lid + 1;\n  wr(A, lid, x);\n", EmitTarget::OpenCL);
  CHECK_FALSE(has(cl, "K_U64"));
  CHECK_FALSE(has(cl, "cl_khr_fp64"));
  CHECK_FALSE(has(cl, "FP_CONTRACT"));
}

TEST_CASE("emit: integer builtins: a helper per builtin used, errors passed where they can occur", "[emit][wide]") {
  const std::string cl = emitted("  x := ladd_lo(0, lid, 0, 1);\n  wr(A, lid, ldiv_hi(0, x, 0, lid));\n",
                                 EmitTarget::OpenCL);
  CHECK(has(cl, "#define K_U64 ulong\n"));
  CHECK(has(cl, "K_FN int k_ladd_lo(int ah, int al, int bh, int bl) {"));
  CHECK(has(cl, "K_FN int k_ldiv_hi(int ah, int al, int bh, int bl, K_PRIV int* e, int line) {"));
  CHECK(has(cl, "if (y == 0) return k_raise(e, 1 + 16 * line);"));
  CHECK_FALSE(has(cl, "k_ladd_hi("));  // not used
  CHECK_FALSE(has(cl, "k_ldiv_lo("));
  CHECK_FALSE(has(cl, "cl_khr_fp64"));  // no doubles
  CHECK(has(cl, "l_x = k_ladd_lo(0, k_lid, 0, 1);"));
  CHECK(has(cl, "k_ldiv_hi(0, l_x, 0, k_lid, k_err, 7)"));  // the statement's line
  const std::string cu = emitted("  x := lshl_hi(0, lid, 40);\n  wr(A, lid, x);\n", EmitTarget::Cuda);
  CHECK(has(cu, "#define K_U64 unsigned long long\n"));
  CHECK(has(cu, "if (n < 0 || n >= 64) return k_raise(e, 2 + 16 * line);"));
  CHECK(has(cu, "l_x = k_lshl_hi(0, k_lid, 40, k_err, 6);"));
}

TEST_CASE("emit: doubles need cl_khr_fp64 in OpenCL and the _rn intrinsics in CUDA", "[emit][wide]") {
  const std::string body = "  x := dadd_hi(0x3ff00000, 0, 0x3ff00000, lid);\n  wr(A, lid, dtoi(x, 0));\n";
  const std::string cl = emitted(body, EmitTarget::OpenCL);
  CHECK(has(cl, "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"));
  CHECK(has(cl, "#pragma OPENCL FP_CONTRACT OFF\n"));
  CHECK(has(cl, "as_double(x)"));
  CHECK(has(cl, "return k_hi(k_bits(dx + dy));"));
  CHECK(has(cl, "!(dx > -2147483649.0 && dx < 2147483648.0) ? (-2147483647 - 1) : (int)dx"));
  const std::string cu = emitted(body, EmitTarget::Cuda);
  CHECK_FALSE(has(cu, "#pragma OPENCL"));
  CHECK(has(cu, "__longlong_as_double((K_S64)x)"));
  CHECK(has(cu, "return k_hi(k_bits(__dadd_rn(dx, dy)));"));
  // Float-only conversions to 64 bits need no doubles.
  const std::string f = emitted("  x := ftol_lo(0x3fc00000);\n  wr(A, lid, x);\n", EmitTarget::OpenCL);
  CHECK_FALSE(has(f, "cl_khr_fp64"));
  CHECK(has(f, "K_FN int k_ftol_lo(int a) {"));
}

TEST_CASE("emit: float math builtins call the OpenCL or CUDA function on the bits as floats", "[emit][wide][float-math]") {
  const std::string body = "  x := fsin(lid);\n  wr(A, lid, ffma(x, fldexp(x, 2), fpowr(x, x)));\n";
  const std::string cl = emitted(body, EmitTarget::OpenCL);
  CHECK(has(cl, "K_FN int k_fsin(int a) { float x = k_f(a); return k_fbits(sin(x)); }"));
  CHECK(has(cl, "K_FN int k_ffma(int a, int b, int c) { float x = k_f(a); float y = k_f(b); float z = k_f(c); "
                "return k_fbits(fma(x, y, z)); }"));
  CHECK(has(cl, "K_FN int k_fldexp(int a, int b) { float x = k_f(a); return k_fbits(ldexp(x, b)); }"));
  CHECK(has(cl, "return k_fbits(powr(x, y));"));
  CHECK(has(cl, "K_FN int k_fbits(float x) { return as_int(x); }"));
  CHECK_FALSE(has(cl, "cl_khr_fp64"));  // floats only
  const std::string cu = emitted(body, EmitTarget::Cuda);
  CHECK(has(cu, "return k_fbits(sinf(x));"));
  CHECK(has(cu, "return k_fbits(__fmaf_rn(x, y, z));"));
  CHECK(has(cu, "return k_fbits(ldexpf(x, b));"));
  CHECK(has(cu, "K_FN int k_fbits(float x) { return __float_as_int(x); }"));
}
