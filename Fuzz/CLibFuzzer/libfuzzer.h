// libFuzzer's driver, as `-sanitize=fuzzer` links it. The declaration is
// weak so that a fuzz target built without libFuzzer still links and can
// say so instead of failing to start.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*test_one_input)(const uint8_t *data, size_t size))
    __attribute__((weak));

static inline int kumiki_links_libfuzzer(void) { return LLVMFuzzerRunDriver != 0; }
