import Foundation
import TestSupport

/// The picture tests' loopback server (Tests/PicturesTests/Server/picture_server.py) on 127.0.0.1, for the
/// end-to-end tests.
typealias PictureServer = LoopbackPictureServer

extension LoopbackPictureServer {
  /// A plist dataset of `items` (title, img) in `folder`; its path.
  static func writeDataset(_ items: [(title: String, img: String)], in folder: String) throws -> String {
    let entries = items.enumerated().map { index, item in
      ["title": item.title, "img": item.img, "price": "¥\(10 + index)", "w": 200, "h": 150] as [String: Any]
    }
    let data = try PropertyListSerialization.data(fromPropertyList: entries, format: .xml, options: 0)
    let path = (folder as NSString).appendingPathComponent("1.plist")
    try data.write(to: URL(fileURLWithPath: path))
    return path
  }
}
