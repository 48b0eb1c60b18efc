//pass
//--local_size=32 --num_groups=1 --warp-sync=32

// --warp-sync=32: the 32 items are one warp in lock step (sdvmc's --model simt:32). Each
// item writes s[t], then (the next statement, after every lane's write) reads its
// neighbour's s[(t+1)%32]: no barrier is needed inside one warp, and no two lanes write one
// cell in one statement: pass.
__kernel void rotate_in_warp(__global int *out) {
  __local int s[32];
  int t = get_local_id(0);
  s[t] = t;
  out[t] = s[(t + 1) % 32];
}
