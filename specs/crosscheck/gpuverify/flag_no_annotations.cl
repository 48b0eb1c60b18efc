//pass
//--local_size=4 --num_groups=1 --no-annotations

// The __assert fails for every item but item 0; --no-annotations ignores every annotation:
// what is left is a race-free copy: pass.
__kernel void ignored(__global int *A) {
  int i = get_local_id(0);
  __assert(i == 0);
  A[i] = i;
}
