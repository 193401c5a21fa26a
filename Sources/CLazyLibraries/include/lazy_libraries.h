// lazy_libraries.h — the imaging libraries (libvips, libsixel, chafa, cairo, libjpeg, lcms2, libheif, libtiff) are opened on first use,
// not at start: `snapterm --version` or a cached `render` never pays for mapping and relocating them.
#ifndef SNAPTERM_LAZY_LIBRARIES_H
#define SNAPTERM_LAZY_LIBRARIES_H

/// Opens the library that provides `symbol` (e.g. "vips_init") if it is not open yet.
/// Returns NULL when it is open, else the dynamic loader's reason (valid until the next call).
const char *snapterm_lazy_library_error(const char *symbol);

/// The full path of the open library that provides `symbol` (opening it if needed), or NULL.
const char *snapterm_lazy_library_path(const char *symbol);

#endif
