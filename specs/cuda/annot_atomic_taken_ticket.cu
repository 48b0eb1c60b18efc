// spec: GPUVerify's __atomic_has_taken_value answered from the thread's log of atomic results: a ticket dispenser (atomicAdd in a helper of a namespace) asserts that its counter really handed out the ticket the thread holds; run gives thread t ticket t, check explores the counter's initial value and the assertion holds for each
// run: run --block-dim 4 --buffer counter=1 --buffer tickets=4
// exit: 0
// expect: verdict=ok final.counter=[4] final.tickets=[0,1,2,3]
// run: check --block-dim 3 --buffer counter=1 --buffer tickets=3 --domain 0..1
// exit: 0
// expect: verdict=ok
// why: T-ATOMIC applies the enabled threads' atomics in ascending lid order, each returning the cell's
//   old value: with counter = 0, thread t gets t and the counter ends at 4; tickets[t] = t. Each thread's
//   log of atomic results then holds (counter[0], t), so __atomic_has_taken_value(counter, 0, t) holds
//   for every thread. Under check the counter starts at c in 0..1: thread t gets c + t and logs exactly
//   that value, so the assertion holds in every explored state; each thread writes its own tickets cell
//   (no race).
#include <gpuverify.h>

namespace queue {
__device__ unsigned take(unsigned *counter) { return atomicAdd(counter, 1u); }
}  // namespace queue

__global__ void dispense(unsigned *counter, unsigned *tickets) {
  unsigned t = queue::take(counter);
  __assert(__atomic_has_taken_value(counter, 0, t));
  tickets[threadIdx.x] = t;
}
