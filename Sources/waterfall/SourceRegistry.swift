import HTTPFeed
import Pictures
import PostgresCatalog
import SQLiteCatalog
import ShopCatalog

/// Every catalogue source the command line knows, in the order each is asked whether it opens the dataset named:
/// the first that does opens it for the viewer and checks it for `waterfall check`. A new source is a type
/// conforming to `SourceKind` in its own target, and one line here.
enum SourceRegistry {
  static func kinds(
    pageSize: Int = 50, loops: Bool = false, table: String?, schema: String? = nil, network: NetworkConfiguration
  ) -> [any SourceKind] {
    [
      PostgresSource(pageSize: pageSize, table: table, schema: schema),
      SQLiteSource(table: table, pageSize: pageSize),
      StreamSource(pageSize: pageSize, loops: loops),
      HTTPFeedSource(network: network),
      DatasetFileSource(pageSize: pageSize, loops: loops, pictureProbe: pictureProbe),
      BundledCatalogueSource(pageSize: pageSize, loops: loops),
    ]
  }

  /// The source that reads `address`: the first of `kinds` that opens it.
  static func kind(for address: DatasetAddress, among kinds: [any SourceKind]) throws(SourceFailure) -> any SourceKind {
    guard let kind = kinds.first(where: { $0.opens(address) }) else {
      throw SourceFailure(lines: ["no source reads this dataset"])
    }
    return kind
  }
}

/// Picture sizes for photo folders, from the header alone (libvips through the Pictures module).
let pictureProbe: PictureProbe = { path in
  PictureDecoder.probe(path: path).map { PhotoSize(width: $0.width, height: $0.height) }
    .mapError { PhotoProbeFailure(reason: $0.reason) }
}
