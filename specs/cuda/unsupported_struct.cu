// spec: CUDA struct locals are lowered, but a struct with an array field of pointers is unsupported: diagnosed at the local's name, exit 2
// run: run --block-dim 2
// exit: 2
// stderr: unsupported_struct.cu:14:8: error: unsupported: field 'a' of type 'int *[2]' in 'struct Pair'
// why: line 14 `  Pair p;`: the name p is at column 8 (2 spaces, `Pair`, a space). Fields are one
//   cell each, an array field its elements' cells (2-D arrays, arrays of structs included), a
//   pointer field two cells collected per field; an array field of pointers is not modelled.
struct Pair {
  int* a[2];
  int b;
};

__global__ void k(int *out) {
  Pair p;
  out[threadIdx.x] = 1;
}
