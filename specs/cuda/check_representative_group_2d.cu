// spec: CUDA check, representative group in a 2-D grid (4 x 4 blocks of 2 x 2): with unsigned indices the block coordinates reach only addresses and block (0,0) stands for all 16 (2 states); with int indices the row * N + col products are signed operations whose overflow could depend on the block, so every block is explored (32 states)
// run: check --kernel matrix_add --block-dim 2,2 --grid-dim 4,4
// exit: 0
// expect: verdict=ok states=2 transitions=1 terminal_states=1 depth=2
// expect: groups_explored.groups=[0] groups_explored.representative=true inter_group.checked=true inter_group.how="translation"
// run: check --kernel matrix_add_int --block-dim 2,2 --grid-dim 4,4
// exit: 0
// expect: verdict=ok states=32 transitions=16 terminal_states=16 depth=2
// expect: groups_explored.representative=false groups_explored.location.line=34
// expect: groups_explored.why="line 34:3: the group id reaches an operand of a signed operation that can overflow"
// expect: inter_group.checked=true inter_group.how="launch"
// why: col = blockIdx.x * 2 + threadIdx.x, row = blockIdx.y * 2 + threadIdx.y (unsigned, wrapping:
//   blockIdx.x, .y are gid % 4 and gid / 4); the cell row * 8 + col has the block-dependent part
//   h = 16 blockIdx.y + 2 blockIdx.x, the same for A, B and C, all unbounded: block (0,0) alone,
//   A and B abstract (their values reach only C): one segment to the end, G-SYNC with ss empty:
//   2 states, 1 transition, 1 terminal, depth 2. Inter-group: block (0,0) writes C at 8 ty + tx
//   (ty, tx < 2: 0, 1, 8, 9, span 9); the blocks whose h is within 9 of it are (1,0), (2,0), (3,0)
//   (h = 2, 4, 6: columns 2..7, none of 0..1), block (0,1) is 16 away: no cell meets; A and B are
//   only read. With int the products are nsw_mul/nsw_add (line 34): the block id reaches an
//   operand that can overflow, so each of the 16 blocks is a configuration: 2 states each, 32
//   states, 16 transitions, 16 terminal, depth 2. The launch, run block by block, writes each C
//   cell once (row, col < 8): no inter-group race.
#define N 8

__global__ void matrix_add(const float *A, const float *B, float *C) {
  const unsigned col = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned row = blockIdx.y * blockDim.y + threadIdx.y;
  C[row * N + col] = A[row * N + col] + B[row * N + col];
}

__global__ void matrix_add_int(const float *A, const float *B, float *C) {
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  C[row * N + col] = A[row * N + col] + B[row * N + col];
}
