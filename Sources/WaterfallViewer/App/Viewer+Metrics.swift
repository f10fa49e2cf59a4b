import WaterfallKit

extension Viewer {
  /// A frame was drawn (`microseconds`: its work, when the runner measured it): its blank area and the boxes that
  /// entered the view with their pictures ready or not go into ``metrics``.
  public func noteFrame(microseconds: Double?) {
    guard options.pictures != nil else {
      return metrics.frame(blankCells: 0, inView: nil, microseconds: microseconds)
    }
    let viewport = waterfall.viewportRect
    var blank = 0
    var inView: [Int: Bool] = [:]
    for index in waterfall.visibleCells.keys where index < store.count {
      let frame = waterfall.layout.frame(of: index)
      guard frame.intersects(viewport) else { continue }
      // Drawn, or failed with its mark (an item without a picture fails at once): nothing more is coming.
      let ready: Bool
      switch pictures[.box(index)] {
      case .shown?, .failed?: ready = true
      case .loading?, nil: ready = false
      }
      inView[index] = ready
      guard !ready else { continue }
      let rows = options.metrics.imageRows(
        aspectRatio: store.displayItems[index].aspectRatio, columnWidth: frame.width)
      let top = max(frame.y + 1, viewport.y)
      let bottom = min(frame.y + 1 + rows, viewport.maxY)
      blank += max(0, bottom - top) * max(0, frame.width - 2)
    }
    metrics.frame(blankCells: blank, inView: inView, microseconds: microseconds)
  }
}

extension Viewer {
  /// What `--show-stats` prints on exit: the statistics panel's lines (the engine's reuse counts, the metrics,
  /// the picture loader's counts), one `label  value` a line.
  public var statisticsReport: String {
    PanelLine.statistics(
      waterfall.statistics, lastFrameMicroseconds: lastFrameMicroseconds, metrics: metrics,
      pictures: pictureStatistics
    ).map { ($0.label + $0.text).trimmingTrailingSpaces() }.joined(separator: "\n") + "\n"
  }
}

extension Duration {
  var microseconds: Double {
    let parts = components
    return Double(parts.seconds) * 1e6 + Double(parts.attoseconds) / 1e12
  }
}
