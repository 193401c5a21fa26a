// box_shrinker.c — see box_shrinker.h.
#include "box_shrinker.h"
#include <stdlib.h>
#include <string.h>

int box_shrinker_start(struct box_shrinker *s, int width, int height, int shrink) {
    memset(s, 0, sizeof *s);
    if (width <= 0 || height <= 0 || shrink <= 0) return 0;
    s->width = width;
    s->height = height;
    s->shrink = shrink;
    s->out_width = (width + shrink - 1) / shrink;
    s->out_height = (height + shrink - 1) / shrink;
    s->sums = calloc((size_t)s->out_width * 3, sizeof(uint32_t));
    s->out = malloc((size_t)s->out_width * (size_t)s->out_height * 3);
    if (!s->sums || !s->out) {
        box_shrinker_abandon(s);
        return 0;
    }
    return 1;
}

/// Writes the output row of the input rows added last (`rows` of them), averaged, and clears the sums.
static void emit(struct box_shrinker *s, int rows) {
    unsigned char *target = s->out + (size_t)((s->row - 1) / s->shrink) * s->out_width * 3;
    for (int x = 0; x < s->out_width; x++) {
        int columns = x == s->out_width - 1 ? s->width - x * s->shrink : s->shrink;
        uint32_t count = (uint32_t)(columns * rows);
        for (int band = 0; band < 3; band++) {
            target[x * 3 + band] = (unsigned char)((s->sums[x * 3 + band] + count / 2) / count);
        }
    }
    memset(s->sums, 0, (size_t)s->out_width * 3 * sizeof(uint32_t));
}

void box_shrinker_add(struct box_shrinker *s, const unsigned char *rgb) {
    if (s->row >= s->height) return;
    if (s->shrink == 1) {
        memcpy(s->out + (size_t)s->row * s->width * 3, rgb, (size_t)s->width * 3);
        s->row++;
        return;
    }
    uint32_t *sums = s->sums;
    for (int x = 0, out = 0; x < s->width; out++) {
        int end = x + s->shrink < s->width ? x + s->shrink : s->width;
        uint32_t r = 0, g = 0, b = 0;
        for (; x < end; x++) {
            r += rgb[x * 3];
            g += rgb[x * 3 + 1];
            b += rgb[x * 3 + 2];
        }
        sums[out * 3] += r;
        sums[out * 3 + 1] += g;
        sums[out * 3 + 2] += b;
    }
    s->row++;
    if (s->row % s->shrink == 0) emit(s, s->shrink);
    else if (s->row == s->height) emit(s, s->row % s->shrink);
}

unsigned char *box_shrinker_finish(struct box_shrinker *s) {
    unsigned char *out = s->row == s->height ? s->out : NULL;
    if (!out) free(s->out);
    free(s->sums);
    s->sums = NULL;
    s->out = NULL;
    return out;
}

void box_shrinker_abandon(struct box_shrinker *s) {
    free(s->sums);
    free(s->out);
    s->sums = NULL;
    s->out = NULL;
}

int box_shrinker_factor(int width, int height, int need_width, int need_height) {
    if (need_width < 1) need_width = 1;
    if (need_height < 1) need_height = 1;
    double across = (double)width / need_width, down = (double)height / need_height;
    int factor = (int)((across < down ? across : down) / 2);
    return factor < 1 ? 1 : factor;
}
