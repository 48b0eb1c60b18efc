// spec: C++ template kernel (element type and block size as template parameters, SDK style): a shared-memory tree reduction instantiated explicitly for two types, chosen with --kernel 'reduce<int, 4>'; the bare name is ambiguous
// run: run --kernel 'reduce<int, 4>' --block-dim 4 --buffer in=4 --buffer out=1 --init in=3,1,4,1
// exit: 0
// expect: verdict=ok final.out=[9]
// run: run --kernel 'reduce<unsigned int,2>' --block-dim 2 --buffer in=2 --buffer out=1 --init in=5,6
// exit: 0
// expect: verdict=ok final.out=[11]
// run: run --kernel reduce --block-dim 4
// exit: 2
// stderr: no kernel named 'reduce' (--kernel); 'reduce' names several instantiations
// why: reduce<int, 4>: s = in = [3,1,4,1]; stride 2: s[0] = 3+4 = 7, s[1] = 1+1 = 2; stride 1:
//   s[0] = 7+2 = 9; thread 0 writes out[0] = 9. A barrier separates every step, so no race.
//   reduce<unsigned int, 2> (spelt without the blank, which --kernel ignores): s = [5, 6],
//   stride 1: s[0] = 11. The bare name matches both instantiations: exit 2.
template <typename T, int BLOCK>
__global__ void reduce(const T* in, T* out) {
  __shared__ T s[BLOCK];
  unsigned t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  for (unsigned stride = BLOCK / 2; stride > 0; stride >>= 1) {
    if (t < stride) s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0) out[0] = s[0];
}
template __global__ void reduce<int, 4>(const int*, int*);
template __global__ void reduce<unsigned, 2>(const unsigned*, unsigned*);
