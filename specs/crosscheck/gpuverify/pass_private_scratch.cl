//pass
//--local_size=4 --num_groups=1

// Every item fills and sums its own private array s: private memory is per item and never
// races, however the items' indices coincide; each item writes its own cell A[i]: pass.
__kernel void scratch(__global int *A) {
  int s[4];
  int i = get_local_id(0);
  for (int k = 0; k < 4; ++k) s[k] = i + k;
  A[i] = s[0] + s[1] + s[2] + s[3];
}
