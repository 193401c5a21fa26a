// srgb_transform.h — RGB pixels converted from an embedded ICC profile to sRGB with lcms2, as libvips'
// icc_transform does by default: relative colorimetric intent, no black point compensation, 8 bits in and out.
#ifndef SNAPTERM_SRGB_TRANSFORM_H
#define SNAPTERM_SRGB_TRANSFORM_H

#include <stddef.h>

/// A transform from one RGB profile to sRGB (lcms2's cmsHTRANSFORM): safe to apply from several threads.
typedef void *snapterm_srgb_transform;

/// The transform from the ICC profile `icc` to sRGB, or NULL when lcms2 cannot read the profile, it is
/// not an RGB device profile, or it is a matrix-shaper no camera writes (colorants far outside, curves out
/// of 0…1: lcms2's own paths disagree on it) — then the profile is ignored. Free it with `snapterm_srgb_transform_free`.
snapterm_srgb_transform snapterm_srgb_transform_new(const unsigned char *icc, size_t length);

/// Converts `pixels` RGBA pixels in place; the alpha bytes are left as they are.
void snapterm_srgb_transform_apply(snapterm_srgb_transform transform, unsigned char *rgba, size_t pixels);

/// Frees a transform.
void snapterm_srgb_transform_free(snapterm_srgb_transform transform);

#endif
