/// The catalogue that comes with Waterfall, for the viewer started with no dataset and no pipe.
public struct BundledCatalogueSource: SourceKind {
  let pageSize: Int
  let loops: Bool

  public init(pageSize: Int, loops: Bool) { (self.pageSize, self.loops) = (pageSize, loops) }

  public func opens(_ address: DatasetAddress) -> Bool { address == .unnamed }

  public func open(
    _ address: DatasetAddress, whole: Bool, query: CatalogueQuery
  ) throws(SourceFailure) -> any OpenedSource {
    let path = try Self.located()
    let catalogue: ItemCatalogue
    do {
      catalogue = try CatalogueReading.open(path: path, pageSize: pageSize, loops: loops)
    } catch {
      throw SourceFailure(error)
    }
    return try OpenedCatalogue(catalogue: catalogue, name: "Shop catalogue")
      .readyForViewer(address: path, whole: whole, pageSize: pageSize)
  }

  public func check(_ address: DatasetAddress, report: (String) -> Void) throws(SourceFailure) -> CheckSummary {
    let path = try Self.located()
    return try CheckSummary.dataset(report: report) { (deliver) throws(DatasetError) in
      try DatasetStream.read(path: path, deliver: deliver)
    }
  }

  private static func located() throws(SourceFailure) -> String {
    guard let bundled = BundledCatalogue.locate() else {
      throw SourceFailure(
        DatasetError(
          file: BundledCatalogue.candidates().joined(separator: ", "),
          reason: "the bundled catalogue is missing; pass --data PATH or set \(BundledCatalogue.environmentVariable)"))
    }
    return bundled
  }
}
