// spec: tex1Dfetch of a struct texel (texture<int4, 1>): texel i's components are the hidden array's cells 4i … 4i + 3
// run: run --block-dim 2 --buffer out=2 --init __tex_quads=1,2,3,4,10,20,30,40
// exit: 0
// expect: verdict=ok final.out=[10,100]
// stderr: texel i's 4 components are cells 4*i to 4*i + 3
// run: run --block-dim 2 --buffer out=2
// exit: 0
// expect: verdict=ok final.out=[0,0]
// why: texel 0 is (1, 2, 3, 4), texel 1 (10, 20, 30, 40); thread i writes x + y + z + w of texel
//   i: 1 + 2 + 3 + 4 = 10, 10 + 20 + 30 + 40 = 100. Without --init, sdvmc run takes the
//   texels as 0.
texture<int4, 1, cudaReadModeElementType> quads;

__global__ void sumTexels(int *out) {
  int i = threadIdx.x;
  int4 q = tex1Dfetch(quads, i);
  out[i] = q.x + q.y + q.z + q.w;
}
