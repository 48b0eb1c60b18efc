// launch: --local-size 16 --global-size 32 --buffer data=128 --buffer sharedArray=256 --buffer binResult=32 --param binCount=16
// origin: AMD APP SDK Histogram sample style (__local uchar sub-histograms per work-item, vload4 of the input, bit tricks, atomic_add on global bins)
#pragma OPENCL EXTENSION cl_khr_global_int32_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_byte_addressable_store : enable

#define LINEAR_MEM_ACCESS
#define BIN_SIZE 16

__kernel void histogram256_vector(__global const uint* data,
                                  __local uchar* sharedArray,
                                  __global uint* binResult,
                                  uint binCount)
{
    size_t localId = get_local_id(0);
    size_t globalId = get_global_id(0);
    size_t groupId = get_group_id(0);
    size_t groupSize = get_local_size(0);

    /* initialize shared array to zero */
    for (int i = 0; i < BIN_SIZE; ++i)
        sharedArray[localId * BIN_SIZE + i] = 0;

    barrier(CLK_LOCAL_MEM_FENCE);

    /* calculate thread-histograms */
    uint4 value = vload4(globalId, data);
    uint4 bins = value % (uint4)(binCount);
    sharedArray[localId * BIN_SIZE + bins.x]++;
    sharedArray[localId * BIN_SIZE + bins.y]++;
    sharedArray[localId * BIN_SIZE + bins.z]++;
    sharedArray[localId * BIN_SIZE + bins.w]++;

    barrier(CLK_LOCAL_MEM_FENCE);

    /* merge all thread-histograms into the global bins */
    for (int i = 0; i < BIN_SIZE / groupSize; ++i)
    {
        uint bin = localId * (BIN_SIZE / groupSize) + i;
        uint binCountSum = 0;
        for (int j = 0; j < groupSize; ++j)
            binCountSum += sharedArray[j * BIN_SIZE + bin];
        atomic_add(&binResult[bin], binCountSum);
    }
    if (BIN_SIZE < groupSize && localId < BIN_SIZE)
    {
        uint binCountSum = 0;
        for (int j = 0; j < groupSize; ++j)
            binCountSum += sharedArray[j * BIN_SIZE + localId];
        atomic_add(&binResult[localId], binCountSum);
    }
}
