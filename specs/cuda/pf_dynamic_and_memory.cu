// spec: a pointer field that takes different arrays per thread gets a run-time base (the if-chain over every array stored in the field), survives a struct copy and an increment; a struct with a pointer field in global memory (here the buffer of a `Vec*` parameter) is refused at the parameter, naming the field
// run: run --kernel pick --block-dim 2 --buffer out=2 --buffer b=2
// exit: 0
// expect: verdict=ok final.out=[0,11] final.b=[0,10]
// run: run --kernel inMem --block-dim 1 --buffer vs=1 --buffer out=1
// exit: 2
// stderr: pf_dynamic_and_memory.cu:26:28: error: unsupported: field 'data' of type 'int *' in 'Vec' of 'vs' in global memory
// why: pick: thread 0 sets v.data = b (threadIdx.x is 0), thread 1 v.data = out. w = {0, v.data}
//   copies the field; w.data++ moves it one int on; w.data[0] = 10 + t writes b[1] = 10 (thread 0)
//   and out[1] = 11 (thread 1); no cell is written twice. inMem: the buffer vs holds Vec structs,
//   whose data field would be a pointer the host stored in global memory: refused at the parameter (line 26,
//   column 28).
typedef struct {
  int n;
  int* data;
} Vec;
__global__ void pick(int* out, int* b) {
  int t = threadIdx.x;
  Vec v;
  v.n = t;
  v.data = t ? out : b;
  Vec w = {0, v.data};
  w.data++;
  w.data[0] = 10 + t;
}
__global__ void inMem(Vec* vs, int* out) { out[0] = vs[0].n; }
