// spec: a lambda capturing a reference by copy (`[=]` over `int& cell = data[t]`) holds the referenced value at the lambda's creation, while a `[&]` capture reads the cell at each call; a struct reference captured by copy is refused at the lambda
// run: run --kernel snapshot --block-dim 2 --init data=1,2
// exit: 0
// expect: verdict=ok final.out=[1020,2030] final.data=[2,3]
// run: run --kernel structRef --block-dim 2
// exit: 2
// stderr: cxx_lambda_copy_reference.cu:31:16: error: unsupported: a lambda capturing reference 'b' of type 'struct Bin' by copy
// why: C++ gives a by-copy capture of a reference a member of the referenced type, initialised
//   from the cell when the lambda is created. snapshot: thread t binds cell to data[t]; before
//   copies its value (1, 2), now refers to the cell; cell += 1 makes data = [2, 3]; out[t] =
//   before() * 100 + now() = 10 * 100 + 20 = 1020 and 20 * 100 + 30 = 2030. structRef: a Bin
//   reference captured by copy (a copy of the struct) is not lowered: refused at the lambda,
//   line 31, column 16 (`[=]`), exit 2.
struct Bin {
  int count;
  int sum;
};

__global__ void snapshot(int* data, int* out) {
  int t = threadIdx.x;
  int& cell = data[t];
  auto before = [=]() { return cell * 10; };
  auto now = [&]() { return cell * 10; };
  cell += 1;
  out[t] = before() * 100 + now();
}

__global__ void structRef(Bin* bins, int* out) {
  int t = threadIdx.x;
  Bin& b = bins[t];
  auto total = [=]() { return b.sum; };
  out[t] = total();
}
