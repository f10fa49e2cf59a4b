import CVips

/// Noisy pictures written with libvips, for tests and benchmarks: noise decodes slowly, like a detailed photo.
public enum NoisePicture {
  /// Writes a `width` × `height` picture to `path` in the format its extension names (.jpg, .png, .webp, .gif),
  /// with an alpha band when `alpha`, blurred by `blur` pixels (a Gaussian's sigma; 0: sharp noise, about 2: a
  /// smoother picture that compresses like an ordinary photo). Returns whether it worked.
  @discardableResult
  public static func write(to path: String, width: Int, height: Int, alpha: Bool = false, blur: Double = 0) -> Bool {
    guard VipsRuntime.startupFailure == nil else { return false }
    let written = wf_vips_write_noise_picture(path, Int32(width), Int32(height), alpha ? 4 : 3, blur) == 0
    if !written { wf_vips_error_clear() }
    return written
  }
}
