import CVips
import Foundation

/// libvips, started once for the process with the settings a terminal viewer of untrusted files needs.
enum VipsRuntime {
  /// Why libvips could not start, or nil when it is ready. Reading this starts it (once, thread-safe).
  static let startupFailure: String? = start()

  /// The loaders allowed: JPEG, PNG, WebP, GIF. Every other loader (TIFF, SVG, PDF, ImageMagick, …) stays blocked.
  static let allowedLoaderClasses = [
    "VipsForeignLoadJpeg", "VipsForeignLoadPng", "VipsForeignLoadWebp", "VipsForeignLoadNsgif",
  ]

  private static func start() -> String? {
    // GLib prints warnings (VIPS-WARNING, libjpeg's "premature end") on stderr, which is the curses screen.
    // Failures reach us through return values and vips' error buffer instead.
    g_log_set_default_handler({ _, _, _, _ in }, nil)
    guard wf_vips_init("waterfall") == 0 else {
      defer { vips_error_clear() }
      return "libvips did not start: " + VipsRuntime.takeError()
    }
    // One thread per decode: the worker pool parallelises across pictures.
    vips_concurrency_set(1)
    // Each picture is decoded once into our own cache; vips' operation cache would hold files and memory.
    vips_cache_set_max(0)
    vips_cache_set_max_mem(0)
    vips_cache_set_max_files(0)
    vips_operation_block_set("VipsForeignLoad", 1)
    for loader in allowedLoaderClasses { vips_operation_block_set(loader, 0) }
    return nil
  }

  /// The last line of vips' error buffer, and the buffer cleared (it is shared by all threads and only grows).
  static func takeError() -> String {
    defer { vips_error_clear() }
    guard let buffer = vips_error_buffer() else { return "unknown error" }
    let lines = String(cString: buffer).split(separator: "\n").map {
      $0.trimmingCharacters(in: .whitespaces)
    }.filter { !$0.isEmpty }
    return lines.last ?? "unknown error"
  }
}
