import CCGif

/// An animated GIF of a tape's frames through cgif: one fixed palette (``GIFPalette``), each frame re-indexed only
/// where the canvas changed (a pixel continuing the run on its left when its colour allows, so LZW gets runs),
/// cgif writing only the window that differs from the frame before; loops forever.
public enum GIFAnimation {
  public static func encode(_ frames: [AnimationFrame], on canvas: FrameCanvas) throws(TapeImageError) -> [UInt8] {
    guard canvas.width <= Int(UInt16.max), canvas.height <= Int(UInt16.max) else {
      throw TapeImageError("the picture is \(canvas.width)x\(canvas.height) pixels, over GIF's 65535")
    }
    var palette = GIFPalette(theme: canvas.settings.theme)
    var paletteBytes = palette.rgb
    let output = ByteSink()
    var config = CGIF_Config()
    config.attrFlags = UInt32(CGIF_ATTR_IS_ANIMATED)
    config.width = UInt16(canvas.width)
    config.height = UInt16(canvas.height)
    config.numGlobalPaletteEntries = UInt16(palette.colors.count)
    config.numLoops = UInt16(CGIF_INFINITE_LOOP)
    config.pContext = Unmanaged.passUnretained(output).toOpaque()
    config.pWriteFn = { context, data, count in
      guard let context, let data else { return -1 }
      let sink = Unmanaged<ByteSink>.fromOpaque(context).takeUnretainedValue()
      sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: count))
      return 0
    }
    let background = palette.index(of: canvas.settings.theme.background.packed)
    var indexed = [UInt8](repeating: background, count: canvas.width * canvas.height)
    let gif: OpaquePointer? = paletteBytes.withUnsafeMutableBufferPointer { bytes in
      config.pGlobalPalette = bytes.baseAddress
      return cgif_newgif(&config)
    }
    guard let gif else { throw TapeImageError("cgif could not start a GIF") }
    var result: Int32 = 0
    var transparency: GIFTransparency?
    for frame in frames {
      canvas.paint(frame.screen)
      let width = canvas.width
      canvas.pixels.withUnsafeBufferPointer { pixels in
        for rect in canvas.dirtyRects {
          for row in rect.y..<(rect.y + rect.height) {
            let start = row * width + rect.x
            indexed[start] = palette.index(of: pixels[start])
            var continued = 0
            for offset in (start + 1)..<(start + rect.width) {
              let index =
                continued < GIFPalette.longestContinuation
                ? palette.index(of: pixels[offset], continuing: indexed[offset - 1]) : palette.index(of: pixels[offset])
              continued = index == indexed[offset - 1] && index != palette.index(of: pixels[offset]) ? continued + 1 : 0
              indexed[offset] = index
            }
          }
        }
      }
      var frameConfig = CGIF_FrameConfig()
      frameConfig.delay = UInt16(clamping: frame.duration / 10)
      if transparency == nil {
        transparency = GIFTransparency(first: indexed, width: canvas.width, height: canvas.height)
        result = indexed.withUnsafeMutableBufferPointer { data in
          frameConfig.pImageData = data.baseAddress
          return cgif_addframe(gif, &frameConfig)
        }
      } else {
        transparency!.mark(indexed, changedWithin: canvas.dirtyRects)
        frameConfig.attrFlags = UInt32(CGIF_FRAME_ATTR_HAS_SET_TRANS)
        frameConfig.transIndex = GIFTransparency.index
        frameConfig.genFlags = UInt32(CGIF_FRAME_GEN_USE_DIFF_WINDOW)
        result = transparency!.withWritten { data in
          frameConfig.pImageData = data
          return cgif_addframe(gif, &frameConfig)
        }
      }
      if result != 0 { break }
    }
    let closed = cgif_close(gif)
    guard result == 0, closed == 0 else { throw TapeImageError("cgif could not write the GIF (error \(result))") }
    return output.bytes
  }
}

/// Where an encoder's callback puts its bytes.
final class ByteSink {
  var bytes: [UInt8] = []
}
