import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// What `make dist` and `make deb` ship, installed as a user installs them. `make test` builds both from the release
/// binary it tests (`WATERFALL_PACKAGES`: the folder they are in), so the packages hold the binary under test.
extension ViewerEndToEndTests {
  static let packagesFolder = ProcessInfo.processInfo.environment["WATERFALL_PACKAGES"].flatMap {
    $0.isEmpty ? nil : URL(fileURLWithPath: $0)
  }
  static let runsAsRoot = geteuid() == 0
  /// PATH for apt-get and dpkg, which run ldconfig and the like from the sbin folders.
  static let systemPath = ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin"]

  /// The binary under test's `--version`.
  static func expectedVersion() throws -> String {
    let version = try BinaryRun(["--version"])
    try #require(version.status == 0, "\(version.errors)")
    return version.output.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// What the binary under test shows of the checkout's catalogue: as the bundled one (`byPath` false) or opened by
  /// its path (the header then names the folder, `catalogue` in both places).
  static func expectedScreen(byPath: Bool) throws -> String {
    let catalogue = TmuxPane.checkout.appendingPathComponent("Resources/catalogue").path
    let screen = try BinaryRun(
      ["snapshot", "--no-images", "--size", "80x20"] + (byPath ? [catalogue] : []),
      environment: byPath ? [:] : ["WATERFALL_CATALOGUE": catalogue])
    try #require(screen.status == 0, "\(screen.errors)")
    return screen.output
  }

  /// Checks the installed `waterfall` in `bin` against the binary under test: its version, and its bundled
  /// catalogue, found without being named (from `../share/waterfall/catalogue`) and named by its path, `catalogue`.
  static func expectInstalledCopyWorks(bin: String, catalogue: String) throws {
    let version = try BinaryRun(shell: "cd / && '\(bin)/waterfall' --version")
    #expect(version.status == 0, "\(version.errors)")
    #expect(version.output == (try expectedVersion()) + "\n", "\(version.output)")
    #expect(FileManager.default.fileExists(atPath: catalogue + "/pictures"), "no pictures in \(catalogue)")
    for byPath in [false, true] {
      let arguments = byPath ? "'\(catalogue)'" : ""
      let screen = try BinaryRun(shell: "cd / && '\(bin)/waterfall' snapshot --no-images --size 80x20 \(arguments)")
      #expect(screen.status == 0, "\(screen.errors)")
      #expect(screen.output == (try expectedScreen(byPath: byPath)), "snapshot \(arguments) shows:\n\(screen.output)")
    }
  }

  @Test(
    "make dist's tarball, unpacked anywhere, runs and shows its bundled catalogue; DEPENDS names installed packages",
    .enabled(if: packagesFolder != nil, "WATERFALL_PACKAGES is not set: make test builds the packages"))
  func distributionTarballRuns() throws {
    let folder = try #require(Self.packagesFolder)
    let version = try Self.expectedVersion()
    var machine = utsname()
    uname(&machine)
    let architecture = withUnsafeBytes(of: &machine.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    let name = "waterfall-\(version)-linux-\(architecture)"
    let tarball = folder.appendingPathComponent(name + ".tar.gz").path
    try #require(FileManager.default.fileExists(atPath: tarball), "make dist wrote no \(tarball)")
    let prefix = TemporaryDirectory("dist")
    let unpacked = try BinaryRun(shell: "tar -xzf '\(tarball)' -C '\(prefix.path)'")
    try #require(unpacked.status == 0, "\(unpacked.errors)")
    let root = prefix.path + "/" + name
    try Self.expectInstalledCopyWorks(bin: root + "/bin", catalogue: root + "/share/waterfall/catalogue")
    for file in [
      "README.md", "docs/guide.md", "share/man/man1/waterfall.1", "share/bash-completion/completions/waterfall",
      "share/zsh/site-functions/_waterfall", "share/fish/vendor_completions.d/waterfall.fish",
    ] {
      #expect(FileManager.default.fileExists(atPath: root + "/" + file), "\(file) is not in the tarball")
    }
    // The documents' own links (README.md and docs/: another document, a screenshot) lead somewhere in it.
    let documents =
      ["README.md"] + (try FileManager.default.contentsOfDirectory(atPath: root + "/docs")).map { "docs/" + $0 }
    for document in documents {
      let text = try String(contentsOfFile: root + "/" + document, encoding: .utf8)
      let folder = URL(fileURLWithPath: root + "/" + document).deletingLastPathComponent()
      for link in text.matches(of: /\]\(([^)#\s]+)(#[^)]*)?\)/) where !link.output.1.contains(":") {
        let target = folder.appendingPathComponent(String(link.output.1)).standardizedFileURL.path
        #expect(
          FileManager.default.fileExists(atPath: target), "\(document) links to \(link.output.1), not in the tarball")
      }
    }
    let depends = try String(contentsOfFile: root + "/DEPENDS", encoding: .utf8)
    let packages = depends.split(separator: "\n").map { String($0.split(separator: " ")[0]) }
    #expect(packages.contains { $0.hasPrefix("libvips") }, "libvips, which is loaded with dlopen: \(depends)")
    #expect(packages.contains("libc6"), "\(depends)")
    for package in packages {
      let status = try BinaryRun(shell: "dpkg-query -W -f '${Status}' \(package)")
      #expect(status.output == "install ok installed", "\(package) of DEPENDS is not a package installed here")
    }
  }

  @Test(
    "make deb's package installs with apt-get, runs, has its manual and completions, and its removal leaves nothing",
    .enabled(if: packagesFolder != nil, "WATERFALL_PACKAGES is not set: make test builds the packages"),
    .enabled(if: runsAsRoot, "installing a package needs root (CI runs as root)"))
  func debianPackageInstallsAndRemoves() throws {
    let folder = try #require(Self.packagesFolder)
    let version = try Self.expectedVersion()
    let architecture = try BinaryRun(shell: "dpkg --print-architecture").output
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let deb = folder.appendingPathComponent("waterfall_\(version)_\(architecture).deb").path
    try #require(FileManager.default.fileExists(atPath: deb), "make deb wrote no \(deb)")
    let before = try BinaryRun(shell: "dpkg-query -W -f '${Status}' waterfall")
    try #require(!before.output.contains("installed"), "a waterfall package is installed already: not replacing it")
    let files = try BinaryRun(shell: "dpkg-deb --fsys-tarfile '\(deb)' | tar -t | grep -v '/$' | sed 's|^\\.||'")
      .output.split(separator: "\n").map(String.init)
    #expect(files.contains("/usr/bin/waterfall"), "\(files)")

    let install = try BinaryRun(
      shell: "DEBIAN_FRONTEND=noninteractive apt-get install -y -q '\(deb)'",
      environment: Self.systemPath)
    defer { _ = try? BinaryRun(shell: "dpkg --purge waterfall", environment: Self.systemPath) }
    try #require(install.status == 0, "\(install.output)\(install.errors)")
    try Self.expectInstalledCopyWorks(bin: "/usr/bin", catalogue: "/usr/share/waterfall/catalogue")
    let depends = try BinaryRun(shell: "dpkg-query -W -f '${Depends}' waterfall").output
    #expect(depends.contains("libc6") && depends.contains("libvips42"), "the package depends on: \(depends)")
    let manual = try BinaryRun(shell: "man -aw waterfall")
    #expect(manual.output.contains("/usr/share/man/man1/waterfall.1.gz"), "\(manual.output)\(manual.errors)")
    let completion = "/usr/share/bash-completion/completions/waterfall"
    let syntax = try BinaryRun(shell: "bash -n '\(completion)' && grep -q -- --no-images '\(completion)'")
    #expect(syntax.status == 0, "the bash completion is missing or broken: \(syntax.errors)")

    let removal = try BinaryRun(
      shell: "DEBIAN_FRONTEND=noninteractive apt-get purge -y -q waterfall", environment: Self.systemPath)
    #expect(removal.status == 0, "\(removal.output)\(removal.errors)")
    let after = try BinaryRun(shell: "dpkg-query -W -f '${Status}' waterfall")
    #expect(!after.output.contains("installed"), "\(after.output)")
    let left = files.filter { FileManager.default.fileExists(atPath: $0) }
    #expect(left.isEmpty, "the package's files stay after its removal: \(left)")
    for folder in ["/usr/share/waterfall", "/usr/share/doc/waterfall"] {
      #expect(!FileManager.default.fileExists(atPath: folder), "\(folder) stays after the removal")
    }
  }
}
