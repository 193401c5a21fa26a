// tiff_direct.c — see direct_decoders.h. libtiff is opened on first use (CLazyLibraries): a JPEG never loads it.
// Its messages go to a handler of this file's own (never to stderr); an error fails the decode.
#include "direct_decoders.h"
#include "box_shrinker.h"
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <tiffio.h>

/// The most directories looked at for a reduced-resolution level: pages of the main chain, then SubIFDs.
enum { MAX_LEVELS = 64 };

/// The bytes libtiff reads from, and whether it reported an error.
struct source {
    const unsigned char *data;
    toff_t length, offset;
    int failed;
};

static tmsize_t read_bytes(thandle_t handle, void *buffer, tmsize_t size) {
    struct source *s = handle;
    if (size < 0 || s->offset >= s->length) return 0;
    toff_t available = s->length - s->offset;
    toff_t count = (toff_t)size < available ? (toff_t)size : available;
    memcpy(buffer, s->data + s->offset, count);
    s->offset += count;
    return (tmsize_t)count;
}

static tmsize_t write_bytes(thandle_t handle, void *buffer, tmsize_t size) { return -1; }

static toff_t seek(thandle_t handle, toff_t offset, int whence) {
    struct source *s = handle;
    toff_t base = whence == SEEK_CUR ? s->offset : whence == SEEK_END ? s->length : 0;
    if (offset > UINT64_MAX - base) return (toff_t)-1;
    s->offset = base + offset;
    return s->offset;
}

static int close_source(thandle_t handle) { return 0; }
static toff_t size_of(thandle_t handle) { return ((struct source *)handle)->length; }

static int map_source(thandle_t handle, void **base, toff_t *size) {
    struct source *s = handle;
    *base = (void *)s->data;
    *size = s->length;
    return 1;
}

static void unmap_source(thandle_t handle, void *base, toff_t size) {}

static int on_error(TIFF *tiff, void *user, const char *module, const char *format, va_list arguments) {
    ((struct source *)user)->failed = 1;
    return 1;  // handled: nothing printed
}

static int on_warning(TIFF *tiff, void *user, const char *module, const char *format, va_list arguments) { return 1; }

/// `data` opened by libtiff (its first directory read), or NULL.
static TIFF *open_tiff(struct source *source, const unsigned char *data, size_t length) {
    memset(source, 0, sizeof *source);
    source->data = data;
    source->length = length;
    TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
    if (!options) return NULL;
    TIFFOpenOptionsSetErrorHandlerExtR(options, on_error, source);
    TIFFOpenOptionsSetWarningHandlerExtR(options, on_warning, source);
    TIFFOpenOptionsSetMaxSingleMemAlloc(options, (tmsize_t)1 << 30);
    TIFF *tiff = TIFFClientOpenExt("picture", "r", source, read_bytes, write_bytes, seek, close_source, size_of,
                                   map_source, unmap_source, options);
    TIFFOpenOptionsFree(options);
    return tiff;
}

/// The current directory's size, or 0 when it has none.
static int size_of_directory(TIFF *tiff, uint32_t *width, uint32_t *height) {
    return TIFFGetField(tiff, TIFFTAG_IMAGEWIDTH, width) && TIFFGetField(tiff, TIFFTAG_IMAGELENGTH, height)
        && *width > 0 && *height > 0 && *width <= INT32_MAX && *height <= INT32_MAX;
}

/// The current directory's orientation, 1–8.
static int orientation_of(TIFF *tiff) {
    uint16_t orientation = ORIENTATION_TOPLEFT;
    TIFFGetFieldDefaulted(tiff, TIFFTAG_ORIENTATION, &orientation);
    return orientation >= 1 && orientation <= 8 ? orientation : 1;
}

/// The current directory's samples after its extra ones, or -1 when they are not 8-bit unsigned samples of grey,
/// palette, RGB or JPEG-compressed YCbCr (turned to RGB here), with no extra sample, interleaved.
static int plain_samples(TIFF *tiff) {
    uint16_t bits = 1, format = SAMPLEFORMAT_UINT, samples = 1, photometric = 0, planar = PLANARCONFIG_CONTIG;
    uint16_t compression = COMPRESSION_NONE, extra_count = 0, *extra = NULL;
    TIFFGetFieldDefaulted(tiff, TIFFTAG_BITSPERSAMPLE, &bits);
    TIFFGetFieldDefaulted(tiff, TIFFTAG_SAMPLEFORMAT, &format);
    TIFFGetFieldDefaulted(tiff, TIFFTAG_SAMPLESPERPIXEL, &samples);
    TIFFGetFieldDefaulted(tiff, TIFFTAG_PLANARCONFIG, &planar);
    TIFFGetFieldDefaulted(tiff, TIFFTAG_COMPRESSION, &compression);
    TIFFGetFieldDefaulted(tiff, TIFFTAG_EXTRASAMPLES, &extra_count, &extra);
    if (!TIFFGetField(tiff, TIFFTAG_PHOTOMETRIC, &photometric)) return -1;
    if (bits != 8 || format != SAMPLEFORMAT_UINT || extra_count != 0) return -1;
    if (samples == 1) {
        return photometric == PHOTOMETRIC_MINISBLACK || photometric == PHOTOMETRIC_MINISWHITE
            || photometric == PHOTOMETRIC_PALETTE ? 1 : -1;
    }
    if (samples != 3 || planar != PLANARCONFIG_CONTIG) return -1;
    if (photometric == PHOTOMETRIC_RGB) return 3;
    if (photometric == PHOTOMETRIC_YCBCR && compression == COMPRESSION_JPEG) {
        return TIFFSetField(tiff, TIFFTAG_JPEGCOLORMODE, JPEGCOLORMODE_RGB) ? 3 : -1;
    }
    return -1;
}

int snapterm_tiff_header(const unsigned char *data, size_t length, struct snapterm_direct_header *header) {
    struct source source;
    TIFF *tiff = open_tiff(&source, data, length);
    uint32_t width, height;
    if (!tiff) return SNAPTERM_DIRECT_FAILED;
    int result = SNAPTERM_DIRECT_FAILED;
    if (size_of_directory(tiff, &width, &height) && !source.failed) {
        uint16_t extra_count = 0, *extra = NULL;
        TIFFGetFieldDefaulted(tiff, TIFFTAG_EXTRASAMPLES, &extra_count, &extra);
        header->orientation = orientation_of(tiff);
        int swap = header->orientation >= 5;
        header->width = (int)(swap ? height : width);
        header->height = (int)(swap ? width : height);
        header->has_alpha = extra_count > 0;
        header->pages = TIFFNumberOfDirectories(tiff);
        if (header->pages < 1) header->pages = 1;
        result = SNAPTERM_DIRECT_OK;
    }
    TIFFClose(tiff);
    return result;
}

/// Whether a `width × height` level has the shape of the `full_width × full_height` picture (2 pixels, or 1 %).
static int same_shape(uint32_t width, uint32_t height, uint32_t full_width, uint32_t full_height) {
    double expected = (double)width * full_height / full_width;
    double slack = expected / 100 > 2 ? expected / 100 : 2;
    return (double)height >= expected - slack && (double)height <= expected + slack;
}

/// Whether the current directory is a reduced-resolution copy (NewSubfileType bit 0).
static int is_reduced(TIFF *tiff) {
    uint32_t kind = 0;
    return TIFFGetField(tiff, TIFFTAG_SUBFILETYPE, &kind) && (kind & FILETYPE_REDUCEDIMAGE);
}

/// A directory to read: a page of the main chain (`page`) or, when `sub_offset` is not 0, a SubIFD of page 0.
struct level {
    tdir_t page;
    toff_t sub_offset;
    uint32_t width, height;
};

static int select_level(TIFF *tiff, struct level level) {
    return level.sub_offset ? TIFFSetSubDirectory(tiff, level.sub_offset) : TIFFSetDirectory(tiff, level.page);
}

/// The smallest reduced-resolution copy of page 0 of its shape covering the need, else page 0 itself.
static struct level choose_level(TIFF *tiff, uint32_t full_width, uint32_t full_height, int need_width, int need_height) {
    struct level best = {0, 0, full_width, full_height};
    toff_t subs[MAX_LEVELS];
    int sub_count = 0;
    uint16_t count = 0;
    toff_t *offsets = NULL;
    if (TIFFGetField(tiff, TIFFTAG_SUBIFD, &count, &offsets) && offsets) {
        for (int index = 0; index < count && sub_count < MAX_LEVELS; index++) subs[sub_count++] = offsets[index];
    }
    struct level candidates[2 * MAX_LEVELS];
    int candidate_count = 0;
    for (int index = 0; index < sub_count; index++) candidates[candidate_count++] = (struct level){0, subs[index], 0, 0};
    for (tdir_t page = 1; page < MAX_LEVELS; page++) candidates[candidate_count++] = (struct level){page, 0, 0, 0};
    for (int index = 0; index < candidate_count; index++) {
        struct level candidate = candidates[index];
        if (!select_level(tiff, candidate)) {
            if (!candidate.sub_offset) break;  // past the last page
            continue;
        }
        uint32_t width, height;
        if (!is_reduced(tiff) || !size_of_directory(tiff, &width, &height) || plain_samples(tiff) < 0) continue;
        if (width < (uint32_t)need_width || height < (uint32_t)need_height) continue;
        if (!same_shape(width, height, full_width, full_height) || (uint64_t)width * height >= (uint64_t)best.width * best.height) continue;
        candidate.width = width;
        candidate.height = height;
        best = candidate;
    }
    return best;
}

/// One row of `samples` samples a pixel (grey, palette index or RGB) as RGB: `row` itself when it is RGB, else
/// `rgb` filled.
static const unsigned char *as_rgb(const unsigned char *row, int samples, uint16_t photometric, const uint16_t *map[3],
                                   uint32_t width, unsigned char *rgb) {
    if (samples == 3) return row;
    for (uint32_t x = 0; x < width; x++) {
        unsigned char value = row[x];
        if (photometric == PHOTOMETRIC_PALETTE) {
            rgb[x * 3] = (unsigned char)(map[0][value] >> 8);
            rgb[x * 3 + 1] = (unsigned char)(map[1][value] >> 8);
            rgb[x * 3 + 2] = (unsigned char)(map[2][value] >> 8);
        } else {
            unsigned char grey = photometric == PHOTOMETRIC_MINISWHITE ? (unsigned char)(255 - value) : value;
            rgb[x * 3] = rgb[x * 3 + 1] = rgb[x * 3 + 2] = grey;
        }
    }
    return rgb;
}

/// The rows of the current directory's tiles (0 when the tag is missing or 0), or of its strips (all of them when
/// the tag is missing or 0), at most `height`.
static uint32_t band_height_of(TIFF *tiff, uint32_t height) {
    uint32_t rows = 0;
    if (TIFFIsTiled(tiff)) {
        if (!TIFFGetField(tiff, TIFFTAG_TILELENGTH, &rows)) return 0;
    } else {
        TIFFGetFieldDefaulted(tiff, TIFFTAG_ROWSPERSTRIP, &rows);
        if (rows == 0) rows = height;
    }
    return rows > height ? height : rows;
}

/// Reads the selected directory's rows `shrinker->row ..< shrinker->end_row` (`width` wide, `samples` a pixel) into
/// `shrinker` a band at a time, top to bottom: a strip, or a row of tiles (each decoded whole, so libtiff inflates
/// with libdeflate; the first is read from its top when the rows start inside it). 1 when every row was read
/// without an error.
static int read_rows(TIFF *tiff, struct source *source, uint32_t width, int samples, struct box_shrinker *shrinker) {
    uint16_t photometric = 0;
    TIFFGetField(tiff, TIFFTAG_PHOTOMETRIC, &photometric);
    const uint16_t *map[3] = {NULL, NULL, NULL};
    if (photometric == PHOTOMETRIC_PALETTE
        && !TIFFGetField(tiff, TIFFTAG_COLORMAP, &map[0], &map[1], &map[2])) return 0;
    uint32_t height = (uint32_t)shrinker->height, first = (uint32_t)shrinker->row, end = (uint32_t)shrinker->end_row;
    size_t row_bytes = (size_t)width * samples;
    int tiled = TIFFIsTiled(tiff);
    uint32_t tile_width = width, band_height = band_height_of(tiff, height);
    if (tiled && (!TIFFGetField(tiff, TIFFTAG_TILEWIDTH, &tile_width) || tile_width == 0)) return 0;
    if (band_height == 0) return 0;
    // a strip is read into the band itself; a tile into a buffer of its own, then copied into the band
    tmsize_t piece = tiled ? TIFFTileSize(tiff) : TIFFStripSize(tiff);
    size_t piece_needed = tiled ? (size_t)tile_width * band_height * samples : row_bytes * band_height;
    int ok = piece > 0 && (size_t)piece >= piece_needed;
    unsigned char *band = ok ? malloc(tiled ? row_bytes * band_height : (size_t)piece) : NULL;
    unsigned char *tile = ok && tiled ? malloc((size_t)piece) : NULL;
    unsigned char *rgb = malloc((size_t)width * 3);
    ok = ok && band && rgb && (!tiled || tile);
    for (uint32_t top = first / band_height * band_height; ok && top < end; top += band_height) {
        uint32_t rows = height - top < band_height ? height - top : band_height;
        if (tiled) {
            for (uint32_t left = 0; ok && left < width; left += tile_width) {
                ok = TIFFReadTile(tiff, tile, left, top, 0, 0) >= 0 && !source->failed;
                uint32_t columns = width - left < tile_width ? width - left : tile_width;
                for (uint32_t y = 0; ok && y < rows; y++) {
                    memcpy(band + y * row_bytes + (size_t)left * samples, tile + (size_t)y * tile_width * samples,
                           (size_t)columns * samples);
                }
            }
        } else {
            tmsize_t wanted = (tmsize_t)(row_bytes * rows);
            ok = TIFFReadEncodedStrip(tiff, TIFFComputeStrip(tiff, top, 0), band, wanted) >= wanted && !source->failed;
        }
        uint32_t from = first > top ? first - top : 0, to = end - top < rows ? end - top : rows;
        for (uint32_t y = from; ok && y < to; y++) {
            box_shrinker_add(shrinker, as_rgb(band + y * row_bytes, samples, photometric, map, width, rgb));
        }
    }
    free(tile);
    free(band);
    free(rgb);
    return ok;
}

/// The picture box_shrinker_fill reads a band of at a time: the file, its level, and the opening band 0 is read
/// through (the others open the file again: libtiff's handle is not shared between threads).
struct bands_source {
    TIFF *tiff;
    struct source *source;
    const unsigned char *data;
    size_t length;
    struct level level;
    int samples;
};

static int read_band(void *context, int band, struct box_shrinker *shrinker) {
    struct bands_source *picture = context;
    if (band == 0) return read_rows(picture->tiff, picture->source, picture->level.width, picture->samples, shrinker);
    struct source source;
    TIFF *tiff = open_tiff(&source, picture->data, picture->length);
    int ok = tiff && select_level(tiff, picture->level) && !source.failed && plain_samples(tiff) == picture->samples
        && read_rows(tiff, &source, picture->level.width, picture->samples, shrinker);
    if (tiff) TIFFClose(tiff);
    return ok;
}

/// The ICC profile of the current directory into `picture`.
static void copy_profile(TIFF *tiff, struct snapterm_direct_picture *picture) {
    uint32_t length = 0;
    void *profile = NULL;
    if (!TIFFGetField(tiff, TIFFTAG_ICCPROFILE, &length, &profile) || !profile || length == 0) return;
    picture->icc = malloc(length);
    if (!picture->icc) return;
    memcpy(picture->icc, profile, length);
    picture->icc_length = length;
}

int snapterm_tiff_decode(const unsigned char *data, size_t length, int need_width, int need_height, long max_pixels,
                         int threads, unsigned char **rgb, struct snapterm_direct_picture *picture) {
    memset(picture, 0, sizeof *picture);
    *rgb = NULL;
    struct source source;
    TIFF *tiff = open_tiff(&source, data, length);
    if (!tiff) return SNAPTERM_DIRECT_FAILED;
    uint32_t full_width, full_height;
    int result = SNAPTERM_DIRECT_FAILED;
    if (!size_of_directory(tiff, &full_width, &full_height) || source.failed) goto done;
    picture->orientation = orientation_of(tiff);
    result = SNAPTERM_DIRECT_NOT_PLAIN;
    if (plain_samples(tiff) < 0) goto done;
    copy_profile(tiff, picture);
    struct level level = choose_level(tiff, full_width, full_height, need_width, need_height);
    result = SNAPTERM_DIRECT_FAILED;
    source.failed = 0;  // (a level looked at and passed over may have complained)
    if (!select_level(tiff, level)) goto done;
    int samples = plain_samples(tiff);
    if (samples < 0) goto done;
    if ((uint64_t)level.width * level.height > (uint64_t)max_pixels) {
        result = SNAPTERM_DIRECT_TOO_LARGE;
        goto done;
    }
    struct box_shrinker shrinker;
    if (!box_shrinker_start(&shrinker, (int)level.width, (int)level.height,
                            box_shrinker_factor((int)level.width, (int)level.height, need_width, need_height))) goto done;
    struct bands_source bands = {tiff, &source, data, length, level, samples};
    if (!box_shrinker_fill(&shrinker, threads, (int)band_height_of(tiff, level.height), read_band, &bands)) {
        box_shrinker_abandon(&shrinker);
        goto done;
    }
    *rgb = box_shrinker_finish(&shrinker);
    picture->width = shrinker.out_width;
    picture->height = shrinker.out_height;
    picture->shrink = shrinker.shrink;
    picture->decoded_width = shrinker.width;
    picture->decoded_height = shrinker.height;
    result = *rgb ? SNAPTERM_DIRECT_OK : SNAPTERM_DIRECT_FAILED;
done:
    if (result != SNAPTERM_DIRECT_OK) {
        free(picture->icc);
        picture->icc = NULL;
        picture->icc_length = 0;
    }
    TIFFClose(tiff);
    return result;
}
