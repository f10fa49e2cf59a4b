#include "substring.h"

#include <string.h>

// Sixteen places are looked at in one step: those whose first byte is the needle's first and whose byte
// `needle_length - 1` further on is the needle's last (Wojciech Muła's "SIMD-friendly algorithms for substring
// searching"); only there are the bytes between compared. A rare pair of bytes skips most of the haystack at the
// vector unit's pace, where a memchr of the first byte stops at every common letter. The vector extension compiles
// to SSE2 on x86-64 and NEON on AArch64, both always there.
_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "lane n is byte n of the halves below");

typedef uint8_t bytes16 __attribute__((vector_size(16)));

static inline bytes16 load16(const uint8_t *bytes) {
  bytes16 vector;
  memcpy(&vector, bytes, sizeof vector);
  return vector;
}

size_t wf_find_substring(
    const uint8_t *haystack, size_t length, size_t from, const uint8_t *needle, size_t needle_length) {
  if (needle_length == 0 || needle_length > length || from > length - needle_length) return length;
  if (needle_length == 1) {
    const uint8_t *hit = memchr(haystack + from, needle[0], length - from);
    return hit ? (size_t)(hit - haystack) : length;
  }
  const size_t last = needle_length - 1;
  const bytes16 first_bytes = (bytes16){0} + needle[0];
  const bytes16 last_bytes = (bytes16){0} + needle[last];
  size_t place = from;
  for (; place + 16 + last <= length; place += 16) {
    const bytes16 pairs =
        (bytes16)(load16(haystack + place) == first_bytes) & (bytes16)(load16(haystack + place + last) == last_bytes);
    uint64_t halves[2];
    memcpy(halves, &pairs, sizeof halves);
    for (int half = 0; half < 2; half++) {
      while (halves[half] != 0) {
        const size_t lane = (size_t)half * 8 + (size_t)__builtin_ctzll(halves[half]) / 8;
        if (memcmp(haystack + place + lane + 1, needle + 1, last - 1) == 0) return place + lane;
        halves[half] &= ~(0xFFull << ((lane % 8) * 8));
      }
    }
  }
  for (; place + last < length; place++) {
    if (haystack[place] == needle[0] && memcmp(haystack + place + 1, needle + 1, last) == 0) return place;
  }
  return length;
}
