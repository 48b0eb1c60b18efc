// spec: OpenCL inter-group write-write race (indexing by local id only), GPUVerify launch spellings
// run: run --local_size=2 --num_groups=2
// exit: 1
// expect: verdict=race rule=INTER-GROUP-RACE scope=inter-group threads=[0,0] group=1 groups=2 location.line=19
// expect: accesses.0={"group":0,"group_id":[0,0,0],"thread":0,"local_id":[0,0,0],"kind":"write","array":"A","index":0}
// expect: accesses.1={"group":1,"group_id":[1,0,0],"thread":0,"local_id":[0,0,0],"kind":"write","array":"A","index":0}
// run: run --local_size=2 --num_groups=2 --benign-writes
// exit: 1
// expect: verdict=race rule=INTER-GROUP-RACE
// run: run --local_size=2 --num_groups=1
// exit: 0
// expect: verdict=ok final.A=[0,0]
// why: every group writes A[0..1] (the bug: get_local_id instead of get_global_id). Group 0 runs
//   first, then group 1 writes the same cells: smallest cell A[0], written by thread 0 of both
//   groups, reported at group 1's write (line 19). The values differ (group ids 0 and 1), so
//   --benign-writes does not excuse it. With one group there is nobody to race with: A = [0,0].
__kernel void wrong_index(__global int *A) {
  int l = get_local_id(0);
  A[l] = get_group_id(0);
}
