// The libvips shim. libvips is loaded at the first picture it is needed for (`wf_vips_load`, dlopen), not at
// start: it brings a hundred libraries, half of what the process would otherwise load, and JPEGs never need it
// (CJPEG). Its headers give the types; every vips function is called through a pointer the loader looked up: the
// macros below turn each name used here into its pointer (a macro's own name is not expanded again inside it, so
// `__typeof__` sees the real declaration), and Swift, which does not see them, calls the wf_ wrappers, so nothing
// links against libvips (a direct call would not link at all). Swift cannot call variadic C functions either, so
// each use of vips' varargs API gets a small fixed-argument wrapper; GLib macros (g_signal_connect) become
// functions too. SwiftPM drops the -pthread of GLib's pkg-config file (with a warning): glibc has threads built in.
#ifndef WATERFALL_CVIPS_SHIM_H
#define WATERFALL_CVIPS_SHIM_H

#include <unistd.h>
#include <vips/vips.h>
// vips.h leaves out the vector (orc) switch.
#include <vips/vector.h>

#define WF_VIPS_FUNCTIONS                                                                                            \
  WF_VIPS_FUNCTION(vips_init)                                                                                        \
  WF_VIPS_FUNCTION(vips_error_buffer)                                                                                \
  WF_VIPS_FUNCTION(vips_error_clear)                                                                                 \
  WF_VIPS_FUNCTION(vips_vector_set_enabled)                                                                          \
  WF_VIPS_FUNCTION(vips_vector_isenabled)                                                                            \
  WF_VIPS_FUNCTION(vips_concurrency_set)                                                                             \
  WF_VIPS_FUNCTION(vips_cache_set_max)                                                                               \
  WF_VIPS_FUNCTION(vips_cache_set_max_mem)                                                                           \
  WF_VIPS_FUNCTION(vips_cache_set_max_files)                                                                         \
  WF_VIPS_FUNCTION(vips_operation_block_set)                                                                         \
  WF_VIPS_FUNCTION(vips_foreign_find_load)                                                                           \
  WF_VIPS_FUNCTION(vips_image_new_from_file)                                                                         \
  WF_VIPS_FUNCTION(vips_image_get_width)                                                                             \
  WF_VIPS_FUNCTION(vips_image_get_height)                                                                            \
  WF_VIPS_FUNCTION(vips_image_get_bands)                                                                             \
  WF_VIPS_FUNCTION(vips_image_get_orientation)                                                                       \
  WF_VIPS_FUNCTION(vips_image_get_orientation_swap)                                                                  \
  WF_VIPS_FUNCTION(vips_image_set_progress)                                                                          \
  WF_VIPS_FUNCTION(vips_image_set_kill)                                                                              \
  WF_VIPS_FUNCTION(vips_image_copy_memory)                                                                           \
  WF_VIPS_FUNCTION(vips_image_write_to_memory)                                                                       \
  WF_VIPS_FUNCTION(vips_image_write_to_file)                                                                         \
  WF_VIPS_FUNCTION(vips_source_get_type)                                                                             \
  WF_VIPS_FUNCTION(vips_source_custom_new)                                                                           \
  WF_VIPS_FUNCTION(vips_thumbnail)                                                                                   \
  WF_VIPS_FUNCTION(vips_thumbnail_source)                                                                            \
  WF_VIPS_FUNCTION(vips_jpegload_source)                                                                             \
  WF_VIPS_FUNCTION(vips_resize)                                                                                      \
  WF_VIPS_FUNCTION(vips_autorot)                                                                                     \
  WF_VIPS_FUNCTION(vips_colourspace)                                                                                 \
  WF_VIPS_FUNCTION(vips_cast_uchar)                                                                                  \
  WF_VIPS_FUNCTION(vips_addalpha)                                                                                    \
  WF_VIPS_FUNCTION(vips_gaussnoise)                                                                                  \
  WF_VIPS_FUNCTION(vips_bandjoin)                                                                                    \
  WF_VIPS_FUNCTION(vips_gaussblur)

enum {
#define WF_VIPS_FUNCTION(name) wf_index_##name,
  WF_VIPS_FUNCTIONS
#undef WF_VIPS_FUNCTION
  WF_VIPS_FUNCTION_COUNT
};

/// The functions' addresses, in the order above; set by wf_vips_load.
extern void *wf_vips_functions[WF_VIPS_FUNCTION_COUNT];

/// Loads libvips and looks up every function above. NULL on success, else why not (also when libvips is absent).
/// Call once, before any other function here.
const char *wf_vips_load(void);

#define vips_init ((__typeof__(&vips_init))wf_vips_functions[wf_index_vips_init])
#define vips_error_buffer ((__typeof__(&vips_error_buffer))wf_vips_functions[wf_index_vips_error_buffer])
#define vips_error_clear ((__typeof__(&vips_error_clear))wf_vips_functions[wf_index_vips_error_clear])
#define vips_vector_set_enabled \
  ((__typeof__(&vips_vector_set_enabled))wf_vips_functions[wf_index_vips_vector_set_enabled])
#define vips_vector_isenabled ((__typeof__(&vips_vector_isenabled))wf_vips_functions[wf_index_vips_vector_isenabled])
#define vips_concurrency_set ((__typeof__(&vips_concurrency_set))wf_vips_functions[wf_index_vips_concurrency_set])
#define vips_cache_set_max ((__typeof__(&vips_cache_set_max))wf_vips_functions[wf_index_vips_cache_set_max])
#define vips_cache_set_max_mem \
  ((__typeof__(&vips_cache_set_max_mem))wf_vips_functions[wf_index_vips_cache_set_max_mem])
#define vips_cache_set_max_files \
  ((__typeof__(&vips_cache_set_max_files))wf_vips_functions[wf_index_vips_cache_set_max_files])
#define vips_operation_block_set \
  ((__typeof__(&vips_operation_block_set))wf_vips_functions[wf_index_vips_operation_block_set])
#define vips_foreign_find_load \
  ((__typeof__(&vips_foreign_find_load))wf_vips_functions[wf_index_vips_foreign_find_load])
#define vips_image_new_from_file \
  ((__typeof__(&vips_image_new_from_file))wf_vips_functions[wf_index_vips_image_new_from_file])
#define vips_image_get_width ((__typeof__(&vips_image_get_width))wf_vips_functions[wf_index_vips_image_get_width])
#define vips_image_get_height ((__typeof__(&vips_image_get_height))wf_vips_functions[wf_index_vips_image_get_height])
#define vips_image_get_bands ((__typeof__(&vips_image_get_bands))wf_vips_functions[wf_index_vips_image_get_bands])
#define vips_image_get_orientation \
  ((__typeof__(&vips_image_get_orientation))wf_vips_functions[wf_index_vips_image_get_orientation])
#define vips_image_get_orientation_swap \
  ((__typeof__(&vips_image_get_orientation_swap))wf_vips_functions[wf_index_vips_image_get_orientation_swap])
#define vips_image_set_progress \
  ((__typeof__(&vips_image_set_progress))wf_vips_functions[wf_index_vips_image_set_progress])
#define vips_image_set_kill ((__typeof__(&vips_image_set_kill))wf_vips_functions[wf_index_vips_image_set_kill])
#define vips_image_copy_memory \
  ((__typeof__(&vips_image_copy_memory))wf_vips_functions[wf_index_vips_image_copy_memory])
#define vips_image_write_to_memory \
  ((__typeof__(&vips_image_write_to_memory))wf_vips_functions[wf_index_vips_image_write_to_memory])
#define vips_image_write_to_file \
  ((__typeof__(&vips_image_write_to_file))wf_vips_functions[wf_index_vips_image_write_to_file])
#define vips_source_get_type ((__typeof__(&vips_source_get_type))wf_vips_functions[wf_index_vips_source_get_type])
#define vips_source_custom_new \
  ((__typeof__(&vips_source_custom_new))wf_vips_functions[wf_index_vips_source_custom_new])
#define vips_thumbnail ((__typeof__(&vips_thumbnail))wf_vips_functions[wf_index_vips_thumbnail])
#define vips_thumbnail_source ((__typeof__(&vips_thumbnail_source))wf_vips_functions[wf_index_vips_thumbnail_source])
#define vips_jpegload_source ((__typeof__(&vips_jpegload_source))wf_vips_functions[wf_index_vips_jpegload_source])
#define vips_resize ((__typeof__(&vips_resize))wf_vips_functions[wf_index_vips_resize])
#define vips_autorot ((__typeof__(&vips_autorot))wf_vips_functions[wf_index_vips_autorot])
#define vips_colourspace ((__typeof__(&vips_colourspace))wf_vips_functions[wf_index_vips_colourspace])
#define vips_cast_uchar ((__typeof__(&vips_cast_uchar))wf_vips_functions[wf_index_vips_cast_uchar])
#define vips_addalpha ((__typeof__(&vips_addalpha))wf_vips_functions[wf_index_vips_addalpha])
#define vips_gaussnoise ((__typeof__(&vips_gaussnoise))wf_vips_functions[wf_index_vips_gaussnoise])
#define vips_bandjoin ((__typeof__(&vips_bandjoin))wf_vips_functions[wf_index_vips_bandjoin])
#define vips_gaussblur ((__typeof__(&vips_gaussblur))wf_vips_functions[wf_index_vips_gaussblur])

/// The plain calls Swift makes, each through its pointer.
static inline void wf_vips_error_clear(void) { vips_error_clear(); }
static inline const char *wf_vips_error_buffer(void) { return vips_error_buffer(); }
static inline const char *wf_vips_foreign_find_load(const char *filename) { return vips_foreign_find_load(filename); }
static inline int wf_vips_image_get_width(const VipsImage *image) { return vips_image_get_width(image); }
static inline int wf_vips_image_get_height(const VipsImage *image) { return vips_image_get_height(image); }
static inline int wf_vips_image_get_bands(const VipsImage *image) { return vips_image_get_bands(image); }
static inline int wf_vips_image_get_orientation_swap(VipsImage *image) {
  return vips_image_get_orientation_swap(image);
}
static inline void *wf_vips_image_write_to_memory(VipsImage *image, size_t *size) {
  return vips_image_write_to_memory(image, size);
}
static inline void wf_vips_image_set_kill(VipsImage *image, gboolean kill) { vips_image_set_kill(image, kill); }
static inline int wf_vips_vector_isenabled(void) { return vips_vector_isenabled(); }

/// The settings a viewer of untrusted files needs: no orc code (libvips 8.14 compiles it for every resize and
/// liborc 0.4.33 frees it without its lock, so two decoding threads corrupt its free list: a segfault seen in CI;
/// the plain C loops are faster for thumbnails this size too), one thread per decode (the worker pool parallelises
/// across pictures), no operation cache (each picture is decoded once into our own cache), and only the loaders in
/// `allowed` (a NULL-terminated list of class names).
static inline void wf_vips_configure(const char *const *allowed) {
  vips_vector_set_enabled(0);
  vips_concurrency_set(1);
  vips_cache_set_max(0);
  vips_cache_set_max_mem(0);
  vips_cache_set_max_files(0);
  vips_operation_block_set("VipsForeignLoad", 1);
  for (; *allowed != NULL; allowed++) vips_operation_block_set(*allowed, 0);
}

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
