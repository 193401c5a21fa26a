// box_shrinker.h — rows of pixels averaged down by a whole factor as they arrive (libvips' shrink before its
// Lanczos reduce): only one band of sums is kept, never the picture at its full size. A picture may be split into
// bands of rows that are averaged on threads of their own into the one output.
#ifndef SNAPTERM_BOX_SHRINKER_H
#define SNAPTERM_BOX_SHRINKER_H

#include <stddef.h>
#include <stdint.h>

/// The fewest pixels worth a band of its own (a thread and, for a TIFF, a second opening of the file).
enum { BOX_SHRINKER_BAND_PIXELS = 1 << 18 };

struct box_shrinker {
    int width, height, shrink;      // the whole picture and the factor
    int out_width, out_height;      // ⌈picture / shrink⌉
    uint32_t *columns;              // each input column's samples summed down the output row being made, 3 a pixel
    unsigned char *means;           // a whole block's rounded mean by its sum, for a factor up to 16 (else NULL)
    unsigned char *out;             // the whole output, 3 bytes a pixel, rows packed (shared by the bands)
    int row, end_row;               // the next input row expected, and the end of the rows this shrinker (band) takes
};

/// Starts averaging a `width × height` picture down by `shrink`: 0 when out of memory.
int box_shrinker_start(struct box_shrinker *shrinker, int width, int height, int shrink);

/// Adds the next input row: `width` RGB pixels, 3 bytes each (or any three independent channels).
void box_shrinker_add(struct box_shrinker *shrinker, const unsigned char *rgb);

/// A band's filler: adds the rows `shrinker->row ..< shrinker->end_row` to `shrinker` (band 0 is the top one, on
/// the caller's thread); 1 when they were all read, 0 on an error.
typedef int (*box_shrinker_filler)(void *context, int band, struct box_shrinker *shrinker);

/// Fills `whole` (started, no row added yet) through `fill`: split into up to `threads` bands of about as many rows,
/// each at least BOX_SHRINKER_BAND_PIXELS pixels and starting at a multiple of the factor — of its least common
/// multiple with `unit` when that leaves as many bands (a TIFF's strip height: no strip is then read twice) —,
/// band 0 filled on the caller's thread and the others each on a thread of its own (or on the caller's when no
/// thread can be started). The output is the same for any number of bands. 1 when every band was filled and is
/// complete (then box_shrinker_finish `whole`; else box_shrinker_abandon it).
int box_shrinker_fill(struct box_shrinker *whole, int threads, int unit, box_shrinker_filler fill, void *context);

/// The output once every row of `shrinker` was added (to free(3)), or NULL when rows are missing (the output is then
/// freed); frees the sums either way.
unsigned char *box_shrinker_finish(struct box_shrinker *shrinker);

/// Frees what a shrinker not finished holds (the output too).
void box_shrinker_abandon(struct box_shrinker *shrinker);

/// The factor libvips' resize (gap 2) averages by before a Lanczos reduce: ⌊the smaller shrink of the two sides / 2⌋.
int box_shrinker_factor(int width, int height, int need_width, int need_height);

#endif
