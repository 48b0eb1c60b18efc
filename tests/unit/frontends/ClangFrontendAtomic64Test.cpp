// 64-bit atomics in the Clang frontend: CUDA's on (unsigned) long long and double, OpenCL's
// atom_* on long/ulong, lowered to atomic64_OP on the element's two cells (low word first),
// and CUDA's atomicAdd on float (atomic_fadd). Expected words worked out by hand, written as
// (low word, high word) per 64-bit value.
#include "FrontendHelpers.h"

#include <catch2/catch.hpp>

#include <string>

using namespace fetest;

SCENARIO("CUDA 64-bit atomics: old values in ascending thread order, cas, signed and unsigned min",
         "[frontends][clang][wide][atomic64]") {
  const std::string src = R"(
__global__ void k(unsigned long long *H, unsigned long long *R, long long *L, unsigned long long *U) {
  unsigned t = threadIdx.x;
  R[t] = atomicAdd(&H[0], 1ull << 32);
  R[3 + t] = atomicCAS(&H[1], 0ull, 5ull + t);
  atomicMin(&L[0], -1ll - t);
  atomicMin(&U[0], 0xFFFFFFFFFFFFFFFFull - t);
  atomicMax(&U[1], 0xFFFFFFFFull + t);
}
)";
  Lowered l = lowerOk(src, fe::Language::Cuda, launch1d(3, {{"H", 2}, {"R", 6}, {"L", 1}, {"U", 2}}));
  CHECK(l.text.find("atomic64_add(H") != std::string::npos);
  CHECK(l.text.find("atomic64_cas(H") != std::string::npos);
  CHECK(l.text.find("atomic64_min(L") != std::string::npos);
  CHECK(l.text.find("atomic64_umin(U") != std::string::npos);
  CHECK(l.text.find("atomic64_umax(U") != std::string::npos);
  Ran r = runText(src, fe::Language::Cuda, launch1d(3, {{"H", 2}, {"R", 6}, {"L", 1}, {"U", 2}}));
  REQUIRE(r.verdict == sem::VerdictKind::Ok);
  // H[0] += 2^32 three times: the threads get 0, 2^32, 2^33; H[0] = 3 * 2^32 = (0, 3).
  // H[1]: thread 0's cas finds 0 and stores 5; threads 1, 2 find 5 and fail.
  CHECK(r.arrays.at("H") == W{0, 3, 5, 0});
  CHECK(r.arrays.at("R") == W{0, 0, 0, 1, 0, 2, 0, 0, 5, 0, 5, 0});
  // L: signed min of 0, -1, -2, -3 = -3. U[0]: unsigned min of 0 and three huge values = 0.
  // U[1]: unsigned max of 0, 0xFFFFFFFF, 0x1_00000000, 0x1_00000001 = (1, 1).
  CHECK(r.arrays.at("L") == W{-3, -1});
  CHECK(r.arrays.at("U") == W{0, 0, 1, 1});
}

SCENARIO("CUDA atomicAdd on double and on float, atomicExch on float", "[frontends][clang][wide][atomic64]") {
  const std::string src = R"(
__global__ void k(double *D, float *F, float *E) {
  atomicAdd(D, 0.25);
  atomicAdd(F, 0.75f);
  atomicExch(E, 2.0f);
}
)";
  Ran r = runText(src, fe::Language::Cuda, launch1d(4, {{"D", 1}, {"F", 1}, {"E", 1}}));
  REQUIRE(r.verdict == sem::VerdictKind::Ok);
  // 4 * 0.25 = 1.0 = 0x3FF00000_00000000; 4 * 0.75f = 3.0f = 0x40400000; 2.0f = 0x40000000.
  CHECK(r.arrays.at("D") == W{0, 0x3FF00000});
  CHECK(r.arrays.at("F") == W{0x40400000});
  CHECK(r.arrays.at("E") == W{0x40000000});
}

SCENARIO("OpenCL atom_* on long and ulong: carries, borrows, or on the high word", "[frontends][clang][wide][atomic64]") {
  const std::string src = R"(
kernel void k(global ulong *C, global long *S) {
  atom_add(&C[0], 0x80000000UL);
  atom_sub(&S[0], 0x80000000L);
  atom_or(&C[1], 1UL << (32 + get_local_id(0)));
}
)";
  Lowered l = lowerOk(src, fe::Language::OpenCL, launch1d(2, {{"C", 2}, {"S", 1}}));
  CHECK(l.text.find("atomic64_sub(S") != std::string::npos);
  CHECK(l.text.find("atomic64_or(C") != std::string::npos);
  Ran r = runText(src, fe::Language::OpenCL, launch1d(2, {{"C", 2}, {"S", 1}}));
  REQUIRE(r.verdict == sem::VerdictKind::Ok);
  // C[0]: 2 * 2^31 = 2^32 = (0, 1); S[0]: -2^32 = (0, -1); C[1]: 2^32 | 2^33 = (0, 3).
  CHECK(r.arrays.at("C") == W{0, 1, 0, 3});
  CHECK(r.arrays.at("S") == W{0, -1});
}

SCENARIO("a 64-bit atomic through a pointer to one of two arrays", "[frontends][clang][wide][atomic64]") {
  const std::string src = R"(
__global__ void k(double *A, double *B, double *old) {
  double *p = threadIdx.x % 2 ? A : B;
  old[threadIdx.x] = atomicAdd(p, 0.5 + threadIdx.x);
}
)";
  Ran r = runText(src, fe::Language::Cuda, launch1d(4, {{"A", 1}, {"B", 1}, {"old", 4}}));
  REQUIRE(r.verdict == sem::VerdictKind::Ok);
  // Threads 1, 3 add 1.5 and 3.5 to A: 5.0 = 0x40140000_00000000; threads 0, 2 add 0.5 and 2.5
  // to B: 3.0 = 0x40080000_00000000. Old values: thread 0 and 1 find 0.0; thread 2 finds 0.5 =
  // 0x3FE00000_00000000 in B, thread 3 finds 1.5 = 0x3FF80000_00000000 in A.
  CHECK(r.arrays.at("A") == W{0, 0x40140000});
  CHECK(r.arrays.at("B") == W{0, 0x40080000});
  CHECK(r.arrays.at("old") == W{0, 0, 0, 0, 0, 0x3FE00000, 0, 0x3FF80000});
}
