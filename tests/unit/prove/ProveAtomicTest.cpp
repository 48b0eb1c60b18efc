// `sdvmc prove` on kernels with atomics (KPL extension T-ATOMIC): the atomic log of the
// two-thread encoding (atomic vs plain access of one cell is a race, two atomics are not)
// and the fresh values an atomic returns and leaves in its thread's view of the cell.
#include "prover/Prover.h"
#include "prover/TwoThread.h"
#include "semantics/Helpers.h"
#include "frontends/FrontendHelpers.h"

#include <catch2/catch.hpp>

#include <algorithm>

namespace {

namespace prove = sdvmc::prove;
namespace sem = sdvmc::sem;
using Status = prove::ProveResult::Status;

prove::ProveResult proveKpl(const std::string& text, prove::ProveOptions o = {}) {
  auto k = semtest::compile(text);
  o.timeoutSeconds = 60;
  return prove::prove(k->ir, o);
}

prove::ProveResult proveCuda(const std::string& src, uint32_t block, uint32_t grid, prove::ProveOptions o = {}) {
  fetest::fe::LaunchOptions launch = fetest::launch1d(block);
  launch.numGroups = {grid, 1, 1};
  launch.groupDims = 1;
  fetest::Lowered l = fetest::lowerOk(src, fetest::fe::Language::Cuda, launch);
  sdvmc::kpl::DiagnosticEngine diags(l.file.get());
  std::optional<sem::Ir> ir = sem::lower(*l.program, diags);
  REQUIRE(ir);
  o.timeoutSeconds = 60;
  return prove::prove(*ir, o);
}

std::vector<uint32_t> sorted(std::vector<uint32_t> v) {
  std::sort(v.begin(), v.end());
  return v;
}

}  // namespace

TEST_CASE("prove, atomics: a histogram with atomic_add on a shared array is race-free for every size",
          "[prove][atomic]") {
  // Threads 0..3 clear hist (own cells); after the barrier every thread adds 1 to
  // hist[data[lid] & 3] atomically (atomics never race with each other, whatever the bins);
  // after the second barrier threads 0..3 read their own bin plainly (the atomic log was
  // reset by the barrier) and copy it to out[lid] (own cell). No read/write or atomic/plain
  // pair shares an interval: race-free for every N, every data; hist's indices are in 0..3.
  prove::ProveResult r = proveKpl(R"(threads: 8;
group: 0;
shared hist[4];
shared data[];
shared out[4];
main: {
  local v, x;
  if (lid < 4) {
    wr(hist, lid, 0);
  }
  barrier;
  v := rd(data, lid);
  atomic_add(hist, v & 3, 1);
  barrier;
  if (lid < 4) {
    x := rd(hist, lid);
    wr(out, lid, x);
  }
  barrier;
})");
  CHECK(r.status == Status::Ok);
  CHECK_FALSE(r.bounded);
  CHECK_FALSE(r.witness);
}

TEST_CASE("prove, atomics: an atomic and a plain read of one cell race from 3 threads, confirmed",
          "[prove][atomic]") {
  // Thread 0 reads A[0] plainly; threads ≥ 2 add to A[0] atomically, in the same interval.
  // N = 1, 2: no thread 2, only a read: ok. N = 3: thread 2's atomic and thread 0's read
  // of A[0] race (atomic-read). The read comes first in program order: the atomic is
  // checked against the other thread's read log.
  prove::ProveResult r = proveKpl(R"(threads: 4;
group: 0;
shared A[1];
main: {
  local x;
  if (lid == 0) {
    x := rd(A, 0);
  }
  if (lid >= 2) {
    atomic_add(A, 0, 1);
  }
  barrier;
})");
  REQUIRE(r.status == Status::Violation);
  CHECK(r.claim.kind == sem::VerdictKind::Race);
  CHECK(r.claim.rule == sem::Rule::GRace);
  REQUIRE(r.witness);
  CHECK(r.witness->threads == 3);
  CHECK(sorted(r.witness->pair) == std::vector<uint32_t>{0, 2});
  CHECK(r.confirmed);
  REQUIRE(r.replayed);
  CHECK(r.replayed->kind == sem::VerdictKind::Race);
  CHECK(r.replayed->rule == sem::Rule::GRace);
  CHECK(r.replayed->message.rfind("atomic-read", 0) == 0);
}

TEST_CASE("prove, atomics: a plain write after another thread's atomic races (atomic-write)", "[prove][atomic]") {
  // Thread 1's atomic_or on A[0], then thread 0's plain write of A[0]: N = 2 races; N = 1
  // has only the write.
  prove::ProveResult r = proveKpl(R"(threads: 2;
group: 0;
shared A[2];
main: {
  if (lid == 1) {
    atomic_or(A, 0, 4);
  }
  if (lid == 0) {
    wr(A, 0, 7);
  }
  barrier;
})");
  REQUIRE(r.status == Status::Violation);
  CHECK(r.claim.kind == sem::VerdictKind::Race);
  REQUIRE(r.witness);
  CHECK(r.witness->threads == 2);
  CHECK(r.confirmed);
  REQUIRE(r.replayed);
  CHECK(r.replayed->message.rfind("atomic-write", 0) == 0);
}

TEST_CASE("prove, atomics: a thread's own plain accesses around its atomic do not race", "[prove][atomic]") {
  // Each thread works on its own cell A[lid]: an atomic and plain accesses of one thread
  // never race. Race-free for every N.
  prove::ProveResult r = proveKpl(R"(threads: 4;
group: 0;
shared A[];
shared B[];
main: {
  local x;
  wr(A, lid, 1);
  atomic_add(A, lid, 2);
  x := rd(A, lid);
  wr(B, lid, x);
  barrier;
})");
  CHECK(r.status == Status::Ok);
}

TEST_CASE("prove, atomics: the thread's view of a cell after its atomic is not the old value", "[prove][atomic]") {
  // The thread writes 5, adds 1 atomically, and reads its cell back: 6, so the assertion
  // x == 5 fails already for N = 1 (T-ATOMIC stores the new value in the thread's shadow
  // when it has written the cell). An encoding keeping the written 5 would prove it.
  prove::ProveResult r = proveKpl(R"(threads: 2;
group: 0;
shared A[];
main: {
  local x;
  wr(A, lid, 5);
  atomic_add(A, lid, 1);
  x := rd(A, lid);
  assert(x == 5);
  barrier;
})");
  REQUIRE(r.status == Status::Violation);
  CHECK(r.claim.kind == sem::VerdictKind::Assertion);
  REQUIRE(r.witness);
  CHECK(r.witness->threads == 1);
  CHECK(r.confirmed);
}

TEST_CASE("prove, atomics: the value an atomic returns is arbitrary, never proved from one thread's view",
          "[prove][atomic]") {
  // A = {0}: thread t gets old = t (ascending order), so x < 2 fails for thread 2 when
  // N ≥ 3. The encoding's returned value is fresh, so prove must not say ok; its smallest
  // model may be N = 1 with an old value the interpreter does not produce (then an
  // unconfirmed witness, inconclusive), or a confirmed assertion failure.
  prove::ProveResult r = proveKpl(R"(threads: 4;
group: 0;
shared A[1] = {0};
main: {
  local x;
  x := atomic_add(A, 0, 1);
  assert(x < 2);
  barrier;
})");
  CHECK(r.status != Status::Ok);
  REQUIRE(r.witness);
  CHECK(r.claim.kind == sem::VerdictKind::Assertion);
  if (r.status == Status::Violation) CHECK(r.witness->threads >= 3);
  else CHECK(r.status == Status::Inconclusive);
}

TEST_CASE("prove, atomics: a counter's returned value used as an index gives a spurious race", "[prove][atomic]") {
  // Real: the threads get distinct old values c, c+1, … so the writes slots[i] are to
  // distinct cells: race-free (check confirms for 1..8). The encoding returns a fresh value
  // per thread and cannot know they differ: its witness (two threads writing one slot) is
  // replayed, the interpreter ends ok, and prove is inconclusive, not a violation.
  prove::ProveResult r = proveKpl(R"(threads: 4;
group: 0;
shared count[1];
shared slots[];
main: {
  local i;
  i := atomic_add(count, 0, 1);
  wr(slots, i, lid);
  barrier;
})");
  CHECK(r.status == Status::Inconclusive);
  REQUIRE(r.witness);
  CHECK(r.claim.kind == sem::VerdictKind::Race);
  CHECK_FALSE(r.confirmed);
  REQUIRE(r.replayed);
  CHECK(r.replayed->kind == sem::VerdictKind::Ok);
}

TEST_CASE("prove, atomics: a CUDA histogram with atomicAdd is proved, between blocks too", "[prove][atomic]") {
  // h is each block's own; in is read only; bins (global) gets only atomics, from every
  // block: race-free for every block size, with two blocks.
  prove::ProveResult r = proveCuda(R"(
__global__ void histo(const int *in, int *bins) {
  __shared__ int h[4];
  if (threadIdx.x < 4) h[threadIdx.x] = 0;
  __syncthreads();
  atomicAdd(&h[in[blockIdx.x * blockDim.x + threadIdx.x] & 3], 1);
  __syncthreads();
  if (threadIdx.x < 4) atomicAdd(&bins[threadIdx.x], h[threadIdx.x]);
}
)",
                                   8, 2);
  CHECK(r.status == Status::Ok);
  CHECK_FALSE(r.witness);
}

TEST_CASE("prove, atomics: an atomic in one block and a plain write in another race between groups",
          "[prove][atomic]") {
  // Block 1's threads add to A[0], block 0's thread 0 writes it: an inter-group race for
  // every block size (1 already); intra-group only, nothing conflicts.
  const std::string src = R"(
__global__ void k(int *A) {
  if (blockIdx.x == 1) atomicAdd(&A[0], 1);
  else if (threadIdx.x == 0) A[0] = 3;
}
)";
  prove::ProveResult r = proveCuda(src, 2, 2);
  REQUIRE(r.status == Status::Violation);
  CHECK(r.claim.kind == sem::VerdictKind::Race);
  CHECK(r.claim.rule == sem::Rule::GroupRace);
  REQUIRE(r.witness);
  CHECK(r.witness->threads == 1);
  CHECK(r.witness->group != r.witness->group2);
  CHECK(r.confirmed);
  prove::ProveOptions o;
  o.onlyIntraGroup = true;
  CHECK(proveCuda(src, 2, 2, o).status == Status::Ok);
}

TEST_CASE("prove, atomics: the whole-group encoding (--equiv) does not encode atomics", "[prove][atomic]") {
  auto k = semtest::compile(R"(threads: 2;
group: 0;
shared A[1];
main: {
  atomic_add(A, 0, 1);
  barrier;
})");
  z3::context ctx;
  prove::EncodeOptions eo;
  eo.fixedThreads = 2;
  eo.wholeGroup = true;
  prove::PairEncoding e = prove::encodePair(ctx, k->ir, eo);
  CHECK_FALSE(e.unsupported.empty());
}
