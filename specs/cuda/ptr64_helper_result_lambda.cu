// spec: 64-bit target: a helper's returned pointer past 2^31, a lambda's by-copy capture of it, p++/++p and p[i] through a pointer local, p - q, p > q and p - 2 == q keep the 64-bit offset (run, check); so does a pointer stored in a class's field that receives it, and a member operator[] returning a reference to an element through it
// run: run --kernel 'paged::fill_token<int, false>' --block-dim 2 --param token.lo=3 --param token.hi=0 --param stride.lo=1073741824 --param stride.hi=0
// exit: 0
// expect: verdict=ok final.cache={"3221225472":1,"3221225473":1,"3221225476":3,"3221225477":3} final.check=[7,7]
// run: check --kernel 'paged::fill_token<int, false>' --block-dim 2 --param token.lo=3 --param token.hi=0 --param stride.lo=1073741824 --param stride.hi=0
// exit: 0
// expect: verdict=ok
// run: run --kernel 'paged::fill_token<int, true>' --block-dim 2 --param token.lo=3 --param token.hi=0 --param stride.lo=1073741824 --param stride.hi=0
// exit: 0
// expect: verdict=ok final.cache={"3221225472":1,"3221225473":1} final.check=[]
// why: token = 3 and stride = 2^30 (int64_t parameters: low words 3 and 2^30, high words 0).
//   token_row returns cache + token * stride = 3 * 2^30 = 3221225472 (a 64-bit product, past
//   2^31): row's offset. Without the view: the lambda copies row and thread t stores 1 at
//   row[t] = cache[3221225472 + t]; p = row, p++ and ++p make it row + 2, and p[t + 2] is
//   cache[3221225472 + 4 + t] = 3 (cells 3221225476, 3221225477). check[t] = (row - cache ==
//   token * stride: the ptrdiff_t 3 * 2^30, equal, 1) + 2 * (p > row: 2 cells further, 1) + 4 *
//   (p - 2 == row: 1) = 7. (With 32-bit offsets, 3 * 2^30 would not fit a word.) check: the
//   one launch, each thread writes its own cells: no race, ok. With the view (USE_VIEW), row
//   is stored into RowView's pointer field `data` (line 45). row may hold a 64-bit offset (it
//   is a helper's result computed from int64_t arguments), so `data` is a pointer field that
//   receives one: it keeps the offset's high word in a third cell (frontends/clang/README.md,
//   "Targets"), and view[t] (operator[] returns data[i] by reference, the 64-bit cell
//   3221225472 + t) makes thread t store 1 at cache[3221225472 + t]: cells 3221225472 and
//   3221225473 hold 1, nothing else is written (check is not: the kernel returns first), ok.
//   (Before, the field kept one word and the run was inconclusive at line 45.)
#include <cstddef>
#include <cstdint>

namespace paged {

// The start of one token's row in a [tokens, stride] cache.
template <typename T>
__device__ __forceinline__ T* token_row(T* __restrict__ cache, int64_t token, int64_t stride) {
  return cache + token * stride;
}

// A view of one row, as a class holding the pointer (a pointer field given a 64-bit offset:
// it keeps both words).
template <typename T>
struct RowView {
  T* data;
  __device__ T& operator[](int i) const { return data[i]; }
};

template <typename T, bool USE_VIEW>
__global__ void fill_token(T* __restrict__ cache, int* __restrict__ check, int64_t token, int64_t stride) {
  T* row = token_row(cache, token, stride);
  if (USE_VIEW) {
    RowView<T> view{row};
    view[threadIdx.x] = T(1);
    return;
  }
  auto store = [=](int i, T v) { row[i] = v; };  // captures row by copy
  store(threadIdx.x, T(1));
  T* p = row;
  p++;
  ++p;
  p[threadIdx.x + 2] = T(3);
  check[threadIdx.x] = (row - cache == token * stride) + 2 * (p > row) + 4 * (p - 2 == row);
}

template __global__ void fill_token<int, false>(int*, int*, int64_t, int64_t);
template __global__ void fill_token<int, true>(int*, int*, int64_t, int64_t);

}  // namespace paged
