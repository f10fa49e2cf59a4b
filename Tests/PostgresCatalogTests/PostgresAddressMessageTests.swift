import PostgresCatalog
import Testing

/// An address that cannot be read gets a line a user can act on, the address shown without its password or its
/// parameters' values.
@Suite("Messages about an unreadable PostgreSQL address")
struct PostgresAddressMessageTests {
  static func line(_ text: String) -> String? {
    guard case .failure(let failure) = PostgresAddress.parse(text, environment: [:]) else { return nil }
    return failure.description
  }

  @Test("a / in the password, not percent-encoded, says how to write it rather than 'not a postgresql:// address'")
  func slashInPassword() {
    #expect(
      Self.line("postgresql://me:hun/ter2@db.example/shop")
        == "postgresql://me@db.example/shop: cannot be read: a / ? # or @ in the user or password is written "
        + "%2F %3F %23 %40")
  }

  @Test("an unknown parameter is named in the reason; the address is shown without the parameters")
  func parameterNotShown() {
    #expect(
      Self.line("postgresql://me@db.example/shop?passwd=hunter2")
        == "postgresql://me@db.example/shop: unknown parameter passwd")
    #expect(
      Self.line("postgresql://me:pw@db.example/shop?sslmode=verify")
        == "postgresql://me@db.example/shop: sslmode must be disable, allow, prefer, require, verify-ca or verify-full")
  }
}
