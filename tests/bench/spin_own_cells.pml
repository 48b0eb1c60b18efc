/* SPIN counterpart of tests/bench/mimd_own_cells.kpl (see tests/bench/EXPLORE.md):
 * N processes (default 4) each write 8 cells of their own in a shared array, one
 * atomic step per write (one transition per write, as in `sdvmc check --model mimd
 * --no-por`), then meet at a barrier: increment a counter, wait until it reaches N.
 * No other state. Bigger sizes: spin -DN=5 -a spin_own_cells.pml (N <= 31).
 *
 *   spin -a spin_own_cells.pml
 *   gcc -O2 -DNOREDUCE -DSAFETY -DMEMLIM=4096 -o pan pan.c && ./pan
 */
#ifndef N
#define N 4
#endif

byte A[N * 8];
byte count;

active [N] proctype T()
{
	A[_pid * 8 + 0] = 1;
	A[_pid * 8 + 1] = 1;
	A[_pid * 8 + 2] = 1;
	A[_pid * 8 + 3] = 1;
	A[_pid * 8 + 4] = 1;
	A[_pid * 8 + 5] = 1;
	A[_pid * 8 + 6] = 1;
	A[_pid * 8 + 7] = 1;
	count++;
	(count == N)
}
