// launch: --local-size 8 --global-size 8 --buffer d_Dst=8 --buffer d_Src=8 --buffer l_Data=16 --param size=32
// origin: NVIDIA OpenCL SDK oclScan sample style (uint4 per work-item, local scan with doubled buffer, inline helpers)
#define WORKGROUP_SIZE 8

inline uint scan1Inclusive(uint idata, __local uint *l_Data, uint size){
    uint pos = 2 * get_local_id(0) - (get_local_id(0) & (size - 1));
    l_Data[pos] = 0;
    pos += size;
    l_Data[pos] = idata;

    for(uint offset = 1; offset < size; offset <<= 1){
        barrier(CLK_LOCAL_MEM_FENCE);
        uint t = l_Data[pos] + l_Data[pos - offset];
        barrier(CLK_LOCAL_MEM_FENCE);
        l_Data[pos] = t;
    }

    return l_Data[pos];
}

inline uint scan1Exclusive(uint idata, __local uint *l_Data, uint size){
    return scan1Inclusive(idata, l_Data, size) - idata;
}

inline uint4 scan4Inclusive(uint4 data4, __local uint *l_Data, uint size){
    //Level-0 inclusive scan
    data4.y += data4.x;
    data4.z += data4.y;
    data4.w += data4.z;

    //Level-1 exclusive scan
    uint val = scan1Inclusive(data4.w, l_Data, size / 4) - data4.w;

    return (data4 + (uint4)val);
}

inline uint4 scan4Exclusive(uint4 data4, __local uint *l_Data, uint size){
    return scan4Inclusive(data4, l_Data, size) - data4;
}

__kernel __attribute__((reqd_work_group_size(WORKGROUP_SIZE, 1, 1)))
void scanExclusiveLocal1(
    __global uint4 *d_Dst,
    __global uint4 *d_Src,
    __local uint* l_Data,
    uint size
){
    //Load data
    uint4 idata4 = d_Src[get_global_id(0)];

    //Calculate exclusive scan
    uint4 odata4  = scan4Exclusive(idata4, l_Data, size);

    //Write back
    d_Dst[get_global_id(0)] = odata4;
}
