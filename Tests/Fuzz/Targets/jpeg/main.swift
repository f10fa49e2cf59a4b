import FuzzSupport
import Pictures

/// JPEGs decoded by libjpeg-turbo directly: any bytes give a thumbnail of exactly the size asked for (never larger
/// than the picture) with four bytes a pixel, a failure with a reason, or nil (no JPEG, or one left to libvips);
/// never a crash, a leak or a read past the bytes (AddressSanitizer watches the C decoder too).
runFuzzer { data, size in
  let bytes = fuzzBytes(data, size)
  // The box from the first byte, so the fuzzer reaches every scale and the area average's shapes.
  let side = 1 + Int(bytes.first ?? 0) % 97
  let covering = (width: side, height: 1 + (side * 7) % 61)
  // A small pixel limit (512×512) keeps each input fast: a cut-off picture is still decoded whole, and under
  // AddressSanitizer 4 megapixels took up to half a second. The header check is what refuses larger claims.
  let limits = PictureLimits(maximumPixels: 262_144)
  switch PictureDecoder.decodeJPEG(bytes: bytes, covering: covering, limits: limits) {
  case nil:
    // Left to libvips only after libjpeg read the header, which starts with the SOI marker.
    fuzzCheck(bytes.starts(with: [0xFF, 0xD8]), "declined bytes that are no JPEG: \(bytes.prefix(4))")
  case .failure(let failure):
    fuzzCheck(!failure.reason.isEmpty, "a failure without a reason")
  case .success(let thumbnail):
    fuzzCheck(thumbnail.pixels.count == thumbnail.width * thumbnail.height * 4, "pixels and size disagree")
    fuzzCheck(
      thumbnail.width <= thumbnail.sourceWidth && thumbnail.height <= thumbnail.sourceHeight,
      "\(thumbnail.width)×\(thumbnail.height) from \(thumbnail.sourceWidth)×\(thumbnail.sourceHeight)")
    fuzzCheck(
      thumbnail.width >= min(covering.width, thumbnail.sourceWidth)
        || thumbnail.height >= min(covering.height, thumbnail.sourceHeight),
      "\(thumbnail.width)×\(thumbnail.height) does not cover \(covering)")
    fuzzCheck(stride(from: 3, to: thumbnail.pixels.count, by: 4).allSatisfy { thumbnail.pixels[$0] == 255 }, "alpha")
  }
  return 0
}
