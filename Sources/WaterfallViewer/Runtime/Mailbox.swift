import Locking

/// Where background work leaves its results for the main loop, which drains it every tick: the only way results
/// reach the viewer (the picture loader's and the executor's own state stays behind their own locks).
public final class Mailbox<Message: Sendable>: Sendable {
  private let messages = Locked<[Message]>([])

  public init() {}

  public func post(_ message: Message) {
    messages.withLock { $0.append(message) }
  }

  /// Takes every message posted so far, oldest first.
  public func drain() -> [Message] {
    messages.withLock { pending in
      defer { pending.removeAll() }
      return pending
    }
  }
}
