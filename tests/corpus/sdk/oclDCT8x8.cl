// launch: --local-size 8,8 --global-size 8,8 --buffer d_Dst=64 --buffer d_Src=64 --param stride=8 --param imageH=8 --param imageW=8
// origin: NVIDIA OpenCL SDK oclDCT8x8 sample style (DCT8x8 butterfly on a private float[8], __local block with padded rows)
#define BLOCK_X 8
#define BLOCK_Y 8
#define BLOCK_SIZE 8
#define C_a 1.3870398453221474618216191915664f       //a = sqrt(2) * cos(1 * pi / 16)
#define C_b 1.3065629648763765278566431734272f       //b = sqrt(2) * cos(2 * pi / 16)
#define C_c 1.1758756024193587169744671046113f       //c = sqrt(2) * cos(3 * pi / 16)
#define C_d 0.78569495838710218127789736765722f      //d = sqrt(2) * cos(5 * pi / 16)
#define C_e 0.54119610014619698439972320536639f      //e = sqrt(2) * cos(6 * pi / 16)
#define C_f 0.27589937928294301233595756366937f      //f = sqrt(2) * cos(7 * pi / 16)
#define C_norm 0.35355339059327376220042218105242f   //1 / sqrt(8)

inline void DCT8(__local float *D, uint step){
    float X07P = D[0 * step] + D[7 * step];
    float X16P = D[1 * step] + D[6 * step];
    float X25P = D[2 * step] + D[5 * step];
    float X34P = D[3 * step] + D[4 * step];

    float X07M = D[0 * step] - D[7 * step];
    float X61M = D[6 * step] - D[1 * step];
    float X25M = D[2 * step] - D[5 * step];
    float X43M = D[4 * step] - D[3 * step];

    float X07P34PP = X07P + X34P;
    float X07P34PM = X07P - X34P;
    float X16P25PP = X16P + X25P;
    float X16P25PM = X16P - X25P;

    D[0 * step] = C_norm * (X07P34PP + X16P25PP);
    D[2 * step] = C_norm * (C_b * X07P34PM + C_e * X16P25PM);
    D[4 * step] = C_norm * (X07P34PP - X16P25PP);
    D[6 * step] = C_norm * (C_e * X07P34PM - C_b * X16P25PM);

    D[1 * step] = C_norm * (C_a * X07M - C_c * X61M + C_d * X25M - C_f * X43M);
    D[3 * step] = C_norm * (C_c * X07M + C_f * X61M - C_a * X25M + C_d * X43M);
    D[5 * step] = C_norm * (C_d * X07M + C_a * X61M + C_f * X25M - C_c * X43M);
    D[7 * step] = C_norm * (C_f * X07M + C_d * X61M + C_c * X25M + C_a * X43M);
}

__kernel __attribute__((reqd_work_group_size(BLOCK_X, BLOCK_Y, 1)))
void DCT8x8(
    __global float *d_Dst,
    __global float *d_Src,
    uint stride,
    uint imageH,
    uint imageW
){
    __local float l_Transpose[BLOCK_Y][BLOCK_X + 1];
    const uint    localX = get_local_id(0);
    const uint    localY = get_local_id(1);
    const uint globalX = get_group_id(0) * BLOCK_X + localX;
    const uint globalY = get_group_id(1) * BLOCK_Y + localY;

    //Process only full blocks
    if( (globalX < imageW) && (globalY < imageH) )
        l_Transpose[localY][localX] = d_Src[globalY * stride + globalX];
    barrier(CLK_LOCAL_MEM_FENCE);

    //Row pass: one work-item per row
    if (localX == 0)
        DCT8(&l_Transpose[localY][0], 1);
    barrier(CLK_LOCAL_MEM_FENCE);

    //Column pass: one work-item per column
    if (localY == 0)
        DCT8(&l_Transpose[0][localX], BLOCK_X + 1);
    barrier(CLK_LOCAL_MEM_FENCE);

    if( (globalX < imageW) && (globalY < imageH) )
        d_Dst[globalY * stride + globalX] = l_Transpose[localY][localX];
}
