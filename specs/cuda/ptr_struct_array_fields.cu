// spec: array fields in structs (Rodinia b+tree's knode): a buffer of nodes whose elements each hold every cell of their array fields, a node copied into a local and passed by value to a helper that indexes its key array, a pointer to a field's first element, and a write into one element of a node's index array
// run: run --block-dim 2 --buffer nodes=2 --init nodes=1,2,3,4,5,6,200,3,7,8,9,10,4,4,4,2
// exit: 0
// expect: verdict=ok final.nodes=[1,-55,3,4,5,6,200,3,7,5,9,10,4,4,4,2] final.out=[204,210]
// run: check --block-dim 2 --buffer nodes=2
// exit: 0
// expect: verdict=ok
// run: check --block-dim 2 --buffer nodes=1
// exit: 1
// expect: verdict=out-of-bounds
// why: a knode is 4 + 3 + 1 = 8 cells (indices[0..3], keys[0..2], num), so the 16 init values are
//   node 0 = {indices 1,2,3,4; keys 5,6,200; num 3} and node 1 = {7,8,9,10; 4,4,4; 2}. Thread 0:
//   ks[2] is the char 200 = -56, so nodes[0].indices[1] (cell 1) = -55; count(local, 5) counts
//   keys 5 and -56 (6 > 5) among num = 3: 2, out[0] = 2 * 100 + indices[3] = 204. Thread 1: ks[2]
//   = 4, nodes[1].indices[1] (cell 9) = 5; keys 4, 4 (num = 2) both <= 5: out[1] = 200 + 10 =
//   210. Each thread reads and writes only its own node and out[t] (the helper stops at i < 3,
//   within keys, whatever num holds): no race, ok for any node
//   values. With a buffer of one node, thread 1's copy of nodes[1] reads past it: out-of-bounds.
struct knode {
  int indices[4];
  char keys[3];
  int num;
};

__device__ int countNotAbove(knode nd, int key) {
  int c = 0;
  for (int i = 0; i < nd.num && i < 3; i++)
    if (nd.keys[i] <= key) c++;
  return c;
}

__global__ void findK(knode* nodes, int* out) {
  int t = threadIdx.x;
  knode local = nodes[t];
  const char* ks = local.keys;
  nodes[t].indices[1] = ks[2] + 1;
  out[t] = countNotAbove(local, 5) * 100 + local.indices[3];
}
