import Foundation

/// Finds the catalogue that ships with Waterfall, from any working directory, in a build tree or installed.
public enum BundledCatalogue {
  /// Set this to a directory to use it instead.
  public static let environmentVariable = "WATERFALL_CATALOGUE"

  /// Where to look, in order: the environment variable; `../share/waterfall/catalogue` beside the executable
  /// (`make install`); the source tree the binary was built from.
  public static func candidates(
    executablePath: String = Bundle.main.executablePath ?? CommandLine.arguments.first ?? ""
  ) -> [String] {
    var paths: [String] = []
    if let override = ProcessInfo.processInfo.environment[environmentVariable], !override.isEmpty {
      paths.append(override)
    }
    let executable = URL(fileURLWithPath: executablePath).resolvingSymlinksInPath()
    paths.append(
      executable.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("share/waterfall/catalogue").path)
    let sourceTree = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    paths.append(sourceTree.appendingPathComponent("Resources/catalogue").path)
    return paths
  }

  /// The first candidate that is a directory.
  public static func locate(
    executablePath: String = Bundle.main.executablePath ?? CommandLine.arguments.first ?? ""
  ) -> String? {
    candidates(executablePath: executablePath).first { path in
      var isDirectory: ObjCBool = false
      return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
  }
}
