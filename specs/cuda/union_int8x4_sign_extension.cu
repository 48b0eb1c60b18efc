// spec: issue 14: a quantised-inference union of a word, four signed chars and two shorts lowered as bytes: each signed char and short member is sign-extended from its own bytes, a dot product of int8 lanes through a helper taking the unions by value, and a byte written back into the word
// run: run --block-dim 2 --buffer a=2 --buffer b=2 --buffer dots=2 --buffer lanes=2 --buffer halves=2 --buffer words=2 --init a=-2130771585,16909060 --init b=16843009,-1
// exit: 0
// expect: verdict=ok final.dots=[-1,-10] final.lanes=[-128,1] final.halves=[-32513,258] final.words=[-2130739073,16941060]
// run: check --block-dim 2 --buffer a=2 --buffer b=2 --buffer dots=2 --buffer lanes=2 --buffer halves=2 --buffer words=2 --domain 0..1
// exit: 0
// expect: verdict=ok
// why: Int8x4's members share its 4 bytes, little-endian: q[k] is byte k (bits 8k..8k+7 of word),
//   h[k] bytes 2k..2k+1; reading a signed char (short) member sign-extends its byte (bytes).
//   t0: a = 0x80FF017F (given as 0x80FF017F − 2^32 = −2130771585): q = [0x7F, 0x01, 0xFF, 0x80] =
//   [127, 1, −1, −128]; b = 0x01010101 = 16843009: q = [1, 1, 1, 1]; dot = 127 + 1 − 1 − 128 = −1.
//   lanes = q[3] = −128 (0x80 sign-extended, not 128). halves = h[1] = 0x80FF as a short =
//   0x80FF − 2^16 = −32513. Then q[1] = −128 writes byte 1 only (0x80): word 0x80FF807F =
//   0x80FF807F − 2^32 = −2130739073 as a signed word.
//   t1: a = 0x01020304 = 16909060: q = [4, 3, 2, 1]; b = −1 = 0xFFFFFFFF: q = [−1, −1, −1, −1];
//   dot = −(4 + 3 + 2 + 1) = −10. lanes = 1, halves = h[1] = 0x0102 = 258; q[1] = −128:
//   0x01028004 = 16777216 + 131072 + 32768 + 4 = 16941060.
//   check: no thread reads another's cells and every union is private: no race whatever a and b hold.
namespace quant {

union Int8x4 {
  int word;
  signed char q[4];
  short h[2];
};

template <int N>
__device__ int dot(Int8x4 x, Int8x4 y) {
  int s = 0;
#pragma unroll
  for (int k = 0; k < N; ++k) s += x.q[k] * y.q[k];
  return s;
}

}  // namespace quant

__global__ void dotInt8(const int* a, const int* b, int* dots, int* lanes, int* halves, int* words) {
  const int t = threadIdx.x;
  quant::Int8x4 x, y;
  x.word = a[t];
  y.word = b[t];
  dots[t] = quant::dot<4>(x, y);
  lanes[t] = x.q[3];
  halves[t] = x.h[1];
  x.q[1] = -128;
  words[t] = x.word;
}
