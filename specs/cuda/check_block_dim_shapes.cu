// spec: CUDA check --block-dim 1..3,1..2 explores every block shape in order of total size, then x, y: (1,1,1), (1,2,1), (2,1,1), (3,1,1), (2,2,1), (3,2,1); the pairing of threadIdx.x % 2 races first at (3,1,1), a smaller block than (2,2,1), though 2 < 3 in x
// run: check --block-dim 1..3,1..2
// exit: 1
// expect: verdict=race rule=G-RACE location.line=22
// expect: accesses.0={"kind":"write","array":"buf","index":0} accesses.1={"kind":"write","array":"buf","index":0}
// expect: local_size=[3,1,1] shapes.0.local_size=[1,1,1] shapes.1.local_size=[1,2,1] shapes.2.local_size=[2,1,1] shapes.3.local_size=[3,1,1]
// expect: shapes.0.verdict="ok" shapes.1.verdict="ok" shapes.2.verdict="ok" shapes.3.verdict="race"
// expect: states=10 transitions=6 terminal_states=3
// why: thread (x, y) writes buf[x % 2 + 2y] (line 21), then after __syncthreads (line 22)
//   thread (0,0) copies buf[0] to out[0]. Two threads share a slot exactly when two x values
//   have the same parity: x-size 3 (x = 0 and 2). The shapes by total size: 1 = 1x1; 2 = 1x2,
//   2x1 (x first); 3 = 3x1; 4 = 2x2; 6 = 3x2. 1x1 (slot 0), 1x2 (slots 0, 2), 2x1 (slots 0, 1):
//   each s0 → (the writes, G-SYNC) s1 → (buf[0] written by thread 0 itself, out[0] written,
//   closing G-SYNC with ss empty) s2, terminal: 3 states, 2 transitions, 1 terminal each.
//   3x1: threads (0,0,0) and (2,0,0) both write buf[0]: G-RACE at __syncthreads, found
//   expanding s0: 1 state, no transition. In all 9 + 1 = 10 states, 6 transitions, 3
//   terminal; out's values reach nothing (abstract), buf is written before it is read.
__global__ void pairs(int *out) {
  __shared__ int buf[8];
  const unsigned slot = threadIdx.x % 2 + 2 * threadIdx.y;
  buf[slot] = threadIdx.x;
  __syncthreads();
  if (threadIdx.x == 0 && threadIdx.y == 0) out[0] = buf[0];
}
