// jpeg_direct.h — a plain JPEG decoded with libjpeg directly, at the smallest DCT scale that still
// covers a box: a picture that needs nothing else from libvips never opens it (and its ~100 libraries).
#ifndef SNAPTERM_JPEG_DIRECT_H
#define SNAPTERM_JPEG_DIRECT_H

#include <stddef.h>

/// What `snapterm_jpeg_header` and `snapterm_jpeg_decode` return.
enum snapterm_jpeg_result {
    /// Done.
    SNAPTERM_JPEG_OK = 0,
    /// A JPEG that needs libvips: an EXIF orientation other than 1, an ICC profile, CMYK or YCCK colour.
    SNAPTERM_JPEG_NOT_PLAIN = 1,
    /// Not a JPEG libjpeg reads cleanly (libvips then reports what is wrong with it).
    SNAPTERM_JPEG_FAILED = 2,
};

/// Reads the header of `data`: the picture's size, and whether it is plain.
int snapterm_jpeg_header(const unsigned char *data, size_t length, int *width, int *height);

/// Decodes `data` scaled by 1/`denominator` (1, 2, 4 or 8) into `*rgb`, 3 bytes a pixel, row by
/// row, `*width` × `*height` pixels; the caller frees `*rgb` with free(3). Fails at the first libjpeg
/// warning, and as soon as it reads a scan past `max_scans`.
int snapterm_jpeg_decode(const unsigned char *data, size_t length, int denominator, int max_scans,
                         unsigned char **rgb, int *width, int *height);

/// The number of scans (SOS markers) in `data`, counted by walking its markers: no decoding.
int snapterm_jpeg_scan_count(const unsigned char *data, size_t length);

#endif
