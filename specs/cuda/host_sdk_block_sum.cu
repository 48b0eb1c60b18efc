// spec: an SDK-style sample with a full host main (<iostream>, <vector>, <string>, <memory>, <map>, <random>, <chrono>, <cstdio>, <cstdlib>, <cstring>, <numeric>, <functional>, <array>, <tuple>: libstdc++'s, as Clang takes them): the host code parses and is not lowered; the templated block sum it launches is checked (fixed twin of host_sdk_block_sum_race.cu)
// run: run --block-dim 4 --num-groups 2 --buffer in=8 --buffer partial=2 --init in=1,2,3,4,5,6,7,8 --param n=8
// exit: 0
// expect: verdict=ok final.partial=[10,26]
// run: run --block-dim 4 --num-groups 2 --buffer in=8 --buffer partial=2 --init in=1,2,3,4,5,6,7,8 --param n=6
// exit: 0
// expect: verdict=ok final.partial=[10,11]
// run: run --target 32 --block-dim 4 --num-groups 2 --buffer in=8 --buffer partial=2 --init in=1,2,3,4,5,6,7,8 --param n=8
// exit: 0
// expect: verdict=ok final.partial=[10,26]
// why: The only kernel is samples::blockSum<4>, instantiated by main's launch (host code:
//   std::vector, std::mt19937, std::map, std::chrono, std::cout … parse, none is lowered).
//   Block b, thread t: i = 4b + t, cache[t] = in[i] if i < n else 0; barrier; stride 2:
//   threads 0, 1 add cache[t + 2]; barrier; stride 1: thread 0 adds cache[1]; barrier; thread
//   0 writes the block's sum. n = 8: block 0 sums 1+2+3+4 = 10, block 1 5+6+7+8 = 26. n = 6:
//   block 1 keeps in[4], in[5] = 5, 6 and zeros for i = 6, 7: 11. Each stride's writes
//   (cache[t], t < stride) and reads (cache[t], cache[t + stride]) are separated by the
//   barriers, and partial[b] has one writer per block: ok. --target 32 (an i386 host: glibc's
//   32-bit headers under libstdc++'s host headers) parses the same file and gives the same sums.
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <numeric>
#include <random>
#include <string>
#include <tuple>
#include <vector>
#include <cuda_runtime.h>

#define CHECK_CUDA(call)                                                           \
  do {                                                                             \
    cudaError_t err_ = (call);                                                     \
    if (err_ != cudaSuccess) {                                                     \
      std::fprintf(stderr, "%s:%d: CUDA error %d\n", __FILE__, __LINE__, (int)err_); \
      std::exit(EXIT_FAILURE);                                                     \
    }                                                                              \
  } while (0)

namespace samples {

// Sum of each block's BLOCK elements of `in` (the first n), one partial sum per block.
template <int BLOCK>
__global__ void blockSum(const int* __restrict__ in, int* __restrict__ partial, int n) {
  __shared__ int cache[BLOCK];
  const int tid = threadIdx.x;
  const int i = blockIdx.x * BLOCK + tid;
  cache[tid] = i < n ? in[i] : 0;
  __syncthreads();
  for (int stride = BLOCK / 2; stride > 0; stride >>= 1) {
    if (tid < stride) cache[tid] += cache[tid + stride];
    __syncthreads();
  }
  if (tid == 0) partial[blockIdx.x] = cache[0];
}

}  // namespace samples

int main(int argc, char** argv) {
  constexpr int kBlock = 4;
  const int n = argc > 1 ? std::atoi(argv[1]) : 1 << 20;
  const int blocks = (n + kBlock - 1) / kBlock;
  std::vector<int> host(n);
  std::mt19937 rng(2024);
  std::uniform_int_distribution<int> digit(0, 9);
  for (int& x : host) x = digit(rng);
  std::map<std::string, double> timings;
  std::unique_ptr<int[]> partial(new int[blocks]);
  std::memset(partial.get(), 0, blocks * sizeof(int));
  int *d_in = nullptr, *d_partial = nullptr;
  CHECK_CUDA(cudaMalloc(&d_in, n * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&d_partial, blocks * sizeof(int)));
  CHECK_CUDA(cudaMemcpy(d_in, host.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  const auto start = std::chrono::steady_clock::now();
  samples::blockSum<kBlock><<<blocks, kBlock>>>(d_in, d_partial, n);
  CHECK_CUDA(cudaDeviceSynchronize());
  timings["blockSum"] = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  CHECK_CUDA(cudaMemcpy(partial.get(), d_partial, blocks * sizeof(int), cudaMemcpyDeviceToHost));
  const long long gpu = std::accumulate(partial.get(), partial.get() + blocks, 0LL);
  const long long cpu = std::accumulate(host.begin(), host.end(), 0LL);
  std::function<bool(long long, long long)> same = [](long long a, long long b) { return a == b; };
  const std::array<const char*, 2> verdicts{"FAILED", "PASSED"};
  const auto summary = std::make_tuple(gpu, cpu, verdicts[same(gpu, cpu)]);
  for (const auto& [name, ms] : timings) std::cout << name << ": " << ms << " ms\n";
  std::cout << "sum " << std::get<0>(summary) << " (host " << std::get<1>(summary) << "): " << std::get<2>(summary)
            << std::endl;
  cudaFree(d_in);
  cudaFree(d_partial);
  return same(gpu, cpu) ? EXIT_SUCCESS : EXIT_FAILURE;
}
