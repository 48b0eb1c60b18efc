// launch: --local-size 8 --global-size 16 --kernel DotProduct4 --buffer a=16 --buffer b=16 --buffer c=16 --param iNumElements=16
// origin: NVIDIA OpenCL SDK oclDotProduct sample style (float4 loads, dot() built-in)
__kernel void DotProduct (__global float* a, __global float* b, __global float* c, int iNumElements)
{
    // find position in global arrays
    int iGID = get_global_id(0);

    // bound check (equivalent to the limit on a 'for' loop for standard/serial C code
    if (iGID >= iNumElements)
    {
        return;
    }

    // process
    int iInOffset = iGID << 2;
    c[iGID] = a[iInOffset] * b[iInOffset]
               + a[iInOffset + 1] * b[iInOffset + 1]
               + a[iInOffset + 2] * b[iInOffset + 2]
               + a[iInOffset + 3] * b[iInOffset + 3];
}

__kernel void DotProduct4 (__global const float4* a, __global const float4* b, __global float* c, int iNumElements)
{
    int iGID = get_global_id(0);
    if (iGID < iNumElements)
        c[iGID] = dot(a[iGID], b[iGID]);
}
