//pass
//--local_size=4 --num_groups=1

// Local ids are 0..3 < 4: the assertion holds for every item; cells are distinct.
__kernel void bounded(__global int *A) {
  int i = get_local_id(0);
  __assert(i < 4);
  A[i] = 2 * i;
}
