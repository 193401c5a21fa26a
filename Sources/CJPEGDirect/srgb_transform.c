// srgb_transform.c — see srgb_transform.h. lcms2 is opened on first use (CLazyLibraries), like libjpeg.
#include "srgb_transform.h"
#include <lcms2.h>

snapterm_srgb_transform snapterm_srgb_transform_new(const unsigned char *icc, size_t length) {
    if (!icc || length < 128 || length > 0xFFFFFFFFu) return NULL;  // 128 bytes: an ICC header
    cmsHPROFILE source = cmsOpenProfileFromMem(icc, (cmsUInt32Number)length);
    if (!source) return NULL;
    cmsHTRANSFORM transform = NULL;
    if (cmsGetColorSpace(source) == cmsSigRgbData && cmsGetDeviceClass(source) != cmsSigLinkClass
        && cmsGetDeviceClass(source) != cmsSigAbstractClass) {
        cmsHPROFILE srgb = cmsCreate_sRGBProfile();
        if (srgb) {
            // No 1-pixel cache: cmsDoTransform may then run on several threads at once (as libvips does).
            transform = cmsCreateTransform(source, TYPE_RGBA_8, srgb, TYPE_RGBA_8, INTENT_RELATIVE_COLORIMETRIC, cmsFLAGS_NOCACHE);
            cmsCloseProfile(srgb);
        }
    }
    cmsCloseProfile(source);
    return transform;
}

void snapterm_srgb_transform_apply(snapterm_srgb_transform transform, unsigned char *rgba, size_t pixels) {
    while (pixels > 0) {
        cmsUInt32Number chunk = pixels > 0x10000000u ? 0x10000000u : (cmsUInt32Number)pixels;
        cmsDoTransform((cmsHTRANSFORM)transform, rgba, rgba, chunk);
        rgba += (size_t)chunk * 4;
        pixels -= chunk;
    }
}

void snapterm_srgb_transform_free(snapterm_srgb_transform transform) {
    if (transform) cmsDeleteTransform((cmsHTRANSFORM)transform);
}
