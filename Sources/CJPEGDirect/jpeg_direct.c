// jpeg_direct.c — see jpeg_direct.h. libjpeg reports errors by calling error_exit, which must not
// return: it jumps back here, never through Swift frames.
#include "jpeg_direct.h"
#include <setjmp.h>
#include <stdio.h>  // before jpeglib.h, which uses FILE
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

struct error_trap {
    struct jpeg_error_mgr base;
    jmp_buf escape;
    struct jpeg_progress_mgr progress;
    int max_scans;
};

static void trap_error(j_common_ptr info) {
    longjmp(((struct error_trap *)info->err)->escape, 1);
}

// A warning is corrupt data libjpeg would paper over — and would go on reading: a file of thousands of
// bogus scans warns on each. Stop at the first one; such a file goes to libvips (and its scan check).
static void trap_message(j_common_ptr info, int level) {
    if (level < 0) trap_error(info);
}

// Called as libjpeg reads input: a progressive file of more scans than allowed is stopped while it is read,
// before `jpeg_start_decompress` has decoded every scan (the cost grows with scans × picture size).
static void check_scans(j_common_ptr info) {
    struct error_trap *trap = (struct error_trap *)info->err;
    if (((j_decompress_ptr)info)->input_scan_number > trap->max_scans) trap_error(info);
}

static unsigned read16(const unsigned char *p, int little) {
    return little ? (unsigned)(p[0] | p[1] << 8) : (unsigned)(p[0] << 8 | p[1]);
}

static unsigned long read32(const unsigned char *p, int little) {
    return little ? (unsigned long)p[0] | (unsigned long)p[1] << 8 | (unsigned long)p[2] << 16 | (unsigned long)p[3] << 24
                  : (unsigned long)p[0] << 24 | (unsigned long)p[1] << 16 | (unsigned long)p[2] << 8 | (unsigned long)p[3];
}

/// The EXIF orientation (1–8) in an APP1 segment, or 0 when the segment is no EXIF or holds no
/// readable orientation. Every offset is checked against the segment before it is followed.
static int exif_orientation(const unsigned char *data, size_t length) {
    if (length < 6 + 8 || memcmp(data, "Exif\0\0", 6) != 0) return 0;
    const unsigned char *tiff = data + 6;
    size_t size = length - 6;
    int little;
    if (memcmp(tiff, "II*\0", 4) == 0) little = 1;
    else if (memcmp(tiff, "MM\0*", 4) == 0) little = 0;
    else return 0;
    unsigned long directory = read32(tiff + 4, little);
    if (directory < 8 || directory > size - 2) return 0;
    unsigned entries = read16(tiff + directory, little);
    for (unsigned i = 0; i < entries; i++) {
        unsigned long entry = directory + 2 + 12ul * i;
        if (entry + 12 > size) return 0;
        if (read16(tiff + entry, little) != 0x0112) continue;
        // A SHORT (type 3) or, as libexif also reads it, a LONG (type 4), its first value stored in the
        // entry itself (at most 4 bytes of values).
        unsigned type = read16(tiff + entry + 2, little);
        unsigned long count = read32(tiff + entry + 4, little), value;
        if (type == 3 && count >= 1 && count <= 2) value = read16(tiff + entry + 8, little);
        else if (type == 4 && count == 1) value = read32(tiff + entry + 8, little);
        else return 0;
        return value >= 1 && value <= 8 ? (int)value : 0;
    }
    return 0;
}

/// The orientation of the first EXIF APP1 segment: 1 (upright) when there is none or it is unreadable,
/// as libvips reads it.
static int orientation_of(j_decompress_ptr info) {
    for (jpeg_saved_marker_ptr marker = info->marker_list; marker; marker = marker->next) {
        if (marker->marker != JPEG_APP0 + 1 || marker->data_length < 6 || memcmp(marker->data, "Exif\0\0", 6) != 0) continue;
        int orientation = exif_orientation(marker->data, marker->data_length);
        return orientation ? orientation : 1;
    }
    return 1;
}

#define ICC_OVERHEAD 14  // "ICC_PROFILE\0", then the chunk's number and the number of chunks

static int is_icc_chunk(jpeg_saved_marker_ptr marker) {
    return marker->marker == JPEG_APP0 + 2 && marker->data_length > ICC_OVERHEAD && memcmp(marker->data, "ICC_PROFILE", 12) == 0;
}

/// Reassembles the APP2 ICC_PROFILE chunks as libvips (8.14) does: each by its number (a later chunk of the
/// same number replaces an earlier one; one numbered 0 or past its own count is dropped), from chunk 1 up
/// to the first missing one. Returns SNAPTERM_JPEG_OK with `*icc` NULL when there is no chunk 1,
/// SNAPTERM_JPEG_NOT_PLAIN when the profile is larger than `max_icc` bytes. (A profile lcms2 cannot read
/// is then ignored, on both paths.)
static int read_icc(j_decompress_ptr info, size_t max_icc, unsigned char **icc, size_t *icc_length) {
    jpeg_saved_marker_ptr chunks[256] = {0};
    *icc = NULL;
    *icc_length = 0;
    for (jpeg_saved_marker_ptr marker = info->marker_list; marker; marker = marker->next) {
        if (!is_icc_chunk(marker)) continue;
        unsigned number = marker->data[12], declared = marker->data[13];
        if (number == 0 || number > declared) continue;
        chunks[number] = marker;
    }
    size_t total = 0;
    unsigned count = 0;
    while (count < 255 && chunks[count + 1]) total += chunks[++count]->data_length - ICC_OVERHEAD;
    if (total > max_icc) return SNAPTERM_JPEG_NOT_PLAIN;
    if (total == 0) return SNAPTERM_JPEG_OK;
    unsigned char *bytes = malloc(total);
    if (!bytes) return SNAPTERM_JPEG_NOT_PLAIN;
    size_t at = 0;
    for (unsigned number = 1; number <= count; number++) {
        memcpy(bytes + at, chunks[number]->data + ICC_OVERHEAD, chunks[number]->data_length - ICC_OVERHEAD);
        at += chunks[number]->data_length - ICC_OVERHEAD;
    }
    *icc = bytes;
    *icc_length = total;
    return SNAPTERM_JPEG_OK;
}

/// Whether libjpeg alone can decode the colours: CMYK and YCCK are left to libvips.
static int is_plain(j_decompress_ptr info) {
    return info->jpeg_color_space == JCS_GRAYSCALE || info->jpeg_color_space == JCS_YCbCr || info->jpeg_color_space == JCS_RGB;
}

/// `rgb` (`width` × `height`, 3 bytes a pixel) turned upright by EXIF `orientation` into a new buffer,
/// `*width` and `*height` swapped for 5–8; NULL when out of memory.
static unsigned char *turned(const unsigned char *rgb, int *width, int *height, int orientation) {
    size_t w = (size_t)*width, h = (size_t)*height;
    int swap = orientation >= 5;
    size_t out_w = swap ? h : w, out_h = swap ? w : h;
    unsigned char *out = malloc(w * h * 3);
    if (!out) return NULL;
    for (size_t y = 0; y < out_h; y++) {
        unsigned char *target = out + y * out_w * 3;
        for (size_t x = 0; x < out_w; x++, target += 3) {
            size_t sx, sy;
            switch (orientation) {
            case 2: sx = w - 1 - x; sy = y; break;
            case 3: sx = w - 1 - x; sy = h - 1 - y; break;
            case 4: sx = x; sy = h - 1 - y; break;
            case 5: sx = y; sy = x; break;
            case 6: sx = y; sy = h - 1 - x; break;
            case 7: sx = w - 1 - y; sy = h - 1 - x; break;
            case 8: sx = w - 1 - y; sy = x; break;
            default: sx = x; sy = y; break;
            }
            memcpy(target, rgb + (sy * w + sx) * 3, 3);
        }
    }
    *width = (int)out_w;
    *height = (int)out_h;
    return out;
}

/// Runs one decode: header, plain check, orientation, then (when `rgb` is given) the ICC profile and the
/// scaled pixels, turned upright.
static int run(const unsigned char *data, size_t length, int denominator, int max_scans, size_t max_icc,
               unsigned char **rgb, struct snapterm_jpeg_picture *picture) {
    struct jpeg_decompress_struct info;
    struct error_trap trap;
    unsigned char *volatile pixels = NULL;
    unsigned char *volatile profile = NULL;
    info.err = jpeg_std_error(&trap.base);
    trap.base.error_exit = trap_error;
    trap.base.emit_message = trap_message;
    trap.progress.progress_monitor = check_scans;
    trap.max_scans = max_scans;
    if (setjmp(trap.escape)) {
        jpeg_destroy_decompress(&info);
        free(pixels);
        free(profile);
        return SNAPTERM_JPEG_FAILED;
    }
    jpeg_create_decompress(&info);
    info.progress = &trap.progress;
    jpeg_mem_src(&info, data, (unsigned long)length);
    jpeg_save_markers(&info, JPEG_APP0 + 1, 0xFFFF);
    jpeg_save_markers(&info, JPEG_APP0 + 2, 0xFFFF);
    jpeg_read_header(&info, TRUE);
    if (!is_plain(&info)) {
        jpeg_destroy_decompress(&info);
        return SNAPTERM_JPEG_NOT_PLAIN;
    }
    picture->width = (int)info.image_width;
    picture->height = (int)info.image_height;
    picture->orientation = orientation_of(&info);
    if (!rgb) {
        jpeg_destroy_decompress(&info);
        return SNAPTERM_JPEG_OK;
    }
    unsigned char *icc = NULL;
    size_t icc_length = 0;
    // A profile is converted on colour pictures only (libvips' rule too: a grey one stays grey).
    if (info.num_components == 3 && read_icc(&info, max_icc, &icc, &icc_length) != SNAPTERM_JPEG_OK) {
        jpeg_destroy_decompress(&info);
        return SNAPTERM_JPEG_NOT_PLAIN;
    }
    profile = icc;
    info.scale_num = 1;
    info.scale_denom = (unsigned)denominator;
    info.out_color_space = JCS_RGB;
    jpeg_start_decompress(&info);
    size_t stride = (size_t)info.output_width * 3;
    pixels = malloc(stride * info.output_height);
    if (!pixels) longjmp(trap.escape, 1);
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = pixels + stride * info.output_scanline;
        if (jpeg_read_scanlines(&info, &row, 1) != 1) longjmp(trap.escape, 1);
    }
    jpeg_finish_decompress(&info);
    int width = (int)info.output_width, height = (int)info.output_height;
    jpeg_destroy_decompress(&info);
    if (picture->orientation != 1) {
        unsigned char *upright = turned(pixels, &width, &height, picture->orientation);
        free(pixels);
        if (!upright) {
            free(profile);
            return SNAPTERM_JPEG_FAILED;
        }
        pixels = upright;
    }
    picture->width = width;
    picture->height = height;
    picture->icc = profile;
    picture->icc_length = icc_length;
    *rgb = pixels;
    return SNAPTERM_JPEG_OK;
}

int snapterm_jpeg_header(const unsigned char *data, size_t length, struct snapterm_jpeg_picture *picture) {
    memset(picture, 0, sizeof *picture);
    return run(data, length, 1, 1, 0, NULL, picture);
}

int snapterm_jpeg_decode(const unsigned char *data, size_t length, int denominator, int max_scans, size_t max_icc,
                         unsigned char **rgb, struct snapterm_jpeg_picture *picture) {
    memset(picture, 0, sizeof *picture);
    *rgb = NULL;
    if (denominator != 1 && denominator != 2 && denominator != 4 && denominator != 8) return SNAPTERM_JPEG_FAILED;
    return run(data, length, denominator, max_scans, max_icc, rgb, picture);
}

int snapterm_jpeg_scan_count(const unsigned char *data, size_t length) {
    int scans = 0;
    size_t at = 2;  // after the start of image
    while (at + 1 < length) {
        if (data[at] != 0xFF) {  // entropy-coded data: on to its next 0xFF (memchr: many bytes a step)
            const unsigned char *next = memchr(data + at, 0xFF, length - at);
            if (!next) break;
            at = (size_t)(next - data);
            continue;
        }
        unsigned char marker = data[at + 1];
        if (marker == 0xFF) { at++; continue; }  // a fill byte
        // A stuffed zero, a restart marker or TEM: no length follows.
        if (marker == 0x00 || marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7)) { at += 2; continue; }
        if (marker == 0xD9) break;  // end of image
        if (marker == 0xDA) scans++;
        if (at + 3 >= length) break;
        at += 2 + ((size_t)data[at + 2] << 8 | data[at + 3]);
    }
    return scans;
}
