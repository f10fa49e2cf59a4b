import Foundation
import Locking
import PostgresNIO
import ShopCatalog

/// One connection to the server, used from threads that may wait (the viewer's fetches, `check`, `import`): each
/// call sends its statement on SwiftNIO's event loop and waits for the whole answer. Never from an event loop.
///
/// A read-only session whose connection is lost (the server restarted, an administrator ended it, the network
/// dropped) connects again, with back-off, and asks again: a read can be asked twice.
final class PostgresSession: Sendable {
  let address: PostgresAddress
  let readOnly: Bool
  /// How long a statement may go unanswered before its connection is taken for lost (nil: as long as it takes).
  let answerDeadline: Duration?
  /// The server's own limit on a statement (`statement_timeout`), set on every connection the session makes; nil:
  /// the server's setting.
  let statementTimeout: Duration?
  private let current: Locked<PostgresConnection>
  /// The server process behind the connection now, for a cancel request sent on another connection.
  private let backendPID = Locked<Int32?>(nil)
  /// The connection cancel requests go on, made at the first and kept until the session closes: one made for each
  /// cancel cost a handshake, so a statement typed over ran on for tens of milliseconds more.
  private let canceller = Locked<(session: PostgresSession?, closed: Bool)>((nil, false))
  /// How many cancels the session has asked for and sent: a statement cancelled with none asked while it ran, and
  /// none on its way when it started, passed `statement_timeout`.
  private let cancels = Locked((asked: 0, sent: 0))
  /// Where cancel requests are sent from, one at a time.
  private let cancelling = DispatchQueue(label: "waterfall.postgres.cancel")
  /// Held while connecting again, so threads that lost the same connection make one new one.
  private let reconnecting = Locked(0)
  private static let logger = Logger(label: "waterfall.postgres")

  /// The connection now (a new one after a reconnect).
  var connection: PostgresConnection { current.withLock { $0 } }
  /// How many times the session has connected again.
  var reconnects: Int { reconnecting.withLock { $0 } }

  private init(
    address: PostgresAddress, connection: PostgresConnection, readOnly: Bool, answerDeadline: Duration?,
    statementTimeout: Duration?
  ) {
    (self.address, self.readOnly, self.answerDeadline) = (address, readOnly, answerDeadline)
    self.statementTimeout = statementTimeout
    current = Locked(connection)
  }

  /// Connects; `readOnly`: every transaction of the session is read-only (the viewer's, `check`'s), so viewing
  /// can write nothing whatever a statement says. `answerDeadline`: a read-only session's statement unanswered
  /// that long closes its connection and is asked again on a new one (a server that stops answering without
  /// closing the connection, a network dropped with no reset, would otherwise keep it waiting for ever).
  static func connect(
    _ address: PostgresAddress, readOnly: Bool, answerDeadline: Duration? = nil, statementTimeout: Duration? = nil
  ) throws(PostgresFailure) -> PostgresSession {
    do {
      let connection = try open(address, readOnly: readOnly, statementTimeout: statementTimeout)
      let session = PostgresSession(
        address: address, connection: connection, readOnly: readOnly, answerDeadline: answerDeadline,
        statementTimeout: statementTimeout)
      if readOnly { session.learnBackendPID() }
      return session
    } catch {
      throw PostgresFailure(address: address.description, reason: reason(error, address: address))
    }
  }

  /// The first of the address's servers that lets us in, each tried in order as libpq does (a refusal, a failed
  /// login or a lost connection on one moves on to the next).
  private static func open(
    _ address: PostgresAddress, readOnly: Bool, statementTimeout: Duration?
  ) throws -> PostgresConnection {
    var failures: [(PostgresAddress.Endpoint, any Error)] = []
    for endpoint in address.endpoints {
      do {
        return try open(address, at: endpoint, readOnly: readOnly, statementTimeout: statementTimeout)
      } catch {
        failures.append((endpoint, error))
      }
    }
    throw EveryServerFailed(failures: failures)
  }

  /// Each server tried and why it failed.
  struct EveryServerFailed: Error {
    var failures: [(endpoint: PostgresAddress.Endpoint, error: any Error)]
  }

  private static func open(
    _ address: PostgresAddress, at endpoint: PostgresAddress.Endpoint, readOnly: Bool, statementTimeout: Duration?
  ) throws -> PostgresConnection {
    let connection: PostgresConnection
    do {
      connection = try connect(try address.configuration(for: endpoint))
    } catch let error as PSQLError where address.tls == .allow && !endpoint.isSocket && error.code == .server {
      // `allow`: refused without TLS, tried again with it (libpq's second attempt).
      connection = try connect(try address.configuration(for: endpoint, withTLS: true))
    }
    do {
      if readOnly { _ = try connection.query(viewingSettings, logger: logger).wait() }
      if let schema = address.schema {
        _ = try connection.query(
          "SELECT set_config('search_path', quote_ident(\(schema)), false)", logger: logger
        ).wait()
      }
      if let statementTimeout {
        let milliseconds = String(statementTimeout.components.seconds * 1_000)
        _ = try connection.query(
          "SELECT set_config('statement_timeout', \(milliseconds), false)", logger: logger
        ).wait()
      }
    } catch {
      try? connection.close().wait()
      throw error
    }
    return connection
  }

  private static func connect(_ configuration: PostgresConnection.Configuration) throws -> PostgresConnection {
    try PostgresConnection.connect(
      on: MultiThreadedEventLoopGroup.singleton.next(), configuration: configuration, id: 1, logger: logger
    ).wait()
  }

  /// A viewing session's settings, in one statement: every transaction read-only; and no JIT compilation, which
  /// PostgreSQL (11 and later) starts for any statement its planner costs above 100,000, a bound the viewer's
  /// small statements pass at 10^7 rows on estimates alone (a count of the rows added since the import: 8 ms of
  /// compiling, 20 ms more for the first on a connection, to answer in 0.1 ms).
  static let viewingSettings: PostgresQuery = """
    SELECT set_config('default_transaction_read_only', 'on', false),
      CASE WHEN current_setting('server_version_num')::int >= 110000 THEN set_config('jit', 'off', false) END
    """

  /// The rows of `query`, every value bound; asked again on a new connection when a read-only session's is lost.
  /// A statement cancelled on the server when `cancellation` did not ask for it (a cancel meant for a search
  /// that had just ended) is asked again.
  func rows(_ query: PostgresQuery, cancellation: WorkCancellation? = nil) throws -> [PostgresRow] {
    let deadline = answerDeadline
    let cancelsBefore = cancels.withLock { $0 }
    let connection = try liveConnection()
    do {
      return try answer(query, on: connection, within: deadline)
    } catch  where readOnly && (Self.isLost(error) || error is Unanswered) {
      try reconnect(replacing: connection)
      return try answer(query, on: self.connection, within: deadline)
    } catch  where Self.isCancelled(error) && ourCancel(since: cancelsBefore) && cancellation?.isCancelled != true {
      return try answer(query, on: self.connection, within: deadline)
    }
  }

  /// Whether a cancel of this session's may have stopped a statement sent at `before`: one asked since, or one on
  /// its way then.
  private func ourCancel(since before: (asked: Int, sent: Int)) -> Bool {
    before.asked != before.sent || cancels.withLock { $0.asked } != before.asked
  }

  /// `duration` in seconds, for Dispatch's and Thread's waits.
  private static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }

  /// No answer within the session's deadline: the connection was closed, since the server never will.
  struct Unanswered: Error, CustomStringConvertible {
    var deadline: Duration
    var description: String { "the server did not answer within \(deadline.components.seconds) s" }
  }

  /// `query`'s rows on `connection`, within `deadline` if there is one.
  private func answer(
    _ query: PostgresQuery, on connection: PostgresConnection, within deadline: Duration?
  ) throws -> [PostgresRow] {
    let result = connection.query(query, logger: Self.logger)
    if let deadline {
      let answered = DispatchSemaphore(value: 0)
      result.whenComplete { _ in answered.signal() }
      if answered.wait(timeout: .now() + Self.seconds(deadline)) == .timedOut {
        Self.closeSoon(connection)
        throw Unanswered(deadline: deadline)
      }
    }
    return Array(try result.wait().rows)
  }

  /// The connection, made again first if a read-only session's was lost: a statement sent on a connection the
  /// server has already closed is never answered (postgres-nio 1.33).
  func liveConnection() throws -> PostgresConnection {
    let connection = self.connection
    guard readOnly && connection.isClosed else { return connection }
    try reconnect(replacing: connection)
    return self.connection
  }

  /// Waits before each attempt to connect again: the server may be restarting.
  static let backOff: [Duration] = [.zero, .milliseconds(100), .milliseconds(300), .seconds(1), .seconds(2)]

  private func reconnect(replacing lost: PostgresConnection) throws {
    try reconnecting.withLock { count in
      // Another thread that lost the same connection has made a new one.
      guard current.withLock({ $0 === lost }) else { return }
      var failure: (any Error)?
      for delay in Self.backOff {
        if delay > .zero {
          Thread.sleep(forTimeInterval: Self.seconds(delay))
        }
        do {
          let fresh = try Self.open(address, readOnly: readOnly, statementTimeout: statementTimeout)
          current.withLock { $0 = fresh }
          learnBackendPID()
          count += 1
          try? lost.close().wait()
          return
        } catch {
          failure = error
        }
      }
      throw failure ?? PostgresFailure(address: address.description, reason: "the connection was lost")
    }
  }

  /// A connection failure's cause in a few words when it is a common one.
  private static func shortened(_ cause: String) -> String {
    if cause.lowercased().contains("refused") { return "connection refused" }
    if cause.contains("No such file or directory") { return "no such socket" }
    return cause
  }

  /// A TLS failure in words: the certificate's name or chain that verify-full or verify-ca refused, or NIOSSL's.
  private static func tlsProblem(_ error: (any Error)?, endpoint: PostgresAddress.Endpoint) -> String? {
    guard let error, error is NIOSSLError || error is NIOSSLExtraError || error is BoringSSLError else { return nil }
    let text = "\(error)"
    if text.contains("failedToValidateHostname") { return "the server's certificate does not name \(endpoint.host)" }
    if text.contains("CERTIFICATE_VERIFY_FAILED") {
      return "the server's certificate is not signed by a trusted root (sslrootcert)"
    }
    return text
  }

  /// Whether `error` says the connection is gone (not that a statement failed).
  static func isLost(_ error: any Error) -> Bool {
    guard let error = error as? PSQLError else { return false }
    switch error.code {
    case .serverClosedConnection, .uncleanShutdown, .connectionError, .clientClosedConnection: return true
    case .server:
      // Class 08, connection exceptions; 57P01-57P03: the server shut down or ended this session.
      let state = error.serverInfo?[.sqlState] ?? ""
      return state.hasPrefix("08") || state.hasPrefix("57P")
    default: return false
    }
  }

  func run(_ sql: String) throws { _ = try rows(PostgresQuery(unsafeSQL: sql)) }

  /// Reads the server process of the connection now (`pg_backend_pid()`), before anything else is asked on it.
  private func learnBackendPID() {
    let pid = try? connection.query("SELECT pg_backend_pid()", logger: Self.logger).wait().rows.first?
      .decode(Int32.self)
    backendPID.withLock { $0 = pid }
  }

  /// Asks the server to cancel the statement the connection runs now (`pg_cancel_backend`), on the session's
  /// cancelling connection, off the caller's thread. A statement that ended meanwhile is not touched; one after it
  /// on the same connection may be, and is asked again (``rows(_:cancellation:)``).
  func cancelRunningStatement() {
    guard let pid = backendPID.withLock({ $0 }) else { return }
    cancels.withLock { $0.asked += 1 }
    cancelling.async { [self] in
      defer { cancels.withLock { $0.sent += 1 } }
      guard let session = cancellingSession() else { return }
      do {
        _ = try session.rows("SELECT pg_cancel_backend(\(pid))")
      } catch {
        // A lost cancelling connection is made again at the next cancel.
        canceller.withLock { if $0.session === session { $0.session = nil } }
        session.closeSoon()
      }
    }
  }

  /// The kept cancelling connection, made now if there is none (on ``cancelling``, so only one is made); nil once
  /// the session is closed. Never connects under the lock: ``close()`` must not wait on a server.
  private func cancellingSession() -> PostgresSession? {
    let (kept, closed) = canceller.withLock { ($0.session, $0.closed) }
    if closed { return nil }
    if let kept { return kept }
    // A deadline of its own: a server gone silent must not hold every cancel after this one.
    guard let made = try? PostgresSession.connect(address, readOnly: false, answerDeadline: .seconds(5)) else {
      return nil
    }
    let keep = canceller.withLock { state in
      guard !state.closed else { return false }
      state.session = made
      return true
    }
    if !keep { made.closeSoon() }
    return keep ? made : nil
  }

  /// The cancelling connection closed, and none made after.
  private func closeCanceller() -> PostgresSession? {
    canceller.withLock { kept in
      kept.closed = true
      defer { kept.session = nil }
      return kept.session
    }
  }

  /// A statement the server cancelled (SQLSTATE 57014): on our request, or for passing `statement_timeout`, which
  /// asking again would only repeat; told apart by whether this session asked for a cancel meanwhile (the
  /// server's message is in its own language).
  static func isCancelled(_ error: any Error) -> Bool {
    (error as? PSQLError)?.serverInfo?[.sqlState] == "57014"
  }

  func close() {
    closeCanceller()?.close()
    try? connection.close().wait()
  }

  /// Closes without waiting (a deinit may run on any thread, an event loop's too); the connection is kept until
  /// it is closed (postgres-nio asserts that none goes away open).
  func closeSoon() {
    closeCanceller()?.closeSoon()
    Self.closeSoon(connection)
  }

  private static func closeSoon(_ connection: PostgresConnection) {
    let closing: EventLoopFuture<Void> = connection.close()
    closing.whenComplete { _ in withExtendedLifetime(connection) {} }
  }

  /// A failure in words a user can act on, with the server's own message; never the password. Several servers'
  /// failures are each named.
  static func reason(_ error: any Error, address: PostgresAddress) -> String {
    guard let error = error as? EveryServerFailed else { return reason(error, at: address.endpoints[0]) }
    if error.failures.count == 1 { return reason(error.failures[0].error, at: error.failures[0].endpoint) }
    return error.failures.map { failure in
      let why = reason(failure.error, at: failure.endpoint)
      return why.hasPrefix("cannot connect to") || why.hasPrefix("TLS failed at")
        ? why : "\(failure.endpoint.shown): \(why)"
    }.joined(separator: "; ")
  }

  private static func reason(_ error: any Error, at endpoint: PostgresAddress.Endpoint) -> String {
    if let problem = tlsProblem((error as? PSQLError)?.underlying ?? error, endpoint: endpoint) {
      return "TLS failed at \(endpoint.shown): \(problem)"
    }
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
      return "cannot connect to \(endpoint.shown) (\(shortened(cause)))"
    case .serverClosedConnection, .uncleanShutdown:
      return "the server closed the connection"
    case .authMechanismRequiresPassword:
      return "the server asks for a password (in the address, PGPASSWORD or the password file)"
    case .unsupportedAuthMechanism:
      return "the server asks for an authentication this client does not speak"
    default:
      return server ?? "\(error.code)"
    }
  }
}
