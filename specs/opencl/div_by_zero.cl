// spec: OpenCL division by zero on one thread (the divisor depends on the local id and a parameter)
// run: run --local-size 4 --param k=2
// exit: 1
// expect: verdict=division-by-zero threads=[2] location.line=12
// run: run --local-size 4 --param k=9
// exit: 0
// expect: verdict=ok final.out=[-1,-1,-1,-2]
// why: out[i] = 12 / (i - k). k = 2: thread 2 divides by 0 (line 12). k = 9: divisors -9, -8, -7,
//   -6; C truncates toward zero: -1, -1, -1, -2.
__kernel void quot(__global int *out, int k) {
  int i = get_local_id(0);
  out[i] = 12 / (i - k);
}
