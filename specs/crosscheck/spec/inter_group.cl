// spec: crosscheck corpus (project format): two groups write the same global cells; one group alone is fine
// run: run --local-size 2 --num-groups 2
// exit: 1
// expect: verdict=race rule=INTER-GROUP-RACE
// run: run --local-size 2 --num-groups 2 --group 1
// exit: 0
// expect: verdict=ok
// why: item i of group g writes A[i] = g: group 1 writes the cells group 0 wrote, with 1
//   instead of 0: INTER-GROUP-RACE. Group 1 alone writes two distinct cells: ok.
__kernel void clash(__global int *A) {
  A[get_local_id(0)] = get_group_id(0);
}
