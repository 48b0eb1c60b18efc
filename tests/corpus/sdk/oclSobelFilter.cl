// launch: --local-size 4,4 --global-size 8,8 --buffer uc4Source=100 --buffer uiDest=64 --buffer uc4LocalData=36 --param iLocalPixPitch=6 --param uiImageWidth=8 --param uiDevImageHeight=8 --param fThresh=1112014848
// origin: NVIDIA OpenCL SDK oclSobelFilter sample style (RGBA packed in uint, uchar4 local tile with apron, convert_float4)
// Input image is (uiImageWidth + 2) x (uiImageHeight + 2) with a one-pixel border.

__kernel void ckSobel(__global uchar4* uc4Source, __global uint* uiDest,
                      __local uchar4* uc4LocalData, int iLocalPixPitch,
                      unsigned int uiImageWidth, unsigned int uiDevImageHeight, float fThresh)
{
    int iImagePosX = get_global_id(0);
    int iDevYPrime = get_global_id(1) - 1;  // Shift offset up 1 radius (1 row) for reads
    int iDevGMEMOffset = mul24(iDevYPrime, (int)get_global_size(0)) + iImagePosX;

    // Fill the local tile: the work-item's own pixel plus, for the edge work-items, the apron
    uc4LocalData[(get_local_id(1) + 1) * iLocalPixPitch + get_local_id(0) + 1] =
        uc4Source[(get_global_id(1) + 1) * (uiImageWidth + 2) + iImagePosX + 1];
    if (get_local_id(1) < 2)
    {
        int row = get_local_id(1) == 0 ? 0 : (int)get_local_size(1) + 1;
        int srcRow = get_group_id(1) * get_local_size(1) + row;
        uc4LocalData[row * iLocalPixPitch + get_local_id(0) + 1] =
            uc4Source[srcRow * (uiImageWidth + 2) + iImagePosX + 1];
    }
    if (get_local_id(0) < 2)
    {
        int col = get_local_id(0) == 0 ? 0 : (int)get_local_size(0) + 1;
        int srcCol = get_group_id(0) * get_local_size(0) + col;
        uc4LocalData[(get_local_id(1) + 1) * iLocalPixPitch + col] =
            uc4Source[(get_global_id(1) + 1) * (uiImageWidth + 2) + srcCol];
    }

    barrier(CLK_LOCAL_MEM_FENCE);

    // Init summation registers to zero
    float fTemp = 0.0f;
    float fHSum = 0.0f;
    float fVSum = 0.0f;

    // Set local offset
    int iLocalPixOffset = mul24((int)get_local_id(1), iLocalPixPitch) + get_local_id(0);

    // NW
    fHSum += convert_float(uc4LocalData[iLocalPixOffset].x);
    fVSum -= convert_float(uc4LocalData[iLocalPixOffset++].x);

    // N
    fVSum -= 2.0f * convert_float(uc4LocalData[iLocalPixOffset++].x);

    // NE
    fHSum -= convert_float(uc4LocalData[iLocalPixOffset].x);
    fVSum -= convert_float(uc4LocalData[iLocalPixOffset].x);

    // increment LMEM block to next row, and unwind increments
    iLocalPixOffset += (iLocalPixPitch - 2);

    // W
    fHSum += 2.0f * convert_float(uc4LocalData[iLocalPixOffset++].x);
    iLocalPixOffset++;
    // E
    fHSum -= 2.0f * convert_float(uc4LocalData[iLocalPixOffset].x);

    iLocalPixOffset += (iLocalPixPitch - 2);

    // SW
    fHSum += convert_float(uc4LocalData[iLocalPixOffset].x);
    fVSum += convert_float(uc4LocalData[iLocalPixOffset++].x);
    // S
    fVSum += 2.0f * convert_float(uc4LocalData[iLocalPixOffset++].x);
    // SE
    fHSum -= convert_float(uc4LocalData[iLocalPixOffset].x);
    fVSum += convert_float(uc4LocalData[iLocalPixOffset].x);

    // Weighted combination of Sobel responses, clamped
    fTemp = 0.5f * (fabs(fHSum) + fabs(fVSum));
    fTemp = (fTemp > fThresh) ? 255.0f : fTemp;
    uint uiOut = (uint)fTemp;

    if (iDevYPrime + 1 < (int)uiDevImageHeight && iImagePosX < (int)uiImageWidth)
    {
        uiDest[iDevGMEMOffset + get_global_size(0)] = (uiOut << 24) | (uiOut << 16) | (uiOut << 8) | uiOut;
    }
}
