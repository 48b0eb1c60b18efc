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
  CHECK(err("  __reads_from(a);\n").starts_with(
      "2:3: unsupported: GPUVerify's '__reads_from' (a declaration of the arrays a function reads or writes"));
  CHECK(err("  __writes_to(a);\n").starts_with("2:3: unsupported: GPUVerify's '__writes_to' (a declaration"));
  CHECK(err("  int s[2];\n  __array_snapshot(a, b);\n")
            .starts_with("3:20: unsupported: '__array_snapshot' into anything but a private array of scalars"));
  CHECK(err("  int s[2];\n  __array_snapshot(s, b);\n")
            .starts_with("3:23: unsupported: '__array_snapshot' of anything but a shared or global array of known size"));
  CHECK(err("  __assert(__read_implies(a, __accessed(b, 0)));\n")
            .starts_with("2:30: unsupported: '__accessed' inside an annotation over a log's offsets"));
  CHECK(err("  int *p = (int *)__return_val_ptr();\n")
            .starts_with("2:19: unsupported: '__return_val_ptr()' outside an __ensures of a function returning a pointer"));
  CHECK(err("  __assert(__other_int(a[0]) == 0);\n").starts_with("2:12: unsupported: '__other_int' of an expression that reads memory"));
  CHECK(err("  int x = __other_int(1);\n") == "2:11: unsupported: '__other_int' outside an annotation's condition");
  CHECK(err("  int x = __return_val_int();\n").starts_with("2:11: unsupported: '__return_val_int' here"));
}

SCENARIO("the access, atomic-result and result-pointer predicates lower to the logs", "[frontends][clang][annotations]") {
  GIVEN("__accessed and __not_accessed of a buffer, __atomic_has_taken_value of a counter, __return_val_ptr") {
    Lowered l = lowerOk("__device__ int *at(int *p, int k) {\n"
                        "  __ensures(__return_val_ptr() == p + k);\n  return p + k;\n}\n"
                        "__global__ void k(int *a, unsigned *c) {\n  a[threadIdx.x] = 1;\n"
                        "  __assert(__accessed(a, threadIdx.x) && __not_accessed(a, 7));\n"
                        "  unsigned v = atomicAdd(c + 1, 2u);\n  __assert(__atomic_has_taken_value(c, 1, v));\n"
                        "  int *q = at(a, 2);\n  *q = 0;\n}\n",
                        fe::Language::Cuda, launch1d(2));
    THEN("no entry at the cell in either log; at_taken at the cell; the result's offset") {
      CHECK(has(l, "assert(!(rd_all(a, log_offset() != lid) && wr_all(a, log_offset() != lid)) && "
                   "(rd_all(a, log_offset() != 7) && wr_all(a, log_offset() != 7)));"));
      CHECK(has(l, "assert(at_taken(c, 1, v) != 0);"));
      CHECK(has(l, "assert(at_ret == p + k);"));
    }
  }
  GIVEN("__array_snapshot of a local array into a private one") {
    Lowered l = lowerOk("kernel void k(global int *o) {\n  local int t[2];\n  int i = get_local_id(0);\n"
                        "  t[i] = i;\n  barrier(CLK_LOCAL_MEM_FENCE);\n  int s[2];\n  __array_snapshot(s, t);\n"
                        "  o[i] = s[1 - i];\n}\n",
                        fe::Language::OpenCL, launch1d(2));
    THEN("a ghost read of each cell, assigned to the private cells") {
      CHECK(has(l, ":= ghost_rd(t, 0);"));
      CHECK(has(l, ":= ghost_rd(t, 1);"));
    }
  }
}
