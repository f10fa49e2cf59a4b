import Foundation

/// URLs as they may be shown or written: a `user:password@` part, and the value of every query (or fragment)
/// parameter named like a secret (`token`, `api_key`, `sig`, ...), are replaced by `***`. The one redaction for
/// every place an address appears: error lines, the status line, the detail, `waterfall config`, a recording.
public enum RedactedURL {
  static let hidden = "***"

  /// Parameter names whose values are secrets, compared without case.
  static let secretNames: Set<String> = [
    "token", "key", "api_key", "apikey", "api-key", "access_token", "auth", "sig", "signature", "secret", "password",
  ]
  /// Endings that make a longer name a secret's too (`refresh_token`, `client_secret`, `X-Amz-Signature`).
  static let secretEndings = ["token", "secret", "signature", "password", "apikey", "api_key", "api-key"]

  /// `text` with each address in it redacted: a whole URL, or a message naming some (an address ends at a space).
  public static func text(_ text: String) -> String {
    let text = keywordValuePasswordsHidden(text)
    guard text.contains("://") else { return text }
    return pieces(of: text[...], cutAt: \.isWhitespace, address)
  }

  /// A PostgreSQL address may be libpq keyword/value settings (`host=db password='se cret'`): the value of a
  /// `password` or `sslpassword` setting, quoted or not, is hidden.
  static func keywordValuePasswordsHidden(_ text: String) -> String {
    guard text.contains("password") else { return text }
    return text.replacing(#/(^|\s)((?:ssl)?password\s*=\s*)('(?:[^'\\]|\\.)*'?|(?:\\.|\S)+)/#) {
      "\($0.output.1)\($0.output.2)\(hidden)"
    }
  }

  /// `text` with each piece between two cuts (characters `isCut` takes, kept as they are) through `transform`.
  private static func pieces(
    of text: Substring, cutAt isCut: (Character) -> Bool, _ transform: (String) -> String
  ) -> String {
    var shown = ""
    var piece = ""
    for character in text {
      if isCut(character) {
        shown += transform(piece) + String(character)
        piece = ""
      } else {
        piece.append(character)
      }
    }
    return shown + transform(piece)
  }

  /// One word, redacted if it holds an address (`--data=https://...` does too).
  private static func address(_ url: String) -> String {
    guard let schemeEnd = url.range(of: "://") else { return url }
    let authorityStart = schemeEnd.upperBound
    let rest = url[authorityStart...]
    let authorityEnd = rest.firstIndex(where: { "/?#".contains($0) }) ?? rest.endIndex
    var shown = String(url[..<authorityStart])
    // The last @ of the authority ends the user information (a password may itself hold an @).
    if let at = rest[..<authorityEnd].lastIndex(of: "@") {
      shown += hidden + "@" + rest[rest.index(after: at)..<authorityEnd]
    } else {
      shown += rest[..<authorityEnd]
    }
    let tail = rest[authorityEnd...]
    guard let parametersStart = tail.firstIndex(where: { $0 == "?" || $0 == "#" }) else { return shown + tail }
    shown += tail[..<parametersStart]
    // The query and the fragment alike (`#access_token=` is OAuth's implicit answer), split at their `?`/`#`.
    return shown + pieces(of: tail[parametersStart...], cutAt: { "?#&;".contains($0) }, redactedParameter)
  }

  /// `name=value` with the value hidden when the name is a secret's; anything else as it was.
  private static func redactedParameter(_ parameter: String) -> String {
    guard let equals = parameter.firstIndex(of: "="), isSecret(name: parameter[..<equals]) else { return parameter }
    return parameter[...equals] + hidden
  }

  /// Whether a parameter called `name` (percent-encoded or not, any case) holds a secret.
  static func isSecret(name: Substring) -> Bool {
    let decoded = (String(name).removingPercentEncoding ?? String(name)).lowercased()
    if secretNames.contains(decoded) { return true }
    return secretEndings.contains { ending in
      decoded.hasSuffix(ending) && decoded.dropLast(ending.count).last.map { "_-.".contains($0) } == true
    }
  }
}
