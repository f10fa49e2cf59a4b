import Foundation
import Glibc
import TestSupport

/// An X server without a screen (Xvfb) for the terminals that draw real pixels, with screenshots (`xwd`) and
/// typed keys (`xdotool`).
final class VirtualDisplay {
  let directory: URL
  private(set) var name = ""
  private var server: pid_t = 0
  private var processes: [pid_t] = []

  struct Missing: Error, CustomStringConvertible {
    var tool: String
    var description: String { "\(tool) is not installed: `make test-deps` installs what the real-terminal tests need" }
  }

  static func require(_ tools: [String]) throws {
    for tool in tools where !isInstalled(tool) { throw Missing(tool: tool) }
  }

  static func isInstalled(_ tool: String) -> Bool {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").contains { access("\($0)/\(tool)", X_OK) == 0 }
  }

  init() throws {
    try Self.require(["Xvfb", "xwd", "xdotool"])
    directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "waterfall-x-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    // Xvfb picks a free display and writes its number when it is ready to serve.
    let numberFile = directory.appendingPathComponent("display").path
    server = try ChildProcess.start(
      ["sh", "-c", "exec Xvfb -displayfd 3 -screen 0 1024x768x24 -nolisten tcp 3>\(numberFile)"],
      outputPath: directory.appendingPathComponent("xvfb.log").path)
    try waitUntil(seconds: 20, "Xvfb to start") {
      let text = (try? String(contentsOfFile: numberFile, encoding: .utf8)) ?? ""
      guard text.hasSuffix("\n"), let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
        return false
      }
      name = ":\(number)"
      return true
    }
  }

  deinit {
    for pid in processes.reversed() { ChildProcess.stop(pid) }
    if server > 0 { ChildProcess.stop(server) }
    try? FileManager.default.removeItem(at: directory)
  }

  /// Starts a program (a terminal) on this display.
  func start(_ arguments: [String], environment: [String: String] = [:]) throws {
    var environment = environment
    environment["DISPLAY"] = name
    processes.append(
      try ChildProcess.start(
        arguments, environment: environment, outputPath: directory.appendingPathComponent("log").path))
  }

  /// Types keys (xdotool names: `j`, `G`, `q`) into the window under the pointer, which is put in the
  /// terminal's window first (without a window manager, focus follows the pointer).
  func type(_ keys: [String]) throws {
    let log = directory.appendingPathComponent("xdotool.log").path
    _ = try ChildProcess.run(["env", "DISPLAY=\(name)", "xdotool", "mousemove", "40", "40"], outputPath: log)
    let status = try ChildProcess.run(
      ["env", "DISPLAY=\(name)", "xdotool", "key", "--delay", "80"] + keys, outputPath: log)
    guard status == 0 else {
      throw Failure("xdotool failed: \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
    }
  }

  /// Types text (any Unicode, such as an emoji) as xdotool types it, into the window under the pointer.
  func type(text: String) throws {
    let log = directory.appendingPathComponent("xdotool.log").path
    let status = try ChildProcess.run(
      ["env", "DISPLAY=\(name)", "xdotool", "type", "--delay", "80", text], outputPath: log)
    guard status == 0 else {
      throw Failure("xdotool failed: \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
    }
  }

  /// The whole screen's pixels.
  func screenshot() throws -> Screenshot {
    let file = directory.appendingPathComponent("shot.xwd").path
    try? FileManager.default.removeItem(atPath: file)
    let status = try ChildProcess.run(
      ["sh", "-c", "DISPLAY=\(name) xwd -root -silent > \(file)"],
      outputPath: directory.appendingPathComponent("xwd.log").path)
    guard status == 0, let data = FileManager.default.contents(atPath: file) else { throw Failure("xwd failed") }
    return try Screenshot(xwd: [UInt8](data))
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }

  /// Polls `condition` every 100 ms until it holds, for at most `seconds`.
  func waitUntil(seconds: Double, _ what: String, _ condition: () throws -> Bool) throws {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if try condition() { return }
      usleep(100_000)
    }
    throw Failure("timed out after \(Int(seconds)) s waiting for \(what)")
  }
}

/// An `xwd` screenshot: 24- or 32-bit TrueColor pixels.
struct Screenshot {
  let width: Int
  let height: Int
  /// 0xRRGGBB per pixel, row by row.
  let pixels: [UInt32]

  init(xwd bytes: [UInt8]) throws {
    func field(_ index: Int) -> Int {
      let offset = index * 4
      return Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8
        | Int(bytes[offset + 3])
    }
    guard bytes.count >= 100 else { throw VirtualDisplay.Failure("not an xwd file") }
    let headerSize = field(0)
    width = field(4)
    height = field(5)
    let byteOrder = field(7)
    let bitsPerPixel = field(11)
    let bytesPerLine = field(12)
    let masks = (red: UInt32(field(14)), green: UInt32(field(15)), blue: UInt32(field(16)))
    let colourCount = field(19)
    let start = headerSize + colourCount * 12
    let step = bitsPerPixel / 8
    guard step == 3 || step == 4, bytes.count >= start + bytesPerLine * height else {
      throw VirtualDisplay.Failure("an xwd layout these tests do not read: \(bitsPerPixel) bits per pixel")
    }
    func channel(_ value: UInt32, _ mask: UInt32) -> UInt32 { (value & mask) >> UInt32(mask.trailingZeroBitCount) }
    var pixels = [UInt32](repeating: 0, count: width * height)
    for y in 0..<height {
      for x in 0..<width {
        let offset = start + y * bytesPerLine + x * step
        var value: UInt32 = 0
        for byte in 0..<step {
          let shift = byteOrder == 0 ? 8 * byte : 8 * (step - 1 - byte)
          value |= UInt32(bytes[offset + byte]) << UInt32(shift)
        }
        pixels[y * width + x] =
          channel(value, masks.red) << 16 | channel(value, masks.green) << 8 | channel(value, masks.blue)
      }
    }
    self.pixels = pixels
  }

  /// Writes the screenshot as a PPM file (to look at after a failure).
  func writePPM(to url: URL) {
    var data = Data("P6 \(width) \(height) 255\n".utf8)
    data.reserveCapacity(data.count + pixels.count * 3)
    for pixel in pixels {
      data.append(contentsOf: [UInt8(pixel >> 16), UInt8(pixel >> 8 & 0xFF), UInt8(pixel & 0xFF)])
    }
    try? data.write(to: url)
  }

  /// How many pixels are `colour` (0xRRGGBB), each channel within `tolerance`.
  func count(_ colour: UInt32, tolerance: Int = 4) -> Int {
    let (red, green, blue) = (Int(colour >> 16), Int(colour >> 8 & 0xFF), Int(colour & 0xFF))
    return pixels.reduce(0) { total, pixel in
      let close =
        abs(Int(pixel >> 16) - red) <= tolerance && abs(Int(pixel >> 8 & 0xFF) - green) <= tolerance
        && abs(Int(pixel & 0xFF) - blue) <= tolerance
      return close ? total + 1 : total
    }
  }
}
