import Foundation
import TestSupport
import Testing

/// `x` and `y` through the release binary. An extension of the one serialized end-to-end suite.
extension ViewerEndToEndTests {
  /// A browser script that lists its open descriptors (`ls -l /proc/$$/fd`) into `listing`, then waits.
  static func descriptorListingBrowser(in folder: TemporaryDirectory, listing: String) throws -> String {
    let browser = folder.write("browser.sh", "#!/bin/sh\nls -l /proc/$$/fd > '\(listing)'\nsleep 30\n")
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: browser)
    return browser
  }

  /// The descriptors in an `ls -l /proc/PID/fd` listing beyond the standard three and the shell's own (its script,
  /// /dev/null): what the browser got from the viewer.
  static func inheritedDescriptors(listedIn listing: String) throws -> [Substring] {
    try String(contentsOfFile: listing, encoding: .utf8).split(separator: "\n").filter { line in
      guard let arrow = line.range(of: " -> ") else { return false }
      let number = Int(line[..<arrow.lowerBound].split(separator: " ").last ?? "") ?? 0
      return number > 2 && !line.hasSuffix("browser.sh") && !line.hasSuffix("/dev/null")
    }
  }

  @Test("x starts $BROWSER with the link and never waits for it; y reaches tmux's paste buffer through OSC 52")
  func openAndCopy() throws {
    let folder = TemporaryDirectory("links")
    defer { folder.remove() }
    let record = folder.file("opened")
    // A browser that records its argument and its open descriptors, then takes its time: the viewer must not wait
    // for it, and it must not hold what the viewer has open (its terminal, its pipes, a server's connection).
    let descriptors = folder.file("descriptors")
    let browser = folder.write(
      "browser.sh", "#!/bin/sh\nls -l /proc/$$/fd > '\(descriptors)'\necho \"$1\" >> '\(record)'\nsleep 30\n")
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: browser)
    let items: [[String: Any]] = (0..<8).map {
      ["w": 300, "h": 200, "price": "¥\($0)", "title": "item \($0)", "link": "https://shop.test/item/\($0)"]
    }
    let data = folder.write("shop.json", [UInt8](try JSONSerialization.data(withJSONObject: items)))

    let pane = try TmuxPane(
      arguments: ["--no-images", data], environment: ["BROWSER=\(browser)"])
    _ = try pane.tmux(["set-option", "-g", "set-clipboard", "on"])
    try pane.waitForFirstFrame()
    try pane.send(keys: ["l", "x"])
    try pane.waitForScreen { $0.contains("opening https://shop.test/item/0") }
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline, (try? String(contentsOfFile: record, encoding: .utf8)) == nil {
      Thread.sleep(forTimeInterval: 0.05)
    }
    #expect(try String(contentsOfFile: record, encoding: .utf8) == "https://shop.test/item/0\n")
    let inherited = try Self.inheritedDescriptors(listedIn: descriptors)
    #expect(inherited.isEmpty, "the browser holds the viewer's descriptors: \(inherited)")
    // The browser is still running; the viewer answers keys all the same.
    try pane.send(keys: ["j"])
    try pane.waitForScreen { $0.contains("row 1/") && !$0.contains("opening") }
    try pane.send(keys: ["k"])
    try pane.send(keys: ["y"])
    try pane.waitForScreen { $0.contains("copied https://shop.test/item/0") }
    var buffer = ""
    let copied = Date().addingTimeInterval(10)
    while Date() < copied, buffer != "https://shop.test/item/0" {
      buffer = (try? pane.tmux(["show-buffer"])) ?? ""
      Thread.sleep(forTimeInterval: 0.05)
    }
    #expect(buffer == "https://shop.test/item/0", "tmux's paste buffer")
    try pane.send(keys: ["q"])
    try expectRestored(pane, status: "0")
  }
}
