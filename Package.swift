// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Waterfall",
  products: [
    .executable(name: "waterfall", targets: ["waterfall"]),
    .library(name: "WaterfallKit", targets: ["WaterfallKit"]),
    .library(name: "Pictures", targets: ["Pictures"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
    // SQLite catalogues: pinned to the version checked on Linux against Debian's SQLite (README).
    .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    // Pictures and feeds over http(s): SwiftNIO's client, made for Linux, in place of FoundationNetworking (whose
    // URLSession could trap on a cancel racing a completion, README).
    .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    // Its own foundations, named for their error types (WebFailure tells refused from reset from TLS).
    .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
    .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.0"),
    .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.26.0"),
    // PostgreSQL catalogues: Vapor's client on SwiftNIO (pooling, streamed rows, COPY-free binary protocol, TLS);
    // libpq would be a second network stack and a C API to wrap (README).
    .package(url: "https://github.com/vapor/postgres-nio.git", .upToNextMinor(from: "1.33.0")),
  ],
  targets: [
    .systemLibrary(
      name: "CNcursesw",
      pkgConfig: "ncursesw",
      providers: [.apt(["libncurses-dev"])]
    ),
    // GLib's include paths (libvips' headers need them) and libraries, without libvips itself.
    .systemLibrary(name: "CGLib", pkgConfig: "gobject-2.0", providers: [.apt(["libglib2.0-dev"])]),
    // libvips, loaded at the first picture that needs it (dlopen), through a table of its functions.
    .target(name: "CVips", dependencies: ["CGLib"]),
    .systemLibrary(name: "CChafa", pkgConfig: "chafa", providers: [.apt(["libchafa-dev"])]),
    // zlib: the tests inflate what kitty gets (o=z) as kitty does.
    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    // libdeflate: the same zlib streams in about half zlib's time at its fastest level, and a little smaller.
    .systemLibrary(name: "CDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),
    // Signal and crash handling: a compiled C target, so the state its handlers share has one definition.
    .target(name: "CTerminalSignals"),
    // JPEG thumbnails straight from libjpeg-turbo (its DCT scaling), C for its longjmp errors.
    .target(name: "CJPEG", linkerSettings: [.linkedLibrary("jpeg")]),
    // The one lock type, on a pthread mutex so that ThreadSanitizer sees it (Synchronization.Mutex it cannot).
    .target(name: "Locking"),
    .target(name: "WaterfallKit"),
    // glibc's malloc_trim: the catalogue gives the pages its readers freed back to the system.
    .systemLibrary(name: "CMalloc"),
    // The search's substring scan, sixteen places a step: C, for the vector extension's compare and a bitmask.
    .target(name: "CSubstring"),
    .target(
      name: "ShopCatalog",
      dependencies: ["Locking", "CSubstring", .target(name: "CMalloc", condition: .when(platforms: [.linux]))]),
    // A SQLite connection set to distrust its file (defensive, schema untrusted, no extensions): C, for the
    // variadic sqlite3_db_config.
    .target(name: "CSQLiteSafety", linkerSettings: [.linkedLibrary("sqlite3")]),
    // SQLite catalogues (import, and a source answering queries in SQL) through GRDB: the one target that links it.
    .target(
      name: "SQLiteCatalog",
      dependencies: ["ShopCatalog", "Locking", "CSQLiteSafety", .product(name: "GRDB", package: "GRDB.swift")]),
    // PostgreSQL catalogues (import, and a source answering queries in SQL on the server): the one target that
    // links postgres-nio.
    .target(
      name: "PostgresCatalog",
      dependencies: ["ShopCatalog", "Locking", .product(name: "PostgresNIO", package: "postgres-nio")]),
    // Pictures: decoding with libvips, drawing with libchafa, caches and a worker pool. No curses, no app, no network
    // stack: remote pictures' bytes come through a `PictureFetcher` its maker hands in (WebFetch's, in the app).
    .target(name: "Pictures", dependencies: ["CVips", "CJPEG", "CChafa", "CDeflate", "Locking"]),
    // http(s) GET (WebGet, on AsyncHTTPClient) for pictures (HTTPFetcher) and feeds alike: limits, redirects, proxies
    // and failure words in one place. The one target that links SwiftNIO's client and BoringSSL for the web.
    .target(
      name: "WebFetch",
      dependencies: [
        "Pictures", "Locking",
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"), .product(name: "NIOSSL", package: "swift-nio-ssl"),
        .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
      ]),
    // HTTP JSON feeds as a catalogue source: WebGet within the picture fetcher's limits, paging by Link
    // headers (ShopCatalog's LinkHeader), next fields or page numbers.
    .target(name: "HTTPFeed", dependencies: ["ShopCatalog", "Pictures", "WebFetch", "Locking"]),
    // The viewer: state, update(message) -> effects, rendering into an in-memory screen, the one runner. No curses.
    .target(name: "WaterfallViewer", dependencies: ["WaterfallKit", "ShopCatalog", "Pictures", "Locking"]),
    // A tape's pictures: fonts found by fontconfig and drawn by FreeType, GIFs written by cgif, WebP by libwebp.
    .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
    .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
    .systemLibrary(name: "CCGif", pkgConfig: "cgif", providers: [.apt(["libcgif-dev"])]),
    .systemLibrary(name: "CWebP", pkgConfig: "libwebpmux", providers: [.apt(["libwebp-dev"])]),
    // Screens drawn to pixels (PNG, GIF, WebP) for a tape's outputs and `waterfall render`.
    .target(
      name: "TapeImages",
      dependencies: ["WaterfallViewer", "Pictures", "CFreeType", "CFontconfig", "CCGif", "CWebP", "CZlib"]),
    // The terminal: curses session, input decoding, signals, the presenter that writes screen changes.
    .target(
      name: "WaterfallTerminal",
      dependencies: [
        "WaterfallViewer", "WaterfallKit", "ShopCatalog", "Pictures", "CNcursesw", "CTerminalSignals", "Locking",
      ]),
    .executableTarget(
      name: "waterfall",
      dependencies: [
        "WaterfallViewer", "WaterfallTerminal", "WaterfallKit", "ShopCatalog", "SQLiteCatalog", "PostgresCatalog",
        "Pictures", "WebFetch", "HTTPFeed", "Locking", "TapeImages", "CTerminalSignals",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "TOMLKit", package: "TOMLKit"),
      ]
    ),
    // Shared by the tests and the benchmarks: the loopback picture server's launcher, a seeded generator.
    .target(name: "TestSupport", dependencies: ["Locking", "CTerminalSignals"]),
    .executableTarget(
      name: "waterfall-bench",
      dependencies: [
        "WaterfallKit", "WaterfallViewer", "WaterfallTerminal", "ShopCatalog", "SQLiteCatalog", "PostgresCatalog",
        "Pictures", "WebFetch", "TestSupport", "Locking", "TapeImages",
      ]
    ),
    .testTarget(name: "WaterfallKitTests", dependencies: ["WaterfallKit", "TestSupport"]),
    .testTarget(name: "ShopCatalogTests", dependencies: ["ShopCatalog", "TestSupport"]),
    .testTarget(
      name: "SQLiteCatalogTests",
      dependencies: ["SQLiteCatalog", "ShopCatalog", "TestSupport", "WaterfallViewer", "WaterfallKit"]),
    // Against the private server Tests/with-postgres.sh starts for the run (`make test`).
    .testTarget(
      name: "PostgresCatalogTests",
      dependencies: ["PostgresCatalog", "ShopCatalog", "TestSupport", "WaterfallKit"]),
    .testTarget(
      name: "PicturesTests",
      dependencies: [
        "Pictures", "WebFetch", "CVips", "CZlib", "TestSupport", "Locking",
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "NIOCore", package: "swift-nio"),
      ],
      exclude: ["Fixtures", "Server"]),
    .testTarget(
      name: "HTTPFeedTests",
      dependencies: [
        "HTTPFeed", "ShopCatalog", "Pictures", "WebFetch", "WaterfallViewer", "WaterfallKit", "TestSupport", "Locking",
      ]),
    .testTarget(
      name: "WaterfallViewerTests",
      dependencies: ["WaterfallViewer", "WaterfallKit", "ShopCatalog", "Pictures", "TestSupport", "Locking"],
      exclude: ["Snapshots"]),
    .testTarget(
      name: "TapeImagesTests", dependencies: ["TapeImages", "WaterfallViewer", "Pictures", "CZlib", "TestSupport"]),
    .testTarget(
      name: "WaterfallTerminalTests", dependencies: ["WaterfallTerminal", "WaterfallViewer", "Pictures", "CZlib"]),
    .testTarget(
      name: "CommandLineTests",
      dependencies: [
        "waterfall", "Pictures", "ShopCatalog", "WaterfallViewer",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    // Drives the release binary (`WATERFALL_BIN`, which `make test` builds first), not a module: it links none.
    .testTarget(name: "EndToEndTests", dependencies: ["ShopCatalog", "TestSupport"]),
  ]
)

// The libFuzzer targets (Tests/Fuzz), only when `make fuzz-inputs` asks for them: they link libFuzzer's driver,
// which only a `-sanitize=fuzzer` build provides, so they cannot be part of the normal build.
if Context.environment["WATERFALL_FUZZ"] == "1" {
  package.targets += [
    .target(name: "CFuzzerDriver", path: "Tests/Fuzz/Driver"),
    .target(name: "FuzzSupport", dependencies: ["ShopCatalog", "CFuzzerDriver"], path: "Tests/Fuzz/Support"),
  ]
  let fuzzTargets: [(name: String, dependencies: [Target.Dependency])] = [
    ("terminal-input", ["WaterfallTerminal", "WaterfallViewer", "FuzzSupport"]),
    ("json", ["ShopCatalog", "FuzzSupport"]),
    ("json-lines", ["ShopCatalog", "FuzzSupport"]),
    ("csv", ["ShopCatalog", "FuzzSupport"]),
    ("plist", ["ShopCatalog", "FuzzSupport"]),
    ("key-script", ["WaterfallViewer", "FuzzSupport"]),
    ("picture-sniffer", ["Pictures", "FuzzSupport"]),
    ("jpeg", ["Pictures", "FuzzSupport"]),
    ("feed-body", ["ShopCatalog", "FuzzSupport"]),
    ("tape", ["WaterfallViewer", "FuzzSupport"]),
    ("stream-split", ["ShopCatalog", "FuzzSupport"]),
    ("asciicast", ["WaterfallViewer", "FuzzSupport"]),
    ("golden-frames", ["WaterfallViewer", "FuzzSupport"]),
    ("link-header", ["ShopCatalog", "FuzzSupport"]),
    ("terminal-reply", ["WaterfallTerminal", "FuzzSupport"]),
  ]
  for (name, dependencies) in fuzzTargets {
    package.targets.append(
      .executableTarget(name: "fuzz-\(name)", dependencies: dependencies, path: "Tests/Fuzz/Targets/\(name)"))
  }
}
