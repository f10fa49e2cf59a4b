import Foundation

extension TerminalTheme {
  /// VHS's JSON theme (`Set Theme { "background": "#171717", "purple": "#…" }`): the colours it names over VHS's
  /// default theme. `nil` when the text is not a JSON object of `#rrggbb` strings.
  public static func fromJSON(_ text: String) -> TerminalTheme? {
    guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else { return nil }
    var theme = TerminalTheme.vhs
    theme.name = object["name"] as? String ?? "custom"
    let names = [
      "black", "red", "green", "yellow", "blue", "purple", "cyan", "white",
      "brightBlack", "brightRed", "brightGreen", "brightYellow", "brightBlue", "brightPurple", "brightCyan",
      "brightWhite",
    ]
    for (key, value) in object where key != "name" {
      guard let hex = value as? String, let color = PixelColor(hex: hex) else { return nil }
      switch key {
      case "background": theme.background = color
      case "foreground": theme.foreground = color
      case "cursor": theme.cursor = color
      default:
        let alias = key.replacingOccurrences(of: "magenta", with: "purple").replacingOccurrences(
          of: "Magenta", with: "Purple")
        if let index = names.firstIndex(of: alias) { theme.ansi[index] = color }
      }
    }
    return theme
  }
}
