// spec: a template kernel the file instantiates once (with int64_t, a using alias and its default argument): --kernel spelt with typedefs and an expression picks that instantiation, as do the template's name alone and no --kernel; the race of the instantiation without its barrier; an unknown name lists the instantiations
// run: run --kernel 'ops::shift_left<int64_t, 1>' --block-dim 2 --buffer data=2 --init data=5,0,7,0
// exit: 0
// expect: verdict=ok final.data=[7,0,0,0]
// run: run --kernel 'ops::shift_left<long, 3 - 2, true>' --block-dim 2 --buffer data=2 --init data=5,0,7,0
// exit: 0
// expect: verdict=ok final.data=[7,0,0,0]
// run: run --kernel ops::shift_left --block-dim 2 --buffer data=2 --init data=5,0,7,0
// exit: 0
// expect: verdict=ok final.data=[7,0,0,0]
// run: run --block-dim 2 --buffer data=2 --init data=5,0,7,0
// exit: 0
// expect: verdict=ok final.data=[7,0,0,0]
// run: run --kernel 'ops::shift_left<ops::elem_t, 1, false>' --block-dim 2 --buffer data=2 --init data=5,0,7,0
// exit: 1
// expect: verdict=race rule=G-RACE
// run: run --kernel 'ops::shift_right<int64_t, 1>' --block-dim 2
// exit: 2
// stderr: error: no kernel named 'ops::shift_right<int64_t, 1>' (--kernel) (no member named 'shift_right' in namespace 'ops'); the file has ops::shift_left<long, 1, true>
// why: the file instantiates shift_left<ops::elem_t, 1> (elem_t = int64_t = long on the
//   64-bit target, SYNC defaulting to true), which prints as ops::shift_left<long, 1, true>.
//   `int64_t, 1` and `long, 3 - 2, true` are that specialisation by C++'s rules; the name
//   alone and no --kernel pick the only one. --init gives the cells, two 32-bit words per
//   64-bit element, low first: data = [5, 7]. Each thread t reads
//   data[t + 1] when t + 1 < 2 (thread 0: 7; thread 1 keeps 0), then, after the barrier,
//   writes it to data[t]: data = [7, 0], as cells [7, 0, 0, 0].
//   SYNC = false drops the barrier: thread 0 reads data[1], which thread 1 writes, with no
//   barrier between them: a race (Clang instantiates that specialisation for --kernel).
//   shift_right is not declared: exit 2, with Clang's reason and the one instantiation.
#include <cstdint>

namespace ops {
using elem_t = int64_t;

template <typename T, int SHIFT, bool SYNC = true>
__global__ void shift_left(T* data) {
  const int t = threadIdx.x;
  T v = 0;
  if (t + SHIFT < static_cast<int>(blockDim.x)) v = data[t + SHIFT];
  if (SYNC) __syncthreads();
  data[t] = v;
}

template __global__ void shift_left<elem_t, 1>(elem_t*);
}  // namespace ops
