// spec: CUDA struct locals are lowered, but a struct with a two-dimensional array field is unsupported: diagnosed at the local's name, exit 2
// run: run --block-dim 2
// exit: 2
// stderr: unsupported_struct.cu:14:8: error: unsupported: field 'a' of type 'int[2][2]' in 'struct Pair'
// why: line 14 `  Pair p;`: the name p is at column 8 (2 spaces, `Pair`, a space). Fields are one
//   cell each, a one-dimensional array field of 32-bit or narrower scalars one cell per
//   element; a two-dimensional array field is not modelled.
struct Pair {
  int a[2][2];
  int b;
};

__global__ void k(int *out) {
  Pair p;
  out[threadIdx.x] = 1;
}
