import ArgumentParser
import Foundation
import Testing

@testable import waterfall

/// The manual page in the repository (what `make install` installs is generated the same way) and the shell
/// completions the command line writes.
@Suite("The manual page and the shell completions")
struct ManualAndCompletionTests {
  static let manualPage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("share/man/man1/waterfall.1").path

  /// Runs `arguments` with `environment` added; returns its exit status, standard output and standard error.
  static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> (Int32, String, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    // Read both to the end before waiting, so a full pipe never blocks the child.
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: outputData, as: UTF8.self), String(decoding: errorData, as: UTF8.self)
    )
  }

  static func renderedManual() throws -> (status: Int32, text: String, warnings: String) {
    try run(
      ["man", "--warnings", "-l", manualPage], environment: ["MANWIDTH": "80", "MANPAGER": "cat", "PAGER": "cat"])
  }

  @Test("the manual page renders at 80 columns without a warning, with the sections --help cannot give")
  func manualRenders() throws {
    let (status, text, warnings) = try Self.renderedManual()
    #expect(status == 0)
    #expect(warnings == "")
    for section in ["SYNOPSIS", "KEYS", "DATASET FORMATS", "ENVIRONMENT", "FILES", "EXIT STATUS"] {
      #expect(text.contains("\n\(section)\n"), "no \(section) section")
    }
  }

  /// Every command and subcommand, however deep.
  static func commands(under root: ParsableCommand.Type = Waterfall.self) -> [ParsableCommand.Type] {
    root.configuration.subcommands.flatMap { [$0] + commands(under: $0) }
  }

  @Test("every option --help lists, of every subcommand, is in the manual page (make man regenerates it)")
  func manualHasEveryOption() throws {
    let text = try Self.renderedManual().text
    let commands = Self.commands()
    #expect(commands.count >= 4)
    for command in commands {
      let help = Waterfall.helpMessage(for: command, columns: 200)
      let options = Set(help.matches(of: /--[a-z][a-z0-9-]*/).map { String($0.output) })
      for option in options.subtracting(["--help", "--version"]) {
        #expect(text.contains(option), "\(option) of \(command._commandName) is not in the manual page")
      }
      #expect(text.contains(command._commandName), "the manual page does not name \(command._commandName)")
    }
  }

  @Test(
    "each shell's completion script names the subcommands and options, and passes the shell's syntax check",
    arguments: [(CompletionShell.bash, ["bash", "-n"]), (.zsh, ["zsh", "-n"]), (.fish, ["fish", "--no-execute"])])
  func completions(shell: CompletionShell, check: [String]) throws {
    let script = Waterfall.completionScript(for: shell)
    for word in ["snapshot", "check", "cache", "page-size", "symbols"] {
      #expect(script.contains(word), "the \(shell) script does not name \(word)")
    }
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("waterfall-completion-\(shell)")
    try script.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let (status, _, errors) = try Self.run(check + [file.path])
    #expect(status == 0, "\(check[0]): \(errors)")
  }
}
