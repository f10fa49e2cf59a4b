import Foundation
import Testing

/// The config file through the release binary. An extension of the one serialized end-to-end suite.
extension ViewerEndToEndTests {
  @Test("a config file sets the columns and binds a key; the command line wins; a bad one exits 64 untouched")
  func configFile() throws {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("wf-config-\(UUID().uuidString)")
    let folder = home.appendingPathComponent("waterfall")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: home) }
    try Data("columns = 2\nno-images = true\n\n[keys]\nx = \"quit\"\n".utf8)
      .write(to: folder.appendingPathComponent("config.toml"))

    let pane = try TmuxPane(arguments: [], environment: ["XDG_CONFIG_HOME=\(home.path)"])
    let screen = try pane.waitForFirstFrame()
    let boxTops = screen.split(separator: "\n")[1].components(separatedBy: "┌").count - 1
    #expect(boxTops == 2, "two columns, from the file: \(screen)")
    try pane.send(keys: ["x"])
    try expectRestored(pane, status: "0")

    let wider = try TmuxPane(
      arguments: ["--columns", "3"], environment: ["XDG_CONFIG_HOME=\(home.path)"])
    let three = try wider.waitForFirstFrame()
    #expect(three.split(separator: "\n")[1].components(separatedBy: "┌").count - 1 == 3, "the command line wins")
    try wider.send(keys: ["q"])
    try expectRestored(wider, status: "0")

    try Data("colums = 2\n".utf8).write(to: folder.appendingPathComponent("config.toml"))
    let bad = try TmuxPane(arguments: [], environment: ["XDG_CONFIG_HOME=\(home.path)"])
    let refused = try bad.waitForScreen { $0.contains("EXIT=") }
    // The long temporary path wraps in the pane.
    let unwrapped = refused.replacingOccurrences(of: "\n", with: "")
    #expect(unwrapped.contains("config.toml:1: unknown option \"colums\""), "\(refused)")
    #expect(refused.contains("EXIT=64"))
    #expect(try bad.format("#{alternate_on}") == "0", "the terminal was never taken")
  }
}

extension ViewerEndToEndTests {
  @Test("the config file is read once: --config <(a command) sets the columns and binds a key")
  func configFromAPipe() throws {
    let run = try BinaryRun(
      shell: """
        "$WATERFALL" snapshot --no-images --size 60x12 --keys z \
          --config <(printf 'columns = 2\\n[keys]\\nz = "step-down"\\n')
        """)
    #expect(run.status == 0, "\(run.errors)")
    let lines = run.output.split(separator: "\n")
    let borders = lines.map { $0.components(separatedBy: "│").count - 1 }.max()
    #expect(borders == 4, "two columns:\n\(run.output)")
    #expect(run.output.contains("row 2/"), "z stepped a row down:\n\(run.output)")
  }
}
