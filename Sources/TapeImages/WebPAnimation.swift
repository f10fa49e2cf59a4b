import CWebP

/// An animated WebP of a tape's frames through libwebp's animation encoder: lossless (text stays sharp), its
/// fastest method, each frame's timestamp from the frames' durations; loops forever.
public enum WebPAnimation {
  public static func encode(_ frames: [AnimationFrame], on canvas: FrameCanvas) throws(TapeImageError) -> [UInt8] {
    var options = WebPAnimEncoderOptions()
    guard WebPAnimEncoderOptionsInit(&options) != 0 else { throw TapeImageError("libwebp: wrong version") }
    options.anim_params.loop_count = 0
    options.anim_params.bgcolor = canvas.settings.theme.background.packed
    options.allow_mixed = 0
    guard let encoder = WebPAnimEncoderNew(Int32(canvas.width), Int32(canvas.height), &options) else {
      throw TapeImageError("libwebp could not start an animation")
    }
    defer { WebPAnimEncoderDelete(encoder) }
    var config = WebPConfig()
    guard WebPConfigInit(&config) != 0 else { throw TapeImageError("libwebp: wrong version") }
    config.lossless = 1
    config.method = 0
    config.quality = 10
    var timestamp: Int32 = 0
    for frame in frames {
      canvas.paint(frame.screen)
      var picture = WebPPicture()
      guard WebPPictureInit(&picture) != 0 else { throw TapeImageError("libwebp: wrong version") }
      picture.use_argb = 1
      picture.width = Int32(canvas.width)
      picture.height = Int32(canvas.height)
      let imported = canvas.pixels.withUnsafeBytes { bytes in
        WebPPictureImportRGBX(
          &picture, bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(canvas.width * 4))
      }
      defer { WebPPictureFree(&picture) }
      guard imported != 0, WebPAnimEncoderAdd(encoder, &picture, timestamp, &config) != 0 else {
        throw TapeImageError("libwebp could not add a frame")
      }
      timestamp += Int32(clamping: frame.duration)
    }
    guard WebPAnimEncoderAdd(encoder, nil, timestamp, nil) != 0 else {
      throw TapeImageError("libwebp could not end the animation")
    }
    var data = WebPData()
    guard WebPAnimEncoderAssemble(encoder, &data) != 0, let bytes = data.bytes else {
      throw TapeImageError("libwebp could not assemble the animation")
    }
    defer { WebPDataClear(&data) }
    return Array(UnsafeBufferPointer(start: bytes, count: data.size))
  }
}
