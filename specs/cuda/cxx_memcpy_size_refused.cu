// spec: memcpy whose size is not a multiple of the element size (6 bytes of int) is refused at the size: the model's cells are whole elements
// run: run --block-dim 1
// exit: 2
// stderr: cxx_memcpy_size_refused.cu:8:20: error: unsupported: a memcpy/memset of 6 bytes, not a multiple of sizeof(int) = 4
// why: 6 bytes are one and a half ints; copying half a cell would need C's byte layout, which
//   the model does not have: refused at the size argument (line 8, column 20, where `2 * sizeof` starts), exit 2.
__global__ void halfCopy(int* a) {
  memcpy(a, a + 4, 2 * sizeof(short) + 2);
}
