//pass
//--blockDim=8 --gridDim=1

// Ticket numbers from atomicAdd: each thread asserts that an atomic on counter[0] returned the
// ticket it holds (__atomic_has_taken_value: the thread's own atomic results). Thread t's atomic
// returns the counter's value before it, which is exactly what it logs, whatever the counter's
// initial value; each thread writes its own out cell.
__device__ unsigned take(unsigned *counter) { return atomicAdd(counter, 1u); }

__global__ void ticket(unsigned *counter, unsigned *out) {
  unsigned t = take(counter);
  __assert(__implies(__enabled(), __atomic_has_taken_value(counter, 0, t)));
  out[threadIdx.x] = t;
}
