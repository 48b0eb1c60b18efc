//xfail:NOT_ALL_VERIFIED
//--local_size=4 --num_groups=2 --only-intra-group
//possible\s*read-write\s*race

// --only-intra-group leaves races between groups out, not races within one: item i writes
// t[i] and item i - 1 reads it with no barrier between (item 3 reads t[0]): a read-write
// race inside every group.
__kernel void shift_left(__global int *out) {
  __local int t[4];
  int i = get_local_id(0);
  t[i] = i;
  out[get_global_id(0)] = t[(i + 1) % 4];
}
