// shim.h — the C API of sixel.h for Swift, plus wrappers for macros and variadic functions.
#ifndef SNAPTERM_CSixel_SHIM_H
#define SNAPTERM_CSixel_SHIM_H
#include <sixel.h>

/// SIXEL_FAILED is a macro: 1 when `status` is a failure.
static inline int snapterm_sixel_failed(SIXELSTATUS status) { return SIXEL_FAILED(status) ? 1 : 0; }
#endif
