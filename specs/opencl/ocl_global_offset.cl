// spec: OpenCL get_global_offset and --global-offset (GPUVerify's --global_offset= too): get_global_id is shifted by the offset, per dimension
// run: run --local-size 2,2 --num-groups 2,1 --global-offset 10,100
// exit: 0
// expect: verdict=ok final.out=[10,100,2,11,100,2,10,101,2,11,101,2,12,100,2,13,100,2,12,101,2,13,101,2]
// run: run --local-size 2,2 --num-groups 2,1 --global_offset=10,100
// exit: 0
// expect: verdict=ok final.out.22=101
// run: run --local-size 2,2 --num-groups 2,1
// exit: 0
// expect: verdict=ok final.out=[0,0,2,1,0,2,0,1,2,1,1,2,2,0,2,3,0,2,2,1,2,3,1,2]
// why: 2 groups of 2 x 2 work-items. Work-item (lx, ly) of group g has get_global_id(0) =
//   offset0 + 2 g + lx and get_global_id(1) = offset1 + ly (one group in y), and writes three
//   cells at 3 slot, slot = 4 g + 2 ly + lx: global id x, global id y, and get_work_dim() = 2
//   (the launch gives two dimensions). With the offset (10, 100): slots 0..7 are (g, ly, lx) =
//   (0,0,0) (0,0,1) (0,1,0) (0,1,1) (1,0,0) (1,0,1) (1,1,0) (1,1,1), so x = 10 11 10 11 12 13
//   12 13 and y = 100 100 101 101 100 100 101 101. GPUVerify's spelling gives the same: cell
//   22 is slot 7's y, 101. Without an offset: x = 0 1 0 1 2 3 2 3, y = 0 0 1 1 0 0 1 1. Every
//   cell has one writer (no race, none between the groups either).
__kernel void ids(__global int *out) {
  int slot = get_group_id(0) * 4 + get_local_id(1) * 2 + get_local_id(0);
  out[3 * slot] = get_global_id(0);
  out[3 * slot + 1] = get_global_id(1);
  out[3 * slot + 2] = get_work_dim();
}
