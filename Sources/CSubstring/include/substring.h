#ifndef WATERFALL_SUBSTRING_H
#define WATERFALL_SUBSTRING_H

#include <stddef.h>
#include <stdint.h>

/// The first place at or after `from` where the `needle_length` bytes of `needle` stand among the `length` bytes at
/// `haystack`; `length` when they stand nowhere (or `needle_length` is 0).
size_t wf_find_substring(
    const uint8_t *haystack, size_t length, size_t from, const uint8_t *needle, size_t needle_length);

#endif
