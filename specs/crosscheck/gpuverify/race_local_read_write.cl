//xfail:NOT_ALL_VERIFIED
//--local_size=4 --num_groups=1
//race_local_read_write.cl:\s*error:\s*possible\s*write-read\s*race\s*on\s*tile

// Item i writes tile[i] and, with no barrier in between, item (i+3)%4 reads it:
// a write-read race (item 0 writes tile[0], item 3 reads it).
__kernel void shift(__global int *out) {
  __local int tile[4];
  int i = get_local_id(0);
  tile[i] = i;
  out[i] = tile[(i + 1) % 4];
}
