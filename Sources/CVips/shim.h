// shim.h — the C API of vips/vips.h for Swift, plus wrappers for macros and variadic functions.
#ifndef SNAPTERM_CVips_SHIM_H
#define SNAPTERM_CVips_SHIM_H
#include <vips/vips.h>

// VIPS_INIT is a macro; argv0 is only used for messages.
static inline int snap_vips_init(void) { return VIPS_INIT("snapterm"); }

// Lazy open from memory: reads the header only. The buffer must outlive the image.
static inline VipsImage *snap_vips_new_from_buffer(const void *buf, size_t len) {
    return vips_image_new_from_buffer(buf, len, "", NULL);
}

// Shrink-on-load thumbnail into width × height; crop != 0 fills the box (centre crop). With an
// output profile ("srgb"), the embedded ICC profile is converted to it (relative colorimetric, libvips'
// default); without one, libvips leaves an embedded profile's colours as they are.
static inline int snap_vips_thumbnail_buffer(void *buf, size_t len, VipsImage **out, int width, int height, int crop,
                                             const char *output_profile) {
    VipsInteresting interesting = crop ? VIPS_INTERESTING_CENTRE : VIPS_INTERESTING_NONE;
    if (output_profile)
        return vips_thumbnail_buffer(buf, len, out, width, "height", height, "crop", interesting,
            "export_profile", output_profile, NULL);
    return vips_thumbnail_buffer(buf, len, out, width, "height", height, "crop", interesting, NULL);
}

// The embedded ICC profile's bytes: 0 when there is one.
static inline int snap_vips_icc_profile(VipsImage *image, const void **data, size_t *length) {
    if (!vips_image_get_typeof(image, VIPS_META_ICC_NAME)) return -1;
    return vips_image_get_blob(image, VIPS_META_ICC_NAME, data, length);
}

// The image converted from its embedded ICC profile to `output_profile` ("srgb"), 8 bits a band.
static inline int snap_vips_icc_transform_embedded(VipsImage *in, VipsImage **out, const char *output_profile) {
    return vips_icc_transform(in, out, output_profile, "embedded", TRUE, "depth", 8, NULL);
}

// The same for an image already in memory (a BMP decoded by Imaging).
static inline int snap_vips_thumbnail_image(VipsImage *in, VipsImage **out, int width, int height, int crop) {
    return vips_thumbnail_image(in, out, width, "height", height,
        "crop", crop ? VIPS_INTERESTING_CENTRE : VIPS_INTERESTING_NONE, NULL);
}

// The same with an output profile ("srgb") the embedded ICC profile is converted to, as
// snap_vips_thumbnail_buffer does (a HEIF picture shrunk from its primary image, not its thumbnail).
static inline int snap_vips_thumbnail_image_profile(VipsImage *in, VipsImage **out, int width, int height, int crop,
                                                    const char *output_profile) {
    VipsInteresting interesting = crop ? VIPS_INTERESTING_CENTRE : VIPS_INTERESTING_NONE;
    if (output_profile)
        return vips_thumbnail_image(in, out, width, "height", height, "crop", interesting,
            "export_profile", output_profile, NULL);
    return vips_thumbnail_image(in, out, width, "height", height, "crop", interesting, NULL);
}

// Decodes every pixel of the first frame, top to bottom, keeping none: 0 when the input decodes.
static inline int snap_vips_decode_check(const void *buf, size_t len, int all_frames) {
    VipsImage *image = all_frames
        ? vips_image_new_from_buffer(buf, len, "", "access", VIPS_ACCESS_SEQUENTIAL, "n", -1, NULL)
        : vips_image_new_from_buffer(buf, len, "", "access", VIPS_ACCESS_SEQUENTIAL, NULL);
    if (!image) return -1;
    double average = 0;
    int result = vips_avg(image, &average, NULL);
    g_object_unref(image);
    return result;
}

static inline int snap_vips_autorot(VipsImage *in, VipsImage **out) { return vips_autorot(in, out, NULL); }
static inline int snap_vips_colourspace_srgb(VipsImage *in, VipsImage **out) {
    return vips_colourspace(in, out, VIPS_INTERPRETATION_sRGB, NULL);
}
static inline int snap_vips_cast_uchar(VipsImage *in, VipsImage **out) { return vips_cast(in, out, VIPS_FORMAT_UCHAR, NULL); }
static inline int snap_vips_bandjoin_const1(VipsImage *in, VipsImage **out, double c) { return vips_bandjoin_const1(in, out, c, NULL); }
static inline int snap_vips_extract_band(VipsImage *in, VipsImage **out, int band, int n) {
    return vips_extract_band(in, out, band, "n", n, NULL);
}
static inline int snap_vips_bandjoin2(VipsImage *a, VipsImage *b, VipsImage **out) { return vips_bandjoin2(a, b, out, NULL); }
static inline int snap_vips_extract_area(VipsImage *in, VipsImage **out, int left, int top, int width, int height) {
    return vips_extract_area(in, out, left, top, width, height, NULL);
}
static inline int snap_vips_rot(VipsImage *in, VipsImage **out, VipsAngle angle) { return vips_rot(in, out, angle, NULL); }
static inline int snap_vips_resize(VipsImage *in, VipsImage **out, double hscale, double vscale) {
    return vips_resize(in, out, hscale, "vscale", vscale, NULL);
}
static inline int snap_vips_recomb(VipsImage *in, VipsImage **out, VipsImage *matrix) { return vips_recomb(in, out, matrix, NULL); }
static inline int snap_vips_linear(VipsImage *in, VipsImage **out, const double *a, const double *b, int n) {
    return vips_linear(in, out, a, b, n, NULL);
}
static inline int snap_vips_gaussblur(VipsImage *in, VipsImage **out, double sigma) { return vips_gaussblur(in, out, sigma, NULL); }
static inline int snap_vips_conv(VipsImage *in, VipsImage **out, VipsImage *mask) { return vips_conv(in, out, mask, NULL); }
static inline int snap_vips_flatten_white(VipsImage *in, VipsImage **out) {
    VipsArrayDouble *white = vips_array_double_newv(3, 255.0, 255.0, 255.0);
    int result = vips_flatten(in, out, "background", white, NULL);
    vips_area_unref(VIPS_AREA(white));
    return result;
}
static inline int snap_vips_pngsave_buffer(VipsImage *in, void **buf, size_t *len) {
    return vips_pngsave_buffer(in, buf, len, "compression", 6, NULL);
}
static inline int snap_vips_jpegsave_buffer(VipsImage *in, void **buf, size_t *len, int quality) {
    return vips_jpegsave_buffer(in, buf, len, "Q", quality, "strip", TRUE, NULL);
}
static inline int snap_vips_copy(VipsImage *in, VipsImage **out) { return vips_copy(in, out, NULL); }
// Saves in the format named by `suffix` (".webp", ".gif", ...): tests use it to build sources.
static inline int snap_vips_save_buffer(VipsImage *in, const char *suffix, void **buf, size_t *len) {
    return vips_image_write_to_buffer(in, suffix, buf, len, NULL);
}
// Keeps metadata (the EXIF orientation): tests use it to build oriented JPEGs.
static inline int snap_vips_jpegsave_buffer_keep(VipsImage *in, void **buf, size_t *len, int quality) {
    return vips_jpegsave_buffer(in, buf, len, "Q", quality, NULL);
}
// Animations: every frame (n = -1) stacked as one tall image of `page-height` rows per frame, lazily and read
// top to bottom: with libvips' default random access, the first pixel asked for had the loader decode every frame
// into a temporary image first (2.2 s before the first frame of a 1,000-frame GIF; 9 ms so).
static inline VipsImage *snap_vips_new_from_buffer_frames(const void *buf, size_t len) {
    return vips_image_new_from_buffer(buf, len, "", "n", -1, "access", VIPS_ACCESS_SEQUENTIAL, NULL);
}
// Fills width × height from an image already open (one frame), centre-cropping what sticks out.
static inline int snap_vips_thumbnail_image_fill(VipsImage *in, VipsImage **out, int width, int height) {
    return vips_thumbnail_image(in, out, width, "height", height, "crop", VIPS_INTERESTING_CENTRE, NULL);
}
#endif
