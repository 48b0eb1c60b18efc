// spec: CUDA __float2int_rn/_rz/_ru/_rd on halfway values, NaN (0) and out-of-range values (saturated)
// run: run --block-dim 5 --init x=1075838976,-1071644672,2143289344,1328730206,-818753442 --buffer x=5 --buffer rn=5 --buffer rz=5 --buffer ru=5 --buffer rd=5
// exit: 0
// expect: verdict=ok final.rn=[2,-2,0,2147483647,-2147483648] final.rz=[2,-2,0,2147483647,-2147483648] final.ru=[3,-2,0,2147483647,-2147483648] final.rd=[2,-3,0,2147483647,-2147483648]
// why: x = 2.5 (0x40200000), -2.5 (0xc0200000 = -1071644672), NaN (0x7fc00000), 3e9 (0x4f32d05e:
//   3e9 = 11718750 * 2^8, exact) and -3e9 (0xcf32d05e = -818753442). rn (to even): 2, -2; rz: 2,
//   -2; ru: 3, -2; rd: 2, -3. NaN converts to 0; 3e9 > INT_MAX saturates to 2147483647 and -3e9
//   to INT_MIN, as PTX's cvt.rni/rzi/rpi/rmi.s32.f32 do.

/* Quantising samples to integers with the four rounding intrinsics; out-of-range values
   saturate and NaN gives 0, as the hardware's cvt does. */
__global__ void quantise(const float *x, int *rn, int *rz, int *ru, int *rd) {
  int i = threadIdx.x;
  float v = x[i];
  rn[i] = __float2int_rn(v);
  rz[i] = __float2int_rz(v);
  ru[i] = __float2int_ru(v);
  rd[i] = __float2int_rd(v);
}
