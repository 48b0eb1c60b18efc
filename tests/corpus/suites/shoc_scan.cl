// launch: --local-size 8 --global-size 16 --kernel scan --buffer g_idata=64 --buffer g_odata=64 --buffer g_blockSums=2 --buffer s_data=16 --param n=64
// origin: SHOC Scan (OpenCL) style: scanLocalMem helper with double-buffered local memory, bottom-scan over a block's range with float4 loads
#define FPTYPE float
#define FPVECTYPE float4

inline FPTYPE scanLocalMem(FPTYPE val, __local FPTYPE* s_data)
{
    // Shared mem is 512 floats long, set first half to 0
    int idx = get_local_id(0);
    s_data[idx] = 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);

    // Set 2nd half to thread local sum (sum of the 4 elems from global mem)
    idx += get_local_size(0); // += 256

    // Some of these __sync's are unnecessary due to warp synchronous
    // execution.  Right now these are left in to be consistent with
    // opencl version, since that has to execute on platforms where
    // thread groups are not synchronous (i.e. CPUs)
    FPTYPE t;
    s_data[idx] = val;     barrier(CLK_LOCAL_MEM_FENCE);
    t = s_data[idx -  1];  barrier(CLK_LOCAL_MEM_FENCE);
    s_data[idx] += t;      barrier(CLK_LOCAL_MEM_FENCE);
    t = s_data[idx -  2];  barrier(CLK_LOCAL_MEM_FENCE);
    s_data[idx] += t;      barrier(CLK_LOCAL_MEM_FENCE);
    t = s_data[idx -  4];  barrier(CLK_LOCAL_MEM_FENCE);
    s_data[idx] += t;      barrier(CLK_LOCAL_MEM_FENCE);

    return s_data[idx-1];
}

__kernel void
scan(__global const FPTYPE *g_idata, __global FPTYPE *g_odata, __global FPTYPE *g_blockSums,
     __local FPTYPE* s_data, const int n)
{
    // Each work-group scans a contiguous block of the input, 4 elements per work-item
    int block_size = n / get_num_groups(0);
    int block_start = get_group_id(0) * block_size;

    __global FPVECTYPE *in4 = (__global FPVECTYPE*) (g_idata + block_start);
    __global FPVECTYPE *out4 = (__global FPVECTYPE*) (g_odata + block_start);

    FPTYPE seed = 0.0f;
    for (int window = 0; window < block_size / 4; window += get_local_size(0))
    {
        FPVECTYPE val_4 = in4[window + get_local_id(0)];

        // Do a local scan of the 4 elements
        val_4.y += val_4.x;
        val_4.z += val_4.y;
        val_4.w += val_4.z;

        FPTYPE res = scanLocalMem(val_4.w, s_data);

        val_4 += (FPVECTYPE)(res + seed);
        out4[window + get_local_id(0)] = val_4;

        barrier(CLK_LOCAL_MEM_FENCE);
        seed = s_data[2 * get_local_size(0) - 1] + seed;
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    if (get_local_id(0) == 0)
        g_blockSums[get_group_id(0)] = seed;
}
