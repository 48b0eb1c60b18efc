//xfail:NOT_ALL_VERIFIED
//--local_size=2,2 --num_groups=2,2
//possible\s*write-write\s*race

// A 2-D launch of 2 x 2 groups of 2 x 2 items. Each item writes out[2 * ly + lx], a cell
// that depends on the local id only, with its group's x id: groups (0,0) and (1,0) both
// write out[0], the values 0 and 1. Groups cannot synchronise: a write-write race between
// groups (the values differ, so no benign rule applies).
__kernel void tile_id(__global int *out) {
  int lx = get_local_id(0), ly = get_local_id(1);
  out[2 * ly + lx] = get_group_id(0);
}
