// spec: OpenCL C: an implicit float-to-int conversion (C99 6.3.1.4) out of int's range is undefined, the verdict integer-overflow; convert_int, whose out-of-range result OpenCL leaves implementation-defined, is not checked; --no-overflow-check turns the check off
// run: run --kernel to_fixed --local-size 2 --buffer in=2 --buffer out=2 --init in=0x3fc00000,0xc0200000 --param scale=0x43800000
// exit: 0
// expect: verdict=ok final.out=[384,-640]
// run: run --kernel to_fixed --local-size 2 --buffer in=2 --buffer out=2 --init in=0x3fc00000,0xc0200000 --param scale=0x4f000000
// exit: 1
// expect: verdict=integer-overflow threads=[0] message="thread 0 converts the float 3221225472 to int (at 24:15): outside its range, undefined in C and C++"
// run: run --kernel to_fixed --local-size 2 --buffer in=2 --buffer out=2 --init in=0x3fc00000,0xc0200000 --param scale=0x4f000000 --no-overflow-check
// exit: 0
// expect: verdict=ok final.out=[-2147483648,-2147483648]
// run: run --kernel to_fixed_convert --local-size 2 --buffer in=2 --buffer out=2 --init in=0x3fc00000,0xc0200000 --param scale=0x4f000000
// exit: 0
// expect: verdict=ok final.out=[-2147483648,-2147483648]
// why: in = [1.5 (0x3fc00000), -2.5 (0xc0200000)]. scale 256 (0x43800000): 384.0 and -640.0,
//   exact integers: out = [384, -640]. scale 2^31 (0x4f000000): 1.5 * 2^31 = 3221225472 and
//   -2.5 * 2^31 = -5368709120 are both outside int: the implicit conversion in `int fixed =
//   in[i] * scale;` is undefined, thread 0 (the lowest) reported at `in[i] * scale`. Without
//   the check, KPL's ftoi gives INT_MIN outside the range (x86's integer indefinite) for
//   both. convert_int is OpenCL's explicit conversion: out of range its result is
//   implementation-defined (OpenCL C 1.2, 6.2.3.3), not undefined, so it is not checked and
//   gives ftoi's INT_MIN.
kernel void to_fixed(global const float* in, global int* out, float scale) {
  int i = get_global_id(0);
  int fixed = in[i] * scale;
  out[i] = fixed;
}

kernel void to_fixed_convert(global const float* in, global int* out, float scale) {
  int i = get_global_id(0);
  out[i] = convert_int(in[i] * scale);
}
