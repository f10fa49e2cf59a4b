#include "jpeg_thumbnail.h"

// jpeglib.h needs stdio.h before it.
#include <stdio.h>
#include <jpeglib.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
  struct jpeg_error_mgr manager;
  jmp_buf escape;
  char *message;
  size_t message_size;
  /// Past this (monotonic nanoseconds), the progress monitor jumps out; zero: no limit.
  int64_t deadline;
  int timed_out;
} error_handler;

static void on_error(j_common_ptr info) {
  error_handler *handler = (error_handler *)info->err;
  if (handler->message && handler->message_size > 0) {
    char text[JMSG_LENGTH_MAX];
    (*info->err->format_message)(info, text);
    snprintf(handler->message, handler->message_size, "%s", text);
  }
  longjmp(handler->escape, 1);
}

// Warnings (a truncated file, a corrupt segment) are not printed: stderr is the curses screen. The decode goes on
// as far as the file allows, as libvips' loader does with fail_on none.
static void on_message(j_common_ptr info, int level) {
  (void)info;
  (void)level;
}

static int64_t monotonic_ns(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (int64_t)now.tv_sec * 1000000000 + now.tv_nsec;
}

// libjpeg calls this as it works, also while jpeg_start_decompress reads every scan of a progressive file: past the
// deadline it leaves through the error handler's jump.
static void on_progress(j_common_ptr info) {
  error_handler *handler = (error_handler *)info->err;
  if (handler->deadline != 0 && monotonic_ns() > handler->deadline) {
    handler->timed_out = 1;
    snprintf(handler->message, handler->message_size, "took longer than the time limit");
    longjmp(handler->escape, 1);
  }
}

static unsigned read_u16(const uint8_t *bytes, int big_endian) {
  return big_endian ? (unsigned)bytes[0] << 8 | bytes[1] : (unsigned)bytes[1] << 8 | bytes[0];
}

static uint32_t read_u32(const uint8_t *bytes, int big_endian) {
  return big_endian ? (uint32_t)read_u16(bytes, 1) << 16 | read_u16(bytes + 2, 1)
                    : (uint32_t)read_u16(bytes + 2, 0) << 16 | read_u16(bytes, 0);
}

// The orientation tag (0x0112) of the first IFD of an APP1 Exif segment; 1 when there is none or it is damaged.
static int exif_orientation(const uint8_t *segment, unsigned length) {
  if (length < 14 || memcmp(segment, "Exif\0\0", 6) != 0) return 1;
  const uint8_t *tiff = segment + 6;
  size_t size = length - 6;
  int big_endian = tiff[0] == 'M' && tiff[1] == 'M';
  if (!big_endian && !(tiff[0] == 'I' && tiff[1] == 'I')) return 1;
  uint32_t ifd = read_u32(tiff + 4, big_endian);
  if (ifd > size - 2) return 1;
  unsigned entries = read_u16(tiff + ifd, big_endian);
  for (unsigned entry = 0; entry < entries; entry++) {
    size_t at = ifd + 2 + (size_t)entry * 12;
    if (at + 12 > size) return 1;
    if (read_u16(tiff + at, big_endian) != 0x0112) continue;
    unsigned value = read_u16(tiff + at + 8, big_endian);
    return value >= 1 && value <= 8 ? (int)value : 1;
  }
  return 1;
}

static int orientation_of(j_decompress_ptr info) {
  for (jpeg_saved_marker_ptr marker = info->marker_list; marker; marker = marker->next) {
    if (marker->marker == JPEG_APP0 + 1) return exif_orientation(marker->data, marker->data_length);
  }
  return 1;
}

// Starts reading `data`: the header read, the Exif segment kept for the orientation. Returns through the handler's
// jump on error, so the caller sets it first.
static void begin(j_decompress_ptr info, error_handler *handler, const uint8_t *data, size_t size) {
  info->err = jpeg_std_error(&handler->manager);
  handler->manager.error_exit = on_error;
  handler->manager.emit_message = on_message;
  jpeg_create_decompress(info);
  jpeg_mem_src(info, data, (unsigned long)size);
  jpeg_save_markers(info, JPEG_APP0 + 1, 0xFFFF);
  jpeg_read_header(info, TRUE);
}

// What this path leaves to another decoder: samples other than 8 bits, and colour spaces libjpeg cannot give as RGB.
static int is_supported(j_decompress_ptr info) {
  return info->data_precision == 8 &&
         (info->jpeg_color_space == JCS_GRAYSCALE || info->jpeg_color_space == JCS_YCbCr ||
          info->jpeg_color_space == JCS_RGB);
}

wf_jpeg_status wf_jpeg_read_header(const uint8_t *data, size_t size, wf_jpeg_header *header, char *message,
                                   size_t message_size) {
  struct jpeg_decompress_struct info;
  error_handler handler = {.message = message, .message_size = message_size};
  if (setjmp(handler.escape)) {
    jpeg_destroy_decompress(&info);
    return WF_JPEG_FAILED;
  }
  begin(&info, &handler, data, size);
  header->width = (int)info.image_width;
  header->height = (int)info.image_height;
  header->orientation = orientation_of(&info);
  wf_jpeg_status status = is_supported(&info) ? WF_JPEG_OK : WF_JPEG_UNSUPPORTED;
  jpeg_destroy_decompress(&info);
  return status;
}

// Weights are fixed point with this many fraction bits. Down a column, 8-bit weights of 8-bit samples sum to 8.8
// fixed point in 16 bits (eight to a 128-bit vector); across a row, 12-bit weights of those fit 32 bits.
#define DOWN_WEIGHT_BITS 8
#define ACROSS_WEIGHT_BITS 12

// One output side's area average: for each output position, the first input sample it covers and the weights of
// the samples it covers (fixed point, summing to 1 << the bits asked for).
typedef struct {
  int *first;
  int *count;
  uint32_t *weights;
  int most;
} area_weights;

static int make_weights(area_weights *table, int input, int output, int bits) {
  double ratio = (double)input / output;
  table->most = (int)ratio + 2;
  table->first = malloc(sizeof(int) * output);
  table->count = malloc(sizeof(int) * output);
  // Zero past each position's count: the pass across reads `most` samples for every position (see shrink).
  table->weights = calloc((size_t)output * table->most, sizeof(uint32_t));
  if (!table->first || !table->count || !table->weights) return 0;
  for (int position = 0; position < output; position++) {
    double start = position * ratio, end = (position + 1) * ratio;
    int first = (int)start, last = (int)end;
    if (last >= input) last = input - 1;
    if ((double)last == end && last > first) last--;
    table->first[position] = first;
    table->count[position] = last - first + 1;
    int32_t total = 0;
    int heaviest = 0;
    uint32_t *weights = table->weights + position * table->most;
    for (int sample = first; sample <= last; sample++) {
      double low = sample > start ? sample : start, high = sample + 1 < end ? sample + 1 : end;
      weights[sample - first] = (uint32_t)((high - low) / ratio * (1 << bits) + 0.5);
      total += (int32_t)weights[sample - first];
      if (weights[sample - first] > weights[heaviest]) heaviest = sample - first;
    }
    // Rounding leaves the sum a little off 1 << bits, either way: the heaviest sample (never below the
    // difference) takes it, so the sum is exact and no sum of samples overflows.
    weights[heaviest] = (uint32_t)((int32_t)weights[heaviest] + (1 << bits) - total);
  }
  return 1;
}

static void free_weights(area_weights *table) {
  free(table->first);
  free(table->count);
  free(table->weights);
}

// Where upright pixel (x, y) is in the stored picture of stored_width × stored_height, for EXIF orientation o.
static void stored_position(int o, int x, int y, int stored_width, int stored_height, int *sx, int *sy) {
  switch (o) {
  case 2: *sx = stored_width - 1 - x, *sy = y; break;
  case 3: *sx = stored_width - 1 - x, *sy = stored_height - 1 - y; break;
  case 4: *sx = x, *sy = stored_height - 1 - y; break;
  case 5: *sx = y, *sy = x; break;
  case 6: *sx = y, *sy = stored_height - 1 - x; break;
  case 7: *sx = stored_width - 1 - y, *sy = stored_height - 1 - x; break;
  case 8: *sx = stored_width - 1 - y, *sy = x; break;
  default: *sx = x, *sy = y; break;
  }
}

// The stored RGB picture upright as RGBA, `width` × `height`; a side the picture itself is short of repeats its last
// pixel. The common case (no orientation, nothing short) is a straight copy.
static void to_rgba(const uint8_t *stored, int stored_width, int stored_height, int orientation, uint8_t *result,
                    int width, int height) {
  int sideways = orientation >= 5;
  int upright_width = sideways ? stored_height : stored_width, upright_height = sideways ? stored_width : stored_height;
  if (orientation == 1 && upright_width >= width && upright_height >= height) {
    for (int y = 0; y < height; y++) {
      const uint8_t *from = stored + (size_t)y * stored_width * 3;
      uint8_t *to = result + (size_t)y * width * 4;
      for (int x = 0; x < width; x++, from += 3, to += 4) to[0] = from[0], to[1] = from[1], to[2] = from[2], to[3] = 255;
    }
    return;
  }
  for (int y = 0; y < height; y++) {
    for (int x = 0; x < width; x++) {
      int ux = x < upright_width ? x : upright_width - 1, uy = y < upright_height ? y : upright_height - 1;
      int sx, sy;
      stored_position(orientation, ux, uy, stored_width, stored_height, &sx, &sy);
      const uint8_t *from = stored + ((size_t)sy * stored_width + sx) * 3;
      uint8_t *to = result + ((size_t)y * width + x) * 4;
      to[0] = from[0], to[1] = from[1], to[2] = from[2], to[3] = 255;
    }
  }
}

// What a decode allocates, freed on every way out (kept in memory, not registers: a longjmp may come back).
typedef struct {
  uint8_t *decoded;
  uint16_t *row;
  area_weights across, down;
} decode_buffers;

static void release(decode_buffers *buffers) {
  free(buffers->decoded);
  free(buffers->row);
  free_weights(&buffers->across);
  free_weights(&buffers->down);
}

// Area-averages the decoded RGB picture (decoded_width × decoded_height) down to stored_width × stored_height
// pixels of `pixel_size` bytes (3, RGB; or 4, RGBA with opaque alpha) at `out`, which may be the start of
// `buffers->decoded` (an output row ends before the input rows still to be read). Down each column first (the inner
// loop over a row's bytes, which the compiler vectorises), then across each of the fewer rows that leaves, `most`
// samples a position (weights past its count are zero, and the row is padded with zeros to be read that far).
static void shrink(decode_buffers *buffers, int decoded_width, int stored_width, int stored_height, uint8_t *out,
                   int pixel_size) {
  size_t stride = (size_t)decoded_width * 3;
  const int most = buffers->across.most, shift = ACROSS_WEIGHT_BITS + 8;
  const uint32_t half = 1u << (shift - 1);
  for (int y = 0; y < stored_height; y++) {
    const uint32_t *weight = buffers->down.weights + y * buffers->down.most;
    uint16_t *restrict row = buffers->row;
    const uint8_t *first = buffers->decoded + (size_t)buffers->down.first[y] * stride;
    for (size_t x = 0; x < stride; x++) row[x] = 0;
    for (int k = 0; k < buffers->down.count[y]; k++) {
      const uint8_t *restrict in = first + (size_t)k * stride;
      uint16_t w = (uint16_t)weight[k];
      for (size_t x = 0; x < stride; x++) row[x] += (uint16_t)(w * in[x]);
    }
    uint8_t *to = out + (size_t)y * stored_width * pixel_size;
    const uint32_t *across = buffers->across.weights;
    for (int x = 0; x < stored_width; x++, across += most, to += pixel_size) {
      const uint16_t *sample = row + (size_t)buffers->across.first[x] * 3;
      uint32_t red = half, green = half, blue = half;
      if (most == 3) {
        red += across[0] * sample[0] + across[1] * sample[3] + across[2] * sample[6];
        green += across[0] * sample[1] + across[1] * sample[4] + across[2] * sample[7];
        blue += across[0] * sample[2] + across[1] * sample[5] + across[2] * sample[8];
      } else {
        for (int k = 0; k < most; k++, sample += 3) {
          red += across[k] * sample[0], green += across[k] * sample[1], blue += across[k] * sample[2];
        }
      }
      to[0] = (uint8_t)(red >> shift), to[1] = (uint8_t)(green >> shift), to[2] = (uint8_t)(blue >> shift);
      if (pixel_size == 4) to[3] = 255;
    }
  }
}

wf_jpeg_status wf_jpeg_decode(const uint8_t *data, size_t size, int width, int height, int64_t time_limit_ns,
                              uint8_t *pixels, char *message, size_t message_size) {
  int64_t deadline = monotonic_ns() + time_limit_ns;
  struct jpeg_decompress_struct info;
  error_handler handler = {.message = message, .message_size = message_size, .deadline = deadline};
  struct jpeg_progress_mgr progress = {.progress_monitor = on_progress};
  decode_buffers buffers = {0};
  if (setjmp(handler.escape)) {
    jpeg_destroy_decompress(&info);
    release(&buffers);
    return handler.timed_out ? WF_JPEG_TIMED_OUT : WF_JPEG_FAILED;
  }
  begin(&info, &handler, data, size);
  info.progress = &progress;
  if (!is_supported(&info) || width < 1 || height < 1) {
    jpeg_destroy_decompress(&info);
    return WF_JPEG_UNSUPPORTED;
  }
  int orientation = orientation_of(&info);
  int sideways = orientation >= 5;
  // The stored picture's size once scaled: the upright size with its sides swapped back.
  int stored_width = sideways ? height : width, stored_height = sideways ? width : height;
  // The smallest of 1/8, 1/4, 1/2 and 1 whose decode covers the stored size (libjpeg rounds a scaled side up).
  // libjpeg-turbo has SIMD code for these four; its other M/8 scales, with fewer pixels, take longer.
  info.scale_num = 1;
  for (info.scale_denom = 8; info.scale_denom > 1; info.scale_denom /= 2) {
    if ((info.image_width + info.scale_denom - 1) / info.scale_denom >= (unsigned)stored_width &&
        (info.image_height + info.scale_denom - 1) / info.scale_denom >= (unsigned)stored_height)
      break;
  }
  info.out_color_space = JCS_RGB;
  jpeg_start_decompress(&info);
  int decoded_width = (int)info.output_width, decoded_height = (int)info.output_height;
  if (stored_width > decoded_width) stored_width = decoded_width;
  if (stored_height > decoded_height) stored_height = decoded_height;
  size_t stride = (size_t)decoded_width * 3;
  buffers.decoded = malloc(stride * decoded_height);
  int shrinks = stored_width != decoded_width || stored_height != decoded_height;
  // The row across is read `most` samples past any position's first: padded with zeros that far.
  if (shrinks) buffers.row = calloc(stride + (size_t)(decoded_width / stored_width + 2) * 3, sizeof(uint16_t));
  if (!buffers.decoded ||
      (shrinks && (!buffers.row || !make_weights(&buffers.across, decoded_width, stored_width, ACROSS_WEIGHT_BITS) ||
                   !make_weights(&buffers.down, decoded_height, stored_height, DOWN_WEIGHT_BITS)))) {
    snprintf(message, message_size, "out of memory");
    longjmp(handler.escape, 1);
  }
  // Sixteen rows a call: libjpeg-turbo upsamples and converts colour in groups of rows, and a row at a time makes
  // it copy each group through a spare buffer (half again djpeg's time).
  JSAMPROW batch[16];
  while (info.output_scanline < info.output_height) {
    on_progress((j_common_ptr)&info);
    JDIMENSION wanted = info.output_height - info.output_scanline;
    if (wanted > 16) wanted = 16;
    for (JDIMENSION row = 0; row < wanted; row++) batch[row] = buffers.decoded + stride * (info.output_scanline + row);
    jpeg_read_scanlines(&info, batch, wanted);
  }
  jpeg_finish_decompress(&info);
  jpeg_destroy_decompress(&info);
  // Upright, into RGBA; a side the picture itself was short of repeats its last pixel. The common case (no
  // orientation, the size asked for) shrinks straight into the result.
  if (shrinks && orientation == 1 && stored_width == width && stored_height == height) {
    shrink(&buffers, decoded_width, stored_width, stored_height, pixels, 4);
  } else {
    if (shrinks) shrink(&buffers, decoded_width, stored_width, stored_height, buffers.decoded, 3);
    to_rgba(buffers.decoded, stored_width, stored_height, orientation, pixels, width, height);
  }
  release(&buffers);
  return WF_JPEG_OK;
}
