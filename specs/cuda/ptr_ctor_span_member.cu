// spec: pointer members of a class set by its constructor's member initialisers (`Span(int* q, int m) : p(q), n(m) {}`), a member function returning a new Span (a pointer moved by pointer arithmetic), `operator[]` returning a reference through the member; spans of threads that overlap race
// run: run --block-dim 2 --param stride=4 --buffer data=8 --init data=1,2,3,4,5,6,7,8
// exit: 0
// expect: verdict=ok final.data=[1,5,7,9,5,17,19,21]
// run: check --block-dim 2 --param stride=4 --buffer data=8
// exit: 0
// expect: verdict=ok
// run: run --block-dim 2 --param stride=3 --buffer data=8 --init data=1,2,3,4,5,6,7,8
// exit: 1
// expect: verdict=race
// why: thread t builds s = Span(data + stride * t, 4), so s.p points to data[stride * t] and s.n
//   = 4; u = s.tail(1) is Span(p + 1, n - 1): data[stride * t + 1 ..], 3 elements. The loop
//   sets u[i] = u[i] * 2 + s[0] for i = 0..2. stride 4, data = 1..8: thread 0 has s[0] = 1 and
//   writes data[1..3] = 2*2+1, 3*2+1, 4*2+1 = 5, 7, 9; thread 1 has s[0] = data[4] = 5 and writes
//   data[5..7] = 6*2+5, 7*2+5, 8*2+5 = 17, 19, 21. Each thread reads and writes only data[4t ..
//   4t + 3]: no race for any data (check), within the 8 cells. stride 3: thread 1's s[0] is
//   data[3], which thread 0 writes (u[2] = data[3]): a read-write conflict at the final barrier.
struct Span {
  int* p;
  int n;
  __device__ Span(int* q, int m) : p(q), n(m) {}
  __device__ int size() const { return n; }
  __device__ int& operator[](int i) const { return p[i]; }
  __device__ Span tail(int k) const { return Span(p + k, n - k); }
};

__global__ void scaleTails(int* data, int stride) {
  int t = threadIdx.x;
  Span s(data + stride * t, 4);
  Span u = s.tail(1);
  for (int i = 0; i < u.size(); ++i) u[i] = u[i] * 2 + s[0];
}
