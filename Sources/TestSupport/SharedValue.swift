import Foundation

/// A value one thread sets and another reads: a search's answer, waited for by a test.
public final class SharedValue<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value

  public init(_ value: Value) { stored = value }

  public var value: Value { lock.withLock { stored } }

  public func set(_ value: Value) { lock.withLock { stored = value } }
}
