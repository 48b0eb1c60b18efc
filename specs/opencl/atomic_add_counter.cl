// spec: OpenCL atomic_add: applied in ascending local-id order, old values returned; groups' atomics never race
// run: run --local-size 4
// exit: 0
// expect: verdict=ok final.cnt=[10] final.old=[0,1,3,6]
// run: run --local-size 4 --num-groups 2
// exit: 0
// expect: verdict=ok final.cnt=[20] final.old=[0,1,3,6,10,11,13,16]
// why: thread i adds i + 1 to cnt[0] and stores the value it replaced. In ascending lid order
//   from 0: thread 0 sees 0 (→ 1), 1 sees 1 (→ 3), 2 sees 3 (→ 6), 3 sees 6 (→ 10). Atomics
//   never race with each other; old[gid] is one cell per global thread. With 2 groups, group 1
//   runs after group 0 and starts from cnt = 10: old 10, 11, 13, 16, cnt 20. Atomic vs atomic
//   across groups is no inter-group race.
__kernel void count(__global int *cnt, __global int *old) {
  int i = get_local_id(0);
  old[get_global_id(0)] = atomic_add(&cnt[0], i + 1);
}
