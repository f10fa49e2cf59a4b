// The libvips shim. Swift cannot call variadic C functions, so each use of vips' varargs API gets a small
// fixed-argument wrapper with a wf_vips_ prefix; GLib macros (g_signal_connect, VIPS_INIT) become functions too.
// No state lives here: every Swift module that imports this header gets its own copy of these functions.
// SwiftPM drops the -pthread of vips' pkg-config file (with a warning): glibc has threads built in, nothing is lost.
#ifndef WATERFALL_CVIPS_SHIM_H
#define WATERFALL_CVIPS_SHIM_H

#include <vips/vips.h>

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

static inline void wf_g_object_unref(void *object) { g_object_unref(object); }

#endif
