// spec: pointers stored in global memory are refused at their declaration, with the reason: a buffer of structs with a pointer field (`const Segment* segs`, each segs[i].data pointing into some other buffer), a buffer of pointers (`float** rows`), a `__device__` pointer variable; the host writes them, so which array each points into is not known from the kernel
// run: run --kernel sumSegments --block-dim 2
// exit: 2
// stderr: ptr_in_global_memory_refused.cu:24:56: error: unsupported: field 'data' of type 'const float *' in 'struct Segment' of 'segs' in global memory: the array a pointer in the kernel's input points to is not known from the kernel
// run: run --kernel gatherRows --block-dim 2
// exit: 2
// stderr: ptr_in_global_memory_refused.cu:31:60: error: unsupported: pointers of type 'const float *' stored in 'rows' in global memory
// run: run --kernel viaTable --block-dim 2
// exit: 2
// stderr: ptr_in_global_memory_refused.cu:21:19: error: unsupported: pointers of type 'float *' stored in 'gTable' in global memory
// why: line 24 col 56 is the parameter name `segs` of sumSegments (its buffer holds Segment
//   structs, whose data field the host filled); line 31 col 60 the parameter `rows` of gatherRows
//   (a buffer of pointers); line 21 col 19 the name of the program-scope `__device__` variable
//   gTable, declared where viaTable first uses it. sdvmc does not guess the target arrays of such
//   pointers (a guess could hide or invent out-of-bounds accesses and races), so each is refused
//   at its declaration, exit 2.
struct Segment {
  const float* data;
  int len;
};
__device__ float* gTable;

// Sums each segment of a segmented array.
__global__ void sumSegments(float* out, const Segment* segs) {
  float acc = 0.0f;
  for (int i = 0; i < segs[threadIdx.x].len; ++i) acc += segs[threadIdx.x].data[i];
  out[threadIdx.x] = acc;
}

// Gathers the first element of each row.
__global__ void gatherRows(float* out, const float* const* rows) {
  out[threadIdx.x] = rows[threadIdx.x][0];
}

__global__ void viaTable(float* out) {
  out[threadIdx.x] = gTable[threadIdx.x];
}
