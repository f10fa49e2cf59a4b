import CVips
import Dispatch

#if canImport(Glibc)
  import Glibc
#endif

/// Reads pictures with libvips: JPEG, PNG, WebP and GIF only, the header checked before any pixel is decoded,
/// scaled while loading to the size the box needs, upright, and within a time limit.
public enum PictureDecoder {
  /// The picture's upright size from its header alone, without decoding it (for photo folders).
  public static func probe(path: String) -> Result<PictureDimensions, PictureFailure> {
    if PictureFile.problem(at: path) == nil, let size = JPEGThumbnail.probe(path: path) { return size }
    return openHeader(path: path).map { header in
      defer { wf_g_object_unref(header.image) }
      return header.dimensions
    }
  }

  /// Decodes `path` into a thumbnail just large enough to fill a box of `pixelSize` pixels after a centred crop
  /// (never enlarged). Truncated files decode as far as they go.
  public static func decode(
    path: String, covering pixelSize: (width: Int, height: Int), limits: PictureLimits = PictureLimits()
  ) -> Result<Thumbnail, PictureFailure> {
    let started = DispatchTime.now().uptimeNanoseconds
    // A PNG's claim is checked before libvips opens it, which would give no reason for a damaged header.
    if let claimed = ClaimedSize.png(at: path), let refusal = limits.refusal(of: claimed, path: path) {
      return .failure(refusal)
    }
    let deadline = started + UInt64(max(0, limits.timeLimit.nanoseconds))
    if PictureFile.problem(at: path) == nil,
      let decoded = JPEGThumbnail.decode(path: path, covering: pixelSize, limits: limits, deadline: deadline)
    {
      return decoded
    }
    return decodeWithLibvips(path: path, covering: pixelSize, limits: limits, deadline: deadline)
  }

  /// A thumbnail of the JPEG in `bytes`, as ``decode(path:covering:limits:)`` makes one of a JPEG file, or nil for
  /// a JPEG libjpeg-turbo leaves to libvips (CMYK, 12-bit) or bytes that are no JPEG. (The fuzz targets' way in.)
  public static func decodeJPEG(
    bytes: [UInt8], covering pixelSize: (width: Int, height: Int), limits: PictureLimits = PictureLimits()
  ) -> Result<Thumbnail, PictureFailure>? {
    let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, limits.timeLimit.nanoseconds))
    return bytes.withUnsafeBufferPointer { buffer in
      JPEGThumbnail.decode(buffer, named: "(bytes)", covering: pixelSize, limits: limits, deadline: deadline)
    }
  }

  /// ``decode(path:covering:limits:)`` by libvips alone: every picture but the JPEGs ``JPEGThumbnail`` reads.
  static func decodeWithLibvips(
    path: String, covering pixelSize: (width: Int, height: Int), limits: PictureLimits, deadline: UInt64
  ) -> Result<Thumbnail, PictureFailure> {
    let header: Header
    switch openHeader(path: path) {
    case .failure(let failure): return .failure(failure)
    case .success(let opened): header = opened
    }
    wf_g_object_unref(header.image)
    let source = header.dimensions
    if let refusal = limits.refusal(of: source, path: path) { return .failure(refusal) }
    let (width, height) = thumbnailSize(of: source, covering: pixelSize)
    let plan: ScalePlan =
      header.isJPEG ? .jpeg(JPEGScale.choose(source: source, covering: (width, height))) : .thumbnail
    return thumbnail(path: path, width: width, height: height, plan: plan, source: source, deadline: deadline)
  }

  /// The size of a thumbnail of a `source`-sized picture that covers `pixelSize`, keeping its shape; never larger
  /// than the picture.
  static func thumbnailSize(
    of source: PictureDimensions, covering pixelSize: (width: Int, height: Int)
  ) -> (width: Int, height: Int) {
    let scale = min(
      1, max(Double(pixelSize.width) / Double(source.width), Double(pixelSize.height) / Double(source.height)))
    return (
      max(1, Int((Double(source.width) * scale).rounded(.up))),
      max(1, Int((Double(source.height) * scale).rounded(.up)))
    )
  }

  private struct Header {
    let image: UnsafeMutablePointer<VipsImage>
    let dimensions: PictureDimensions
    /// libjpeg can decode at 1/2, 1/4 or 1/8 of the size itself: the decoder picks the factor.
    let isJPEG: Bool
  }

  /// How a picture gets to its size: a JPEG at a shrink we choose and one resize, anything else by vips_thumbnail.
  private enum ScalePlan {
    case jpeg(JPEGScale)
    case thumbnail
  }

  /// The file checked, its format allowed and its header opened lazily (no pixels decoded yet).
  private static func openHeader(path: String) -> Result<Header, PictureFailure> {
    if let failure = VipsRuntime.startupFailure { return .failure(PictureFailure(.decodingFailed, failure)) }
    if let problem = PictureFile.problem(at: path) { return .failure(problem) }
    VipsRuntime.forgetWarnings()
    let systemPath = PictureFile.systemPath(path)
    guard let loader = wf_vips_foreign_find_load(systemPath).map({ String(cString: $0) }),
      VipsRuntime.allowedLoaderClasses.contains(where: { loader.hasPrefix($0) })
    else {
      wf_vips_error_clear()
      return .failure(PictureFailure(.unsupportedFormat, "not a JPEG, PNG, WebP or GIF picture: \(path)"))
    }
    guard let image = wf_vips_open_header(systemPath) else {
      return .failure(PictureFailure(.decodingFailed, "\(VipsRuntime.takeError()): \(path)"))
    }
    var width = Int(wf_vips_image_get_width(image))
    var height = Int(wf_vips_image_get_height(image))
    if wf_vips_image_get_orientation_swap(image) != 0 { swap(&width, &height) }
    return .success(
      Header(
        image: image, dimensions: PictureDimensions(width: width, height: height),
        isJPEG: loader.hasPrefix("VipsForeignLoadJpeg")))
  }

  private static func thumbnail(
    path: String, width: Int, height: Int, plan: ScalePlan, source: PictureDimensions, deadline: UInt64
  ) -> Result<Thumbnail, PictureFailure> {
    let descriptor = open(PictureFile.systemPath(path), O_RDONLY | O_NONBLOCK)
    guard descriptor >= 0 else { return .failure(PictureFailure(.unreadable, "cannot open: \(path)")) }
    let file = UnsafeMutablePointer<wf_deadline_file>.allocate(capacity: 1)
    // Declared first, so it runs last: the source that reads through `file` lives as long as the images.
    defer {
      close(descriptor)
      file.deallocate()
    }
    let remaining = Int64(deadline) - Int64(DispatchTime.now().uptimeNanoseconds)
    file.initialize(
      to: wf_deadline_file(fd: descriptor, deadline_us: g_get_monotonic_time() + Int(remaining / 1000), expired: 0))
    var scaled: UnsafeMutablePointer<VipsImage>?
    let status =
      switch plan {
      case .jpeg(let scale): wf_vips_jpeg_scaled_with_deadline(file, &scaled, Int32(scale.shrink), scale.resize)
      case .thumbnail: wf_vips_thumbnail_with_deadline(file, &scaled, Int32(clamping: width), Int32(clamping: height))
      }
    guard status == 0, let scaled else {
      if file.pointee.expired != 0 {
        wf_vips_error_clear()
        return .failure(PictureFailure(.timedOut, "took longer than the time limit: \(path)"))
      }
      return .failure(PictureFailure(.decodingFailed, "\(VipsRuntime.takeError()): \(path)"))
    }
    defer { wf_g_object_unref(scaled) }
    var srgb: UnsafeMutablePointer<VipsImage>?
    guard wf_vips_srgb8(scaled, &srgb) == 0, let srgb else {
      return .failure(PictureFailure(.decodingFailed, "\(VipsRuntime.takeError()): \(path)"))
    }
    defer { wf_g_object_unref(srgb) }
    var rgba = srgb
    if wf_vips_image_get_bands(srgb) == 3 {
      var withAlpha: UnsafeMutablePointer<VipsImage>?
      guard wf_vips_addalpha(srgb, &withAlpha) == 0, let withAlpha else {
        return .failure(PictureFailure(.decodingFailed, "\(VipsRuntime.takeError()): \(path)"))
      }
      rgba = withAlpha
    }
    defer { if rgba != srgb { wf_g_object_unref(rgba) } }
    guard wf_vips_image_get_bands(rgba) == 4 else {
      return .failure(PictureFailure(.decodingFailed, "unexpected colour bands: \(path)"))
    }
    let result = evaluate(rgba, path: path, source: source, deadline: deadline)
    // Reads that failed at the deadline look like a truncated file to the decoder, which then finishes early.
    if file.pointee.expired != 0, case .success = result {
      return .failure(PictureFailure(.timedOut, "took longer than the time limit: \(path)"))
    }
    return result
  }

  /// Runs the pipeline into memory; the eval callback kills it once the deadline has passed.
  private static func evaluate(
    _ image: UnsafeMutablePointer<VipsImage>, path: String, source: PictureDimensions, deadline: UInt64
  ) -> Result<Thumbnail, PictureFailure> {
    guard DispatchTime.now().uptimeNanoseconds < deadline else {
      return .failure(PictureFailure(.timedOut, "took longer than the time limit: \(path)"))
    }
    let deadlineBox = UnsafeMutablePointer<UInt64>.allocate(capacity: 1)
    deadlineBox.initialize(to: deadline)
    defer { deadlineBox.deallocate() }
    wf_vips_on_eval(image, killAfterDeadline, deadlineBox)
    var size = 0
    let memory = wf_vips_image_write_to_memory(image, &size)
    // The handler points at deadlineBox: disconnect it before the box goes.
    wf_vips_stop_eval(image, deadlineBox)
    guard let memory else {
      if DispatchTime.now().uptimeNanoseconds >= deadline {
        wf_vips_error_clear()
        return .failure(PictureFailure(.timedOut, "took longer than the time limit: \(path)"))
      }
      return .failure(PictureFailure(.decodingFailed, "\(VipsRuntime.takeError()): \(path)"))
    }
    defer { g_free(memory) }
    let width = Int(wf_vips_image_get_width(image))
    let height = Int(wf_vips_image_get_height(image))
    guard size == width * height * 4 else {
      return .failure(PictureFailure(.decodingFailed, "unexpected pixel data: \(path)"))
    }
    let pixels = [UInt8](UnsafeRawBufferPointer(start: memory, count: size))
    return .success(
      Thumbnail(
        width: width, height: height, sourceWidth: source.width, sourceHeight: source.height, pixels: pixels))
  }
}

/// vips calls this as it evaluates; past the deadline it sets the image's kill flag, which stops the evaluation.
private let killAfterDeadline: wf_vips_eval_callback = { image, _, userData in
  guard let image, let userData else { return }
  if DispatchTime.now().uptimeNanoseconds >= userData.load(as: UInt64.self) { wf_vips_image_set_kill(image, 1) }
}

extension Duration {
  /// The duration in whole nanoseconds, saturating.
  public var nanoseconds: Int64 {
    let (seconds, attoseconds) = components
    let (product, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    if overflow { return seconds < 0 ? .min : .max }
    return product.addingReportingOverflow(attoseconds / 1_000_000_000).partialValue
  }
}
