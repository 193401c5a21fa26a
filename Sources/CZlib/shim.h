// shim.h — zlib's C API for Swift (inflating gzip-compressed vector tiles).
#ifndef SNAPTERM_CZlib_SHIM_H
#define SNAPTERM_CZlib_SHIM_H
#include <zlib.h>
#endif
