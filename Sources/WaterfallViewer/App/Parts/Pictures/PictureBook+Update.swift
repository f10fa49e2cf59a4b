import Pictures

/// The pictures part's update: after every message the viewer says which pictures its boxes and the open detail
/// want, and the book answers with the loads to start and the cancels to send.
extension PictureBook {
  /// A picture wanted: of the item at store index `index`, `size` big, this urgent.
  struct Want {
    var index: Int
    var size: BoxSize
    var priority: PicturePriority
  }

  /// Brings the book in line with `wanted` (by slot) shown as `display` asks: a slot no longer wanted is cancelled,
  /// a new one or one of another size or display is loaded, one loading is asked again when more urgent now.
  /// `address` gives an item's picture address and dataset file, read only when its source is not known yet.
  mutating func update(
    wanted: [PictureSlot: Want], display: PictureStyle, address: (Int) -> (picture: String, datasetFile: String)
  ) -> [Effect] {
    var effects: [Effect] = []
    // Only the entries no longer wanted are sorted (into the same order): usually none.
    for item in entries.keys.filter({ wanted[$0] == nil }).sorted() {
      self[item] = nil
      effects.append(.cancelPicture(item: item))
    }
    for (item, want) in wanted.sorted(by: { $0.key < $1.key }) {
      let entry = entries[item]
      // The entry's key already names the item's source; only the size or the display can have changed.
      if let entry, entry.key.size == want.size, entry.key.style == display {
        guard case .loading(let key, let asked) = entry, asked < want.priority else { continue }
        self[item] = .loading(key, want.priority)
        effects.append(
          .loadPicture(PictureRequest(item: item, generation: generation, key: key, priority: want.priority)))
        continue
      }
      let key = key(for: want.index, size: want.size, display: display, address: address)
      self[item] = .loading(key, want.priority)
      effects.append(
        .loadPicture(PictureRequest(item: item, generation: generation, key: key, priority: want.priority)))
    }
    return effects
  }

  /// `index`: the store's.
  private mutating func key(
    for index: Int, size: BoxSize, display: PictureStyle, address: (Int) -> (picture: String, datasetFile: String)
  ) -> PictureRenderKey {
    let source = source(ofStoreItem: index) { address(index) }
    return PictureRenderKey(source: source, size: size, style: display)
  }
}
