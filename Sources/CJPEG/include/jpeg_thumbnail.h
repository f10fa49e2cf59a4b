// JPEG pictures decoded with libjpeg-turbo itself: its DCT scaling (1/8, 1/4, 1/2) decodes straight to about the
// size a box needs, which is what `djpeg -scale` costs; libvips' loader around the same
// library cost up to five times that for a thumbnail. C, because libjpeg reports errors with longjmp.
#ifndef WATERFALL_JPEG_THUMBNAIL_H
#define WATERFALL_JPEG_THUMBNAIL_H

#include <stddef.h>
#include <stdint.h>

/// What a JPEG's header says: its stored size and its EXIF orientation (1 to 8; 1 when it has none).
typedef struct {
  int width;
  int height;
  int orientation;
} wf_jpeg_header;

typedef enum {
  WF_JPEG_OK = 0,
  /// A JPEG this path does not decode (CMYK, 12-bit samples): another decoder should try.
  WF_JPEG_UNSUPPORTED = 1,
  /// Broken beyond decoding; the message says why.
  WF_JPEG_FAILED = 2,
  /// The time limit passed.
  WF_JPEG_TIMED_OUT = 3,
} wf_jpeg_status;

/// Reads the header of the JPEG in `data` (no pixels decoded).
wf_jpeg_status wf_jpeg_read_header(const uint8_t *data, size_t size, wf_jpeg_header *header, char *message,
                                   size_t message_size);

/// Decodes the JPEG in `data` into `pixels`: `width` × `height` RGBA, upright (its EXIF orientation applied; the
/// size is the upright one). libjpeg decodes at the smallest of its scales 1/8, 1/4, 1/2 and 1 that still covers
/// it, then an area average takes it to the size exactly. A truncated file decodes as far as it goes. Gives up
/// after `time_limit_ns`.
wf_jpeg_status wf_jpeg_decode(const uint8_t *data, size_t size, int width, int height, int64_t time_limit_ns,
                              uint8_t *pixels, char *message, size_t message_size);

#endif
