// spec: a pointer in shared memory (`__shared__ int* head`, a ring buffer's head) set by thread 0 and read by every thread after a barrier, advanced by pointer subtraction and arithmetic within the ring; without the barrier between the reads and thread 0's advance, the pointer's own cells race
// run: run --block-dim 4 --param start=6 --param sync=1 --init in=1,2,3,4,5,6,7,8
// exit: 0
// expect: verdict=ok final.out=[7,8,1,2,3,4,5,6]
// run: run --block-dim 4 --param start=6 --param sync=0 --init in=1,2,3,4,5,6,7,8
// exit: 1
// expect: verdict=race accesses.0.array=head accesses.1.array=head
// run: check --block-dim 4 --param start=6 --param sync=1
// exit: 0
// expect: verdict=ok
// run: check --block-dim 4 --param start=6 --param sync=0
// exit: 1
// expect: verdict=race accesses.0.array=head accesses.1.array=head
// why: the ring holds buf[0..7] = in[0..7] = 1..8 (thread t writes buf[t] and buf[t + 4]). Thread
//   0 sets head = buf + start % 8 = buf + 6; after the barrier every thread reads head (its two
//   cells, published by G-SYNC) and takes slot (head - buf + t) % 8: out[t] = buf[(6 + t) % 8] =
//   7, 8, 1, 2 for t = 0..3. With sync = 1 a barrier separates those reads from thread 0's
//   advance head = buf + (6 + 4) % 8 = buf + 2; after the next barrier out[4 + t] = buf[(2 + t)
//   % 8] = 3, 4, 5, 6. With sync = 0 threads 1..3 read head's cells and thread 0 writes them
//   between the same two barriers: a read-write conflict on head at the next barrier (G-RACE),
//   whose accesses are both to head (buf and out are only read, or written once per cell).
//   check: whatever in and the initial cells of buf and head hold, head is written by thread 0
//   before the first barrier and read only after it, and the ring's slots are in 0..7: the
//   same verdicts, ok with sync = 1 and the race on head with sync = 0.
namespace ring {

template <typename T, int CAP>
struct Ring {
  __device__ static T* advance(T* base, T* p, int k) { return base + ((p - base) + k) % CAP; }
};

}  // namespace ring

__global__ void drain(const int* in, int* out, int start, int sync) {
  __shared__ int buf[8];
  __shared__ int* head;
  using R = ring::Ring<int, 8>;
  int t = threadIdx.x;
  buf[t] = in[t];
  buf[t + 4] = in[t + 4];
  if (t == 0) head = buf + start % 8;
  __syncthreads();
  out[t] = *R::advance(buf, head, t);
  if (sync) __syncthreads();
  if (t == 0) head = R::advance(buf, head, 4);
  __syncthreads();
  out[4 + t] = *R::advance(buf, head, t);
}
