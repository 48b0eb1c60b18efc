// spec: --kernel with template arguments Clang cannot parse (an undeclared name) is Clang's error, exit 2; a correct spelling of the same template works
// run: run --kernel 'fill<int, WIDTH>' --block-dim 2
// exit: 2
// stderr: error: use of undeclared identifier 'WIDTH'
// run: run --kernel 'fill<int, 5>' --block-dim 2 --buffer a=2
// exit: 0
// expect: verdict=ok final.a=[5,6]
// why: --kernel 'fill<int, WIDTH>' instantiates fill with the arguments as written; WIDTH names
//   nothing, so Clang rejects it (past the file's last line, where the instantiation is
//   appended): exit 2. fill<int, 5> writes a[t] = 5 + t: [5, 6].
template <typename T, int V>
__global__ void fill(T* a) {
  a[threadIdx.x] = V + threadIdx.x;
}
