// spec: CUDA __ensures is checked at the kernel's end (before the final barrier), per thread, reading the thread's own writes
// run: run --block-dim 4
// exit: 1
// expect: verdict=assertion rule=T-ASSERT threads=[3] location.line=12
// run: run --block-dim 3
// exit: 0
// expect: verdict=ok final.out=[0,1,2]
// why: thread t writes out[t] = t, then the postcondition out[t] < 3 is asserted at the end:
//   with 4 threads thread 3 sees its own write 3 → assertion failure for thread 3 (the
//   __ensures, line 12). With 3 threads every value is < 3.
__global__ void post(int *out) {
  __ensures(out[threadIdx.x] < 3);
  out[threadIdx.x] = threadIdx.x;
}
