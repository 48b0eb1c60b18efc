// spec: libstdc++'s std::clamp (with its constant-evaluation check), std::max on floats, std::abs on float and int, std::sqrt, an auto-returning helper choosing with if constexpr and std::is_same_v, an __align__ struct and static_assert, in device code
// run: run --block-dim 4 --buffer out=4 --buffer io=4
// exit: 0
// expect: verdict=ok final.io=[1,2,4,6] final.out=[1077936128,1080033280,1084227584,1087373312]
// why: io[t] = relu(t - 2) + std::clamp(t, 1, 2) + std::abs(-t), relu(x) = std::max<int>(x, 0):
//   t0: 0 + 1 + 0 = 1; t1: 0 + 1 + 1 = 2; t2: 0 + 2 + 2 = 4; t3: 1 + 2 + 3 = 6.
//   out[t], with a = t - 1.5f and b = 2.0f, is relu(a) (std::max(a, 0.0f)) + std::abs(-b) (2)
//   + std::sqrt(4.0f) (2) + std::clamp(a, -1.0f, 1.0f), every sum exact in float:
//   t0: a = -1.5: 0 + 2 + 2 - 1 = 3.0 (0x40400000 = 1077936128);
//   t1: a = -0.5: 0 + 2 + 2 - 0.5 = 3.5 (0x40600000 = 1080033280);
//   t2: a = 0.5: 0.5 + 2 + 2 + 0.5 = 5.0 (0x40a00000 = 1084227584);
//   t3: a = 1.5: 1.5 + 2 + 2 + 1 = 6.5 (0x40d00000 = 1087373312). One writer per cell: ok.
#include <algorithm>
#include <cmath>
#include <type_traits>

namespace ops {

template <typename T>
__device__ __forceinline__ auto relu(T x) {
  if constexpr (std::is_same_v<T, float>)
    return std::max(x, 0.0f);
  else
    return std::max<T>(x, 0);
}

struct __align__(8) Pair {
  float a;
  float b;
};
static_assert(sizeof(Pair) == 8, "two floats, aligned to 8");

}  // namespace ops

__global__ void clamp_relu(float* out, int* io) {
  const int t = threadIdx.x;
  const ops::Pair p{static_cast<float>(t) - 1.5f, 2.0f};
  out[t] = ops::relu(p.a) + std::abs(-p.b) + std::sqrt(4.0f) + std::clamp(p.a, -1.0f, 1.0f);
  io[t] = ops::relu(t - 2) + std::clamp(t, 1, 2) + std::abs(-t);
}
