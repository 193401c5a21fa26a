// shim.h — the C API of sixel.h for Swift, plus wrappers for macros and variadic functions.
#ifndef SNAPTERM_CSixel_SHIM_H
#define SNAPTERM_CSixel_SHIM_H
#include <sixel.h>
#endif
