import CVips

/// Noisy pictures written with libvips, for tests and benchmarks: noise decodes slowly, like a detailed photo.
public enum NoisePicture {
  /// Writes a `width` × `height` picture to `path` in the format its extension names (.jpg, .png, .webp, .gif),
  /// with an alpha band when `alpha`. Returns whether it worked.
  @discardableResult
  public static func write(to path: String, width: Int, height: Int, alpha: Bool = false) -> Bool {
    guard VipsRuntime.startupFailure == nil else { return false }
    let written = wf_vips_write_noise_picture(path, Int32(width), Int32(height), alpha ? 4 : 3) == 0
    if !written { vips_error_clear() }
    return written
  }
}
