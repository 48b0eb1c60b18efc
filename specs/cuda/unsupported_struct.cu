// spec: CUDA structs are unsupported: a local of struct type is diagnosed at its name, exit 2
// run: run --block-dim 2
// exit: 2
// stderr: unsupported_struct.cu:12:8: error: unsupported: type 'struct Pair'
// why: line 12 `  Pair p;`: the name p is at column 8 (2 spaces, `Pair`, a space).
struct Pair {
  int a;
  int b;
};

__global__ void k(int *out) {
  Pair p;
  out[threadIdx.x] = 1;
}
