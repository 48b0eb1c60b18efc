// spec: OpenCL C 1.2 printf with a `*` width, a long and a float argument: no effect on memory; the arguments are evaluated (a division by zero inside one is the error it is anywhere)
// run: run --local-size 4 --buffer data=4 --param divisor=2
// exit: 0
// expect: verdict=ok final.data=[0,2,4,6]
// run: run --local-size 4 --buffer data=4 --param divisor=0
// exit: 1
// expect: verdict=division-by-zero threads=[0] location.line=13
// why: divisor = 2: each item prints, then writes data[i] = 2 * i: [0,2,4,6]. The format
//   "%d: %*d %ld %f" asks for 5 arguments (the `*` width takes one) and 5 follow. divisor = 0:
//   the argument i / divisor divides by zero in every item, an error verdict before any write.
__kernel void items(__global int *data, int divisor) {
  const int i = get_global_id(0);
  printf("%d: %*d %ld %f\n", i, 4, i / divisor, (long)i, 0.5f);
  data[i] = 2 * i;
}
