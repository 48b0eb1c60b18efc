// spec: an index outside a struct's array field (C leaves it undefined; the next cells are the struct's other fields) is reported at the access as out-of-bounds (T-PRIVATE-INDEX) naming n_keys, the field of the local copy n, as for private arrays; the loop bounded by the field's length is ok
// run: run --kernel sumKeysUnchecked --block-dim 1 --buffer nodes=1 --buffer out=1 --init nodes=1,2,3,4
// exit: 1
// expect: verdict=out-of-bounds rule=T-PRIVATE-INDEX threads=[0] array=n_keys index=3 size=3 location.line=34
// expect: message="thread 0 indexes the private array n_keys (3 elements) at 3"
// run: run --kernel sumKeysBounded --block-dim 1 --buffer nodes=1 --buffer out=1 --init nodes=1,2,3,4
// exit: 0
// expect: verdict=ok final.out=[6]
// why: a Node is keys[3] then num: the init gives keys = 1, 2, 3 and num = 4. sumKeysUnchecked
//   loops i = 0 .. num - 1 = 3: at i = 3, n.keys[3] is outside keys[0..2] (it would read num's
//   cell): n is a local copy (private memory), so the check is private_index(n_keys, i, 3)
//   (label: n.keys with _ for .), which fails for thread 0 at line 34 with index 3 of 3 elements. sumKeysBounded also
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
