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

/// The EXIF orientation in an APP1 segment: 1 when there is none, 0 when it cannot be read.
static int exif_orientation(const unsigned char *data, unsigned length) {
    if (length < 14 || memcmp(data, "Exif\0\0", 6) != 0) return 1;
    const unsigned char *tiff = data + 6;
    unsigned long size = length - 6;
    int little;
    if (memcmp(tiff, "II*\0", 4) == 0) little = 1;
    else if (memcmp(tiff, "MM\0*", 4) == 0) little = 0;
    else return 0;
    unsigned long directory = read32(tiff + 4, little);
    if (directory > size - 2) return 0;
    unsigned entries = read16(tiff + directory, little);
    for (unsigned i = 0; i < entries; i++) {
        unsigned long entry = directory + 2 + 12ul * i;
        if (entry + 12 > size) return 0;
        if (read16(tiff + entry, little) == 0x0112) return (int)read16(tiff + entry + 8, little);
    }
    return 1;
}

/// Whether libvips would do more than decode: turn by EXIF orientation or convert by an ICC profile.
static int is_plain(j_decompress_ptr info) {
    if (info->jpeg_color_space != JCS_GRAYSCALE && info->jpeg_color_space != JCS_YCbCr && info->jpeg_color_space != JCS_RGB)
        return 0;
    for (jpeg_saved_marker_ptr marker = info->marker_list; marker; marker = marker->next) {
        if (marker->marker == JPEG_APP0 + 2 && marker->data_length >= 12 && memcmp(marker->data, "ICC_PROFILE", 12) == 0)
            return 0;
        if (marker->marker == JPEG_APP0 + 1 && exif_orientation(marker->data, marker->data_length) != 1) return 0;
    }
    return 1;
}

/// Runs one decode: header, plain check, then (when `rgb` is given) the scaled pixels.
static int run(const unsigned char *data, size_t length, int denominator, int max_scans,
               unsigned char **rgb, int *width, int *height) {
    struct jpeg_decompress_struct info;
    struct error_trap trap;
    unsigned char *volatile pixels = NULL;
    info.err = jpeg_std_error(&trap.base);
    trap.base.error_exit = trap_error;
    trap.base.emit_message = trap_message;
    trap.progress.progress_monitor = check_scans;
    trap.max_scans = max_scans;
    if (setjmp(trap.escape)) {
        jpeg_destroy_decompress(&info);
        free(pixels);
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
    if (!rgb) {
        *width = (int)info.image_width;
        *height = (int)info.image_height;
        jpeg_destroy_decompress(&info);
        return SNAPTERM_JPEG_OK;
    }
    info.scale_num = 1;
    info.scale_denom = (unsigned)denominator;
    info.out_color_space = JCS_RGB;
    jpeg_start_decompress(&info);
    size_t stride = (size_t)info.output_width * 3;
    pixels = malloc(stride * info.output_height);
    if (!pixels) {
        jpeg_destroy_decompress(&info);
        return SNAPTERM_JPEG_FAILED;
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = pixels + stride * info.output_scanline;
        if (jpeg_read_scanlines(&info, &row, 1) != 1) {
            jpeg_destroy_decompress(&info);
            free(pixels);
            return SNAPTERM_JPEG_FAILED;
        }
    }
    jpeg_finish_decompress(&info);
    *width = (int)info.output_width;
    *height = (int)info.output_height;
    jpeg_destroy_decompress(&info);
    *rgb = pixels;
    return SNAPTERM_JPEG_OK;
}

int snapterm_jpeg_header(const unsigned char *data, size_t length, int *width, int *height) {
    return run(data, length, 1, 1, NULL, width, height);
}

int snapterm_jpeg_decode(const unsigned char *data, size_t length, int denominator, int max_scans,
                         unsigned char **rgb, int *width, int *height) {
    if (denominator != 1 && denominator != 2 && denominator != 4 && denominator != 8) return SNAPTERM_JPEG_FAILED;
    *rgb = NULL;
    return run(data, length, denominator, max_scans, rgb, width, height);
}

int snapterm_jpeg_scan_count(const unsigned char *data, size_t length) {
    int scans = 0;
    size_t at = 2;  // after the start of image
    while (at + 1 < length) {
        if (data[at] != 0xFF) { at++; continue; }  // entropy-coded data
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
