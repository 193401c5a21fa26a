// box_shrinker.h — rows of pixels averaged down by a whole factor as they arrive (libvips' shrink before its
// Lanczos reduce): only one band of sums is kept, never the picture at its full size.
#ifndef SNAPTERM_BOX_SHRINKER_H
#define SNAPTERM_BOX_SHRINKER_H

#include <stddef.h>
#include <stdint.h>

struct box_shrinker {
    int width, height, shrink;      // the input and the factor
    int out_width, out_height;      // ⌈input / shrink⌉
    uint32_t *sums;                 // one output row's running sums, 3 per pixel
    unsigned char *out;             // the output, 3 bytes a pixel, rows packed
    int row;                        // the input rows added so far
};

/// Starts averaging a `width × height` picture down by `shrink`: 0 when out of memory.
int box_shrinker_start(struct box_shrinker *shrinker, int width, int height, int shrink);

/// Adds the next input row: `width` RGB pixels, 3 bytes each.
void box_shrinker_add(struct box_shrinker *shrinker, const unsigned char *rgb);

/// The output once every row was added (to free(3)), or NULL when rows are missing; frees the sums either way.
unsigned char *box_shrinker_finish(struct box_shrinker *shrinker);

/// Frees what a shrinker not finished holds.
void box_shrinker_abandon(struct box_shrinker *shrinker);

/// The factor libvips' resize (gap 2) averages by before a Lanczos reduce: ⌊the smaller shrink of the two sides / 2⌋.
int box_shrinker_factor(int width, int height, int need_width, int need_height);

#endif
