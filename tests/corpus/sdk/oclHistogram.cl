// launch: --local-size 32 --global-size 64 --buffer d_PartialHistograms=512 --buffer d_Data=16 --param dataCount=16
// origin: NVIDIA OpenCL SDK oclHistogram sample style (per-warp __local sub-histograms, uint4 input, atomic_inc on local memory)
#pragma OPENCL EXTENSION cl_khr_local_int32_base_atomics : enable

#define LOG2_WARP_SIZE 5U
#define WARP_SIZE (1U << LOG2_WARP_SIZE)
#define WARP_COUNT 1
#define HISTOGRAM256_BIN_COUNT 256
#define HISTOGRAM256_WORKGROUP_SIZE (WARP_COUNT * WARP_SIZE)
#define HISTOGRAM256_WORKGROUP_MEMORY (WARP_COUNT * HISTOGRAM256_BIN_COUNT)

inline void addByte(volatile __local uint *l_WarpHist, uint data){
    atomic_inc(l_WarpHist + data);
}

inline void addWord(volatile __local uint *l_WarpHist, uint data){
    addByte(l_WarpHist, (data >>  0) & 0xFFU);
    addByte(l_WarpHist, (data >>  8) & 0xFFU);
    addByte(l_WarpHist, (data >> 16) & 0xFFU);
    addByte(l_WarpHist, (data >> 24) & 0xFFU);
}

__kernel __attribute__((reqd_work_group_size(HISTOGRAM256_WORKGROUP_SIZE, 1, 1)))
void histogram256(
    __global uint *d_PartialHistograms,
    __global uint4 *d_Data,
    uint dataCount
){
    //Per-warp substorage storage
    __local uint l_Hist[WARP_COUNT * HISTOGRAM256_BIN_COUNT];
    __local uint *l_WarpHist = l_Hist + (get_local_id(0) >> LOG2_WARP_SIZE) * HISTOGRAM256_BIN_COUNT;

    //Clear shared memory storage for current threadblock before processing
    for(uint i = 0; i < (HISTOGRAM256_BIN_COUNT / WARP_SIZE); i++)
        l_Hist[get_local_id(0) + i  * (WARP_COUNT * WARP_SIZE)] = 0;

    //Read through the entire input buffer, build per-warp histograms
    barrier(CLK_LOCAL_MEM_FENCE);
    for(uint pos = get_global_id(0); pos < dataCount; pos += get_global_size(0)){
        uint4 data = d_Data[pos];
        addWord(l_WarpHist, data.x);
        addWord(l_WarpHist, data.y);
        addWord(l_WarpHist, data.z);
        addWord(l_WarpHist, data.w);
    }

    //Per-block histogram reduction
    barrier(CLK_LOCAL_MEM_FENCE);
    for(uint pos = get_local_id(0); pos < HISTOGRAM256_BIN_COUNT; pos += HISTOGRAM256_WORKGROUP_SIZE){
        uint sum = 0;
        for(uint i = 0; i < WARP_COUNT; i++)
            sum += l_Hist[pos + i * HISTOGRAM256_BIN_COUNT] & 0xFFFFFFFFU;
        d_PartialHistograms[get_group_id(0) * HISTOGRAM256_BIN_COUNT + pos] = sum;
    }
}
