// spec: C++ pointers and references to a base class part of derived objects in a global array: a helper taking Base* reads and writes the base's fields of Derived elements (the base's cells come first in each element)
// run: run --block-dim 2 --buffer items=2 --init items=1,2,3,4,5,6
// exit: 0
// expect: verdict=ok final.items=[3,2,30,9,7,60]
// why: Derived is 3 cells: (key, weight) from Base first, then extra. items = [(1, 2, 3),
//   (4, 5, 6)]. Thread t: b = &items[t] (converted to Base*: the element's first cell);
//   grow(b): weight += key: (1, 3, 3) and (4, 9, 6). r = items[t] as a Base&: key = weight:
//   (3, 3, 3), (9, 9, 6); extra *= 10: (3, 3, 30), (9, 9, 60); weight = 2 (t = 0) or 7:
//   (3, 2, 30), (9, 7, 60). items = [3, 2, 30, 9, 7, 60].
struct Base {
  int key;
  int weight;
};
struct Derived : Base {
  int extra;
};
__device__ void grow(Base* b) { b->weight += b->key; }
__global__ void scale(Derived* items) {
  int t = threadIdx.x;
  Base* b = &items[t];
  grow(b);
  Base& r = items[t];
  r.key = r.weight;
  items[t].extra *= 10;
  r.weight = t == 0 ? 2 : 7;
}
