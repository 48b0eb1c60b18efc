// spec: a debugging printf that shows a neighbour's shared cell before the barrier: the read inside printf's arguments races with the neighbour's write, exactly as the same read would anywhere else
// run: run --block-dim 4 --buffer out=4
// exit: 1
// expect: verdict=race
// why: thread t writes tile[t] and, in the same barrier interval, printf reads
//   tile[(t + 1) % 4]: thread 3 reads tile[0], which thread 0 writes. At the
//   __syncthreads() after them the logs hold a write of tile[0] by thread 0 and a read of
//   it by thread 3: a write-read race (G-RACE).
__global__ void shiftLeft(int *out) {
  __shared__ int tile[4];
  const int t = threadIdx.x;
  tile[t] = 10 * t;
  printf("thread %d: right neighbour holds %d\n", t, tile[(t + 1) % 4]);
  __syncthreads();
  out[t] = tile[(t + 1) % 4];
}
