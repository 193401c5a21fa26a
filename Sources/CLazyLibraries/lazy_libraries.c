// lazy_libraries.c — binds a lazily loaded function on its first call (see trampolines.S).
#define _GNU_SOURCE
#include "lazy_libraries.h"
#include <link.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/// A library opened on first use, chosen by the prefix of the symbol called.
struct lazy_library {
    const char *prefix;
    const char *soname;
    void *handle;
};

// g_ symbols (g_free, g_log, g_object_unref) come through GObject, which loads GLib with it.
static struct lazy_library libraries[] = {
    {"vips_", "libvips.so.42", NULL},
    {"sixel_", "libsixel.so.1", NULL},
    {"chafa_", "libchafa.so.0", NULL},
    {"cairo_", "libcairo.so.2", NULL},
    {"jpeg_", "libjpeg.so.62", NULL},
    {"cms", "liblcms2.so.2", NULL},
    {"heif_", "libheif.so.1", NULL},
    {"TIFF", "libtiff.so.6", NULL},
    {"g_module_", "libgmodule-2.0.so.0", NULL},
    {"g_", "libgobject-2.0.so.0", NULL},
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static char reason[512];

static struct lazy_library *library_for(const char *symbol) {
    for (size_t i = 0; i < sizeof libraries / sizeof libraries[0]; i++) {
        if (strncmp(symbol, libraries[i].prefix, strlen(libraries[i].prefix)) == 0) return &libraries[i];
    }
    return NULL;
}

/// The open library's handle, or NULL with `reason` set.
static void *open_library(const char *symbol) {
    struct lazy_library *library = library_for(symbol);
    if (!library) {
        snprintf(reason, sizeof reason, "no library is known to provide %s", symbol);
        return NULL;
    }
    pthread_mutex_lock(&lock);
    if (!library->handle) {
        library->handle = dlopen(library->soname, RTLD_LAZY | RTLD_LOCAL);
        if (!library->handle) {
            const char *error = dlerror();
            snprintf(reason, sizeof reason, "%s", error ? error : library->soname);
        }
    }
    void *handle = library->handle;
    pthread_mutex_unlock(&lock);
    return handle;
}

const char *snapterm_lazy_library_error(const char *symbol) {
    return open_library(symbol) ? NULL : reason;
}

const char *snapterm_lazy_library_path(const char *symbol) {
    void *handle = open_library(symbol);
    struct link_map *map = NULL;
    if (!handle || dlinfo(handle, RTLD_DI_LINKMAP, &map) != 0 || !map || !map->l_name[0]) return NULL;
    return map->l_name;
}

/// Called by an unbound trampoline: resolves `name`, stores it in `slot` for every later call, and
/// returns it. A library or symbol that cannot be found ends the process as the loader would at start.
__attribute__((visibility("hidden"))) void *snapterm_lazy_bind(const char *name, void **slot) {
    void *handle = open_library(name);
    void *function = handle ? dlsym(handle, name) : NULL;
    if (!function) {
        const char *why = handle ? dlerror() : reason;
        dprintf(STDERR_FILENO, "snapterm: cannot load %s: %s\n", name, why ? why : "symbol not found");
        _exit(127);
    }
    __atomic_store_n(slot, function, __ATOMIC_RELEASE);
    return function;
}
