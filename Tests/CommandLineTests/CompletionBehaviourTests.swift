import ArgumentParser
import Foundation
import Testing

@testable import waterfall

/// The completion scripts run by the shells, as a Tab press runs them: bash through `COMP_WORDS`, fish through
/// `complete -C`; in a folder holding `items.json`, for PATH.
@Suite("The completion scripts complete the viewer's options, their values and PATH with no subcommand typed")
struct CompletionBehaviourTests {
  let folder: URL
  let scripts: URL

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("wf-complete-\(UUID().uuidString)")
    scripts = folder.appendingPathComponent("scripts")
    try FileManager.default.createDirectory(at: scripts, withIntermediateDirectories: true)
    try Data("[]".utf8).write(to: folder.appendingPathComponent("items.json"))
    for shell in [CompletionShell.bash, .fish] {
      try Waterfall.completionScript(for: shell).write(
        to: scripts.appendingPathComponent("\(shell)"), atomically: true, encoding: .utf8)
    }
    // zsh finds a completion function by its file's name, on fpath.
    try Waterfall.completionScript(for: .zsh).write(
      to: scripts.appendingPathComponent("_waterfall"), atomically: true, encoding: .utf8)
  }

  /// Types `waterfall WORDS` and Tab at an interactive zsh (in a pseudo-terminal, zsh's own zpty) and gives the
  /// line as completed, which Ctrl-X writes to a file; waits for that file, 30 s at most.
  static let zshDriver = #"""
    zmodload zsh/zpty zsh/datetime
    zpty z zsh -f -i
    zpty -w z "PS1='> '; fpath=($1 \$fpath); autoload -Uz compinit; compinit -u -D; cd $2; waterfall() {}; \
    dump() { print -r -- \"\$BUFFER\" > $3 }; zle -N dump; bindkey '^X' dump"
    zpty -w -n z "waterfall $4"$'\t\x18'
    deadline=$(( EPOCHREALTIME + 30 ))
    while [[ ! -s $3 ]] && (( EPOCHREALTIME < deadline )); do zpty -r -t z chunk; sleep 0.05; done
    zpty -d z
    cat $3
    """#

  /// The line zsh leaves after Tab on `waterfall WORDS`.
  func zshCompletes(_ words: String) throws -> String {
    let line = scripts.appendingPathComponent("line-\(UUID().uuidString)")
    let output = try run(["zsh", "-f", "-c", Self.zshDriver, "zsh", scripts.path, folder.path, line.path, words])
    return output.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Runs `arguments` (through env) in the folder; what it printed. It must succeed.
  func run(_ arguments: [String]) throws -> String {
    let process = Process()
    process.currentDirectoryURL = folder
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(arguments)")
    return String(decoding: data, as: UTF8.self)
  }

  /// What the shell offers for the command line `words` (the last one being completed), sorted.
  func offers(_ shell: CompletionShell, _ words: [String]) throws -> [String] {
    let script = scripts.appendingPathComponent("\(shell)").path
    let output: String
    switch shell {
    case .bash:
      output = try run(
        [
          "bash", "--norc", "--noprofile", "-c",
          """
          source "$1"; shift
          COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMP_LINE="${COMP_WORDS[*]}"
          COMP_POINT=${#COMP_LINE}; COMPREPLY=()
          _waterfall waterfall "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
          printf '%s\\n' "${COMPREPLY[@]}"
          """,
          "bash", script,
        ] + words)
    default:
      output = try run([
        "fish", "--no-config", "-c", "source $argv[1]; complete -C $argv[2]", script, words.joined(separator: " "),
      ])
    }
    // fish writes a description after a tab.
    return output.split(separator: "\n").map {
      String($0.prefix { $0 != "\t" }).trimmingCharacters(in: .whitespaces)
    }.filter { !$0.isEmpty }.sorted()
  }

  @Test("options and their values, with no subcommand typed", arguments: [CompletionShell.bash, .fish])
  func viewerOptions(shell: CompletionShell) throws {
    #expect(try offers(shell, ["waterfall", "--so"]) == ["--sort"])
    #expect(try offers(shell, ["waterfall", "--sort", ""]) == ["-price", "dataset", "price", "title"])
    #expect(try offers(shell, ["waterfall", "--symbols", ""]) == ["ascii", "half", "quad", "sextant"])
    #expect(try offers(shell, ["waterfall", "--graphics", ""]) == ["auto", "iterm2", "kitty", "sixel", "symbols"])
    #expect(try offers(shell, ["waterfall", "--color", ""]) == ["256", "auto", "direct", "none"])
    let fields = try offers(shell, ["waterfall", "--print", ""])
    #expect(["json", "img", "url", "title", "price"].allSatisfy(fields.contains), "\(fields)")
    #expect(try offers(shell, ["waterfall", "--columns", "3", "--no-im"]) == ["--no-images"])
  }

  @Test(
    "the first word is PATH or a subcommand; a subcommand's options follow its name",
    arguments: [CompletionShell.bash, .fish])
  func pathsAndSubcommands(shell: CompletionShell) throws {
    #expect(try offers(shell, ["waterfall", "ite"]) == ["items.json"])
    #expect(try offers(shell, ["waterfall", "--sort", "price", "ite"]) == ["items.json"])
    #expect(try offers(shell, ["waterfall", "items.json", "--so"]) == ["--sort"])
    #expect(try offers(shell, ["waterfall", "items.json", "--sort", "ti"]) == ["title"])
    #expect(try offers(shell, ["waterfall", "sn"]) == ["snapshot"])
    #expect(try offers(shell, ["waterfall", "snapshot", "--si"]) == ["--size"])
    #expect(try offers(shell, ["waterfall", "view", "--so"]) == ["--sort"])
    #expect(try offers(shell, ["waterfall", "check", "--pi"]) == [])
  }

  @Test(
    "import and check complete file names: the datasets, then the catalogue", arguments: [CompletionShell.bash, .fish])
  func subcommandFiles(shell: CompletionShell) throws {
    #expect(try offers(shell, ["waterfall", "import", "it"]) == ["items.json"])
    #expect(try offers(shell, ["waterfall", "import", "items.json", "it"]) == ["items.json"])
    #expect(try offers(shell, ["waterfall", "check", "it"]) == ["items.json"])
  }

  @Test(
    "zsh completes the same: options, values, PATH and subcommands from the first word",
    arguments: [
      ("--so", "waterfall --sort"), ("--sort ti", "waterfall --sort title"),
      ("--symbols sex", "waterfall --symbols sextant"),
      ("--print ur", "waterfall --print url"), ("ite", "waterfall items.json"), ("sn", "waterfall snapshot"),
      ("snapshot --si", "waterfall snapshot --size"), ("items.json --so", "waterfall items.json --sort"),
      ("import it", "waterfall import items.json"), ("import items.json it", "waterfall import items.json items.json"),
      ("check it", "waterfall check items.json"),
    ])
  func zsh(words: String, line: String) throws {
    #expect(try zshCompletes(words) == line)
  }
}
