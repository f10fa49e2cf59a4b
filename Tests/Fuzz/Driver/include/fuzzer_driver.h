#include <stddef.h>
#include <stdint.h>

/// libFuzzer's entry for programs that have their own main (LLVM 11 and later; linked by -sanitize=fuzzer).
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*test)(const uint8_t *data, size_t size));
