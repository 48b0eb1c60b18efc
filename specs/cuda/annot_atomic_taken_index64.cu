// spec: 64-bit target: GPUVerify's __atomic_has_taken_value on a counter past 2^32 cells (a padded per-queue counter table), the pointer written &counters[slot] with a 64-bit slot: at_taken asks for the exact 64-bit cell (run, check); asserting one ticket too many fails
// run: run --kernel 'tickets::take_ticket<0>' --block-dim 4 --buffer tickets=4 --param queue=268435457
// exit: 0
// expect: verdict=ok final.tickets=[0,1,2,3] final.counters={"4294967312":4}
// run: run --kernel 'tickets::take_ticket<1>' --block-dim 4 --buffer tickets=4 --param queue=268435457
// exit: 1
// expect: verdict=assertion rule=T-ASSERT threads=[0] location.line=37
// run: check --kernel 'tickets::take_ticket<0>' --block-dim 3 --buffer tickets=3 --param queue=268435457 --domain 0..1
// exit: 0
// expect: verdict=ok
// run: check --kernel 'tickets::take_ticket<1>' --block-dim 3 --buffer tickets=3 --param queue=268435457 --domain 0..1
// exit: 1
// expect: verdict=assertion location.line=37
// prove: skip
// why: counter_slot(queue) = queue * 16 in int64_t: (2^28 + 1) * 16 = 2^32 + 16 = 4294967312, so
//   &counters[slot] is the 64-bit cell 4294967312 (addr64 under --target 64) both as the atomic's
//   index and, with the offset 0, as __atomic_has_taken_value's cell (KPL at_taken with an addr64
//   index: the exact cell). run: the counter starts at 0 (an unbounded buffer's default); T-ATOMIC
//   in ascending thread order gives thread t the old value t and logs (4294967312, t) among its
//   atomic results; take_ticket<0> asserts exactly that: ok, tickets = [0, 1, 2, 3] and the
//   counter 4. take_ticket<1> asserts t + 1 was taken: no thread's atomic returned that at that
//   cell, thread 0 fails first (line 37). check: the counter starts at c in 0..1 (chosen at the
//   first atomic); thread t gets and logs c + t: <0> holds for every c (ok), <1> fails for every
//   c (assertion at line 37).
#include <gpuverify.h>

#include <cstdint>

namespace tickets {

// One counter per queue, padded to 16 cells (a 64-byte line): the table spans more than 2^31 cells.
__device__ __forceinline__ int64_t counter_slot(const int queue) { return static_cast<int64_t>(queue) * 16; }

template <int SKEW>
__global__ void take_ticket(unsigned* counters, unsigned* tickets, const int queue) {
  const unsigned t = atomicAdd(&counters[counter_slot(queue)], 1u);
  __assert(__atomic_has_taken_value(&counters[counter_slot(queue)], 0, t + SKEW));
  tickets[threadIdx.x] = t;
}

template __global__ void take_ticket<0>(unsigned*, unsigned*, const int);
template __global__ void take_ticket<1>(unsigned*, unsigned*, const int);

}  // namespace tickets
