// direct_decoders.h — HEIC/AVIF decoded with libheif and TIFF with libtiff directly, each reduced to about twice
// the box by whole-pixel averaging as it is decoded: a picture that needs nothing else from libvips never opens it
// (its start-up and its box shrink were most of a cold `render` of these formats). Both libraries are opened on
// first use (CLazyLibraries).
#ifndef SNAPTERM_DIRECT_DECODERS_H
#define SNAPTERM_DIRECT_DECODERS_H

#include <stddef.h>

/// What the decoders return.
enum snapterm_direct_result {
    /// Done.
    SNAPTERM_DIRECT_OK = 0,
    /// A picture libvips must do: alpha, CMYK, more than 8 bits of a float sample, a layout not read here.
    SNAPTERM_DIRECT_NOT_PLAIN = 1,
    /// The library refused or failed on the file (libvips then reports what is wrong with it).
    SNAPTERM_DIRECT_FAILED = 2,
    /// The picture (or the level chosen) has more pixels than allowed.
    SNAPTERM_DIRECT_TOO_LARGE = 3,
};

/// What a header says: the size as displayed, the pages (HEIF: top-level images), alpha, orientation.
struct snapterm_direct_header {
    /// The size as displayed (a HEIF's rotation and a TIFF's orientation applied).
    int width, height;
    /// TIFF: the Orientation tag, 1–8 (1 when absent or out of range); HEIF: 1 (libheif turns the pixels itself).
    int orientation;
    /// TIFF: the pages (directories in the main chain); HEIF: the top-level images.
    int pages;
    /// Whether it has an alpha channel (TIFF: an extra sample).
    int has_alpha;
};

/// What a decode made: RGB pixels, 3 bytes each, rows packed, to free(3).
struct snapterm_direct_picture {
    /// The pixels' size: the decoded picture (or level, or thumbnail) divided by `shrink`, each side rounded up.
    int width, height;
    /// The whole-pixel factor the decoded picture was averaged down by.
    int shrink;
    /// The decoded picture's (level's, thumbnail's) size before that: `width × height` stand for
    /// `decoded_width / shrink × decoded_height / shrink` pixels, the last column and row for fewer than `shrink`.
    int decoded_width, decoded_height;
    /// TIFF: the Orientation tag the pixels are still to be turned by (1–8); HEIF: 1 (already upright).
    int orientation;
    /// The embedded ICC profile (HEIF `prof`/`rICC`, TIFF tag 34675), to free(3); NULL when there is none.
    unsigned char *icc;
    size_t icc_length;
    /// A HEIF: 1 when its thumbnail item was decoded rather than the primary picture.
    int used_thumbnail;
};

/// Reads the primary picture's header of the HEIF/AVIF `data`.
int snapterm_heif_header(const unsigned char *data, size_t length, struct snapterm_direct_header *header);

/// Decodes the HEIF/AVIF `data` (upright, as libheif turns it) into `*rgb`, averaged down by the largest whole
/// factor that leaves at least `need_width × need_height` (the upright size the box needs) times two, as libvips'
/// resize does before its Lanczos step. The primary picture's thumbnail is decoded instead when `allow_thumbnail`
/// and it alone covers the need. Refuses a picture to decode of more than `max_pixels`; alpha is not plain.
int snapterm_heif_decode(const unsigned char *data, size_t length, int allow_thumbnail, int need_width, int need_height,
                         long max_pixels, unsigned char **rgb, struct snapterm_direct_picture *picture);

/// Reads the first page's header of the TIFF `data`.
int snapterm_tiff_header(const unsigned char *data, size_t length, struct snapterm_direct_header *header);

/// Decodes the TIFF `data` (as stored: `picture->orientation` says how to turn it) into `*rgb`, from the smallest
/// reduced-resolution page or SubIFD of the first page's shape that still covers `need_width × need_height` (the
/// stored-orientation size the box needs), averaged down as `snapterm_heif_decode` does, a strip or a row of tiles
/// at a time (never the whole picture at once unless it is one strip). A large picture is read in bands of rows on
/// up to `threads` threads (the caller's included; the pixels are the same for any number). 8-bit grey, palette,
/// RGB and (JPEG) YCbCr in strips or tiles are plain; anything else is left to libvips.
int snapterm_tiff_decode(const unsigned char *data, size_t length, int need_width, int need_height, long max_pixels,
                         int threads, unsigned char **rgb, struct snapterm_direct_picture *picture);

#endif
