import ShopCatalog
import WaterfallKit

/// The status line filled in from the engine and the other parts: the root hands them over, nothing more.
extension StatusLine {
  init(
    waterfall: WaterfallView, store: ItemStore, focus: Focus, reading: ReadingProgress, presentation: Presentation,
    state: ViewState, search: SearchState?, rankLoader: RankLoader, picking: Bool, measuring: Measuring?,
    stepping: Bool, spinner: String, glyphs: Glyphs, keys: KeyHints
  ) {
    let onScreen = waterfall.indicesInViewport
    let total = reading.total.map { "/\($0)" } ?? ""
    self.init(
      position: waterfall.itemCount > 0
        ? (waterfall.contentOffset, waterfall.contentHeight, waterfall.maximumOffset) : nil,
      count: Self.count(store: store, reading: reading, filtered: presentation.filter != nil),
      onScreen: onScreen.first.flatMap { first in onScreen.last.map { first...$0 } },
      selectedNumber: focus.selected.flatMap(store.number(at:)),
      marked: picking ? state.picker.statusText : nil, reading: reading,
      search: search?.statusText(loadingTo: rankLoader.match, reading: reading),
      // While the result is measured for the jump, the measuring's progress is the figure.
      place: rankLoader.place.map { measuring == nil ? $0.statusText(loaded: store.count) : $0.jumpText },
      loadedItemsOnly: store.loadedItemsOnly,
      filterShown: presentation.filter == nil ? nil : "\(store.resultCountText)\(total) shown",
      filterWords: presentation.filter.map { FilterLanguage.words(of: $0.pattern, separator: glyphs.dot) },
      sort: presentation.sort, notice: state.notice ?? Self.loadFailure(waterfall), stepping: stepping,
      measuring: measuring.map { "\(spinner) \($0.progressText) (Esc stops)" }, glyphs: glyphs, keys: keys,
      prompt: state.promptLine.prompt,
      promptHint: state.promptLine.prompt.flatMap {
        PromptHints.hint(for: $0, search: search, filter: state.filterPreview, store: store, reading: reading)
      })
  }

  /// "load failed: why": while the first page failed and nothing is shown, the status bar keeps saying so (a key
  /// clears notices, but the centre still shows the failure and the reason belongs beside it).
  static func loadFailure(_ waterfall: WaterfallView) -> String? {
    guard waterfall.contentState == .empty, case .failed(let reason) = waterfall.paging.loadMore else { return nil }
    return loadFailedText(reason)
  }

  static func loadFailedText(_ reason: String) -> String { "load failed: \(reason)" }

  /// The items loaded and, when the source knows more, the catalogue's total: "50/300 items". A filter's part
  /// counts the filter's result instead ("1/300 shown").
  static func count(store: ItemStore, reading: ReadingProgress, filtered: Bool) -> String {
    let total = store.resultCount ?? reading.total
    guard !filtered, let total, total > store.count else { return store.countText }
    return "\(store.count)/\(total) items"
  }
}
