// box_shrinker.c — see box_shrinker.h. A row costs one add of each of its samples into the column sums (a loop
// the compiler vectorises); the sums are added across, `shrink` columns at a time, once per output row. Summing
// each row's pixels across first, as before, cost a short loop per output pixel on every input row (issue 35).
#include "box_shrinker.h"
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/// The largest factor whose whole blocks' means are looked up by their sum (a table of up to 255 × 16² + 1 bytes).
enum { MOST_LOOKED_UP = 16 };

int box_shrinker_start(struct box_shrinker *s, int width, int height, int shrink) {
    memset(s, 0, sizeof *s);
    if (width <= 0 || height <= 0 || shrink <= 0) return 0;
    s->width = width;
    s->height = height;
    s->shrink = shrink;
    s->out_width = (width + shrink - 1) / shrink;
    s->out_height = (height + shrink - 1) / shrink;
    s->end_row = height;
    s->columns = shrink > 1 ? calloc((size_t)width * 3, sizeof(uint32_t)) : NULL;
    s->out = malloc((size_t)s->out_width * (size_t)s->out_height * 3);
    if ((shrink > 1 && !s->columns) || !s->out) {
        box_shrinker_abandon(s);
        return 0;
    }
    if (shrink > 1 && shrink <= MOST_LOOKED_UP) {  // (without it, every block is divided: see emit)
        uint32_t count = (uint32_t)(shrink * shrink);
        s->means = malloc(255 * count + 1);
        for (uint32_t sum = 0, mean = 0; s->means && sum <= 255 * count; sum++) {
            if ((mean + 1) * count <= sum + count / 2) mean++;  // mean = ⌊(sum + count / 2) / count⌋
            s->means[sum] = (unsigned char)mean;
        }
    }
    return 1;
}

/// Writes the output row of the input rows added last (`rows` of them), averaged, and clears the column sums.
static void emit(struct box_shrinker *s, int rows) {
    unsigned char *target = s->out + (size_t)((s->row - 1) / s->shrink) * s->out_width * 3;
    const uint32_t *columns = s->columns;
    int shrink = s->shrink, x = 0;
    if (rows == shrink && s->means) {
        // whole blocks of a factor up to 16: each mean looked up by its sum (three divisions per output pixel took
        // longer than adding the rows; a larger factor has so few output pixels that they cost nothing)
        const unsigned char *means = s->means;
        for (int blocks = s->width / shrink; x < blocks; x++) {
            const uint32_t *block = columns + (size_t)x * shrink * 3;
            uint32_t r = 0, g = 0, b = 0;
            for (int column = 0; column < shrink; column++) {
                r += block[column * 3];
                g += block[column * 3 + 1];
                b += block[column * 3 + 2];
            }
            target[x * 3] = means[r];
            target[x * 3 + 1] = means[g];
            target[x * 3 + 2] = means[b];
        }
    }
    // the other blocks (the last when it is narrower, those of the last rows when they are fewer), divided
    for (; x < s->out_width; x++) {
        int first = x * shrink, end = first + shrink < s->width ? first + shrink : s->width;
        uint64_t r = 0, g = 0, b = 0, samples = (uint64_t)(end - first) * rows;
        for (int column = first; column < end; column++) {
            r += columns[column * 3];
            g += columns[column * 3 + 1];
            b += columns[column * 3 + 2];
        }
        target[x * 3] = (unsigned char)((r + samples / 2) / samples);
        target[x * 3 + 1] = (unsigned char)((g + samples / 2) / samples);
        target[x * 3 + 2] = (unsigned char)((b + samples / 2) / samples);
    }
    memset(s->columns, 0, (size_t)s->width * 3 * sizeof(uint32_t));
}

void box_shrinker_add(struct box_shrinker *s, const unsigned char *rgb) {
    if (s->row >= s->end_row) return;
    if (s->shrink == 1) {
        memcpy(s->out + (size_t)s->row * s->width * 3, rgb, (size_t)s->width * 3);
        s->row++;
        return;
    }
    uint32_t *restrict columns = s->columns;
    const unsigned char *restrict samples = rgb;
    size_t count = (size_t)s->width * 3;
    for (size_t i = 0; i < count; i++) columns[i] += samples[i];
    s->row++;
    if (s->row % s->shrink == 0) emit(s, s->shrink);
    else if (s->row == s->height) emit(s, s->row % s->shrink);
}

static int greatest_common_divisor(int a, int b) {
    while (b) {
        int rest = a % b;
        a = b;
        b = rest;
    }
    return a;
}

enum { MOST_BANDS = 64 };

/// A band of `whole`'s rows `first ..< end`, sharing its output: 0 when out of memory.
static int make_band(const struct box_shrinker *whole, int first, int end, struct box_shrinker *band) {
    *band = *whole;
    band->row = first;
    band->end_row = end;
    if (whole->shrink == 1) return 1;
    band->columns = calloc((size_t)whole->width * 3, sizeof(uint32_t));
    return band->columns != NULL;
}

/// Frees a band's sums: 1 when all its rows were added.
static int end_band(struct box_shrinker *band) {
    free(band->columns);
    band->columns = NULL;
    return band->row == band->end_row;
}

/// Splits the rows `whole` has still to take into bands as box_shrinker_fill says: `whole` keeps the top one, the
/// others go to `bands` (room for MOST_BANDS - 1). The number given away (0 when too small, or out of memory).
static int split(struct box_shrinker *whole, int threads, int unit, struct box_shrinker *bands) {
    int rows = whole->end_row - whole->row;
    long by_pixels = (long)rows * whole->width / BOX_SHRINKER_BAND_PIXELS;
    long count = threads < by_pixels ? threads : by_pixels;
    if (count > MOST_BANDS) count = MOST_BANDS;
    if (count > rows / whole->shrink) count = rows / whole->shrink;
    if (count < 2 || whole->row % whole->shrink != 0) return 0;
    long step = whole->shrink;
    if (unit > 1) {
        long common = (long)whole->shrink / greatest_common_divisor(whole->shrink, unit) * unit;
        if (common * count <= rows) step = common;
    }
    // the bands below the top one start at the multiples of `step` nearest 1/count, 2/count… of the way down
    int starts[MOST_BANDS], given = 0;
    for (long band = 1; band < count; band++) {
        long first = whole->row + ((long)rows * band / count + step / 2) / step * step;
        if (first > (given ? starts[given - 1] : whole->row) && first < whole->end_row) starts[given++] = (int)first;
    }
    for (int band = 0; band < given; band++) {
        if (!make_band(whole, starts[band], band + 1 < given ? starts[band + 1] : whole->end_row, &bands[band])) {
            while (band > 0) end_band(&bands[--band]);
            return 0;
        }
    }
    if (given) whole->end_row = starts[0];
    return given;
}

/// A band filled on a thread of its own.
struct band_job {
    box_shrinker_filler fill;
    void *context;
    int index, ok, started;
    struct box_shrinker shrinker;
    pthread_t thread;
};

static void *fill_band(void *argument) {
    struct band_job *job = argument;
    job->ok = job->fill(job->context, job->index, &job->shrinker);
    return NULL;
}

int box_shrinker_fill(struct box_shrinker *whole, int threads, int unit, box_shrinker_filler fill, void *context) {
    struct box_shrinker bands[MOST_BANDS - 1];
    int count = split(whole, threads, unit, bands);
    struct band_job jobs[MOST_BANDS - 1];
    for (int band = 0; band < count; band++) {
        jobs[band] = (struct band_job){.fill = fill, .context = context, .index = band + 1, .shrinker = bands[band]};
        jobs[band].started = pthread_create(&jobs[band].thread, NULL, fill_band, &jobs[band]) == 0;
    }
    int ok = fill(context, 0, whole) && whole->row == whole->end_row;
    for (int band = 0; band < count; band++) {
        if (jobs[band].started) pthread_join(jobs[band].thread, NULL);
        else fill_band(&jobs[band]);
        ok = end_band(&jobs[band].shrinker) && jobs[band].ok && ok;
    }
    return ok;
}

unsigned char *box_shrinker_finish(struct box_shrinker *s) {
    unsigned char *out = s->row == s->end_row ? s->out : NULL;
    if (!out) free(s->out);
    free(s->columns);
    free(s->means);
    s->columns = NULL;
    s->means = NULL;
    s->out = NULL;
    return out;
}

void box_shrinker_abandon(struct box_shrinker *s) {
    free(s->columns);
    free(s->means);
    free(s->out);
    s->columns = NULL;
    s->means = NULL;
    s->out = NULL;
}

int box_shrinker_factor(int width, int height, int need_width, int need_height) {
    if (need_width < 1) need_width = 1;
    if (need_height < 1) need_height = 1;
    double across = (double)width / need_width, down = (double)height / need_height;
    int factor = (int)((across < down ? across : down) / 2);
    return factor < 1 ? 1 : factor;
}
