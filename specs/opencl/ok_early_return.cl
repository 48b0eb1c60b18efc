// spec: OpenCL early return with no barrier after it: the remaining threads finish, the kernel is ok
// run: run --local-size 4 --param k=2
// exit: 0
// expect: verdict=ok final.out=[1,2]
// run: run --local-size 4 --param k=4
// exit: 0
// expect: verdict=ok final.out=[1,2,3,4]
// why: threads with i >= k return (line 15) and are disabled for the rest of the kernel; the
//   final barrier is not a divergence (the return only leaves the body). k = 2: threads 0, 1
//   write out[i] = i + 1; out is printed up to its highest written cell: [1,2]. k = 4: nobody
//   returns: [1,2,3,4].
__kernel void early(__global int *out, int k) {
  int i = get_local_id(0);
  if (i >= k)
    return;
  out[i] = i + 1;
}
