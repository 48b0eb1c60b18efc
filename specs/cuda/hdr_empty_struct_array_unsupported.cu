// spec: an array of an empty struct has elements of no cells: refused at the declaration, never lowered with every element on the same (no) cell
// run: run --block-dim 2
// exit: 2
// stderr: 9:7: error: unsupported: an array or memory of empty struct
// why: Tag has no fields, so a value of it is no cells (allowed for a local or a functor);
//   `Tag tags[4]` would make four elements share no storage: refused at the variable's name, 9:7.
struct Tag {};
__global__ void k(int *out) {
  Tag tags[4];
  out[threadIdx.x] = sizeof(tags);
}
