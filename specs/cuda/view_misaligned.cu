// spec: a view of byte storage as float at an offset that is not a multiple of 4 is undefined (the device faults on a misaligned 32-bit access): refused at the cast when the offset is a literal, an assertion at the cast when it is computed
// run: run --block-dim 2 --kernel unpackFixed --buffer packet=16 --buffer out=2
// exit: 2
// stderr: unsupported: a misaligned view: 'const float *' at byte offset 2 of 'packet'
// run: run --block-dim 2 --kernel unpackAt --param header=2 --buffer packet=16 --buffer out=2
// exit: 1
// expect: verdict=assertion location.line=23
// run: run --block-dim 2 --kernel unpackAt --param header=4 --buffer packet=16 --buffer out=2 --init packet=0,0,0,0,0,0,-128,63,0,0,0,64,0,0,0,0
// exit: 0
// expect: verdict=ok final.out=[1065353216,1073741824]
// why: packet is 16 one-byte cells. unpackFixed views packet + 2 as floats: byte offset 2 is a
//   literal not a multiple of 4, refused at the cast (line 18). unpackAt views packet + header:
//   with header = 2 the offset is computed, and the cast asserts 2 % 4 == 0, which fails (line 23).
//   With header = 4 the view starts at byte 4: thread t reads bytes 4 + 4t .. 7 + 4t, little-endian:
//   t = 0: bytes 0, 0, 0x80 (-128 as a signed char cell), 0x3f -> 0x3f800000 = 1.0f = 1065353216;
//   t = 1: bytes 0, 0, 0, 0x40 -> 0x40000000 = 2.0f = 1073741824.
__global__ void unpackFixed(const char* packet, float* out) {
  const float* payload = reinterpret_cast<const float*>(packet + 2);
  out[threadIdx.x] = payload[threadIdx.x];
}

__global__ void unpackAt(const char* packet, float* out, int header) {
  const float* payload = reinterpret_cast<const float*>(packet + header);
  out[threadIdx.x] = payload[threadIdx.x];
}
