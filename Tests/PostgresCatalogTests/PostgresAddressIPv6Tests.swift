import Foundation
import PostgresCatalog
import Testing

/// An IPv6 literal in a PostgreSQL address, as libpq takes one: `postgresql://user@[::1]:5432/shop`.
@Suite("An IPv6 address")
struct PostgresAddressIPv6Tests {
  @Test("the brackets are the URL's, not the host's; messages and the header put them back around it")
  func bracketsStripped() throws {
    let address = try PostgresAddress.parse("postgresql://me:pw@[::1]:6543/shop", environment: [:]).get()
    #expect(address.host == "::1" && address.port == 6543 && address.database == "shop")
    #expect(address.description == "postgresql://me@[::1]:6543/shop")
    let plain = try PostgresAddress.parse("postgresql://me@db.example/shop", environment: [:]).get()
    #expect(plain.description == "postgresql://me@db.example:5432/shop")
  }

  @Test("a closed port on ::1 is a refused connection, not a host that cannot be found")
  func refusedNotUnknown() throws {
    // A port nothing listens on: bound and closed again at once.
    let port = try Self.closedPort()
    let failure = #expect(throws: PostgresFailure.self) {
      _ = try PostgresCatalogue.open(address: "postgresql://me:pw@[::1]:\(port)/shop?sslmode=disable")
    }
    #expect(
      failure?.description
        == "postgresql://me@[::1]:\(port)/shop: cannot connect to [::1]:\(port) (connection refused)")
  }

  /// A free TCP port on ::1, no longer listened on.
  static func closedPort() throws -> Int {
    let socket = Foundation.socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(socket) }
    var address = sockaddr_in6()
    address.sin6_family = sa_family_t(AF_INET6)
    address.sin6_addr = in6addr_loopback
    var length = socklen_t(MemoryLayout<sockaddr_in6>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
      }
    }
    try #require(bound, "no IPv6 loopback here")
    return Int(UInt16(bigEndian: address.sin6_port))
  }
}
