/// A dataset on disk: a file, a directory of page files, or (with a probe) a folder of pictures, read in the
/// background. It takes any name no other source took, so it comes last but one in the registry.
public struct DatasetFileSource: SourceKind {
  let pageSize: Int
  let loops: Bool
  let pictureProbe: PictureProbe?

  public init(pageSize: Int, loops: Bool, pictureProbe: PictureProbe?) {
    (self.pageSize, self.loops, self.pictureProbe) = (pageSize, loops, pictureProbe)
  }

  public func opens(_ address: DatasetAddress) -> Bool {
    if case .named = address { true } else { false }
  }

  public func open(
    _ address: DatasetAddress, whole: Bool, query: CatalogueQuery
  ) throws(SourceFailure) -> any OpenedSource {
    guard case .named(let path) = address else { throw Self.nothingNamed }
    let catalogue: ItemCatalogue
    do {
      catalogue = try CatalogueReading.open(path: path, pageSize: pageSize, loops: loops, pictureProbe: pictureProbe)
    } catch {
      throw SourceFailure(error)
    }
    return try OpenedCatalogue(catalogue: catalogue, name: DatasetLoader.displayName(ofPath: path))
      .readyForViewer(address: path, whole: whole, pageSize: pageSize)
  }

  public func check(_ address: DatasetAddress, report: (String) -> Void) throws(SourceFailure) -> CheckSummary {
    guard case .named(let path) = address else { throw Self.nothingNamed }
    return try CheckSummary.dataset(report: report) { (deliver) throws(DatasetError) in
      try DatasetStream.read(path: path, pictureProbe: pictureProbe, deliver: deliver)
    }
  }

  private static let nothingNamed = SourceFailure(lines: ["no dataset named"])
}
