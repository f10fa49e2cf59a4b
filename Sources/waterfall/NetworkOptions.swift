import ArgumentParser
import Foundation
import Pictures
import WebFetch

/// How pictures with http(s) addresses are fetched and kept: for `view` and `snapshot`.
struct NetworkOptions: ParsableArguments {
  @Flag(
    name: .long,
    help: "Draw pictures from the picture cache only: fetch no picture over the network (a feed is still fetched).")
  var offline = false

  @Option(name: .long, parsing: .unconditional, help: "The picture cache's size bound, in megabytes.")
  var cacheMb = 256

  @Option(
    name: .long, parsing: .unconditional,
    help: "Seconds to wait for a picture's server to answer (connect and first response).")
  var connectTimeout = 5.0

  @Option(name: .long, parsing: .unconditional, help: "Seconds a picture's whole download may take.")
  var fetchTimeout = 20.0

  /// A day: long enough for anything, small enough to add to a clock.
  static let longestTimeout = 86_400.0

  func validate() throws {
    guard (1...1_048_576).contains(cacheMb) else {
      throw ValidationError("--cache-mb must be between 1 and 1048576")
    }
    for (name, value) in [("--connect-timeout", connectTimeout), ("--fetch-timeout", fetchTimeout)] {
      guard value.isFinite, value > 0, value <= Self.longestTimeout else {
        throw ValidationError("\(name) must be more than 0 and at most \(Int(Self.longestTimeout)) seconds")
      }
    }
  }

  /// The disk cache in its usual place ($XDG_CACHE_HOME/waterfall, else ~/.cache/waterfall) with this bound.
  func diskCache(environment: [String: String] = ProcessInfo.processInfo.environment) -> PictureDiskCache {
    PictureDiskCache(folder: PictureDiskCache.defaultFolder(environment: environment), byteLimit: cacheMb << 20)
  }

  /// The time limits of `--connect-timeout` and `--fetch-timeout`, for pictures and feeds alike (`--offline` is
  /// for pictures only: a feed is what the user asked to open).
  var networkConfiguration: NetworkConfiguration {
    var configuration = NetworkConfiguration()
    configuration.connectTimeout = .milliseconds(Int((connectTimeout * 1000).rounded()))
    configuration.totalTimeout = .milliseconds(Int((fetchTimeout * 1000).rounded()))
    return configuration
  }

  /// `configuration` with these options applied.
  func configure(
    _ configuration: PictureLoader.Configuration,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> PictureLoader.Configuration {
    var configuration = configuration
    configuration.network.offline = offline
    configuration.makeFetcher = HTTPFetcher.maker
    configuration.network.connectTimeout = networkConfiguration.connectTimeout
    configuration.network.totalTimeout = networkConfiguration.totalTimeout
    configuration.diskCache = diskCache(environment: environment)
    return configuration
  }
}
