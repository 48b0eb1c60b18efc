// The builtin table (frontends/clang/Builtins.h): every row is found by its name and only by
// it, the families (vloadN, vstoreN, convert_T) match as the lowering expects, the columns
// hold what each kind reads; and calls the table has no form for are refused as before.
#include "FrontendHelpers.h"
#include "frontends/clang/Builtins.h"
#include "kpl/Ast.h"

#include <catch2/catch.hpp>

#include <set>
#include <string>

using namespace fetest;
namespace lw = sdvmc::clangfe::lowering;

TEST_CASE("every row of the builtin table is found by its name, and no name twice", "[frontends][clang][builtins]") {
  std::set<std::string> names;
  for (const lw::BuiltinInfo& fn : lw::builtinTable()) {
    INFO(fn.name);
    CHECK(names.insert(std::string(fn.name)).second);
    if (fn.names == lw::BuiltinNames::Exact) {
      CHECK(lw::findBuiltin(fn.name) == &fn);
      // No exact name is also a member of a family (the lookup would hide one of them).
      for (const lw::BuiltinInfo& family : lw::builtinTable())
        if (family.names != lw::BuiltinNames::Exact) CHECK(!fn.name.starts_with(family.name));
    }
  }
  CHECK(lw::findBuiltin("rotate_right") == nullptr);
  CHECK(lw::findBuiltin("") == nullptr);
  CHECK(lw::findBuiltin("atomicadd") == nullptr);
}

TEST_CASE("vloadN, vstoreN and convert_T are families of names", "[frontends][clang][builtins]") {
  auto kindOf = [](std::string_view name) {
    const lw::BuiltinInfo* fn = lw::findBuiltin(name);
    REQUIRE(fn);
    return fn->kind;
  };
  CHECK(kindOf("vload4") == lw::BuiltinKind::VLoad);
  CHECK(kindOf("vload16") == lw::BuiltinKind::VLoad);
  CHECK(kindOf("vstore3") == lw::BuiltinKind::VStore);
  CHECK(kindOf("convert_int") == lw::BuiltinKind::Convert);
  CHECK(kindOf("convert_float4_sat_rte") == lw::BuiltinKind::Convert);
  CHECK(lw::findBuiltin("vload") == nullptr);  // the digit is part of the name
  CHECK(lw::findBuiltin("vload_half") == nullptr);
  CHECK(lw::findBuiltin("vstorea_half4") == nullptr);
  CHECK(lw::findBuiltin("vload4")->shown() == "vloadN");
  CHECK(lw::findBuiltin("convert_uchar")->shown() == "convert_T");
  CHECK(lw::findBuiltin("select")->shown() == "select");
}

TEST_CASE("the builtin table's columns hold what each kind reads", "[frontends][clang][builtins]") {
  namespace kpl = sdvmc::kpl;
  for (const lw::BuiltinInfo& fn : lw::builtinTable()) {
    INFO(fn.name);
    switch (fn.kind) {
      case lw::BuiltinKind::Atomic:
        REQUIRE(fn.op != lw::kNoForm);
        CHECK(!kpl::atomicIsWide(static_cast<kpl::AtomicOp>(fn.op)));
        if (fn.wideOp != lw::kNoForm) CHECK(kpl::atomicIsWide(static_cast<kpl::AtomicOp>(fn.wideOp)));
        CHECK((fn.arity >= 1 && fn.arity <= 3));  // the address, then the operands
        break;
      case lw::BuiltinKind::Math:
      case lw::BuiltinKind::MinMax:
        CHECK((fn.arity == 1 || fn.arity == 2));
        CHECK(fn.op != lw::kNoForm);
        break;
      case lw::BuiltinKind::DoubleRn:
        CHECK(fn.op == lw::kNoForm);
        CHECK(fn.wideOp != lw::kNoForm);
        break;
      default: break;
    }
  }
  CHECK(static_cast<kpl::BinaryOp>(lw::findBuiltin("min")->op) == kpl::BinaryOp::FMin);
  CHECK(static_cast<kpl::BinaryOp>(lw::findBuiltin("max")->op) == kpl::BinaryOp::FMax);
}

SCENARIO("a call the table has no form for is refused by name", "[frontends][clang][builtins]") {
  // The integer functions have forms on char, short and int types only.
  Lowered cl = lowerText("kernel void k(global int *A, global long *L) {\n  L[0] = mul_hi(L[1], L[2]);\n}\n",
                         fe::Language::OpenCL, launch1d(1));
  CHECK(firstError(cl) == "2:10: unsupported: call to 'mul_hi', which has no definition the frontend knows");
  Lowered narrow = lowerText("kernel void k(global long *A) {\n  A[0] = popcount(A[1]);\n}\n",
                             fe::Language::OpenCL, launch1d(1));
  CHECK(firstError(narrow) == "2:10: unsupported: call to 'popcount', which has no definition the frontend knows");
  // A function of Clang's OpenCL header that the table lacks is refused, never external.
  Lowered lib = lowerText("kernel void k(global int *A, global float *F) {\n  A[0] = ilogb(F[1]);\n}\n",
                          fe::Language::OpenCL, launch1d(1));
  CHECK(firstError(lib) == "2:10: unsupported: call to 'ilogb', which has no definition the frontend knows");
  // select has no 64-bit form; atomicInc none on 64-bit elements.
  Lowered wide = lowerText("kernel void k(global long *L) {\n  L[0] = select(L[1], L[2], L[3]);\n}\n",
                           fe::Language::OpenCL, launch1d(1));
  CHECK(firstError(wide) == "2:10: unsupported: call to 'select', which has no definition the frontend knows");
  Lowered inc = lowerText("__device__ unsigned long long atomicInc(unsigned long long*, unsigned long long);\n"
                          "__global__ void k(unsigned long long *A) {\n  A[1] = atomicInc(A, 5ull);\n}\n",
                          fe::Language::Cuda, launch1d(1));
  CHECK(firstError(inc) == "3:10: unsupported: this form of 64-bit atomic operation ('atomicInc')");
  // A form of the right name with other arguments.
  Lowered form = lowerText("__device__ int atomicAdd(int*, int, int);\n"
                           "__global__ void k(int *A) {\n  A[1] = atomicAdd(A, 1, 2);\n}\n",
                           fe::Language::Cuda, launch1d(1));
  CHECK(firstError(form) == "3:10: unsupported: this form of atomic operation");
}
