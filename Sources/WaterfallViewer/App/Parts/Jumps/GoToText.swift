import ShopCatalog

/// What `:`'s text names, read one way for the hint shown as it is typed and for Enter's jump: nothing yet, an
/// item number (counting from 1, `#` and spaces around it ignored), or why it names none.
enum GoToText: Equatable {
  case empty
  case notANumber(String)
  case belowOne(String)
  case item(ItemID)

  init(_ text: String) {
    let trimmed = text.trimmingCharacters(in: " #")
    guard !trimmed.isEmpty else {
      self = .empty
      return
    }
    guard let number = Int(trimmed) else {
      self = .notANumber(trimmed)
      return
    }
    self = number >= 1 ? .item(ItemID(number: number)) : .belowOne(trimmed)
  }
}
