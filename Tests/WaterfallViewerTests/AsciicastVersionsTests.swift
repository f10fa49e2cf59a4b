import Foundation
import Testing

@testable import WaterfallViewer

/// asciicast v1, v2 and v3 as asciinema writes them. The recordings are asciinema's own test files
/// (asciinema/asciinema `tests/casts/`) and agg's reader cases (asciinema/agg `src/asciicast/v1.rs`), copied as
/// they are; the times expected are the ones asciinema's tests expect (`src/asciicast.rs`, `open_v*`).
extension AsciicastTests {
  /// asciinema `tests/casts/minimal-v1.json`.
  static let minimalV1 = """
    {
      "version": 1,
      "width": 100,
      "height": 50,
      "stdout": [
        [
          1.230000,
          "hello"
        ]
      ]
    }
    """

  /// asciinema `tests/casts/full-v1.json`.
  static let fullV1 = """
    {
      "version": 1,
      "width": 100,
      "height": 50,
      "duration": 10.5,
      "command": "/bin/bash",
      "title": null,
      "env": {
        "TERM": "xterm-256color",
        "SHELL": "/bin/bash"
      },
      "stdout": [
        [
          0.000001,
          "ż"
        ],
        [
          10.00,
          "ółć"
        ],
        [
          0.5,
          "\\r\\n"
        ]
      ]
    }
    """

  /// asciinema `tests/casts/nulls-v1.json`.
  static let nullsV1 = """
    {
      "version": 1,
      "width": 100,
      "height": 50,
      "env": {
        "SHELL": "/bin/bash",
        "TERM": null
      },
      "stdout": [
        [
          1.230000,
          "hello"
        ]
      ]
    }
    """

  /// asciinema `tests/casts/minimal-v2.cast`, `nulls-v2.cast`, `full-v2.cast`.
  static let minimalV2 = #"""
    {"version":2,"width":100,"height":50}
    [1.23, "o", "hello"]
    """#
  static let nullsV2 = #"""
    {"version":2,"width":100,"height":50,"env":{"TERM":null,"SHELL":"/bin/bash"}}
    [1.23, "o", "hello"]
    """#
  static let fullV2 = #"""
    {"version":2,"width":100,"height":50,"timestamp": 1509091818,"command":"/bin/bash","env":{"TERM":"xterm-256color","SHELL":"/bin/bash"},"theme":{"fg":"#000000","bg":"#ffffff","palette":"#241f31:#c01c28:#2ec27e:#f5c211:#1e78e4:#9841bb:#0ab9dc:#c0bfbc:#5e5c64:#ed333b:#57e389:#f8e45c:#51a1ff:#c061cb:#4fd2fd:#f6f5f4"}}
    [0.000001, "o", "ż"]
    [1.0, "o", "ółć"]
    [2.3, "i", "\n"]
    [5.600001, "r", "80x40"]
    [10.5, "o", "\r\n"]
    """#

  /// asciinema `tests/casts/minimal-v3.cast`, `full-v3.cast`: the times are intervals.
  static let minimalV3 = #"""
    {"version":3,"term":{"cols":100,"rows":50}}
    [1.23, "o", "hello"]
    """#
  static let fullV3 = #"""
    {"version":3,"term":{"cols":100,"rows":50,"theme":{"fg":"#000000","bg":"#ffffff","palette":"#241f31:#c01c28:#2ec27e:#f5c211:#1e78e4:#9841bb:#0ab9dc:#c0bfbc:#5e5c64:#ed333b:#57e389:#f8e45c:#51a1ff:#c061cb:#4fd2fd:#f6f5f4"}},"timestamp": 1509091818,"command":"/bin/bash","env":{"TERM":"xterm-256color","SHELL":"/bin/bash"}}
    [0.000001, "o", "ż"]
    [1.0, "o", "ółć"]
    [0.3, "i", "\n"]
    [1.600001, "r", "80x40"]
    [10.5, "o", "\r\n"]
    """#

  /// The events as (microseconds from the start, code, data): asciinema's tests count in microseconds.
  private func timeline(_ cast: Asciicast) -> [(Int, String, String)] {
    cast.events.map { (Int(($0.time * 1_000_000).rounded()), $0.kind.rawValue, $0.data) }
  }

  @Test(
    "asciinema's minimal recordings of each version: 100x50, hello at 1.23 s",
    arguments: [(minimalV1, 1), (nullsV1, 1), (minimalV2, 2), (nullsV2, 2), (minimalV3, 3)])
  func minimalRecordings(text: String, version: Int) throws {
    let cast = try AsciicastReader.parse(text)
    #expect(cast.version == version)
    #expect(cast.width == 100 && cast.height == 50)
    #expect(timeline(cast).map { "\($0)" } == ["(1230000, \"o\", \"hello\")"])
    #expect(!cast.madeByWaterfall, "asciinema's recordings hold nothing to replay")
  }

  @Test("asciinema's full v1: delays add up from one output to the next")
  func fullVersion1() throws {
    let cast = try AsciicastReader.parse(Self.fullV1)
    #expect(timeline(cast).map(\.0) == [1, 10_000_001, 10_500_001])
    #expect(cast.events.map(\.data) == ["ż", "ółć", "\r\n"])
  }

  @Test("asciinema's full v2 and v3: the same events, v3's times intervals from the event before")
  func fullVersions2And3() throws {
    let v2 = try AsciicastReader.parse(Self.fullV2)
    #expect(v2.timestamp == 1_509_091_818)
    #expect(timeline(v2).map(\.0) == [1, 1_000_000, 2_300_000, 5_600_001, 10_500_000])
    let v3 = try AsciicastReader.parse(Self.fullV3)
    #expect(v3.version == 3 && v3.width == 100 && v3.height == 50 && v3.timestamp == 1_509_091_818)
    #expect(timeline(v3).map(\.0) == [1, 1_000_001, 1_300_001, 2_900_002, 13_400_002])
    #expect(v3.events.map(\.kind) == [.output, .output, .input, .resize, .output])
    #expect(v3.events[3].data == "80x40")
  }

  @Test("agg's v1 case: delays 0.5, 1.0, 1.5 are outputs at 0.5, 1.5 and 3.0 s")
  func aggVersion1() throws {
    let cast = try AsciicastReader.parse(
      #"{"version": 1, "width": 80, "height": 24, "stdout": [[0.5, "a"], [1.0, "b"], [1.5, "c"]]}"#)
    #expect(
      cast.events == [
        .init(time: 0.5, kind: .output, data: "a"), .init(time: 1.5, kind: .output, data: "b"),
        .init(time: 3.0, kind: .output, data: "c"),
      ])
  }

  @Test("v3: comments, markers and exit statuses are read past; input, output and resizes kept")
  func version3Kinds() throws {
    let cast = try AsciicastReader.parse(
      """
      {"version": 3, "term": {"cols": 20, "rows": 5, "type": "xterm-256color"}, "timestamp": 1700000000}
      # a comment, as asciinema allows
      [0.5, "o", "$ "]
      [0.25, "m", "chapter"]
      [0.25, "i", "x"]
      [1, "r", "30x6"]
      [0.5, "x", "0"]
      """)
    #expect(cast.events.map(\.time) == [0.5, 1.0, 2.0])
    #expect(cast.events.map(\.kind) == [.output, .input, .resize])
  }

  @Test(
    "bad v1 and v3 recordings name the line and the field",
    arguments: [
      (#"{"version": 3, "term": {"cols": 0, "rows": 5}}"#, 1, "term.cols and term.rows"),
      (#"{"version": 3, "width": 80, "height": 24}"#, 1, "term must be an object"),
      (
        "{\"version\": 3, \"term\": {\"cols\": 8, \"rows\": 5}}\n[1, \"o\", \"a\"]\n[-0.5, \"o\", \"b\"]", 3, "negative"
      ),
      (
        "{\"version\": 3, \"term\": {\"cols\": 8, \"rows\": 5}}\n[80000, \"o\", \"a\"]\n[80000, \"o\", \"b\"]", 3,
        "86400"
      ),
      ("{\"version\": 3, \"term\": {\"cols\": 8, \"rows\": 5}}\n# note\n[1, \"o\", 5]", 3, "its data is not a string"),
      ("{\"version\": 3, \"term\": {\"cols\": 8, \"rows\": 5}}\n[\"1\", \"o\", \"a\"]", 2, "its time is not a number"),
      ("{\"version\": 1,\n \"width\": 8, \"height\": 5,\n \"stdout\": [[1, \"a\"],\n  [2, 3]]}", 4, "stdout[1]"),
      ("{\"version\": 1, \"width\": 8, \"height\": 5,\n \"stdout\": [\n  [1, \"a\"],\n  [-2, \"b\"]]}", 4, "negative"),
      ("{\"version\": 1, \"width\": 8, \"height\": 5, \"stdout\": [\n7]}", 2, "stdout[0] is not [delay"),
      ("{\"version\": 1, \"width\": 800000, \"height\": 5, \"stdout\": []}", 1, "width and height"),
      ("{\"version\": 1,\n \"width\": 8", 1, "not an asciicast header"),
    ])
  func refusedVersions(text: String, line: Int, message: String) {
    AsciicastTests.expectRefused(text, line: line, message: message)
  }

  @Test("each version renders: asciinema's v1, v2 and v3 recordings give the same screens")
  func renderEachVersion() throws {
    let screens = try [Self.fullV1, Self.fullV2, Self.fullV3].map {
      CastScreens.screens(try AsciicastReader.parse($0)).screens.last?.screen.line(0)
    }
    #expect(screens == ["żółć", "żółć", "żółć"])
    let v3 = CastScreens.screens(try AsciicastReader.parse(Self.fullV3))
    #expect(v3.end == 13_400)
    #expect(v3.screens.last.map { ($0.screen.width, $0.screen.height) } ?? (0, 0) == (80, 40))
  }
}
