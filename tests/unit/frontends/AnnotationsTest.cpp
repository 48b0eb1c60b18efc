// GPUVerify's annotation language (LowerAnnotations.cpp): what each construct lowers to, and
// gpuverify.h in both languages.
#include "FrontendHelpers.h"

#include <catch2/catch.hpp>

using namespace fetest;

namespace {
bool has(const Lowered& l, const std::string& needle) { return l.text.find(needle) != std::string::npos; }
}  // namespace

SCENARIO("gpuverify.h resolves in CUDA and OpenCL, with or without the include", "[frontends][clang][annotations]") {
  for (const char* inc : {"#include <gpuverify.h>\n", "#include \"gpuverify.h\"\n", ""}) {
    INFO(inc);
    lowerOk(std::string(inc) + "__global__ void k(int *a) { __assert(__enabled()); a[threadIdx.x] = 1; }\n",
            fe::Language::Cuda, launch1d(2));
    lowerOk(std::string(inc) + "kernel void k(global int *a) { __assert(__enabled()); a[get_local_id(0)] = 1; }\n",
            fe::Language::OpenCL, launch1d(2));
  }
}

SCENARIO("annotations lower to the KPL annotation builtins", "[frontends][clang][annotations]") {
  GIVEN("a thread-pair predicate in the kernel's precondition") {
    Lowered l = lowerOk("__global__ void k(int *a, int n) { __requires(__uniform_int(n)); a[threadIdx.x] = n; }\n",
                        fe::Language::Cuda, launch1d(2));
    THEN("assume(pairs(n == other(n)))") { CHECK(has(l, "assume(pairs(n == other(n)));")); }
  }
  GIVEN("access predicates and an offset") {
    Lowered l = lowerOk("__global__ void k(int *a) { a[threadIdx.x] = 1;\n"
                        "  __assert(__write(a) && __no_read(a));\n"
                        "  __assert(__implies(__write(a), __write_offset(a) == threadIdx.x)); }\n",
                        fe::Language::Cuda, launch1d(2));
    THEN("logs through wr_all / rd_all") {
      CHECK(has(l, "assert(!wr_all(a, 0) && rd_all(a, 0));"));
      CHECK(has(l, "assert(wr_all(a, !1 || log_offset() == lid));"));
    }
  }
  GIVEN("an assertion that reads memory") {
    Lowered l = lowerOk("__global__ void k(int *a) { __assert(a[threadIdx.x] >= 0); }\n", fe::Language::Cuda,
                        launch1d(2));
    THEN("a ghost read") { CHECK(has(l, ":= ghost_rd(a, ")); }
    Lowered code = lowerOk("__global__ void k(int *a) { assert(a[threadIdx.x] >= 0); }\n", fe::Language::Cuda,
                           launch1d(2));
    THEN("C's assert reads as code does") {
      CHECK(has(code, ":= rd(a, "));
      CHECK(!has(code, "ghost_rd"));
    }
  }
  GIVEN("__global_assert in the kernel") {
    Lowered l = lowerOk("__global__ void k(int *a) { int v = threadIdx.x; if (v == 0) __global_assert(v < 2); }\n",
                        fe::Language::Cuda, launch1d(2));
    THEN("e && pairs(other(e))") { CHECK(has(l, "assert(v < 2 && pairs(other(v < 2)));")); }
  }
}

SCENARIO("annotations without an exact meaning are refused by name", "[frontends][clang][annotations]") {
  auto err = [](const std::string& body) {
    return firstError(lowerText("__global__ void k(int *a, int *b) {\n" + body + "}\n", fe::Language::Cuda, launch1d(2)));
  };
  CHECK(err("  __reads_from(a);\n") == "2:3: unsupported: GPUVerify's '__reads_from' (sdvmc gives it no exact meaning)");
  CHECK(err("  __assert(__other_int(a[0]) == 0);\n").starts_with("2:12: unsupported: '__other_int' of an expression that reads memory"));
  CHECK(err("  int x = __other_int(1);\n") == "2:11: unsupported: '__other_int' outside an annotation's condition");
  CHECK(err("  int x = __return_val_int();\n").starts_with("2:11: unsupported: '__return_val_int' here"));
}
