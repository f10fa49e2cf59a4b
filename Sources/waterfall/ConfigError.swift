/// A config file the program cannot use: `file:line: reason`, a usage error (exit 64), said before the terminal
/// is touched.
struct ConfigError: Error, CustomStringConvertible {
  var file: String
  var line: Int?
  var reason: String

  var description: String { "\(file)\(line.map { ":\($0)" } ?? ""): \(reason)" }
}
