// spec: --kernel with template arguments Clang cannot resolve (an undeclared name): no kernel by that name, with Clang's reason and the template the file has, exit 2; a correct spelling of the same template works
// run: run --kernel 'fill<int, WIDTH>' --block-dim 2
// exit: 2
// stderr: error: no kernel named 'fill<int, WIDTH>' (--kernel) (use of undeclared identifier 'WIDTH')
// stderr: template kernels never instantiated: fill<T, V>
// run: run --kernel 'fill<int, 5>' --block-dim 2 --buffer a=2
// exit: 0
// expect: verdict=ok final.a=[5,6]
// why: --kernel 'fill<int, WIDTH>' instantiates fill with the arguments as written; WIDTH names
//   nothing, so Clang rejects the reference appended after the file's last line: the name
//   resolves to no kernel, exit 2, with Clang's reason; the file instantiates nothing, and
//   its one template kernel is fill with parameters T and V. fill<int, 5> writes a[t] = 5 + t: [5, 6].
template <typename T, int V>
__global__ void fill(T* a) {
  a[threadIdx.x] = V + threadIdx.x;
}
