// shim.h — the C API of cairo.h for Swift, plus wrappers for macros and variadic functions.
#ifndef SNAPTERM_CCairo_SHIM_H
#define SNAPTERM_CCairo_SHIM_H
#include <cairo.h>
#endif
