// spec: OpenCL double2 array: two threads writing the same component of one element race on its high word only (the low words are equal); other components of the element are separate cells
// run: run --local-size 4 --buffer D=2 --param share=0
// exit: 0
// expect: verdict=ok final.D=[0,1073217536,0,1071644672,0,1074528256,0,1074003968]
// run: run --local-size 4 --buffer D=2 --param share=1 --benign-writes
// exit: 1
// expect: verdict=race rule=G-RACE threads=[0,1] location.line=28
// expect: accesses.0={"thread":0,"kind":"write","array":"D","index":3,"location":{"line":26}}
// expect: accesses.1={"thread":1,"kind":"write","array":"D","index":3,"location":{"line":26}}
// run: check --local-size 4 --buffer D=2 --param share=0..1
// exit: 1
// expect: verdict=race
// why: a double2 is 4 cells: .x (low word, high word), then .y. Thread t stores v = t + 0.5:
//   0.5 = 0x3fe00000_00000000, 1.5 = 0x3ff80000_.., 2.5 = 0x40040000_.., 3.5 = 0x400c0000_..,
//   every low word 0 (high words 1071644672, 1073217536, 1074003968, 1074528256). With
//   share = 0, even threads write D[t/2].y and odd ones D[t/2].x: threads 0 and 1 write cells
//   2-3 and 0-1 of D[0], threads 2 and 3 cells 6-7 and 4-5 of D[1]: no cell has two writers,
//   D = [1.5, 0.5, 3.5, 2.5] as words. With share = 1 every thread writes .y: threads 0 and 1
//   both write cells 2 and 3 of D[0] (line 26). Cell 2 gets 0 from both, tolerated by
//   --benign-writes; cell 3 gets 1071644672 and 1073217536: the race, on the high word,
//   threads (0, 1), found at the closing brace (line 28). check (no --benign-writes) covers
//   share 0 and 1 and finds the race.
__kernel void k(__global double2 *D, int share) {
  int t = get_local_id(0);
  double v = t + 0.5;
  if (t % 2 == 0 || share) D[t / 2].y = v;
  else D[t / 2].x = v;
}
