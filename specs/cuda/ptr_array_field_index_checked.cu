// spec: an index outside a struct's array field (C leaves it undefined; the next cells are the struct's other fields) is reported as an assertion at the access, as for private arrays; the loop bounded by the field's length is ok
// run: run --kernel sumKeysUnchecked --block-dim 1 --buffer nodes=1 --buffer out=1 --init nodes=1,2,3,4
// exit: 1
// expect: verdict=assertion rule=T-ASSERT threads=[0] location.line=32
// run: run --kernel sumKeysBounded --block-dim 1 --buffer nodes=1 --buffer out=1 --init nodes=1,2,3,4
// exit: 0
// expect: verdict=ok final.out=[6]
// why: a Node is keys[3] then num: the init gives keys = 1, 2, 3 and num = 4. sumKeysUnchecked
//   loops i = 0 .. num - 1 = 3: at i = 3, n.keys[3] is outside keys[0..2] (it would read num's
//   cell): the assertion 0 <= i && i < 3 fails for thread 0 at line 32. sumKeysBounded also
//   stops at i < 3: 1 + 2 + 3 = 6.
struct Node {
  int keys[3];
  int num;
};

__device__ int sumUpTo(Node n, int limit) {
  int s = 0;
  for (int i = 0; i < n.num && i < limit; i++)
    s += n.keys[i];
  return s;
}

__global__ void sumKeysBounded(const Node *nodes, int *out) {
  out[0] = sumUpTo(nodes[0], 3);
}

__global__ void sumKeysUnchecked(const Node *nodes, int *out) {
  Node n = nodes[0];
  int s = 0;
  for (int i = 0; i < n.num; i++)
    s += n.keys[i];
  out[0] = s;
}
