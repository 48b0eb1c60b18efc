// launch: --local-size 4,2 --global-size 8,4 --buffer A=64 --buffer B=64 --buffer C=64 --param lda=8 --param ldb=8 --param ldc=8 --param k=8 --param alpha=1065353216 --param beta=0
// origin: Parboil sgemm (OpenCL, base) style: NT matrix product, one work-item per C element, mad()
#define TILE_SZ 8

__kernel void mysgemmNT( __global const float *A, int lda, __global const float *B, int ldb, __global float* C, int ldc, int k, float alpha, float beta )
{
    float c = 0.0f;
    int m = get_global_id(0);
    int n = get_global_id(1);

    for (int i = 0; i < k; ++i) {
	float a = A[m + i * lda];
	float b = B[n + i * ldb];
	c = mad(a, b, c);
    }
    C[m+n*ldc] = C[m+n*ldc] * beta + alpha * c;
}
