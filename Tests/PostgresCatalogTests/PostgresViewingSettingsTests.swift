import Foundation
import ShopCatalog
import Testing

@testable import PostgresCatalog

/// What a viewing session sets on the server as it connects.
@Suite("A PostgreSQL viewing session's settings")
struct PostgresViewingSettingsTests {
  @Test("read-only transactions and no JIT compilation; the import's session keeps the server's own")
  func viewingSettings() throws {
    guard let fixture = try PostgresFixture(count: 3, seed: 18) else { return }
    let address = try PostgresAddress.parse(fixture.address).get()
    let settings = PostgresStatement(
      "SELECT current_setting('default_transaction_read_only'), current_setting('jit')"
    ).query
    let viewing = try PostgresSession.connect(address, readOnly: true)
    defer { viewing.close() }
    let (readOnly, jit) = try #require(try viewing.rows(settings).first).decode((String, String).self)
    #expect(readOnly == "on" && jit == "off")
    let importing = try PostgresSession.connect(address, readOnly: false)
    defer { importing.close() }
    let (importReadOnly, importJIT) = try #require(try importing.rows(settings).first).decode((String, String).self)
    #expect(importReadOnly == "off" && importJIT == "on", "the server's defaults")
  }
}
