extension Screen {
  /// One line of our own text, clipped to the screen less a column each side and centred.
  mutating func putCentred(_ text: String, row: Int, style: Style, ellipsis: String) {
    let clipped = TextLayout.clip(text, toWidth: width - 2, ellipsis: ellipsis)
    put(clipped, x: max(0, (width - DisplayWidth.of(clipped)) / 2), y: row, style: style)
  }
}
