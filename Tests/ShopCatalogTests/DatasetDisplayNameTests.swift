import Foundation
import ShopCatalog
import Testing

@Suite("The name a dataset is shown under")
struct DatasetDisplayNameTests {
  @Test("is the file's or directory's own name, also for . and a trailing slash")
  func displayName() {
    let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).lastPathComponent
    #expect(DatasetLoader.displayName(ofPath: ".") == current)
    #expect(DatasetLoader.displayName(ofPath: "./") == current)
    #expect(DatasetLoader.displayName(ofPath: "../shared/datasets/mogujie-shop/") == "mogujie-shop")
    #expect(DatasetLoader.displayName(ofPath: "pages/1.plist") == "1.plist")
    #expect(DatasetLoader.displayName(ofPath: "/") == "/")
  }
}
