// spec: __atomic_has_taken_value at the wrong cell fails: a ring buffer whose producers take their slot from the tail counter (ends[1]) but assert they took it from the head (ends[0]); the assertion fails for thread 0, located at the annotation
// run: run --block-dim 4 --buffer ends=2 --buffer ring=4
// exit: 1
// expect: verdict=assertion rule=T-ASSERT threads=[0] location.line=25
// run: check --block-dim 2 --buffer ends=2 --buffer ring=4 --domain 0..1
// exit: 1
// expect: verdict=assertion location.line=25
// why: push() does atomicAdd(&ends[1], 1): thread t's atomic is on cell 1 of ends and returns t (ends[1]
//   starts at 0, lid order). Its log of atomic results holds (ends[1], t) only, so
//   __atomic_has_taken_value(ends, 0, pos) (cell 0) is false for every thread; the lowest failing
//   thread is 0. Under check the same holds whatever the initial values: no atomic touches ends[0], so
//   the log has no entry at cell 0 and the assertion fails in the first execution.
#include <gpuverify.h>

struct Ring {
  unsigned *ends;   // [0]: head, [1]: tail
  unsigned *slots;
};

__device__ unsigned push(Ring r) { return atomicAdd(&r.ends[1], 1u); }

__global__ void produce(unsigned *ends, unsigned *ring) {
  Ring r{ends, ring};
  unsigned pos = push(r);
  __assert(__atomic_has_taken_value(ends, 0, pos));
  ring[pos % 4] = threadIdx.x;
}
