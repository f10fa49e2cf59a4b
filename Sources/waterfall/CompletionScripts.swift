import ArgumentParser

/// The shells' completion scripts: ArgumentParser's, with one mend. Its generators take a root command's
/// positional argument (PATH) for the first word and look for a subcommand's name only after it, so on their own
/// `waterfall sn<Tab>` would offer nothing and `waterfall snapshot --si<Tab>` the viewer's options. Mended, the
/// first plain word is a subcommand's name or PATH (a file); a subcommand's options follow its name, and the
/// viewer's follow PATH (completed as `view`'s).
extension Waterfall {
  static func completionScript(for shell: CompletionShell) -> String {
    let script = libraryScript(Waterfall.self, for: shell)
    let edits: [(String, String)]
    switch shell {
    case .bash:
      // The root's function: no positional before the subcommand; files beside the subcommands' names, and after
      // PATH (a first word that names no subcommand, with words after it) the viewer's options.
      let names = subcommandNames + ["help"]
      let offerNames = "COMPREPLY+=($(compgen -W '\(names.joined(separator: " "))' -- \"${cur}\"))\n"
      let afterPath = "if [[ \"${#unparsed_words[@]}\" -gt 0 ]]; then _waterfall_view; return; fi\n        "
      edits = [
        ("_waterfall() {", "_waterfall() {"),
        ("    __waterfall_offer_flags_options 1\n", "    __waterfall_offer_flags_options 0\n"),
        (offerNames, afterPath + offerNames + "        __waterfall_add_completions -f\n"),
      ]
    case .zsh:
      edits = [
        ("_waterfall() {", "_waterfall() {"),
        ("        ':path:_files'\n", ""),
        (
          "_describe -V subcommand subcommands && ret=0\n",
          "_describe -V subcommand subcommands && ret=0\n        _files && ret=0\n"
        ),
        (
          "            \"_waterfall_${words[1]}\" && ret=0\n            ;;\n",
          "            \"_waterfall_${words[1]}\" && ret=0\n            ;;\n        *)\n            _waterfall_view && ret=0\n            ;;\n"
        ),
      ]
    case .fish:
      edits =
        [
          (
            "    case 'waterfall'\n        __waterfall_parse_subcommand 1 ",
            "    case 'waterfall'\n        __waterfall_parse_subcommand 0 "
          )
        ] + names(offeredAt: 2).map { ($0, $0.replacingOccurrences(of: "-eq 2", with: "-eq 1")) }
    default:
      return script
    }
    return mended(script, edits) ?? script
  }

  /// ArgumentParser's own script for `command`.
  private static func libraryScript<Command: ParsableCommand>(
    _ command: Command.Type, for shell: CompletionShell
  )
    -> String
  {
    Command.completionScript(for: shell)
  }

  /// The fish lines that offer the subcommands' names, at positional `index`.
  private static func names(offeredAt index: Int) -> [String] {
    (subcommandNames + ["help"]).map {
      "complete -c 'waterfall' -n '__waterfall_should_offer_completions_for_positional \"waterfall\" -eq \(index)' -fa '\($0)'"
    }
  }

  /// `script` with each edit made once, at its first place after the previous one (the root's part comes first);
  /// nil when one is not found, the script not being the shape these edits were made for.
  private static func mended(_ script: String, _ edits: [(String, String)]) -> String? {
    var result = ""
    var rest = script[...]
    for (old, new) in edits {
      guard let range = rest.range(of: old) else { return nil }
      result += rest[..<range.lowerBound] + new
      rest = rest[range.upperBound...]
    }
    return result + rest
  }
}
