// shim.h — the C API of vips/vips.h for Swift, plus wrappers for macros and variadic functions.
#ifndef SNAPTERM_CVips_SHIM_H
#define SNAPTERM_CVips_SHIM_H
#include <vips/vips.h>
#endif
