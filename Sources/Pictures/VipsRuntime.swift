import CVips
import Foundation
import Locking

/// libvips, started once for the process with the settings a terminal viewer of untrusted files needs.
public enum VipsRuntime {
  /// Why libvips could not start, or nil when it is ready. Reading this starts it (once, thread-safe).
  static let startupFailure: String? = start()

  /// The loaders allowed: JPEG, PNG, WebP, GIF. Every other loader (TIFF, SVG, PDF, ImageMagick, …) stays blocked.
  static let allowedLoaderClasses = [
    "VipsForeignLoadJpeg", "VipsForeignLoadPng", "VipsForeignLoadWebp", "VipsForeignLoadNsgif",
  ]

  /// libvips loads its modules (ImageMagick, poppler, HEIF, JPEG XL, OpenSlide: 28 more libraries, about 70% of
  /// its own start) from its install prefix as it starts, only for us to block them. With the prefix (VIPSHOME)
  /// pointed where no directory can be, it loads none; the loaders we allow are built in.
  static let modulelessPrefix = "/dev/null"

  /// Points libvips' prefix nowhere for the rest of the process. Call it first thing in `main`, while the process
  /// has one thread: setenv races with every other thread's getenv (libcurl reads its proxy settings per request),
  /// and libvips starts later, on a decoding thread. Child processes inherit it; only one using libvips would care.
  public static func hideModulesBeforeThreadsStart() {
    setenv("VIPSHOME", modulelessPrefix, 1)
  }

  private static func start() -> String? {
    // Loaded now, at the first picture that needs it, not at start (see CVips).
    if let problem = wf_vips_load() { return String(cString: problem) }
    // GLib prints warnings (VIPS-WARNING, libjpeg's "premature end") on stderr, which is the curses screen.
    // Failures reach us through return values and vips' error buffer instead; but libpng's errors arrive only as
    // warnings (vips' buffer then holds an empty line), so each thread's last one is kept as the reason.
    g_log_set_default_handler(
      { _, _, message, _ in
        guard let message else { return }
        let text = String(cString: message)
        VipsRuntime.warnings.withLock { $0[pthread_self()] = text }
      }, nil)
    // A caller that did not hide the modules before its threads started (a test, a library user) gets them hidden
    // here, and its environment back at once.
    let hiddenAlready = getenv("VIPSHOME").map { String(cString: $0) } == modulelessPrefix
    let userPrefix = getenv("VIPSHOME").map { String(cString: $0) }
    if !hiddenAlready { setenv("VIPSHOME", modulelessPrefix, 1) }
    let initialised = wf_vips_init("waterfall")
    if !hiddenAlready {
      if let userPrefix { setenv("VIPSHOME", userPrefix, 1) } else { unsetenv("VIPSHOME") }
    }
    guard initialised == 0 else {
      defer { wf_vips_error_clear() }
      return "libvips did not start: " + VipsRuntime.takeError()
    }
    // No orc code, one thread per decode, no operation cache, only the allowed loaders (see wf_vips_configure).
    let names = allowedLoaderClasses.map { UnsafePointer(strdup($0)) } + [nil]
    defer { for name in names { free(UnsafeMutablePointer(mutating: name)) } }
    wf_vips_configure(names)
    return nil
  }

  /// The last warning GLib logged on each thread since its decode began.
  static let warnings = Locked<[pthread_t: String]>([:])

  /// Called as a decode begins, so an earlier decode's warning is not taken for this one's reason.
  static func forgetWarnings() {
    _ = warnings.withLock { $0.removeValue(forKey: pthread_self()) }
  }

  /// This thread's last warning since its decode began, else the last line of vips' error buffer; the buffer
  /// cleared (it only grows). The buffer is shared by all threads, so its last line may be another decode's: the
  /// thread's own warning comes first.
  static func takeError() -> String {
    defer { wf_vips_error_clear() }
    let warning = warnings.withLock { $0.removeValue(forKey: pthread_self()) }
    let buffer = wf_vips_error_buffer().map { String(cString: $0) } ?? ""
    let lines = buffer.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
      !$0.isEmpty && !$0.hasSuffix(":")
    }
    return warning ?? lines.last ?? "unknown error"
  }
}
