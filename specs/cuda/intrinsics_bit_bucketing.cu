// spec: CUDA's integer intrinsics as SDK kernels use them: __mul24 for the global index, 31 - __clz(x) for a log2 bucket, __popc, __ffs, __brev and __sad (a sum of absolute differences, as in motion estimation) of a per-thread value; each thread writes its own cells
// run: run --block-dim 4 --buffer bucket=4 --buffer bits=4 --buffer low=4 --buffer idx=4 --buffer rev=4 --buffer sad=4
// exit: 0
// expect: verdict=ok final.bucket=[5,6,6,7] final.bits=[2,2,4,2] final.low=[4,5,4,6] final.idx=[0,1,2,3] final.rev=[-2147483648,1073741824,536870912,268435456] final.sad=[61,21,21,61]
// why: x = (t + 1) * 40 = 40, 80, 120, 160 = 0b101000, 0b1010000, 0b1111000, 0b10100000.
//   Highest set bit 5, 6, 6, 7 (__clz = 26, 25, 25, 24): bucket = 31 - __clz(x). __popc:
//   2, 2, 4, 2. __ffs (1 + the lowest set bit's index): 4, 5, 4, 6. idx = __mul24(blockIdx.x,
//   blockDim.x) + threadIdx.x = 0 * 4 + t. __brev(1 << t) = 1 << (31 - t): 0x80000000 (as
//   int -2147483648), 0x40000000, 0x20000000, 0x10000000. __sad(x, 100, 1) = |x - 100| + 1:
//   61, 21, 21, 61.
__device__ __forceinline__ int log2Bucket(unsigned int x) { return 31 - __clz((int)x); }

__global__ void bitStats(int *bucket, int *bits, int *low, int *idx, int *rev, unsigned int *sad) {
  const unsigned int t = threadIdx.x;
  const unsigned int gid = __umul24(blockIdx.x, blockDim.x) + t;
  const unsigned int x = (t + 1) * 40u;
  bucket[gid] = log2Bucket(x);
  bits[gid] = __popc(x);
  low[gid] = __ffs((int)x);
  idx[gid] = __mul24((int)blockIdx.x, (int)blockDim.x) + (int)t;
  rev[gid] = (int)__brev(1u << t);
  sad[gid] = __sad((int)x, 100, 1u);
}
