import Foundation
import PostgresNIO

/// One connection to the server, used from threads that may wait (the viewer's fetches, `check`, `import`): each
/// call sends its statement on SwiftNIO's event loop and waits for the whole answer. Never from an event loop.
final class PostgresSession: Sendable {
  let address: PostgresAddress
  let connection: PostgresConnection
  private static let logger = Logger(label: "waterfall.postgres")

  private init(address: PostgresAddress, connection: PostgresConnection) {
    (self.address, self.connection) = (address, connection)
  }

  /// Connects; `readOnly`: every transaction of the session is read-only (the viewer's, `check`'s), so viewing
  /// can write nothing whatever a statement says.
  static func connect(_ address: PostgresAddress, readOnly: Bool) throws(PostgresFailure) -> PostgresSession {
    do {
      let connection = try PostgresConnection.connect(
        on: MultiThreadedEventLoopGroup.singleton.next(), configuration: try address.configuration(), id: 1,
        logger: logger
      ).wait()
      let session = PostgresSession(address: address, connection: connection)
      if readOnly { _ = try session.rows(PostgresQuery(unsafeSQL: "SET default_transaction_read_only = on")) }
      return session
    } catch {
      throw PostgresFailure(address: address.description, reason: reason(error, address: address))
    }
  }

  /// The rows of `query`, every value bound.
  func rows(_ query: PostgresQuery) throws -> [PostgresRow] {
    Array(try connection.query(query, logger: Self.logger).wait().rows)
  }

  func run(_ sql: String) throws { _ = try rows(PostgresQuery(unsafeSQL: sql)) }

  func close() { try? connection.close().wait() }

  /// Closes without waiting (a deinit may run on any thread, an event loop's too); the connection is kept until
  /// it is closed (postgres-nio asserts that none goes away open).
  func closeSoon() {
    let connection = connection
    let closing: EventLoopFuture<Void> = connection.close()
    closing.whenComplete { _ in withExtendedLifetime(connection) {} }
  }

  /// A failure in words a user can act on, with the server's own message; never the password.
  static func reason(_ error: any Error, address: PostgresAddress) -> String {
    guard let error = error as? PSQLError else { return "\(error)" }
    let server = error.serverInfo?[.message]
    switch error.code {
    case .server:
      let state = error.serverInfo?[.sqlState] ?? ""
      return server.map { state.isEmpty ? $0 : "\($0) (SQLSTATE \(state))" } ?? "the server refused"
    case .sslUnsupported:
      return "the server does not offer TLS, which sslmode=require asks for"
    case .connectionError:
      let cause = error.underlying.map { "\($0)" } ?? "no answer"
      let refused = cause.lowercased().contains("refused")
      return "cannot connect to \(address.host):\(address.port) (\(refused ? "connection refused" : cause))"
    case .serverClosedConnection, .uncleanShutdown:
      return "the server closed the connection"
    case .authMechanismRequiresPassword:
      return "the server asks for a password (in the address, or PGPASSWORD)"
    case .unsupportedAuthMechanism:
      return "the server asks for an authentication this client does not speak"
    default:
      return server ?? "\(error.code)"
    }
  }
}
