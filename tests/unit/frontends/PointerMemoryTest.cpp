// Pointers the frontend stores in memory (two cells: the offset and the target's id), pointers
// as 64-bit addresses, and what stays refused (pointers the host writes in global memory).
#include "FrontendHelpers.h"

#include <catch2/catch.hpp>

#include <string>

using namespace fetest;

namespace {
using W = std::vector<sem::Word>;
Ran cuda(const std::string& src, uint32_t threads, std::vector<std::pair<std::string, uint32_t>> buffers) {
  return runText(src, fe::Language::Cuda, launch1d(threads, std::move(buffers)));
}
std::string cudaError(const std::string& src) {
  Lowered l = lowerText(src, fe::Language::Cuda, launch1d(2));
  CHECK(!l.program);
  return firstError(l);
}
}  // namespace

SCENARIO("a private array of pointers into two arrays keeps each pointer's target", "[frontends][clang][pointer]") {
  GIVEN("ps = {A, B}, then ps[0] moved on by one and ps[1] replaced by A + 2") {
    Ran r = cuda(R"(
__global__ void k(int *A, int *B) {
  int t = threadIdx.x;
  int *ps[2] = {A, B};
  ps[0]++;
  if (t) ps[1] = A + 2;
  *ps[t] = 7 + t;
}
)",
                 2, {{"A", 4}, {"B", 2}});
    THEN("thread 0 writes A[1] through ps[0], thread 1 A[2] through its own ps[1]") {
      REQUIRE(r.verdict == sem::VerdictKind::Ok);
      CHECK(r.arrays.at("A") == W{0, 7, 8, 0});
      CHECK(r.arrays.at("B") == W{0, 0});
    }
  }
}

SCENARIO("a __shared__ pointer read before a barrier publishes it is the thread's own copy",
         "[frontends][clang][pointer]") {
  const char* src = R"(
__global__ void k(int *A, int *B) {
  __shared__ int *p;
  if (threadIdx.x == 0) p = B;
  __syncthreads();
  p[threadIdx.x] = 5;
}
)";
  Ran r = cuda(src, 2, {{"A", 2}, {"B", 2}});
  THEN("after the barrier both threads write B") {
    REQUIRE(r.verdict == sem::VerdictKind::Ok);
    CHECK(r.arrays.at("B") == W{5, 5});
  }
  GIVEN("no barrier") {
    std::string racy = src;
    racy.replace(racy.find("__syncthreads();"), 16, "");
    Ran n = cuda(racy, 2, {{"A", 2}, {"B", 2}});
    THEN("thread 1's copy of p is still null (0): the dereference fails before any barrier") {
      CHECK(n.verdict == sem::VerdictKind::Assertion);
    }
  }
}

SCENARIO("a pointer converted to an integer and back keeps its array", "[frontends][clang][pointer]") {
  Ran r = cuda(R"(
__global__ void k(long long *A, int *B) {
  int t = threadIdx.x;
  unsigned long long a = (unsigned long long)(B + t);
  B[t] = (int)(a & 15) + 100 * (int)((int*)(a + 4) - B);
  A[t] = (long long)(A + 1) - (long long)A;
}
)",
               2, {{"A", 4}, {"B", 2}});
  THEN("the low bits are 4 bytes per int, the way back lands one int further, a long is 8 bytes") {
    REQUIRE(r.verdict == sem::VerdictKind::Ok);
    CHECK(r.arrays.at("B") == W{100, 204});
    CHECK(r.arrays.at("A") == W{8, 0, 8, 0, 0, 0, 0, 0});  // 4 elements of two words
  }
}

SCENARIO("an integer made a pointer must be the address of an element", "[frontends][clang][pointer]") {
  auto src = [](int bytes) {
    return "__global__ void k(double *D, int *out) {\n"
           "  unsigned long long a = (unsigned long long)D + " + std::to_string(bytes) + ";\n"
           "  out[0] = (int)((double*)a - D);\n}\n";
  };
  THEN("8 bytes on is the next double") {
    Ran r = cuda(src(8), 1, {{"D", 2}, {"out", 1}});
    REQUIRE(r.verdict == sem::VerdictKind::Ok);
    CHECK(r.arrays.at("out") == W{1});
  }
  THEN("4 bytes on is a cell but not a double's address: the assertion at the cast") {
    CHECK(cuda(src(4), 1, {{"D", 2}, {"out", 1}}).verdict == sem::VerdictKind::Assertion);
  }
}

SCENARIO("pointers the host stores in global memory are refused with the reason", "[frontends][clang][pointer]") {
  CHECK(cudaError("__global__ void k(int **P) { P[0][0] = 1; }\n") ==
        "1:25: unsupported: pointers of type 'int *' stored in 'P' in global memory: the array a pointer in the "
        "kernel's input points to is not known from the kernel (pass that buffer as a kernel parameter of its own, or "
        "the struct by value)");
  CHECK(cudaError("__global__ void k(int *A) {\n  int* ps[2] = {A, A};\n  int** q = &ps[0];\n  int* a[1];\n"
                  "  A[0] = (int)(unsigned long long)(void*)a;\n}\n")
            .rfind("5:15: unsupported: a conversion of this 'void *' to an integer", 0) == 0);
  CHECK(cudaError("struct S { int* p; };\n__global__ void k(int *A) {\n  S s{A};\n  int** q = &s.p;\n}\n") ==
        "4:13: unsupported: the address of a pointer field");
  // {char, char, double}: C puts d at byte 8, the model at cell 2 (a struct's cells are its fields).
  CHECK(cudaError("struct P { char a; char b; double d; };\n__global__ void k(P *A, long long *out) {\n"
                  "  out[0] = (long long)&A[0].d;\n}\n") ==
        "3:12: unsupported: the address of a cell of 'A', whose cells are not at C's byte offsets (a struct's cells "
        "are its fields)");
}

SCENARIO("ordering a pointer read from memory against one into the same array works on the offsets",
         "[frontends][clang][pointer]") {
  Ran r = cuda(R"(
__global__ void k(int *A, int *B) {
  int *ps[2] = {A, B};
  int n = 0;
  for (int *p = ps[threadIdx.x & 1]; p < A + 3; ++p) n++;
  A[3 + threadIdx.x] = n;
}
)",
               1, {{"A", 5}, {"B", 2}});
  THEN("the loop walks A[0 .. 2]") {
    REQUIRE(r.verdict == sem::VerdictKind::Ok);
    CHECK(r.arrays.at("A") == W{0, 0, 0, 3, 0});
  }
  GIVEN("a thread whose pointer is into B") {
    Ran two = cuda(R"(
__global__ void k(int *A, int *B) {
  int *ps[2] = {A, B};
  int n = 0;
  for (int *p = ps[threadIdx.x & 1]; p < A + 3; ++p) n++;
  A[3 + threadIdx.x] = n;
}
)",
                   2, {{"A", 5}, {"B", 2}});
    THEN("C leaves the comparison undefined: the assertion that both point into one array fails") {
      CHECK(two.verdict == sem::VerdictKind::Assertion);
    }
  }
}

SCENARIO("only the pointer fields a 64-bit offset can reach get a third cell (CUDA's 64-bit target)",
         "[frontends][clang][pointer][wide]") {
  const std::string src = R"(
struct Pair { float* wide; float* narrow; };
__global__ void k(float* in, float* out, long long big, int n) {
  Pair p;
  p.wide = in + big;
  p.narrow = out + n;
  Pair q = p;
  *q.narrow = *q.wide;
}
)";
  GIVEN("--target 64") {
    Lowered l = lowerOk(src, fe::Language::Cuda, launch1d(1));
    INFO(l.text);
    // wide: assigned in + big (a 64-bit step): its high word's cell, in p and in its copy q.
    CHECK(declaresLocal(l, "p_wide_hi"));
    CHECK(declaresLocal(l, "q_wide_hi"));
    // narrow: an int step only: two cells, as before.
    CHECK_FALSE(declaresLocal(l, "p_narrow_hi"));
    CHECK_FALSE(declaresLocal(l, "q_narrow_hi"));
  }
  GIVEN("--target 32") {
    fe::LaunchOptions o = launch1d(1);
    o.target = 32;
    Lowered l = lowerOk(src, fe::Language::Cuda, o);
    INFO(l.text);
    CHECK_FALSE(declaresLocal(l, "p_wide_hi"));
  }
}

SCENARIO("wide pointer fields in an array of structs, copied and stepped, reach the cells C says",
         "[frontends][clang][pointer][wide]") {
  GIVEN("rows[t].src = in + (long long)2 * t, a copy stepped by ++ and += (long long)1") {
    Ran r = cuda(R"(
struct Row { const int* src; int* dst; };
__global__ void k(const int* in, int* out) {
  int t = threadIdx.x;
  Row rows[2] = {};
  rows[t].src = in + (long long)2 * t;
  rows[t].dst = out + (long long)2 * t;
  Row c = rows[t];
  c.src++;
  c.dst += (long long)1;
  *c.dst = *c.src + 10;
}
)",
                 2, {{"in", 4}, {"out", 4}});
    THEN("thread t writes out[2t + 1] = in[2t + 1] + 10 (in starts at 0)") {
      REQUIRE(r.verdict == sem::VerdictKind::Ok);
      CHECK(r.arrays.at("out") == W{0, 10, 0, 10});
    }
  }
}

SCENARIO("a local array of pointers given a 64-bit offset gets three cells per element, unless it decays",
         "[frontends][clang][pointer][wide]") {
  auto cellsOf = [](const Lowered& l, const std::string& name) {
    size_t n = 0;
    while (l.text.find(" " + name + "_" + std::to_string(n) + ",") != std::string::npos ||
           l.text.find(" " + name + "_" + std::to_string(n) + ";") != std::string::npos)
      ++n;
    return n;
  };
  GIVEN("rows[1] = in + big, used only as rows[i]") {
    Lowered l = lowerOk(R"(
__global__ void k(float* in, long long big) {
  float* rows[2] = {in, in};
  rows[1] = in + big;
  rows[1][threadIdx.x] = 1.0f;
}
)",
                        fe::Language::Cuda, launch1d(1));
    INFO(l.text);
    CHECK(cellsOf(l, "rows") == 6);
  }
  GIVEN("the same array handed to a helper as float* const*") {
    Lowered l = lowerOk(R"(
__device__ void put(float* const* rows, int i) { rows[1][i] = 1.0f; }
__global__ void k(float* in, long long big) {
  float* rows[2] = {in, in};
  rows[1] = in + big;
  put(rows, threadIdx.x);
}
)",
                        fe::Language::Cuda, launch1d(1));
    INFO(l.text);
    CHECK(cellsOf(l, "rows") == 4);
  }
  GIVEN("rows[t] = in + (long long)t, rows[t] += (long long)1, run") {
    Ran r = cuda(R"(
__global__ void k(int* in) {
  int t = threadIdx.x;
  int* rows[2] = {};
  rows[t] = in + (long long)2 * t;
  rows[t] += (long long)1;
  rows[t]++;
  *rows[t] = 5 + t;
}
)",
                 2, {{"in", 6}});
    THEN("thread t writes in[2t + 2]") {
      REQUIRE(r.verdict == sem::VerdictKind::Ok);
      CHECK(r.arrays.at("in") == W{0, 0, 5, 0, 6, 0});
    }
  }
}
