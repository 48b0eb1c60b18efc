//xfail:NOT_ALL_VERIFIED
//--local_size=32 --num_groups=1 --warp-sync=16
//possible\s*read-write\s*race

// The same kernel as flag_warp_sync_pass.cl with warps of 16: item 15 (warp 0) reads s[16],
// which item 16 (warp 1) writes, with no barrier between them; warps interleave, so the read
// and the write race (and item 31 reading s[0] likewise): a read-write race.
__kernel void rotate_across_warps(__global int *out) {
  __local int s[32];
  int t = get_local_id(0);
  s[t] = t;
  out[t] = s[(t + 1) % 32];
}
