// srgb_transform.c — see srgb_transform.h. lcms2 is opened on first use (CLazyLibraries), like libjpeg.
//
// A matrix-shaper profile (the usual camera and phone profile: Adobe RGB, Display P3) is converted here from
// what lcms2 reads of it — its three tone curves and colorants — as lcms2 itself would convert it (relative
// colorimetric between two matrix-shaper profiles is curves, one 3×3 matrix, the inverse sRGB curve), in floats.
// A matrix-shaper profile no camera writes — colorants far outside (its matrix to sRGB beyond `MAX_ROW_SUM`), tone
// curves leaving 0…1 — is refused: lcms2 converts it differently on each of its paths (its 1.14 fixed-point 8-bit
// matrix wraps around past 8, libvips' import and export through the connection space quantize it otherwise:
// colorants ten times Adobe RGB's made reds black at 320×320 and full red at 80×80), so it is ignored everywhere.
// Building lcms2's own 8-bit transform for it tabulates every curve at 4,096 and 16,385 points: ~26 million
// instructions, more than decoding and scaling the photo's thumbnail. Any other RGB profile gets lcms2's transform.
#include "srgb_transform.h"
#include <lcms2.h>
#include <math.h>
#include <stdlib.h>

enum { ENCODE_STEPS = 4096 };

/// The largest sum of a row's magnitudes in a profile's matrix to sRGB: real profiles reach 1.8 (Adobe RGB), 2.3
/// (Rec. 2020) and 3.1 (ProPhoto); measured, lcms2's paths still agree within 3 levels at 3.6, 5 at 7.2.
static const double MAX_ROW_SUM = 4.0;
/// How far a tone curve may leave 0…1 (float evaluation of a real curve at its ends).
static const float CURVE_SLACK = 1e-3f;

typedef struct {
    cmsHTRANSFORM lcms;                    // a profile of another kind: lcms2's transform, else NULL
    float linear[3][256];                  // each input channel's 8-bit value → linear light
    float matrix[3][3];                    // linear source RGB → linear sRGB (both in the D50 connection space)
    unsigned char encode[ENCODE_STEPS + 1]; // linear sRGB → 8-bit sRGB, at steps of 1/4096
} transform;

/// The colorants of `profile` as the columns of a matrix (RGB → XYZ); 0 when it has none.
static int colorants(cmsHPROFILE profile, double m[3][3]) {
    const cmsTagSignature tags[3] = {cmsSigRedColorantTag, cmsSigGreenColorantTag, cmsSigBlueColorantTag};
    for (int column = 0; column < 3; column++) {
        const cmsCIEXYZ *xyz = (const cmsCIEXYZ *)cmsReadTag(profile, tags[column]);
        if (!xyz) return 0;
        m[0][column] = xyz->X; m[1][column] = xyz->Y; m[2][column] = xyz->Z;
    }
    return 1;
}

/// `m`'s inverse in `inverse`; 0 when `m` has none.
static int invert(double m[3][3], double inverse[3][3]) {
    double det = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
        + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
    if (!isfinite(det) || fabs(det) < 1e-9) return 0;
    for (int row = 0; row < 3; row++) {
        for (int column = 0; column < 3; column++) {
            int r1 = (column + 1) % 3, r2 = (column + 2) % 3, c1 = (row + 1) % 3, c2 = (row + 2) % 3;
            inverse[row][column] = (m[r1][c1] * m[r2][c2] - m[r1][c2] * m[r2][c1]) / det;
        }
    }
    return 1;
}

/// The IEC 61966-2-1 sRGB encoding of linear light `x` in 0…1 (lcms2's built-in sRGB curve, inverted).
static double srgb_encoded(double x) {
    return x <= 0.0031308 ? 12.92 * x : 1.055 * pow(x, 1.0 / 2.4) - 0.055;
}

/// Fills `t` for a matrix-shaper `source` converted to `srgb`: 1; 0 when `source` does not read as one (lcms2's
/// transform then); -1 when it is one no lcms2 path converts alike (extreme colorants or curves): refused.
static int matrix_shaper(transform *t, cmsHPROFILE source, cmsHPROFILE srgb) {
    // (lcms2 itself prefers a profile's lookup tables, when it has them, to its colorants and curves)
    if (!cmsIsMatrixShaper(source) || cmsIsCLUT(source, INTENT_RELATIVE_COLORIMETRIC, LCMS_USED_AS_INPUT)) return 0;
    double in[3][3], out[3][3], out_inverse[3][3];
    if (!colorants(source, in) || !colorants(srgb, out) || !invert(out, out_inverse)) return 0;
    const cmsTagSignature curves[3] = {cmsSigRedTRCTag, cmsSigGreenTRCTag, cmsSigBlueTRCTag};
    for (int channel = 0; channel < 3; channel++) {
        const cmsToneCurve *curve = (const cmsToneCurve *)cmsReadTag(source, curves[channel]);
        if (!curve) return 0;
        for (int value = 0; value < 256; value++) {
            float linear = cmsEvalToneCurveFloat(curve, (float)value / 255.0f);
            if (!isfinite(linear) || linear < -CURVE_SLACK || linear > 1.0f + CURVE_SLACK) return -1;
            t->linear[channel][value] = linear;
        }
    }
    for (int row = 0; row < 3; row++) {
        double magnitudes = 0;
        for (int column = 0; column < 3; column++) {
            double sum = 0;
            for (int k = 0; k < 3; k++) sum += out_inverse[row][k] * in[k][column];
            t->matrix[row][column] = (float)sum;
            magnitudes += fabs(sum);
        }
        if (!(magnitudes <= MAX_ROW_SUM)) return -1;  // (NaN too)
    }
    for (int step = 0; step <= ENCODE_STEPS; step++) {
        t->encode[step] = (unsigned char)lround(255.0 * srgb_encoded((double)step / ENCODE_STEPS));
    }
    return 1;
}

snapterm_srgb_transform snapterm_srgb_transform_new(const unsigned char *icc, size_t length) {
    if (!icc || length < 128 || length > 0xFFFFFFFFu) return NULL;  // 128 bytes: an ICC header
    cmsHPROFILE source = cmsOpenProfileFromMem(icc, (cmsUInt32Number)length);
    if (!source) return NULL;
    transform *made = NULL;
    if (cmsGetColorSpace(source) == cmsSigRgbData && cmsGetDeviceClass(source) != cmsSigLinkClass
        && cmsGetDeviceClass(source) != cmsSigAbstractClass) {
        cmsHPROFILE srgb = cmsCreate_sRGBProfile();
        made = srgb ? calloc(1, sizeof(transform)) : NULL;
        int kind = made ? matrix_shaper(made, source, srgb) : 1;
        if (kind < 0) {
            free(made);
            made = NULL;
        } else if (kind == 0) {
            // No 1-pixel cache: cmsDoTransform may then run on several threads at once (as libvips does).
            made->lcms = cmsCreateTransform(source, TYPE_RGBA_8, srgb, TYPE_RGBA_8, INTENT_RELATIVE_COLORIMETRIC, cmsFLAGS_NOCACHE);
            if (!made->lcms) { free(made); made = NULL; }
        }
        if (srgb) cmsCloseProfile(srgb);
    }
    cmsCloseProfile(source);
    return made;
}

/// Linear light `x` as 8-bit sRGB, clipped to the gamut.
static inline unsigned char encoded(const transform *t, float x) {
    if (!(x > 0.0f)) return t->encode[0];  // (NaN too)
    if (x >= 1.0f) return t->encode[ENCODE_STEPS];
    return t->encode[(int)(x * ENCODE_STEPS + 0.5f)];
}

void snapterm_srgb_transform_apply(snapterm_srgb_transform handle, unsigned char *rgba, size_t pixels) {
    const transform *t = handle;
    if (t->lcms) {
        while (pixels > 0) {
            cmsUInt32Number chunk = pixels > 0x10000000u ? 0x10000000u : (cmsUInt32Number)pixels;
            cmsDoTransform(t->lcms, rgba, rgba, chunk);
            rgba += (size_t)chunk * 4;
            pixels -= chunk;
        }
        return;
    }
    for (size_t pixel = 0; pixel < pixels; pixel++, rgba += 4) {
        float r = t->linear[0][rgba[0]], g = t->linear[1][rgba[1]], b = t->linear[2][rgba[2]];
        rgba[0] = encoded(t, t->matrix[0][0] * r + t->matrix[0][1] * g + t->matrix[0][2] * b);
        rgba[1] = encoded(t, t->matrix[1][0] * r + t->matrix[1][1] * g + t->matrix[1][2] * b);
        rgba[2] = encoded(t, t->matrix[2][0] * r + t->matrix[2][1] * g + t->matrix[2][2] * b);
    }
}

void snapterm_srgb_transform_free(snapterm_srgb_transform handle) {
    transform *t = handle;
    if (!t) return;
    if (t->lcms) cmsDeleteTransform(t->lcms);
    free(t);
}
