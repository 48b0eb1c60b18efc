// spec: CUDA __syncthreads_count/_and/_or: a block-wide vote on values staged in shared memory; each vote is a barrier, so reading another thread's cell after it is no race; check explores every input
// run: run --block-dim 4 --init A=3,9,0,7
// exit: 0
// expect: verdict=ok final.A=[201,201,201,201]
// run: check --block-dim 4
// exit: 0
// expect: verdict=ok
// why: S = A = [3,9,0,7]. big counts S[t] > 5: 9 and 7, so 2; all: S[2] = 0, so 0; any:
//   S[(t+1)%4] == 7 holds for t = 2, so 1. Every thread gets 2*100 + 0*10 + 1 = 201. Races:
//   S[t] is written by t before the first vote, whose barrier precedes the read of
//   S[(t+1)%4] in the third vote's predicate; A[t] is read and written by t only. The votes'
//   own cells (__sync_vote[t]) are written before and read after the first barrier of each
//   vote, and the next vote's writes come after its second barrier: no input gives a race.
__global__ void vote(int *A) {
  __shared__ int S[4];
  int t = threadIdx.x;
  S[t] = A[t];
  int big = __syncthreads_count(S[t] > 5);
  int all = __syncthreads_and(S[t] != 0);
  int any = __syncthreads_or(S[(t + 1) % 4] == 7);
  A[t] = big * 100 + all * 10 + any;
}
