import Foundation
import Testing

@testable import Pictures
@testable import WebFetch

@Suite("One reading of an address's scheme")
struct URLSchemeTests {
  @Test(
    "the scheme in any case; a path or a drive letter has none",
    arguments: [
      ("http://shop.test/1.jpg", URLScheme.http),
      ("HTTPS://shop.test/1.jpg", .https),
      ("File:///srv/1.jpg", .file),
      ("ftp://shop.test/1.jpg", .other("ftp")),
      ("data:image/png;base64,AAAA", .other("data")),
      ("svn+ssh://h/r", .other("svn+ssh")),
    ])
  func named(address: String, scheme: URLScheme) {
    #expect(URLScheme(of: address) == scheme)
  }

  @Test("no scheme: a plain path, a Windows drive, a colon after a slash, a name that starts with a digit")
  func none() {
    for text in ["pictures/1.jpg", "/srv/a:b.jpg", #"C:\shop\1.jpg"#, "c:/shop/1.jpg", "1http://h", "", "ht tp://h"] {
      #expect(URLScheme(of: text) == nil, "\(text)")
    }
  }

  @Test("only http and https are web; the fetcher and the picture's source agree on an upper-case scheme")
  func web() throws {
    #expect(URLScheme.http.isWeb && URLScheme.https.isWeb)
    #expect(!URLScheme.file.isWeb && !URLScheme.other("ftp").isWeb)
    #expect(
      PictureSource.resolve("HTTPS://shop.test/1.jpg", relativeTo: "/d/s.json") == .remote("HTTPS://shop.test/1.jpg"))
    #expect(WebGet.refusal(ofRedirectTo: URL(string: "HTTPS://cdn.test/1.jpg"), secureOnly: true) == nil)
    #expect(WebGet.refusal(ofRedirectTo: URL(string: "Http://cdn.test/1.jpg"), secureOnly: true) != nil)
    #expect(WebGet.refusal(ofRedirectTo: URL(string: "ftp://cdn.test/1.jpg"), secureOnly: false) != nil)
    let relative = try #require(URL(string: "2.jpg", relativeTo: URL(string: "HTTP://cdn.test/a/1.jpg")))
    #expect(URLScheme(of: relative) == .http)
  }
}
