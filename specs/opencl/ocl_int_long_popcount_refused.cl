// spec: OpenCL integer functions on 64-bit types stay unsupported, by name: popcount of a long
// run: run --local-size 1
// exit: 2
// stderr: ocl_int_long_popcount_refused.cl:9:12: error: unsupported: call to 'popcount'
// why: the integer functions are lowered on char, short and int types; a long argument (line 9,
//   the call at column 12 after "  out[0] = ") has no lowering: refused at the call, exit 2.
__kernel void k(__global const long *in, __global long *out) {
  long v = in[0];
  out[0] = popcount(v);
}
