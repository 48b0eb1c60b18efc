// spec: issue 14: a __shared__ array of unions of a word and its bytes is byte cells: eight threads writing eight different bytes of two words do not race (C and CUDA memory is byte-addressed) and the words read after the barrier are those bytes; a word written in the same barrier interval as another thread's byte of it races
// run: run --block-dim 8 --buffer in=8 --buffer out=2 --init in=1,2,3,4,5,6,7,8
// exit: 0
// expect: verdict=ok final.out=[67305985,134678021]
// run: check --block-dim 8 --buffer in=8 --buffer out=2 --domain 0..1 --param clearFirst=0
// exit: 0
// expect: verdict=ok
// run: run --block-dim 8 --buffer in=8 --buffer out=2 --init in=1,2,3,4,5,6,7,8 --param clearFirst=1
// exit: 1
// expect: verdict=race rule=G-RACE accesses.0.array=slots accesses.1.array=slots
// why: slots[w].bytes[k] is byte k of slots[w].word (little-endian), one cell per byte. Thread t
//   writes byte t % 4 of slot t / 4: eight different bytes, so no two threads touch one cell
//   and there is no race whatever in holds (check with clearFirst 0, every value of the domain). After the
//   barrier thread w < 2 reads slot w's word: bytes in[4w .. 4w+3] = 1, 2, 3, 4 → 0x04030201 =
//   67108864 + 196608 + 512 + 1 = 67305985; 5, 6, 7, 8 → 0x08070605 = 134217728 + 458752 + 1536 + 5
//   = 134678021. (A word-sized read-modify-write of each byte would race between the four threads
//   of one word: C does not.) With clearFirst, thread 0 also writes slots[0].word = 0, its four
//   bytes, in the interval where threads 1, 2, 3 write bytes 1, 2, 3 of it: a write-write race on
//   slots (G-RACE).
namespace pack {

union Packed {
  unsigned int word;
  unsigned char bytes[4];
};

__device__ void storeByte(Packed* slots, int t, int v) { slots[t / 4].bytes[t % 4] = static_cast<unsigned char>(v); }

}  // namespace pack

__global__ void packBytes(const int* in, unsigned int* out, int clearFirst) {
  __shared__ pack::Packed slots[2];
  const int t = threadIdx.x;
  pack::storeByte(slots, t, in[t]);
  if (clearFirst && t == 0) slots[0].word = 0u;
  __syncthreads();
  if (t < 2) out[t] = slots[t].word;
}
