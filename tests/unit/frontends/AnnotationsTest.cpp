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
  CHECK(err("  a[0] = 1;\n  __reads_from(a);\n").starts_with(
      "3:3: unsupported: '__reads_from' after the start of the function's body"));
  CHECK(err("  a[0] = 1;\n  __writes_to(a);\n").starts_with("3:3: unsupported: '__writes_to' after the start"));
  CHECK(err("  int s[2];\n  __array_snapshot(a, b);\n")
            .starts_with("3:23: unsupported: '__array_snapshot' of anything but a shared or global array of known size"));
  CHECK(err("  int s[2];\n  __array_snapshot(s, b);\n")
            .starts_with("3:23: unsupported: '__array_snapshot' of anything but a shared or global array of known size"));
  CHECK(err("  __assert(__read_implies(a, __accessed(b, 0)));\n")
            .starts_with("2:30: unsupported: '__accessed' inside an annotation over a log's offsets"));
  CHECK(err("  int *p = (int *)__return_val_ptr();\n")
            .starts_with("2:19: unsupported: '__return_val_ptr()' outside an __ensures of a function returning a pointer"));
  CHECK(err("  __global_assert(__uniform_int(a[0]));\n")
            .starts_with("2:3: unsupported: '__global_assert' of a condition that uses __other_X"));
  CHECK(err("  int x = __other_int(1);\n") == "2:11: unsupported: '__other_int' outside an annotation's condition");
  CHECK(err("  int x = __return_val_int();\n").starts_with("2:11: unsupported: '__return_val_int' here"));
}

SCENARIO("annotations that read memory for every thread, pairs across groups, frames and ghost snapshots",
         "[frontends][clang][annotations]") {
  GIVEN("__global_assert and __other_int of a memory read") {
    Lowered l = lowerOk("__global__ void k(int *a) {\n  if (threadIdx.x == 0) __global_assert(a[threadIdx.x] >= 0);\n"
                        "  __assert(__uniform_int(a[0]));\n}\n",
                        fe::Language::Cuda, launch1d(2, {{"a", 2}}));
    THEN("the reads run in an every block, for every thread") {
      CHECK(has(l, "every {"));
      CHECK(has(l, "pairs(other("));
    }
  }
  GIVEN("a thread-pair predicate with two groups") {
    fe::LaunchOptions two = launch1d(2);
    two.numGroups = {2, 1, 1};
    Lowered l = lowerOk("__global__ void k(int *a, int n) { __assert(__uniform_int(n + threadIdx.x * 0)); a[0] = n; }\n",
                        fe::Language::Cuda, two);
    THEN("a group-independent operand: the pairs of one group and the twin") {
      CHECK(has(l, "pairs(n + lid * 0 == other(n + lid * 0)) && n + lid * 0 == n + lid * 0"));
    }
    std::string e = firstError(lowerText("__global__ void k(int *a) { __assert(__uniform_int(a[0] + blockIdx.x)); }\n",
                                         fe::Language::Cuda, two));
    THEN("a group-dependent one is refused, naming the part") {
      CHECK(e.starts_with("1:38: unsupported: '__uniform_int' with several groups of an operand that may differ "
                          "between groups: 'a[0]'"));
    }
  }
  GIVEN("__write_implies reading the written cell, and a limit at a fixed cell") {
    Lowered l = lowerOk("__global__ void k(int *a, int *lim) {\n  a[threadIdx.x] = 1;\n"
                        "  __assert(__write_implies(a, (a[__write_offset(a)] == 1) & (__write_offset(a) < lim[0])));\n}\n",
                        fe::Language::Cuda, launch1d(2, {{"a", 2}, {"lim", 1}}));
    THEN("the cell is chosen by the offset among ghost reads of each cell; the limit is read once") {
      CHECK(has(l, ":= ghost_rd(a, 0);"));
      CHECK(has(l, ":= ghost_rd(a, 1);"));
      CHECK(has(l, ":= ghost_rd(lim, 0);"));
      CHECK(has(l, "wr_all(a, ((log_offset() == 0 ? "));
    }
    std::string e = firstError(lowerText("__global__ void k(int *a, int *b) {\n  a[threadIdx.x] = 1;\n"
                                         "  __assert(__write_implies(a, b[__write_offset(a)] == 1));\n}\n",
                                         fe::Language::Cuda, launch1d(2, {{"a", 2}, {"b", 2}})));
    THEN("another array at the offset is refused") {
      CHECK(e.starts_with("3:12: unsupported: '__write_implies' whose condition reads memory at an expression of the "
                          "logged offset"));
    }
  }
  GIVEN("a helper with a frame of reads") {
    Lowered l = lowerOk("__device__ int get(int *p, int *q) { __reads_from(p); return p[0] + q[0]; }\n"
                        "__global__ void k(int *a, int *b) { a[threadIdx.x] = get(a, b); }\n",
                        fe::Language::Cuda, launch1d(2));
    THEN("the read outside it is an assertion, the one inside it is not") {
      CHECK(has(l, "assert(0);"));
      CHECK(l.text.find("assert(0);") == l.text.rfind("assert(0);"));
    }
  }
  GIVEN("__array_snapshot into a global buffer only annotations use") {
    Lowered l = lowerOk("kernel void k(global int *a, global int *g) {\n  __array_snapshot(g, a);\n"
                        "  a[get_local_id(0)] = 1;\n  __assert(g[get_local_id(0)] == 0 || 1);\n}\n",
                        fe::Language::OpenCL, launch1d(2, {{"a", 2}, {"g", 2}}));
    THEN("a private ghost copy, never a write of the buffer") {
      CHECK(has(l, "g_ghost_0 := "));
      CHECK(!has(l, "wr(g,"));
    }
  }
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
      // p + k at CUDA's 64-bit target: both words, compared whole (at_ret is a one-word pointer: its high word is its sign).
      CHECK(has(l, "assert(leq(at_ret >> 31, at_ret, lnsw_add_hi("));
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
