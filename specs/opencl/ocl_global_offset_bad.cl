// spec: --global-offset checks its value and applies to OpenCL kernels: a negative offset is a command-line error
// run: run --local-size 2 --global-offset=-1
// exit: 2
// stderr: error: --global-offset: expected X, X,Y,Z or [X,Y,Z] with each offset 0 to 2147483647, not '-1'
// run: run --local-size 2 --global-offset 1,2,3,4
// exit: 2
// stderr: error: --global-offset: expected X, X,Y,Z or [X,Y,Z]
// run: run --local-size 2 --global-offset 3
// exit: 0
// expect: verdict=ok final.out=[3,4]
// why: offsets are unsigned sizes (size_t), at most three of them; -1 and four values are
//   refused (exit 2). With 3: get_global_id(0) = 3 + i: out = {3, 4}.
__kernel void k(__global int *out) {
  out[get_local_id(0)] = get_global_id(0);
}
