// spec: structs with a pointer field in shared memory (`__shared__ Segment segs[2]`, built by thread 0 with brace initialisers into two kernel buffers, read by every thread after a barrier), a segment copied to a local and its pointer field stepped with `+=`; without the barrier the struct cells race
// run: run --block-dim 2 --param n=3 --param sync=1 --buffer a=3 --buffer b=4 --init a=1,2,3 --init b=10,20,30,40
// exit: 0
// expect: verdict=ok final.out=[5,30]
// run: run --block-dim 2 --param n=3 --param sync=0 --buffer a=3 --buffer b=4 --init a=1,2,3 --init b=10,20,30,40
// exit: 1
// expect: verdict=race accesses.0.array=segs accesses.1.array=segs
// run: check --block-dim 2 --param n=3 --param sync=1 --buffer a=3 --buffer b=4
// exit: 0
// expect: verdict=ok
// why: a Segment is 3 cells (data's offset, data's array id, len). Thread 0 writes segs[0] =
//   {a, 3} and segs[1] = {b + 1, 2}; after the barrier thread t copies segs[t & 1] and skips
//   one element (s.data += 1): thread 0 sums a[1 .. 2] = 2 + 3 = 5 (len - 1 = 2 elements),
//   thread 1 sums b[1 + 1 .. ] for len - 1 = 1 element: b[2] = 30. out = [5, 30]; the reads
//   stay within a's 3 and b's 4 cells whatever they hold (check). With sync = 0 thread 1 reads
//   segs[1]'s cells in the same barrier interval in which thread 0 writes them: a write-read
//   race on segs at the final barrier (thread 1's own copy still holds run's zeros: len 0, so
//   its loop reads nothing and the null pointer is never dereferenced).
struct Segment {
  const int* data;
  int len;
};

__device__ int sumTail(Segment s) {
  s.data += 1;
  int acc = 0;
  for (int i = 0; i < s.len - 1; ++i) acc += s.data[i];
  return acc;
}

__global__ void segmentSums(const int* a, const int* b, int* out, int n, int sync) {
  __shared__ Segment segs[2];
  int t = threadIdx.x;
  if (t == 0) {
    segs[0] = Segment{a, n};
    segs[1] = Segment{b + 1, n - 1};
  }
  if (sync) __syncthreads();
  out[t] = sumTail(segs[t & 1]);
}
