// The Clang frontend (frontends/clang): CUDA and OpenCL kernels lowered to KPL, checked by
// running the result on the SDV machine (C's widths, promotions and wrap-around, guarded
// reads behind && and ?:, continue/break/return through one-shot loops, ids in 3-D), by the
// printer/parser round trip, and by the exact line:col of every unsupported construct.
#include "FrontendHelpers.h"
#include "frontends/clang/ClangFrontend.h"
#include "kpl/Parser.h"
#include "kpl/Printer.h"
#include "kpl/Verify.h"
#include "semantics/rules/Lower.h"
#include "semantics/rules/Sdv.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

using namespace fetest;

TEST_CASE("size_t is 64 bits in CUDA (--target 64), 32 bits under --target 32 and in OpenCL", "[frontends][clang][types]") {
  const char* sizes = "__global__ void k(int *A) { A[0] = sizeof(size_t); A[1] = sizeof(long); }\n";
  Lowered cu = lowerOk(sizes, fe::Language::Cuda, launch1d(1));
  CHECK(cu.text.find("wr(A, 0, 8);") != std::string::npos);
  CHECK(cu.text.find("wr(A, 1, 8);") != std::string::npos);
  fe::LaunchOptions l32 = launch1d(1);
  l32.target = 32;
  Lowered cu32 = lowerOk(sizes, fe::Language::Cuda, l32);
  CHECK(cu32.text.find("wr(A, 0, 4);") != std::string::npos);
  CHECK(cu32.text.find("wr(A, 1, 4);") != std::string::npos);
  Lowered cl = lowerOk("kernel void k(global int *A) { A[0] = sizeof(size_t); }\n", fe::Language::OpenCL, launch1d(1));
  CHECK(cl.text.find("wr(A, 0, 4);") != std::string::npos);
  CHECK(cl.program->language == "opencl");
  CHECK(cu.program->language == "cuda");
}

TEST_CASE("signed int arithmetic reaching an address is checked for overflow, other arithmetic wraps", "[frontends][clang][overflow]") {
  const char* src = R"(
__device__ int offset(int row, int ld) { return row * ld; }
__global__ void k(int *A, int n, int ld) {
  int sum = n * 3;                  // a value only: wraps
  A[0] = sum;
  int base = offset(blockIdx.x, ld);  // reaches A[base + i] through the helper's result
  for (int i = threadIdx.x; i < n; i++) A[base + i] = -n;
}
)";
  Lowered cu = lowerOk(src, fe::Language::Cuda, launch1d(1));
  CHECK(cu.text.find("n * 3") != std::string::npos);
  CHECK(cu.text.find("nsw_mul(row, ld_1)") != std::string::npos);
  CHECK(cu.text.find("nsw_add(base, i)") != std::string::npos);
  CHECK(cu.text.find("nsw_add(i, 1)") != std::string::npos);  // i++ of an index
  CHECK(cu.text.find("nsw_sub(0, n)") == std::string::npos);  // -n is a value stored, not an address
  fe::LaunchOptions off = launch1d(1);
  off.overflowCheck = false;
  Lowered wraps = lowerOk(src, fe::Language::Cuda, off);
  CHECK(wraps.text.find("nsw_") == std::string::npos);
}

TEST_CASE("64-bit signed arithmetic reaching an address is checked for overflow, unsigned wraps", "[frontends][clang][overflow]") {
  const char* src = R"(
#include <cstdint>
__global__ void k(float *A, int64_t stride, int64_t base, uint64_t ustride, int64_t v) {
  int64_t row = blockIdx.x;
  int64_t idx = row * stride + threadIdx.x;   // signed, an index: checked
  A[idx] = 1.0f;
  A[base - row] = 2.0f;                      // signed -, an index: checked
  A[ustride * row] = 3.0f;                   // unsigned (uint64_t): wraps
  int64_t w = -base;                         // unary - of an index
  A[w] = 4.0f;
  A[0] = (float)(v * 3);                     // a value only: wraps
  for (int64_t i = threadIdx.x; i < 4; ++i) A[i] = 5.0f;  // ++ of an index: checked
}
)";
  Lowered cu = lowerOk(src, fe::Language::Cuda, launch1d(1));
  INFO(cu.text);
  CHECK(cu.text.find("lnsw_mul_lo(row_hi, row_lo, stride_hi, stride_lo)") != std::string::npos);
  CHECK(cu.text.find("lnsw_add_lo(") != std::string::npos);
  CHECK(cu.text.find("lnsw_sub_lo(base_hi, base_lo, row_hi, row_lo)") != std::string::npos);
  CHECK(cu.text.find("lnsw_sub_lo(0, 0, base_hi, base_lo)") != std::string::npos);
  CHECK(cu.text.find("lnsw_add_lo(i_hi, i_lo, 0, 1)") != std::string::npos);
  CHECK(cu.text.find("lmul_lo(ustride_hi, ustride_lo") != std::string::npos);   // uint64_t wraps
  CHECK(cu.text.find("lnsw_mul_lo(ustride") == std::string::npos);
  CHECK(cu.text.find("lnsw_mul_lo(v_hi") == std::string::npos);                 // v * 3 is a value
  fe::LaunchOptions off = launch1d(1);
  off.overflowCheck = false;
  Lowered wraps = lowerOk(src, fe::Language::Cuda, off);
  CHECK(wraps.text.find("nsw_") == std::string::npos);
}

TEST_CASE("the overflow check follows values through memory reached by pointers", "[frontends][clang][overflow]") {
  // The product is stored into a global workspace and read back into an index: checked.
  const char* workspace = R"(
__global__ void k(int *out, int *offsets, int hidden) {
  if (threadIdx.x == 0) offsets[blockIdx.x] = (int)blockIdx.x * hidden;
  __syncthreads();
  out[offsets[blockIdx.x] + 1] = 7;
}
)";
  Lowered cu = lowerOk(workspace, fe::Language::Cuda, launch1d(1));
  CHECK(cu.text.find("nsw_mul(") != std::string::npos);
  CHECK(cu.text.find("nsw_add(") != std::string::npos);  // offsets[…] + 1, an index
  // No value read through a pointer reaches an address: what is stored there still wraps.
  const char* values = R"(
__global__ void k(int *out, int *tmp, int n) {
  tmp[threadIdx.x] = n * 3;
  out[threadIdx.x] = tmp[threadIdx.x] + 1;
}
)";
  Lowered v = lowerOk(values, fe::Language::Cuda, launch1d(1));
  CHECK(v.text.find("nsw_") == std::string::npos);
}

SCENARIO("C's integer widths, promotions and wrap-around come out exactly", "[frontends][clang][types]") {
  const std::string src = R"(
__global__ void k(int *A) {
  char c = 127; c++;                A[0] = c;
  unsigned char u = 255; u += 2;    A[1] = u;
  short s = 32767; s = s + 1;       A[2] = s;
  unsigned x = 0; x--;              A[3] = x > 5;
  A[4] = x / 2;
  A[5] = (int)(x >> 28);
  int m = -7; A[6] = m / 2; A[7] = m % 2;
  int sh = -8; A[8] = sh >> 1;
  bool b = A[20] + 5; A[9] = b;
  int big = 2147483647; big = big + 1; A[10] = big == -2147483647 - 1;
  unsigned short us = 65535; us++;  A[11] = us;
  signed char sc = -1; unsigned char cv = sc; A[12] = cv;
  unsigned char w = 250; int p = w + w; A[13] = p;
  A[14] = (unsigned char)(w * 2) < 250u;
  A[15] = -1 < 0u;
}
)";
  Ran r = runText(src, fe::Language::Cuda, launch1d(1, {{"A", 32}}));
  REQUIRE(r.verdict == sem::VerdictKind::Ok);
  W a = r.arrays.at("A");
  CHECK(a[0] == -128);
  CHECK(a[1] == 1);
  CHECK(a[2] == -32768);
  CHECK(a[3] == 1);
  CHECK(a[4] == 0x7fffffff);
  CHECK(a[5] == 15);
  CHECK(a[6] == -3);
  CHECK(a[7] == -1);
  CHECK(a[8] == -4);
  CHECK(a[9] == 1);
  CHECK(a[10] == 1);
  CHECK(a[11] == 0);
  CHECK(a[12] == 255);
  CHECK(a[13] == 500);
  CHECK(a[14] == 1);
  CHECK(a[15] == 0);
}

SCENARIO("unsigned operators lower to udiv, urem, ult and lshr", "[frontends][clang][types]") {
  Lowered l = lowerOk("kernel void k(global uint *A, uint n) { A[0] = n / 3 + n % 5 + (n >> 2) + (n < 7); }\n",
                      fe::Language::OpenCL, launch1d(1));
  CHECK(l.text.find("udiv(n, 3)") != std::string::npos);
  CHECK(l.text.find("urem(n, 5)") != std::string::npos);
  CHECK(l.text.find("lshr(n, 2)") != std::string::npos);
  CHECK(l.text.find("ult(n, 7)") != std::string::npos);
  REQUIRE(l.program->params.size() == 1);
  CHECK(l.program->params[0].name == "n");
}

SCENARIO("reads behind && and ?: run only on the threads that evaluate them", "[frontends][clang][short-circuit]") {
  GIVEN("a guard that keeps threads 2 and 3 away from a 2-cell buffer") {
    const std::string src = R"(
kernel void k(global int *A, global int *B) {
  int i = get_local_id(0);
  if (i < 2 && A[i] == 0) B[i] = 1;
  int v = i >= 2 ? 7 : A[i] + 1;
  B[2 + i] = v;
}
)";
    Ran r = runText(src, fe::Language::OpenCL, launch1d(4, {{"A", 2}, {"B", 6}}));
    THEN("no thread reads out of bounds") {
      REQUIRE(r.verdict == sem::VerdictKind::Ok);
      CHECK(r.arrays.at("B") == W{1, 1, 1, 1, 7, 7});
    }
  }
  GIVEN("|| with a side effect on the right") {
    Ran r = runText("kernel void k(global int *A) { int i = get_local_id(0); int n = 0;"
                    " if (i == 0 || ++n > 0) A[i] = n; }\n",
                    fe::Language::OpenCL, launch1d(2, {{"A", 2}}));
    REQUIRE(r.verdict == sem::VerdictKind::Ok);
    CHECK(r.arrays.at("A") == W{0, 1});
  }
}

SCENARIO("continue and break in for, while, do-while and switch", "[frontends][clang][loops]") {
  const std::string src = R"(
__global__ void k(int *A) {
  int s = 0;
  for (int j = 0; j < 6; j++) {
    if (j == 1) continue;
    if (j == 4) break;
    s += j;
  }
  A[0] = s;
  int n = 0, t = 0;
  while (n < 10) { n++; if (n % 2) continue; t += n; }
  A[1] = t;
  int d = 0, e = 0;
  do { d++; if (d == 2) continue; e += d; } while (d < 4);
  A[2] = e;
  int w = 0;
  for (int j = 0; j < 4; j++) {
    switch (j) {
      case 0: w += 1;
      case 1: w += 10; break;
      case 2: continue;
      default: w += 100;
    }
    w += 1000;
  }
  A[3] = w;
}
)";
  Ran r = runText(src, fe::Language::Cuda, launch1d(1, {{"A", 4}}));
  REQUIRE(r.verdict == sem::VerdictKind::Ok);
  CHECK(r.arrays.at("A") == W{5, 30, 8, 3121});
}

SCENARIO("early returns from helpers and from the kernel", "[frontends][clang][calls]") {
  const std::string src = R"(
__device__ int f(int x) {
  if (x > 2) return 1;
  for (int i = 0; i < 10; i++)
    if (i == x) return 10 + i;
  return 3;
}
__device__ int twice(int x) { return f(x) * 2; }
__global__ void k(int *A) {
  int t = threadIdx.x;
  A[t] = twice(t);
  if (t == 0) return;
  A[4 + t] = 1;
}
)";
  Ran r = runText(src, fe::Language::Cuda, launch1d(4, {{"A", 8}}));
  REQUIRE(r.verdict == sem::VerdictKind::Ok);
  CHECK(r.arrays.at("A") == W{20, 22, 24, 2, 0, 1, 1, 1});
}

SCENARIO("ids and sizes in 3-D groups and grids", "[frontends][clang][ids]") {
  fe::LaunchOptions o;
  o.localSize = {2, 3, 2};
  o.localDims = 3;
  o.numGroups = {2, 1, 2};
  o.groupDims = 3;
  o.buffers = {{"A", 12}, {"B", 12}};
  const std::string src = R"(
kernel void k(global int *A, global int *B) {
  int flat = get_local_id(0) + get_local_size(0) * (get_local_id(1) + get_local_size(1) * get_local_id(2));
  A[flat] = get_local_id(0) + 10 * get_local_id(1) + 100 * get_local_id(2);
  B[flat] = 1000 * get_global_id(0) + 100 * get_global_id(2) + 10 * get_group_id(2) + get_num_groups(0) * get_global_size(2);
}
)";
  Ran r = runText(src, fe::Language::OpenCL, o, /*gid=*/3);
  REQUIRE(r.verdict == sem::VerdictKind::Ok);
  CHECK(r.arrays.at("A") == W{0, 1, 10, 11, 20, 21, 100, 101, 110, 111, 120, 121});
  // Group 3 is (1, 0, 1): global x = 2 + lx, global z = 2 + lz.
  for (int lz = 0; lz < 2; ++lz)
    for (int ly = 0; ly < 3; ++ly)
      for (int lx = 0; lx < 2; ++lx)
        CHECK(r.arrays.at("B")[static_cast<size_t>(lx + 2 * (ly + 3 * lz))] == 1000 * (2 + lx) + 100 * (2 + lz) + 10 + 2 * 4);
  Lowered l = lowerOk(src, fe::Language::OpenCL, o);
  CHECK(l.program->threads == 12);
  CHECK(l.program->groups == 4);
  CHECK(l.program->localSize[1] == 3);
}

SCENARIO("CUDA's threadIdx, blockIdx, blockDim, gridDim", "[frontends][clang][ids]") {
  fe::LaunchOptions o;
  o.localSize = {2, 2, 1};
  o.localDims = 2;
  o.numGroups = {3, 1, 1};
  o.groupDims = 1;
  o.buffers = {{"A", 4}};
  Ran r = runText("__global__ void k(int *A) { A[threadIdx.y * blockDim.x + threadIdx.x] ="
                  " 100 * blockIdx.x + 10 * threadIdx.y + threadIdx.x + 1000 * gridDim.x; }\n",
                  fe::Language::Cuda, o, 2);
  REQUIRE(r.verdict == sem::VerdictKind::Ok);
  CHECK(r.arrays.at("A") == W{3200, 3201, 3210, 3211});
}

SCENARIO("shared arrays, barriers and races", "[frontends][clang][memory]") {
  const std::string racy = R"(
__global__ void k(int *A) {
  __shared__ int S[2][4];
  S[threadIdx.x / 4][threadIdx.x % 4] = threadIdx.x;
  A[threadIdx.x] = S[1][(threadIdx.x + 1) % 4];
}
)";
  Ran r = runText(racy, fe::Language::Cuda, launch1d(8, {{"A", 8}}));
  CHECK(r.verdict == sem::VerdictKind::Race);
  std::string fixed = racy;
  fixed.replace(fixed.find("  A[threadIdx.x]"), 0, "  __syncthreads();\n");
  Ran f = runText(fixed, fe::Language::Cuda, launch1d(8, {{"A", 8}}));
  REQUIRE(f.verdict == sem::VerdictKind::Ok);
  CHECK(f.arrays.at("A") == W{5, 6, 7, 4, 5, 6, 7, 4});
  CHECK(f.arrays.at("S") == W{0, 1, 2, 3, 4, 5, 6, 7});
}

SCENARIO("pointers with a statically known target, private arrays, constant arrays", "[frontends][clang][memory]") {
  const std::string src = R"(
__constant int C[4] = {5, 6, 7};
kernel void k(global int *A) {
  int i = get_local_id(0);
  global int *p = A + 2;
  p[i] = C[i];
  int priv[3] = {1, 2, 3};
  priv[i % 3] += 10;
  global int *q = &A[6];
  *q = priv[0] + priv[1] * 100 + (int)(q - p);
}
)";
  Ran r = runText(src, fe::Language::OpenCL, launch1d(1, {{"A", 8}}));
  REQUIRE(r.verdict == sem::VerdictKind::Ok);
  CHECK(r.arrays.at("A") == W{0, 0, 5, 0, 0, 0, 11 + 200 + 4, 0});
}

SCENARIO("atomics lower to atomic statements", "[frontends][clang][atomics]") {
  Lowered l = lowerOk("__global__ void k(int *A, unsigned *U) { int old = atomicAdd(&A[0], 1);"
                      " atomicMin(U, 3u); atomicCAS(A + 1, 0, old); atomicInc(U + 1, 7u); }\n",
                      fe::Language::Cuda, launch1d(2));
  CHECK(l.text.find("atomic_add(A, 0, 1);") != std::string::npos);
  CHECK(l.text.find("atomic_umin(U, 0, 3);") != std::string::npos);
  CHECK(l.text.find("atomic_cas(A, 1, 0, old);") != std::string::npos);
  CHECK(l.text.find("atomic_inc(U, 1, 7);") != std::string::npos);
  Lowered cl = lowerOk("kernel void k(global int *A) { atomic_inc(A); atom_xchg(A + 1, 5); }\n", fe::Language::OpenCL,
                       launch1d(2));
  CHECK(cl.text.find("atomic_add(A, 0, 1);") != std::string::npos);
  CHECK(cl.text.find("atomic_exch(A, 1, 5);") != std::string::npos);
}

SCENARIO("GPUVerify's annotations", "[frontends][clang][annotations]") {
  const std::string src = R"(
__global__ void k(int *A, int n) {
  __requires(n == 4);
  __ensures(A[0] >= 0);
  for (int i = 0; __invariant(i <= n), __invariant(__implies(i > 0, A[0] == i - 1)), i < n; i++)
    if (threadIdx.x == 0) A[0] = i;
  __assert(n == 4);
}
)";
  Lowered l = lowerOk(src, fe::Language::Cuda, launch1d(2));
  CHECK(l.text.find("assume(n == 4);") != std::string::npos);
  CHECK(l.text.find("assert(i <= n);") != std::string::npos);
  std::string t = l.text;
  // __ensures is checked just before the final barrier.
  size_t ens = t.rfind("assert(");
  size_t bar = t.rfind("barrier;");
  CHECK(ens < bar);
}

SCENARIO("lowered kernels print as KPL that parses back to the same program", "[frontends][clang][printer]") {
  const std::vector<std::pair<std::string, fe::Language>> kernels = {
      {"__global__ void k(int *A, unsigned n) { int t = threadIdx.x; if (t < n && A[t] > 0) A[t] = atomicAdd(A, 1) / 2u; }\n",
       fe::Language::Cuda},
      {"kernel void k(global int *A, local int *L) { int i = get_local_id(0); for (int j = 0; j < 3; j++) {"
       " if (j == i) continue; L[i] = j; } barrier(CLK_LOCAL_MEM_FENCE); A[i] = L[(i + 1) % 4]; }\n",
       fe::Language::OpenCL},
  };
  for (const auto& [src, lang] : kernels) {
    Lowered l = lowerOk(src, lang, launch1d(4));
    INFO(l.text);
    kpl::SourceFile printed("printed.kpl", l.text);
    kpl::DiagnosticEngine diags(&printed);
    std::optional<kpl::Program> back = kpl::parseProgram(printed, diags);
    std::ostringstream os;
    diags.render(os);
    INFO(os.str());
    REQUIRE(back);
    CHECK(kpl::sameAst(*l.program, *back));
  }
}

SCENARIO("what the frontend does not support is a diagnostic at its line:col", "[frontends][clang][diagnostics]") {
  auto err = [](const std::string& src, fe::Language lang = fe::Language::Cuda) {
    Lowered l = lowerText(src, lang, launch1d(2));
    CHECK(!l.program);
    return firstError(l);
  };
  CHECK(err("__global__ void k(unsigned long long *A) {\n  unsigned long long x[2];\n  atomicAdd(&x[0], 1ull);\n"
            "  A[0] = x[0];\n}\n") == "3:3: unsupported: an atomic operation on private memory");
  CHECK(err("__global__ void k(double *A) {\n  char *c = (char *)A;\n  c[0] = 1;\n}\n")
            .rfind("2:13: unsupported: cast from 'double *' to 'char *'", 0) == 0);
  CHECK(err("__device__ int f(int n);\n__device__ int g(int n) { return f(n); }\n"
            "__device__ int f(int n) { return n ? g(n - 1) : 0; }\n__global__ void k(int *A) { A[0] = f(3); }\n") ==
        "2:34: recursion: f -> g -> f");
  CHECK(err("__global__ void k(int *A) {}\n__global__ void h(int *A) {}\n") ==
        "2:17: several kernels (k, h): choose one with --kernel NAME");
  CHECK(err("__global__ void k(int *A, int *B, int c) {\n  A[1] = B < A;\n}\n") ==
        "2:10: unsupported: comparing or subtracting pointers into different arrays");
  CHECK(err("union S { int a; short f : 3; };\n__global__ void k(S *A) { A[0].a = 1; }\n")
            .rfind("2:22: unsupported: union S: member 'f' of type 'short' is a bit-field", 0) == 0);
  CHECK(err("kernel void k(global int *A) {\n  int x = 0;\n  A[0] = x;\n  A[get_local_id(x)] = 1;\n}\n",
            fe::Language::OpenCL) == "4:18: unsupported: a dimension that is not a constant");
  CHECK(err("__global__ void k(int *A) {\n  int x = 1\n}\n").rfind("2:12: expected ';'", 0) == 0);
  CHECK(err("__global__ void k(int *A) {\n  int *p;\n  p[0] = 1;\n}\n") ==
        "3:3: unsupported: pointer 'p' is used before it is made to point into an array");
}

SCENARIO("--kernel picks one of several kernels; --buffer bounds a pointer parameter", "[frontends][clang][launch]") {
  fe::LaunchOptions o = launch1d(2, {{"B", 3}});
  o.kernel = "h";
  Lowered l = lowerOk("__global__ void k(int *A) { A[0] = 1; }\n__global__ void h(int *B) { B[threadIdx.x] = 2; }\n",
                      fe::Language::Cuda, o);
  REQUIRE(l.program->arrays.size() == 1);
  CHECK(l.program->arrays[0].name.name == "B");
  CHECK(l.program->arrays[0].size == 3);
  CHECK(l.program->arrays[0].global);
  o.kernel = "nope";
  Lowered bad = lowerText("__global__ void k(int *A) { A[0] = 1; }\n", fe::Language::Cuda, o);
  CHECK(!bad.program);
  CHECK(firstError(bad) == "1:1: no kernel named 'nope' (--kernel); the file has k");
}

SCENARIO("C names that are KPL keywords, and shadowed names, become distinct KPL locals", "[frontends][clang][names]") {
  const std::string src = R"(
kernel void k(global int *A) {
  int lid = get_local_id(0);
  int rd = 1, threads = 2;
  { int lid = 5; rd += lid; }
  A[lid] = rd + threads;
}
)";
  Ran r = runText(src, fe::Language::OpenCL, launch1d(2, {{"A", 2}}));
  REQUIRE(r.verdict == sem::VerdictKind::Ok);
  CHECK(r.arrays.at("A") == W{8, 8});
}

SCENARIO("the smoke kernels of tests/frontends lower, round-trip through the printer and run",
         "[frontends][clang][printer][smoke]") {
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(std::string(SDVMC_SOURCE_DIR) + "/tests/frontends"))
    if (fe::languageOfPath(e.path().string())) files.push_back(e.path());
  std::sort(files.begin(), files.end());
  REQUIRE(files.size() >= 5);
  fe::LaunchOptions o = launch1d(8);
  o.numGroups = {2, 1, 1};
  o.groupDims = 1;
  for (const std::filesystem::path& f : files) {
    INFO(f.string());
    std::ifstream in(f);
    std::stringstream text;
    text << in.rdbuf();
    fe::Language lang = *fe::languageOfPath(f.string());
    Lowered l = lowerOk(text.str(), lang, o);
    INFO(l.text);
    CHECK(l.program->groups == 2);
    kpl::SourceFile printed("printed.kpl", l.text);
    kpl::DiagnosticEngine diags(&printed);
    std::optional<kpl::Program> back = kpl::parseProgram(printed, diags);
    REQUIRE(back);
    CHECK(kpl::sameAst(*l.program, *back));
    kpl::DiagnosticEngine d2(l.file.get());
    CHECK(sem::lower(*l.program, d2));
  }
}

SCENARIO("private array indices lower to private_index, which prints and parses back", "[frontends][clang][private_index]") {
  const std::string src = R"(
struct Tile { float v[3]; int n; };
__global__ void k(int *out, int n) {
  int buf[4];
  for (int i = 0; i < 4; ++i) buf[i] = i;
  float acc[2][4] = {};
  Tile t;
  for (int i = 0; i < 3; ++i) t.v[i] = i;
  t.n = 3;
  double d[2] = {0.5, 1.5};
  out[threadIdx.x] = buf[n] + (int)acc[n][n] + (int)t.v[n] + (int)d[n];
}
)";
  Lowered l = lowerOk(src, fe::Language::Cuda, launch1d(2));
  // Each index is a snapshot `_t_k := n;` (or the flattened `_t_k * 4 + _t_j`), then the check.
  auto checks = [&l](const std::string& label, int size) {
    size_t count = 0;
    for (size_t at = l.text.find("private_index(" + label + ", "); at != std::string::npos;
         at = l.text.find("private_index(" + label + ", ", at + 1)) {
      const size_t end = l.text.find(';', at);
      if (l.text.compare(end - 1 - std::to_string(size).size() - 2, std::to_string(size).size() + 3,
                         ", " + std::to_string(size) + ")") == 0)
        ++count;
    }
    return count;
  };
  CHECK(checks("buf", 4) == 2);      // buf[i] = i in the loop, buf[n]
  CHECK(checks("acc", 2) == 1);      // acc[n]: the row
  CHECK(checks("acc_row", 4) == 1);  // acc[n][n]: the column
  CHECK(checks("acc", 8) == 1);      // the flattened index
  CHECK(checks("t_v", 3) == 2);      // t.v[i] = i in the loop, t.v[n]
  CHECK(checks("d", 2) == 1);        // d[n]: the element index of two-cell doubles
  CHECK(checks("d", 4) == 0);        // its cells are checked by assert
  // A struct's own cells keep assert (a struct is not an array of one cell per element).
  CHECK(l.text.find("assert(") != std::string::npos);
  // The printed KPL parses back to the same tree.
  kpl::SourceFile file("lowered.kpl", l.text);
  kpl::DiagnosticEngine diags(&file);
  std::optional<kpl::Program> again = kpl::parseProgram(file, diags);
  REQUIRE(again);
  CHECK(kpl::sameAst(*l.program, *again));
  Ran ok = runText(src, fe::Language::Cuda, launch1d(2));
  CHECK(ok.verdict == sem::VerdictKind::Ok);
}
