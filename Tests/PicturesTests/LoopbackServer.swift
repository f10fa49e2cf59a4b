import Foundation
import TestSupport

/// The test server, started from this folder's Server/picture_server.py.
typealias LoopbackServer = LoopbackPictureServer

extension LoopbackPictureServer {
  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Server/picture_server.py").path

  convenience init(lifetime: Int = 90) throws {
    try self.init(script: Self.script, lifetime: lifetime)
  }
}
