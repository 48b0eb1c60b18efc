// spec: __add_noovfl on 64-bit operands is a compile-time error (its overflow checks are on 32-bit words), not a silent truncation
// run: run --local-size 2 --buffer A=2 --param x=1
// exit: 2
// stderr: __add_noovfl_on_32_bit_operands_only
// why: p + q has type long (64 bits in OpenCL), so the header's size check (an array of
//   size -1) fails where the annotation stands: Clang's error, exit 2.
__kernel void widen(__global unsigned *A, unsigned x) {
  long p = x, q = x;
  __assert(__add_noovfl(p, q));
  A[get_local_id(0)] = x;
}
