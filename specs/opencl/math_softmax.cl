// spec: OpenCL softmax over a work-group: fmax for the maximum, exp of the shifted logits, a sum by work-item 0 and the division, in __local memory between barriers
// run: run --local-size 4 --buffer prob=4
// exit: 0
// expect: verdict=ok final.prob=[1037038151,1043033150,1049448561,1055456478] final.e=[1046772796,1052531378,1058751896,1065353216] final.total=[1074570368]
// run: check --local-size 4 --buffer prob=4
// exit: 0
// expect: verdict=ok
// why: logit(i) = 0.5*i - 1 = -1, -0.5, 0, 0.5 (exact); the maximum m = 0.5, so e[i] = expf(x - m)
//   = expf(-1.5), expf(-1), expf(-0.5), expf(0) = 1. Computed with glibc's expf in an
//   independent C program (specs/derivations/math_values.c):
//   0x3e647c3c, 0x3ebc5ab2, 0x3f1b4598, 0x3f800000 (1046772796 … 1065353216); the sum
//   ((e0 + e1) + e2) + e3, rounded after each addition, is 2.19754028 = 0x400ca480 = 1074570368;
//   prob[i] = e[i] / total = 0.101536326 (0x3dcff247), 0.167405099 (0x3e2b6c3e),
//   0.276004344 (0x3e8d5071), 0.455054224 (0x3ee8fcde). Every write of e[] and total[] is
//   separated from the reads of other work-items' cells by a barrier: no race.

/* Softmax over one work-group: each work-item holds a logit, the group finds the maximum
   and the sum of the exponentials in __local memory, then normalises. */
float logit(int i) { return 0.5f * (float)i - 1.0f; }

__kernel void softmax(__global float *prob) {
  __local float e[4];
  __local float total[1];
  int i = get_local_id(0);
  float x = logit(i);
  e[i] = x;
  barrier(CLK_LOCAL_MEM_FENCE);
  float m = e[0];
  for (int j = 1; j < 4; ++j) m = fmax(m, e[j]);
  barrier(CLK_LOCAL_MEM_FENCE);
  e[i] = exp(x - m);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (i == 0) total[0] = ((e[0] + e[1]) + e[2]) + e[3];
  barrier(CLK_LOCAL_MEM_FENCE);
  prob[i] = e[i] / total[0];
}
