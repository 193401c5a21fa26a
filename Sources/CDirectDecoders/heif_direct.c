// heif_direct.c — see direct_decoders.h. libheif is opened on first use (CLazyLibraries): a JPEG never loads it.
#include "direct_decoders.h"
#include "box_shrinker.h"
#include <libheif/heif.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static pthread_once_t initialised = PTHREAD_ONCE_INIT;

/// libheif's plugins registered once for the process (its init is reference counted; it is never ended).
static void initialise(void) { heif_init(NULL); }

/// The primary picture of `data` in a new context: SNAPTERM_DIRECT_OK with both to release, else FAILED.
static int open_primary(const unsigned char *data, size_t length, struct heif_context **context,
                        struct heif_image_handle **primary) {
    pthread_once(&initialised, initialise);
    *context = heif_context_alloc();
    *primary = NULL;
    if (!*context) return SNAPTERM_DIRECT_FAILED;
    if (heif_context_read_from_memory_without_copy(*context, data, length, NULL).code != heif_error_Ok
        || heif_context_get_primary_image_handle(*context, primary).code != heif_error_Ok) {
        heif_context_free(*context);
        *context = NULL;
        return SNAPTERM_DIRECT_FAILED;
    }
    return SNAPTERM_DIRECT_OK;
}

int snapterm_heif_header(const unsigned char *data, size_t length, struct snapterm_direct_header *header) {
    struct heif_context *context;
    struct heif_image_handle *primary;
    if (open_primary(data, length, &context, &primary) != SNAPTERM_DIRECT_OK) return SNAPTERM_DIRECT_FAILED;
    header->width = heif_image_handle_get_width(primary);
    header->height = heif_image_handle_get_height(primary);
    header->orientation = 1;
    header->pages = heif_context_get_number_of_top_level_images(context);
    header->has_alpha = heif_image_handle_has_alpha_channel(primary);
    heif_image_handle_release(primary);
    heif_context_free(context);
    return header->width > 0 && header->height > 0 ? SNAPTERM_DIRECT_OK : SNAPTERM_DIRECT_FAILED;
}

/// The smallest thumbnail of `primary` whose upright size covers the need, or NULL.
static struct heif_image_handle *covering_thumbnail(struct heif_image_handle *primary, int need_width, int need_height) {
    heif_item_id ids[16];
    int count = heif_image_handle_get_list_of_thumbnail_IDs(primary, ids, 16);
    struct heif_image_handle *best = NULL;
    for (int index = 0; index < count; index++) {
        struct heif_image_handle *thumbnail = NULL;
        if (heif_image_handle_get_thumbnail(primary, ids[index], &thumbnail).code != heif_error_Ok || !thumbnail) continue;
        int width = heif_image_handle_get_width(thumbnail), height = heif_image_handle_get_height(thumbnail);
        int covers = width >= need_width && height >= need_height && !heif_image_handle_has_alpha_channel(thumbnail);
        if (covers && (!best || (long)width * height < (long)heif_image_handle_get_width(best) * heif_image_handle_get_height(best))) {
            if (best) heif_image_handle_release(best);
            best = thumbnail;
        } else {
            heif_image_handle_release(thumbnail);
        }
    }
    return best;
}

/// The ICC profile of `handle` (`prof` or `rICC`) into `picture`; an nclx one is libheif's to apply, as libvips leaves it.
static void copy_profile(struct heif_image_handle *handle, struct snapterm_direct_picture *picture) {
    enum heif_color_profile_type type = heif_image_handle_get_color_profile_type(handle);
    if (type != heif_color_profile_type_prof && type != heif_color_profile_type_rICC) return;
    size_t size = heif_image_handle_get_raw_color_profile_size(handle);
    if (size == 0 || size > (1u << 24)) return;
    picture->icc = malloc(size);
    if (picture->icc && heif_image_handle_get_raw_color_profile(handle, picture->icc).code == heif_error_Ok) {
        picture->icc_length = size;
    } else {
        free(picture->icc);
        picture->icc = NULL;
    }
}

/// Decodes `handle` as 8-bit interleaved RGB and averages it down for the need.
static int decode_shrunk(struct heif_image_handle *handle, int need_width, int need_height, unsigned char **rgb,
                         struct snapterm_direct_picture *picture) {
    struct heif_decoding_options *options = heif_decoding_options_alloc();
    if (!options) return SNAPTERM_DIRECT_FAILED;
    options->convert_hdr_to_8bit = 1;
    struct heif_image *image = NULL;
    struct heif_error error = heif_decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGB, options);
    heif_decoding_options_free(options);
    if (error.code != heif_error_Ok || !image) return SNAPTERM_DIRECT_FAILED;
    int stride = 0;
    const uint8_t *plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride);
    int width = heif_image_get_width(image, heif_channel_interleaved);
    int height = heif_image_get_height(image, heif_channel_interleaved);
    int result = SNAPTERM_DIRECT_FAILED;
    struct box_shrinker shrinker;
    if (plane && width > 0 && height > 0 && stride >= width * 3
        && box_shrinker_start(&shrinker, width, height, box_shrinker_factor(width, height, need_width, need_height))) {
        for (int row = 0; row < height; row++) box_shrinker_add(&shrinker, plane + (size_t)row * stride);
        *rgb = box_shrinker_finish(&shrinker);
        picture->width = shrinker.out_width;
        picture->height = shrinker.out_height;
        picture->shrink = shrinker.shrink;
        picture->decoded_width = width;
        picture->decoded_height = height;
        result = *rgb ? SNAPTERM_DIRECT_OK : SNAPTERM_DIRECT_FAILED;
    }
    heif_image_release(image);
    return result;
}

int snapterm_heif_decode(const unsigned char *data, size_t length, int allow_thumbnail, int need_width, int need_height,
                         long max_pixels, unsigned char **rgb, struct snapterm_direct_picture *picture) {
    memset(picture, 0, sizeof *picture);
    picture->orientation = 1;
    *rgb = NULL;
    struct heif_context *context;
    struct heif_image_handle *primary;
    if (open_primary(data, length, &context, &primary) != SNAPTERM_DIRECT_OK) return SNAPTERM_DIRECT_FAILED;
    int result = SNAPTERM_DIRECT_NOT_PLAIN;
    if (!heif_image_handle_has_alpha_channel(primary)) {
        struct heif_image_handle *thumbnail = allow_thumbnail ? covering_thumbnail(primary, need_width, need_height) : NULL;
        struct heif_image_handle *chosen = thumbnail ? thumbnail : primary;
        long pixels = (long)heif_image_handle_get_width(chosen) * heif_image_handle_get_height(chosen);
        if (pixels <= 0) {
            result = SNAPTERM_DIRECT_FAILED;
        } else if (pixels > max_pixels) {
            result = SNAPTERM_DIRECT_TOO_LARGE;
        } else {
            copy_profile(chosen, picture);
            picture->used_thumbnail = thumbnail != NULL;
            result = decode_shrunk(chosen, need_width, need_height, rgb, picture);
        }
        if (thumbnail) heif_image_handle_release(thumbnail);
    }
    if (result != SNAPTERM_DIRECT_OK) {
        free(picture->icc);
        picture->icc = NULL;
        picture->icc_length = 0;
    }
    heif_image_handle_release(primary);
    heif_context_free(context);
    return result;
}
