// launch: --local-size 8 --global-size 16 --buffer newPos=16 --buffer newVel=16 --buffer oldPos=16 --buffer oldVel=16 --buffer sharedPos=8 --param deltaTime=1008981770 --param damping=1065185444 --param softenSqr=953267991 --param numBodies=16
// origin: NVIDIA OpenCL SDK oclNbody sample style (float4 bodies in a __local tile, native_rsqrt, mad, loop over tiles)
#define LOOP_UNROLL 4

float4 bodyBodyInteraction(float4 ai, float4 bi, float4 bj, float softeningSquared)
{
    float4 r;

    // r_ij  [3 FLOPS]
    r.x = bi.x - bj.x;
    r.y = bi.y - bj.y;
    r.z = bi.z - bj.z;
    r.w = 0;

    // distSqr = dot(r_ij, r_ij) + EPS^2  [6 FLOPS]
    float distSqr = r.x * r.x + r.y * r.y + r.z * r.z;
    distSqr += softeningSquared;

    // invDistCube =1/distSqr^(3/2)  [4 FLOPS (2 mul, 1 sqrt, 1 inv)]
    float invDist = native_rsqrt(distSqr);
    float invDistCube = invDist * invDist * invDist;

    // s = m_j * invDistCube [1 FLOP]
    float s = bj.w * invDistCube;

    // a_i =  a_i + s * r_ij [6 FLOPS]
    ai.x += r.x * s;
    ai.y += r.y * s;
    ai.z += r.z * s;

    return ai;
}

float4 gravitation(float4 myPos, float4 accel, __local float4* sharedPos, float softeningSquared)
{
    unsigned int i = 0;
    for (unsigned int counter = 0; counter < get_local_size(0); )
    {
        accel = bodyBodyInteraction(accel, sharedPos[i++], myPos, softeningSquared);
        counter++;
#if LOOP_UNROLL > 1
        accel = bodyBodyInteraction(accel, sharedPos[i++], myPos, softeningSquared);
        counter++;
#endif
    }
    return accel;
}

__kernel void integrateBodies(__global float4* newPos, __global float4* newVel,
                              __global float4* oldPos, __global float4* oldVel,
                              float deltaTime, float damping, float softenSqr, int numBodies,
                              __local float4* sharedPos)
{
    unsigned int gid = get_global_id(0);
    float4 pos = oldPos[gid];
    float4 accel = (float4)(0.0f, 0.0f, 0.0f, 0.0f);

    int numTiles = numBodies / get_local_size(0);
    for (int tile = 0; tile < numTiles; tile++)
    {
        sharedPos[get_local_id(0)] = oldPos[mad24(tile, (int)get_local_size(0), (int)get_local_id(0))];
        barrier(CLK_LOCAL_MEM_FENCE);
        accel = gravitation(pos, accel, sharedPos, softenSqr);
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    float4 vel = oldVel[gid];
    vel.xyz += accel.xyz * deltaTime;
    vel.xyz *= damping;
    pos.xyz += vel.xyz * deltaTime;

    newPos[gid] = pos;
    newVel[gid] = vel;
}
