// spec: OpenCL Hillis-Steele inclusive prefix sum in __local memory with barrier(CLK_LOCAL_MEM_FENCE); global cells are each work-item's own
// run: run --local-size 8 --init in=1,2,3,4,5,6,7,8
// exit: 0
// expect: verdict=ok final.out=[1,3,6,10,15,21,28,36]
// run: run --local-size 8 --init in=5,0,0,0,0,0,0,1
// exit: 0
// expect: verdict=ok final.out=[5,5,5,5,5,5,5,6]
// why: every barrier fences local memory only (barrier(local)): the local logs are merged
//   and emptied at each, the global ones kept to the end. Global accesses: in[i] read and
//   out[i] written by work-item i alone, so the kept logs never conflict. Local: buf[i] is
//   written by i; in each round (off = 1, 2, 4) work-item i reads buf[i - off] (when
//   i >= off), then a barrier, then writes buf[i] (own), then a barrier: every cross read
//   is separated from every write by a barrier fencing local memory. After round off,
//   buf[i] = in[max(0, i - 2 off + 1)] + … + in[i]; after off = 4 (8 >= N) buf[i] is the
//   inclusive prefix sum: 1, 3, 6, 10, 15, 21, 28, 36 for 1..8, and 5 everywhere plus the
//   last 1 for the second input.
#define N 8

int scan_step(__local int *buf, int i, int off) {
  return i >= off ? buf[i - off] : 0;
}

__kernel void scan(__global const int *in, __global int *out) {
  __local int buf[N];
  int i = get_local_id(0);
  buf[i] = in[i];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int off = 1; off < N; off *= 2) {
    int add = scan_step(buf, i, off);
    barrier(CLK_LOCAL_MEM_FENCE);
    buf[i] += add;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[i] = buf[i];
}
