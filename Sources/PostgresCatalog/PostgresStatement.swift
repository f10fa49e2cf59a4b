import PostgresNIO

/// A piece of a statement (a condition, a key) that appends its text and binds its values where it goes.
typealias Fragment = (inout PostgresStatement) -> Void

/// A statement built in pieces: its text with `$n` placeholders, and the values bound to them (a value from a
/// query, a cursor or a dataset never enters the text).
struct PostgresStatement {
  var text = ""
  var binds = PostgresBindings()

  init(_ text: String = "") { self.text = text }

  mutating func append(_ sql: String) { text += sql }

  /// Appends a placeholder for `value`.
  mutating func bind(_ value: some PostgresDynamicTypeEncodable) {
    binds.append(value)
    text += "$\(binds.count)"
  }

  mutating func bind(_ value: String?) {
    if let value { binds.append(value) } else { binds.appendNull() }
    text += "$\(binds.count)::text"
  }

  /// Appends a piece that binds its own values.
  mutating func append(_ fragment: Fragment) { fragment(&self) }

  var query: PostgresQuery { PostgresQuery(unsafeSQL: text, binds: binds) }
}
