extension ReadingProgress {
  /// A catalogue a database holds whole: every item is there before the first page, so nothing is left to read.
  public static func complete(itemsRead: Int) -> ReadingProgress {
    var progress = ReadingProgress()
    progress.itemsRead = itemsRead
    progress.fraction = 1
    progress.isComplete = true
    return progress
  }
}
