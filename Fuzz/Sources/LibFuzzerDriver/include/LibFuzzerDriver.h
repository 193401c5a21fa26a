// LibFuzzerDriver.h: libFuzzer's documented entry for a program that has its own main
// (https://llvm.org/docs/LibFuzzer.html#using-libfuzzer-as-a-library). The symbol comes from
// libclang_rt.fuzzer, linked by -sanitize=fuzzer.
#ifndef SNAPTERM_LIBFUZZER_DRIVER_H
#define SNAPTERM_LIBFUZZER_DRIVER_H
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
