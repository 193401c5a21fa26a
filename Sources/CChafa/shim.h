// shim.h — the C API of chafa.h for Swift, plus wrappers for macros and variadic functions.
#ifndef SNAPTERM_CChafa_SHIM_H
#define SNAPTERM_CChafa_SHIM_H
#include <chafa.h>
#endif
