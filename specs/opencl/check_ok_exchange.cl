// spec: OpenCL check: a __local exchange separated by barriers is race- and divergence-free for every input
// run: check --local-size 4
// exit: 0
// expect: verdict=ok
// run: run --local-size 4 --init A=1,0,1,1
// exit: 0
// expect: verdict=ok final.out=[0,1,1,1]
// why: tile[i] = A[i] (one cell per thread), barrier, out[i] = tile[(i+1)%4]: every read of
//   another thread's cell follows the barrier, whatever the values of A (0..1 each in check),
//   and the barrier is reached by all threads. So no initial memory leads to an error.
//   A = 1,0,1,1: out = [A[1], A[2], A[3], A[0]] = [0,1,1,1].
__kernel void exchange(__global const int *A, __global int *out) {
  __local int tile[4];
  int i = get_local_id(0);
  tile[i] = A[i];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[i] = tile[(i + 1) % 4];
}
