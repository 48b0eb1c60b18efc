// spec: C++ classes with destructors are refused at the object (Clang's AST does not call destructors where objects die, so an RAII guard's effect would be lost), as is a lambda with an init-capture
// run: run --kernel guarded --block-dim 1 --buffer out=1
// exit: 2
// stderr: cxx_destructor_refused.cu:17:9: error: unsupported: type 'struct Guard' (a class with a destructor, whose calls are not lowered)
// run: run --kernel initCapture --block-dim 1 --buffer out=1
// exit: 2
// stderr: unsupported: a lambda capturing this variable
// why: Guard's destructor writes *flag = 1 when g dies at the end of guarded; leaving it out
//   would be a silent mistranslation, so the declaration `Guard g{out};` (line 17; g at
//   column 9) is refused. [y = n] declares a new variable y in the closure (an init-capture),
//   which the lowering does not model: refused at the lambda.
struct Guard {
  int* flag;
  __device__ ~Guard() { *flag = 1; }
};
__global__ void guarded(int* out) {
  Guard g{out};
  out[0] = 0;
}
__global__ void initCapture(int* out, int n) {
  auto f = [y = n](int v) { return v + y; };
  out[0] = f(1);
}
