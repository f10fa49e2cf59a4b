import Foundation

/// Opens a dataset path as an ``ItemCatalogue`` read in the background: the first page can be asked for at once,
/// the rest arrives while the viewer runs.
public enum CatalogueReading {
  /// Opens `path` (a file, a directory of page files, or with a probe a folder of pictures) and starts reading
  /// it on a thread of its own. Throws only what is known before reading a record: a missing path, a directory
  /// with nothing to show.
  public static func open(
    path: String, pageSize: Int, loops: Bool = false, pictureProbe: PictureProbe? = nil
  ) throws(DatasetError) -> ItemCatalogue {
    let location = try DatasetLoader.locate(path: path, pictureProbe: pictureProbe)
    let paging: ItemCatalogue.Paging
    if case .pages = location { paging = .files } else { paging = .size(pageSize) }
    let catalogue = ItemCatalogue(paging: paging, loops: loops)
    let firstBatch = max(1, pageSize)
    let thread = Thread {
      read(location, path: path, firstBatch: firstBatch, pictureProbe: pictureProbe, into: catalogue)
    }
    thread.name = "catalogue reader"
    thread.start()
    return catalogue
  }

  /// Opens the dataset arriving on `descriptor` (standard input, or a pipe named `name` such as `<(a command)`)
  /// and reads it on a thread of its own as it arrives, keeping its bytes in the ``StreamedInput`` returned
  /// (`--pick` prints records from them).
  public static func open(
    stream descriptor: Int32, named name: String = StreamedInput.name, pageSize: Int, loops: Bool = false
  ) -> (catalogue: ItemCatalogue, input: StreamedInput) {
    let catalogue = ItemCatalogue(paging: .size(pageSize), loops: loops, sizeKnown: false)
    let input = StreamedInput()
    let thread = Thread {
      do throws(DatasetError) {
        try DatasetFileReader.read(stream: descriptor, named: name, into: input, firstBatch: max(1, pageSize)) {
          catalogue.append($0.columns, problems: $0.problems, skipped: $0.skipped, fraction: nil)
        }
        catalogue.finish()
      } catch {
        catalogue.finish(stoppedBy: error.description)
      }
    }
    thread.name = "catalogue reader"
    thread.start()
    return (catalogue, input)
  }

  /// Reads everything at `location` into `catalogue`, then finishes it.
  static func read(
    _ location: DatasetLoader.Location, path: String, firstBatch: Int, pictureProbe: PictureProbe?,
    into catalogue: ItemCatalogue
  ) {
    switch location {
    case .photoFolder(let names):
      PhotoFolder.read(directory: path, names: names, probe: pictureProbe!) { catalogue.append($0) }
      catalogue.finish()
    case .file:
      do {
        try DatasetFileReader.read(file: path, format: DatasetFormat.forExtension(of: path), firstBatch: firstBatch) {
          catalogue.append($0)
        }
        catalogue.finish()
      } catch {
        catalogue.finish(stoppedBy: error.description)
      }
    case .pages(let files):
      // A directory is a feed: each file is a page read whole, and a file that cannot be read is a page that fails.
      for (number, file) in files.enumerated() {
        var batches: [ReadBatch] = []
        do {
          try DatasetFileReader.read(file: file, format: DatasetFormat.forExtension(of: file)) { batches.append($0) }
          for batch in batches {
            catalogue.append(
              batch.columns, problems: batch.problems, skipped: batch.skipped,
              fraction: Double(number + 1) / Double(files.count))
          }
          catalogue.endFile()
        } catch {
          catalogue.endFile(brokenReason: error.description)
        }
      }
      catalogue.finish()
    }
  }
}
