import ArgumentParser
import Foundation
import Pictures
import Testing

@testable import waterfall

@Suite("Network options and the cache command")
struct NetworkOptionsTests {
  @Test(
    "bad network values are usage errors: a clear message and exit 64",
    arguments: [
      (["snapshot", "--cache-mb", "0"], "--cache-mb must be between 1 and 1048576"),
      (["view", "--cache-mb", "-5"], "--cache-mb must be between 1 and 1048576"),
      (["snapshot", "--connect-timeout", "0"], "--connect-timeout must be more than 0"),
      (["snapshot", "--fetch-timeout", "nan"], "--fetch-timeout must be more than 0"),
      (["cache", "frob"], "Unexpected argument 'frob'"),
    ])
  func usageErrors(arguments: [String], expected: String) throws {
    let error = try #require(CommandLineTests.usageError(arguments))
    #expect(error.message.contains(expected), "\(error.message)")
    #expect(error.exitCode == 64)
  }

  @Test("the options reach the loader's configuration, with the disk cache under XDG_CACHE_HOME")
  func configuration() throws {
    let command = try #require(
      try Waterfall.parseAsRoot([
        "snapshot", "--offline", "--cache-mb", "3", "--connect-timeout", "1.5", "--fetch-timeout", "7",
      ]) as? SnapshotCommand)
    let cacheHome = NSTemporaryDirectory() + "waterfall-options-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: cacheHome) }
    let configuration = command.networkOptions.configure(
      PictureLoader.Configuration(), environment: ["XDG_CACHE_HOME": cacheHome])
    #expect(configuration.network.offline)
    #expect(configuration.network.connectTimeout == .milliseconds(1500))
    #expect(configuration.network.totalTimeout == .seconds(7))
    #expect(configuration.diskCache?.byteLimit == 3 << 20)
    #expect(configuration.diskCache?.folder == cacheHome + "/waterfall")
  }
}
