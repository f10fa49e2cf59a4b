import Foundation
import Testing

@testable import WaterfallTerminal

/// kitty's pictures travel in our own base64: it must read back as Foundation's decoder reads base64.
@Suite("Base64 for kitty's payloads")
struct Base64Tests {
  @Test("every length's padding and every byte value decode back", arguments: [0, 1, 2, 3, 4, 5, 255, 256, 3072])
  func roundTrip(length: Int) throws {
    let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ $0 / 7) }
    var encoded = [UInt8](repeating: 0, count: Base64.encodedCount(length) + 1)
    bytes.withUnsafeBufferPointer { source in
      encoded.withUnsafeMutableBufferPointer { Base64.encode(source, into: $0.baseAddress!) }
    }
    #expect(encoded.last == 0, "nothing written past the encoded length")
    encoded.removeLast()
    let text = String(decoding: encoded, as: UTF8.self)
    #expect(text == Data(bytes).base64EncodedString())
    #expect(try #require(Data(base64Encoded: text)) == Data(bytes))
  }
}
