// spec: OpenCL async copies of 64-bit and vector elements: a long element is two cells, an int4 four; the strided copy moves whole elements
// run: run --local-size 4 --buffer in=4 --buffer out=4 --buffer v=4 --buffer o2=8 --init in=0,0,1,0,2,0,3,0 --init v=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16
// exit: 0
// expect: verdict=ok final.out=[2,0,4,0,6,0,0,0] final.o2=[1,2,3,4,9,10,11,12]
// run: prove --local-size 4 --buffer in=4 --buffer out=4 --buffer v=4 --buffer o2=8
// exit: 0
// expect: verdict=ok
// why: in holds the longs 0, 1, 2, 3 (cells low word first: 0,0, 1,0, 2,0, 3,0). The first copy
//   moves 3 longs from in + 1 into tile: tile = {1, 2, 3, ?}; tile[3] is never written (a
//   __local array starts arbitrary: run's 0). The second, strided, copy (it joins the first's
//   event e) moves 2 int4 elements with source stride 2: vt[k] = v[2k], so vt[0] = v[0] =
//   (1, 2, 3, 4) and vt[1] = v[2] = (9, 10, 11, 12). After the wait, work-item i writes
//   out[i] = 2 * tile[i] = 2, 4, 6, 0 (as longs: cells 2,0, 4,0, 6,0, 0,0), and o2[2i],
//   o2[2i + 1] = components 2i mod 4 and (2i + 1) mod 4 of vt[i / 2]: i = 0, 1 give vt[0]'s
//   x, y, z, w = 1, 2, 3, 4; i = 2, 3 vt[1]'s = 9, 10, 11, 12. The cells of the two copies are
//   disjoint and each out / o2 cell has one writer: no race. (The element of each copy is
//   lowered as one KPL copy per cell of it, all under one event.)
//   prove (the launch's one group of 4 work-items, every value of the buffers): the first copy
//   is two KPL copies (cell j = 0, 1 of each long), destination tile cells 2k + j and source
//   in cells 2(1 + k) + j, k < 3, both of stride 2; the second four (j = 0..3), vt cells 4k + j
//   (stride 4) from v cells 8k + j (stride 2 elements of 4 cells), k < 2. All in bounds (tile:
//   cells up to 5 of 8, in: 7 of 8, vt: 7 of 8, v: 11 of 16); the six copies write distinct
//   cells (their residues j differ, or their arrays) and read only: no conflict at any issue;
//   they all share the first's event, so the one wait completes them before any access; each
//   out / o2 cell has one writer and the reads are in bounds: ok.
__kernel void widen(__global const long *in, __global long *out, __global const int4 *v, __global int *o2) {
  __local long tile[4];
  __local int4 vt[2];
  event_t e = async_work_group_copy(tile, in + 1, 3, 0);
  e = async_work_group_strided_copy(vt, v, 2, 2, e);
  wait_group_events(1, &e);
  const int i = get_local_id(0);
  out[i] = tile[i] * 2;
  o2[2 * i] = vt[i / 2][(2 * i) % 4];
  o2[2 * i + 1] = vt[i / 2][(2 * i + 1) % 4];
}
