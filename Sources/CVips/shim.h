// The libvips shim. Swift cannot call variadic C functions, so each use of vips' varargs API gets a small
// fixed-argument wrapper with a wf_vips_ prefix; GLib macros (g_signal_connect, VIPS_INIT) become functions too.
// No state lives here: every Swift module that imports this header gets its own copy of these functions.
// SwiftPM drops the -pthread of vips' pkg-config file (with a warning): glibc has threads built in, nothing is lost.
#ifndef WATERFALL_CVIPS_SHIM_H
#define WATERFALL_CVIPS_SHIM_H

#include <unistd.h>
#include <vips/vips.h>
// vips.h leaves out the vector (orc) switch.
#include <vips/vector.h>

/// vips_init without the VIPS_INIT macro. Returns 0 on success.
static inline int wf_vips_init(const char *program) { return vips_init(program); }

/// Opens only the header of a file (no pixels are decoded until asked for); truncation is not an error.
static inline VipsImage *wf_vips_open_header(const char *filename) {
  return vips_image_new_from_file(filename, "fail_on", VIPS_FAIL_ON_NONE, NULL);
}

/// A thumbnail that fits inside width × height, never enlarged, EXIF orientation applied, decoded as far as the
/// file goes (shrink-on-load where the format allows it).
static inline int wf_vips_thumbnail(const char *filename, VipsImage **out, int width, int height) {
  return vips_thumbnail(filename, out, width, "height", height, "size", VIPS_SIZE_DOWN, "fail_on",
                        VIPS_FAIL_ON_NONE, NULL);
}

/// A file read with a deadline: once the monotonic clock passes `deadline_us`, reads fail, so a decoder that
/// reads as it goes stops early instead of running on (vips' kill flag is only checked between output strips,
/// and a thumbnail is often a single strip).
typedef struct {
  int fd;
  gint64 deadline_us;
  int expired;
} wf_deadline_file;

static inline gint64 wf_deadline_file_read(VipsSourceCustom *source, void *buffer, gint64 length, void *user) {
  wf_deadline_file *file = (wf_deadline_file *)user;
  (void)source;
  if (g_get_monotonic_time() >= file->deadline_us) {
    file->expired = 1;
    return -1;
  }
  gint64 count = read(file->fd, buffer, (size_t)length);
  return count;
}

static inline gint64 wf_deadline_file_seek(VipsSourceCustom *source, gint64 offset, int whence, void *user) {
  wf_deadline_file *file = (wf_deadline_file *)user;
  (void)source;
  return lseek(file->fd, offset, whence);
}

/// A thumbnail (as wf_vips_thumbnail) read from `file`.
static inline int wf_vips_thumbnail_with_deadline(wf_deadline_file *file, VipsImage **out, int width, int height) {
  VipsSourceCustom *source = vips_source_custom_new();
  if (source == NULL) return -1;
  g_signal_connect(source, "read", G_CALLBACK(wf_deadline_file_read), file);
  g_signal_connect(source, "seek", G_CALLBACK(wf_deadline_file_seek), file);
  int result = vips_thumbnail_source(VIPS_SOURCE(source), out, width, "height", height, "size", VIPS_SIZE_DOWN,
                                     "fail_on", VIPS_FAIL_ON_NONE, NULL);
  g_object_unref(source);
  return result;
}

/// A JPEG read from `file` at 1/`shrink` of its size (libjpeg's own scaled decode: 1, 2, 4 or 8), then resized
/// once by `scale` (≤ 1; 1 keeps it) and turned upright. vips_thumbnail leaves a factor of two for its final
/// resize, so it decodes twice to four times the pixels a box needs; the caller picks the smallest shrink that
/// still covers the box instead.
static inline int wf_vips_jpeg_scaled_with_deadline(wf_deadline_file *file, VipsImage **out, int shrink,
                                                     double scale) {
  VipsSourceCustom *source = vips_source_custom_new();
  if (source == NULL) return -1;
  g_signal_connect(source, "read", G_CALLBACK(wf_deadline_file_read), file);
  g_signal_connect(source, "seek", G_CALLBACK(wf_deadline_file_seek), file);
  VipsImage *loaded = NULL, *resized = NULL, *kept = NULL;
  int result = -1;
  if (vips_jpegload_source(VIPS_SOURCE(source), &loaded, "shrink", shrink, "fail_on", VIPS_FAIL_ON_NONE, "access",
                           VIPS_ACCESS_SEQUENTIAL, NULL) != 0)
    goto done;
  if (scale < 1.0) {
    if (vips_resize(loaded, &resized, scale, NULL) != 0) goto done;
  } else {
    resized = loaded;
    g_object_ref(resized);
  }
  if (vips_image_get_orientation(resized) == 1) {
    *out = resized;
    resized = NULL;
    result = 0;
    goto done;
  }
  // Turning reads the pixels out of order, which a sequential load cannot serve: turn the small resized copy.
  if ((kept = vips_image_copy_memory(resized)) == NULL) goto done;
  result = vips_autorot(kept, out, NULL);
done:
  if (kept) g_object_unref(kept);
  if (resized) g_object_unref(resized);
  if (loaded) g_object_unref(loaded);
  g_object_unref(source);
  return result;
}

/// sRGB, 8 bits per band.
static inline int wf_vips_srgb8(VipsImage *in, VipsImage **out) {
  VipsImage *srgb = NULL;
  if (vips_colourspace(in, &srgb, VIPS_INTERPRETATION_sRGB, NULL) != 0) return -1;
  int result = vips_cast_uchar(srgb, out, NULL);
  g_object_unref(srgb);
  return result;
}

/// Adds an opaque alpha band.
static inline int wf_vips_addalpha(VipsImage *in, VipsImage **out) { return vips_addalpha(in, out, NULL); }

typedef void (*wf_vips_eval_callback)(VipsImage *image, VipsProgress *progress, void *user_data);

/// Calls `callback` as the image is evaluated (g_signal_connect is a macro).
static inline void wf_vips_on_eval(VipsImage *image, wf_vips_eval_callback callback, void *user_data) {
  vips_image_set_progress(image, TRUE);
  g_signal_connect(image, "eval", G_CALLBACK(callback), user_data);
}

/// Disconnects the eval handlers that use `user_data`.
static inline void wf_vips_stop_eval(VipsImage *image, void *user_data) {
  g_signal_handlers_disconnect_matched(image, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, user_data);
}

/// Writes a noisy test picture of `bands` bands (3: RGB, 4: RGBA) to `filename`, its format from the extension
/// (for the tests and benchmarks: noise decodes slowly, like a detailed photo), blurred by a Gaussian of `blur`
/// pixels when above 0 (smoother, so it compresses and decodes more like an ordinary photo). Returns 0 on success.
static inline int wf_vips_write_noise_picture(const char *filename, int width, int height, int bands, double blur) {
  VipsImage *channels[4] = {NULL, NULL, NULL, NULL};
  VipsImage *joined = NULL, *blurred = NULL, *picture = NULL;
  int result = -1;
  if (bands < 1 || bands > 4) return -1;
  for (int band = 0; band < bands; band++) {
    if (vips_gaussnoise(&channels[band], width, height, "mean", 128.0 + band * 20, "sigma", 48.0, NULL) != 0)
      goto done;
  }
  if (vips_bandjoin(channels, &joined, bands, NULL) != 0) goto done;
  if (blur > 0) {
    if (vips_gaussblur(joined, &blurred, blur, NULL) != 0) goto done;
  } else {
    blurred = joined;
    g_object_ref(blurred);
  }
  if (vips_cast_uchar(blurred, &picture, NULL) != 0) goto done;
  result = vips_image_write_to_file(picture, filename, NULL);
done:
  for (int band = 0; band < 4; band++) if (channels[band]) g_object_unref(channels[band]);
  if (joined) g_object_unref(joined);
  if (blurred) g_object_unref(blurred);
  if (picture) g_object_unref(picture);
  return result;
}

static inline void wf_g_object_unref(void *object) { g_object_unref(object); }

#endif
