import Locking

/// Where background work leaves its results for the main loop, which drains it every tick. The only state shared
/// between threads.
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
