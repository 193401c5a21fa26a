// jpeg_direct.h — a JPEG decoded with libjpeg directly, at the smallest DCT scale that still covers a box,
// turned upright by its EXIF orientation, its ICC profile handed over: a picture that needs nothing else
// from libvips never opens it (and its ~100 libraries).
#ifndef SNAPTERM_JPEG_DIRECT_H
#define SNAPTERM_JPEG_DIRECT_H

#include <stddef.h>

/// What `snapterm_jpeg_header` and `snapterm_jpeg_decode` return.
enum snapterm_jpeg_result {
    /// Done.
    SNAPTERM_JPEG_OK = 0,
    /// A JPEG that needs libvips: CMYK or YCCK colour, or an ICC profile larger than allowed.
    SNAPTERM_JPEG_NOT_PLAIN = 1,
    /// Not a JPEG libjpeg reads cleanly (libvips then reports what is wrong with it).
    SNAPTERM_JPEG_FAILED = 2,
};

/// What a decode found: the size, the EXIF orientation, the ICC profile.
struct snapterm_jpeg_picture {
    /// The header's size (stored, not turned), or after a decode the pixels' size (scaled, upright).
    int width, height;
    /// The EXIF orientation, 1–8: 1 when there is none or it cannot be read.
    int orientation;
    /// After a decode: the ICC profile's chunks reassembled in order, to free(3); NULL when there is none
    /// or its chunks are inconsistent (then it is ignored).
    unsigned char *icc;
    size_t icc_length;
};

/// Reads the header of `data`: the picture's size and orientation, and whether libjpeg can decode it.
int snapterm_jpeg_header(const unsigned char *data, size_t length, struct snapterm_jpeg_picture *picture);

/// Decodes `data` scaled by 1/`denominator` (1, 2, 4 or 8) into `*rgb`, 3 bytes a pixel, row by row,
/// turned upright by its EXIF orientation: `picture->width` × `picture->height` pixels. The caller frees
/// `*rgb` and `picture->icc` with free(3). Fails at the first libjpeg warning, and as soon as it reads a
/// scan past `max_scans`; a profile of more than `max_icc` bytes is not plain.
int snapterm_jpeg_decode(const unsigned char *data, size_t length, int denominator, int max_scans, size_t max_icc,
                         unsigned char **rgb, struct snapterm_jpeg_picture *picture);

/// The number of scans (SOS markers) in `data`, counted by walking its markers: no decoding.
int snapterm_jpeg_scan_count(const unsigned char *data, size_t length);

#endif
