// shim.h — ncursesw for Swift: wide-character API plus wrappers for macros and globals
// that Swift cannot import (or that Swift 6 strict concurrency rejects).
#ifndef SNAPTERM_CNCURSES_SHIM_H
#define SNAPTERM_CNCURSES_SHIM_H
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <stdio.h>
#include <ncursesw/ncurses.h>

static inline WINDOW *snapterm_stdscr(void) { return stdscr; }
static inline int snapterm_lines(void) { return LINES; }
static inline int snapterm_cols(void) { return COLS; }
static inline attr_t snapterm_a_reverse(void) { return A_REVERSE; }
static inline attr_t snapterm_a_bold(void) { return A_BOLD; }
static inline attr_t snapterm_a_dim(void) { return A_DIM; }
static inline attr_t snapterm_a_underline(void) { return A_UNDERLINE; }
static inline attr_t snapterm_color_pair(short n) { return COLOR_PAIR(n); }
static inline FILE *snapterm_stdout(void) { return stdout; }
static inline FILE *snapterm_stdin(void) { return stdin; }
static inline int snapterm_set_locale(void) { return setlocale(LC_ALL, "") != NULL; }
static inline mmask_t snapterm_wheel_up(void) { return BUTTON4_PRESSED; }
static inline mmask_t snapterm_wheel_down(void) {
#ifdef BUTTON5_PRESSED
    return BUTTON5_PRESSED;
#else
    return 0;
#endif
}
static inline int snapterm_key_mouse(void) { return KEY_MOUSE; }
static inline int snapterm_key_resize(void) { return KEY_RESIZE; }
/// Writes `text` (UTF-8) at row/column with attributes, clipped to `width` columns by the caller.
static inline int snapterm_put(int row, int column, const char *text, attr_t attributes) {
    attr_t old_attrs; short old_pair;
    attr_get(&old_attrs, &old_pair, NULL);
    attrset(attributes);
    int result = mvaddstr(row, column, text);
    attrset(old_attrs);
    return result;
}
/// Makes the last cell of every row that is blank a concealed space: no row then ends in blanks, so ncurses never
/// "clears to the end of the line" — which, without `el` in the no-scroll terminfo, it does by writing spaces up
/// to the right edge, over the sixel pictures between the text it cleared and the edge.
static inline void snapterm_keep_line_ends(void) {
    int last = COLS - 1;
    for (int row = 0; row < LINES && last >= 0; row++) {
        chtype cell = mvwinch(stdscr, row, last);
        if ((cell & A_CHARTEXT) == ' ' && (cell & (A_ATTRIBUTES & ~A_CHARTEXT)) == 0) {
            mvwaddch(stdscr, row, last, ' ' | A_INVIS);
        }
    }
}
/// Tells ncurses the terminal scrolled lines top…bottom by n (positive: up), so its idea of the
/// screen (curscr) matches what the terminal shows; writes nothing to the terminal.
static inline void snapterm_curscr_scrolled(int top, int bottom, int n) {
    WINDOW *screen = curscr;
    wsetscrreg(screen, top, bottom);
    scrollok(screen, TRUE);
    wscrl(screen, n);
    scrollok(screen, FALSE);
    wsetscrreg(screen, 0, LINES - 1);
}
#endif
