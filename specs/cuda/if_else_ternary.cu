// spec: CUDA if / else if / else and ?: per thread (predicated execution, no barrier inside): final global memory
// run: run --block-dim 5
// exit: 0
// expect: verdict=ok final.out=[0,7,20,97,140]
// why: v = (t even) ? 10t : -t → 0, -1, 20, -3, 40. Then t > 2 adds 100 (t = 3: 97, t = 4: 140);
//   else t == 1 sets 7; else (t = 0, 2) keeps v. out = [0, 7, 20, 97, 140].
__global__ void branches(int *out) {
  int t = threadIdx.x;
  int v = (t % 2 == 0) ? t * 10 : -t;
  if (t > 2)
    v += 100;
  else if (t == 1)
    v = 7;
  out[t] = v;
}
