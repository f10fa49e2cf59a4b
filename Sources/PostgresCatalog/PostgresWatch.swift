import Foundation
import Locking
import PostgresNIO
import ShopCatalog

/// Rows other clients added to the catalogue since the result shown was read: the newest id then, the result's
/// filter, and how many rows matching it have come after it.
struct AddedRows: Sendable {
  var after: Int64 = 0
  var filter: ItemQuery?
  var count = 0
}

/// Watches the catalogue's table for rows other clients add, on a connection and a thread of its own (the
/// viewer's session is busy with pages), and counts them into `added`. Woken by the trigger `import` installs
/// (LISTEN on its channel), else every 2 s (a table without the trigger; a server that refuses LISTEN, such as a
/// standby). Its session is read-only and reconnects with back-off as the viewer's does; on a new connection it
/// listens again and counts at once (a notification sent meanwhile was lost). ``stop()`` closes its connection.
final class PostgresWatch: Sendable {
  /// Seconds between polls without the trigger; with it, between looks at whether the connection was lost.
  static let pollSeconds = 2.0
  /// At most this many new rows are counted each time: the poll stays cheap whatever was added.
  static let countBound = 100_000

  private let address: PostgresAddress
  /// What the rows are read FROM (``PostgresCatalogue/rows``).
  private let rows: String
  /// An imported catalogue's rows: its trigger may announce them and its search text is folded (a shop's own
  /// table is polled, its text only lower-cased).
  private let imported: Bool
  private let added: Locked<AddedRows>
  private let wake = Locked(Wake())
  /// Whether the trigger's notifications wake the watch (false: it polls); read by tests.
  let listening = Locked(false)

  private struct Wake {
    var notified = false
    var stopped = false
  }

  /// Seconds the watch waits before it connects: the server starts a process for each connection, and the viewers
  /// a team opens together draw their first frames sooner without their watches' backends starting beside them.
  /// A row committed meanwhile is not missed: the watch counts every row after the result's newest once connected.
  static let connectDelaySeconds = 0.5

  /// Starts watching on a connection of its own, made on the watch's thread after `delay` seconds: the first frame
  /// never waits for, nor shares the machine with, a second connection's start. When it cannot connect, the viewer
  /// goes on without news.
  static func start(
    _ address: PostgresAddress, rows: String, imported: Bool, counting added: Locked<AddedRows>, after delay: Double,
    answerDeadline: Duration?
  ) -> PostgresWatch {
    let watch = PostgresWatch(
      address: address, rows: rows, imported: imported, added: added, answerDeadline: answerDeadline)
    let thread = Thread { watch.run(after: delay) }
    thread.name = "postgres watch"
    thread.start()
    return watch
  }

  /// The watch's session once its thread has connected; read by tests.
  let connected = Locked<PostgresSession?>(nil)

  /// How many times the watch connected again.
  var reconnects: Int { connected.withLock { $0?.reconnects ?? 0 } }

  private let answerDeadline: Duration?

  private init(
    address: PostgresAddress, rows: String, imported: Bool, added: Locked<AddedRows>, answerDeadline: Duration?
  ) {
    (self.address, self.rows, self.imported) = (address, rows, imported)
    (self.added, self.answerDeadline) = (added, answerDeadline)
  }

  /// Ends the watch: its thread stops and closes its connection (the server ends its LISTEN with it).
  func stop() {
    wake.withLock { $0.stopped = true }
    wake.wakeWaiters()
  }

  private func run(after delay: Double) {
    if wake.wait(until: { $0.stopped }, seconds: delay) { return }
    guard let session = try? PostgresSession.connect(address, readOnly: true, answerDeadline: answerDeadline) else {
      return
    }
    connected.withLock { $0 = session }
    var listenedOn: PostgresConnection?
    while !wake.withLock({ $0.stopped }) {
      do {
        let connection = try session.liveConnection()
        if connection !== listenedOn {
          listenedOn = connection
          listening.withLock { $0 = false }
          let listens = try listen(on: connection, session: session)
          listening.withLock { $0 = listens }
        }
        try countAdded(session: session)
      } catch {
        // Lost for longer than the back-off, or refused: tried again after the wait.
      }
      waitForNews(listening: listening.withLock { $0 }, on: listenedOn)
    }
    session.close()
  }

  /// LISTENs on the trigger's channel, when the table has the trigger; whether the server took the LISTEN.
  private func listen(on connection: PostgresConnection, session: PostgresSession) throws -> Bool {
    guard imported,
      try session.rows(PostgresQuery(unsafeSQL: PostgresSchema.hasTrigger)).first?.decode(Bool.self) == true
    else { return false }
    let wake = self.wake
    let context = connection.addListener(channel: PostgresSchema.addedRowsChannel) { _, _ in
      wake.withLock { $0.notified = true }
      wake.wakeWaiters()
    }
    // postgres-nio sends the LISTEN before this statement: the channel is listed once the server took it.
    let listed = try session.rows(
      "SELECT \(PostgresSchema.addedRowsChannel) = ANY (ARRAY(SELECT pg_listening_channels()))"
    ).first?.decode(Bool.self)
    if listed != true { context.stop() }
    return listed == true
  }

  /// Counts the rows after the newest id of the result shown that its filter keeps (a row the filter leaves out
  /// is no news to it), unless a new result was read meanwhile.
  private func countAdded(session: PostgresSession) throws {
    let (after, filter) = added.withLock { ($0.after, $0.filter) }
    var statement = PostgresStatement("SELECT count(*) FROM (SELECT 1 FROM \(rows) WHERE id > ")
    statement.bind(after)
    statement.append(" AND ")
    statement.append(PostgresCatalogue.condition(for: filter, folded: imported))
    statement.append(" LIMIT \(Self.countBound)) AS added")
    let count = try session.rows(statement.query).first?.decode(Int64.self)
    added.withLock { if $0.after == after && $0.filter == filter { $0.count = Int(count ?? 0) } }
  }

  /// Until a notification or a stop; without LISTEN, 2 s at most. While listening, every 2 s it looks (without a
  /// statement) whether the connection was lost, to connect and listen again.
  private func waitForNews(listening: Bool, on connection: PostgresConnection?) {
    while true {
      let woken = wake.wait(until: { $0.notified || $0.stopped }, seconds: Self.pollSeconds)
      if woken || !listening || connection?.isClosed != false { break }
    }
    wake.withLock { $0.notified = false }
  }
}
