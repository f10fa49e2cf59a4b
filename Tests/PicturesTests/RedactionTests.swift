import Foundation
import Testing

@testable import Pictures

@Suite("Redaction and sniffing")
struct RedactionTests {
  @Test("user:password@ never shows; the rest of the URL does")
  func redacts() {
    #expect(RedactedURL.text("https://me:p@ss@img.example/a@b.jpg") == "https://***@img.example/a@b.jpg")
    #expect(RedactedURL.text("http://token@img.example/x") == "http://***@img.example/x")
    #expect(RedactedURL.text("https://img.example/a.jpg?u=a@b") == "https://img.example/a.jpg?u=a@b")
  }

  @Test("a PostgreSQL address in libpq's keyword/value form shows without its password, quoted or not")
  func redactsKeywordValuePassword() {
    #expect(
      RedactedURL.text("host=db password='se cret' dbname=shop") == "host=db password=*** dbname=shop")
    #expect(RedactedURL.text("password = hunter2 sslpassword=k") == "password = *** sslpassword=***")
    #expect(RedactedURL.text("host=db dbname=shop") == "host=db dbname=shop")
  }

  @Test("http(s) img fields resolve to remote sources; other schemes are not loadable")
  func resolves() {
    #expect(
      PictureSource.resolve("https://img.example/a.jpg", relativeTo: "/d/1.plist")
        == .remote("https://img.example/a.jpg"))
    #expect(
      PictureSource.resolve("HTTP://img.example/a.jpg", relativeTo: "/d/1.plist") == .remote("HTTP://img.example/a.jpg")
    )
    guard case .notLocal = PictureSource.resolve("ftp://img.example/a.jpg", relativeTo: "/d/1.plist") else {
      Issue.record("ftp is not loadable")
      return
    }
  }

  @Test("the first bytes tell pictures from pages, whatever the Content-Type said")
  func sniffs() {
    #expect(PictureSniffer.problem(with: [0xFF, 0xD8, 0xFF, 0xE0]) == nil)
    #expect(PictureSniffer.problem(with: Array("GIF89a......".utf8)) == nil)
    #expect(PictureSniffer.problem(with: Array("RIFF\0\0\0\0WEBPVP8 ".utf8)) == nil)
    #expect(PictureSniffer.problem(with: Array("  <!DOCTYPE html>".utf8))?.contains("HTML") == true)
  }
}
