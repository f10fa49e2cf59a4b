import ShopCatalog

/// The line typed in the status bar (`:`, `/`, `&`): the open prompt, if any, and the text last submitted in each
/// kind (Up brings it back, as in less). Keys edit it; what the text means is the viewer's business.
public struct PromptLine: Hashable, Sendable {
  /// What a key did to the prompt.
  public enum Outcome: Hashable, Sendable {
    /// Nothing the viewer need act on (the text is unchanged, or no prompt is open).
    case unchanged
    /// The text changed: a search follows it as it is typed.
    case changed(Prompt)
    /// Esc: closed, nothing submitted.
    case cancelled(Prompt)
    /// Enter: closed, submitted.
    case submitted(Prompt)
    /// Ctrl-L: draw the whole terminal again.
    case redrawAll
  }

  /// Longer text is not taken: nobody searches for more, and it keeps a stuck key harmless.
  static let longestText = 200

  public internal(set) var prompt: Prompt?
  /// The text last submitted in each kind of prompt.
  public internal(set) var history: [Prompt.Purpose: String] = [:]

  public init() {}

  /// Opens an empty prompt (so "& Enter" shows every item; the last text is one key away), remembering where the
  /// view was so that Esc can go back.
  mutating func open(_ purpose: Prompt.Purpose, origin: (offset: Int, focus: Int?)) {
    var prompt = Prompt(purpose: purpose)
    prompt.origin = origin
    self.prompt = prompt
  }

  /// The open prompt's text replaced by `text` (the filter in effect, to edit).
  mutating func fill(_ text: String) {
    prompt?.text = String(text.prefix(Self.longestText))
  }

  /// Pasted text is typed as it is, as far as ``longestText`` allows; it never submits or cancels (the caller made
  /// it one line without control characters).
  mutating func paste(_ text: String) -> Outcome {
    guard var edited = prompt else { return .unchanged }
    edited.text += text.prefix(max(0, Self.longestText - edited.text.count))
    guard edited.text != prompt?.text else { return .unchanged }
    prompt = edited
    return .changed(edited)
  }

  /// Backspace, Ctrl-U, Up, Esc and Enter edit, recall, cancel and submit; other characters are typed.
  mutating func update(_ key: Key) -> Outcome {
    guard var edited = prompt else { return .unchanged }
    switch key {
    case .character(let character):
      if edited.text.count < Self.longestText { edited.text.append(character) }
    case .backspace:
      if !edited.text.isEmpty { edited.text.removeLast() }
    case .control("u"):
      edited.text = ""
    case .up:
      if let previous = history[edited.purpose] { edited.text = previous }
    case .escape:
      prompt = nil
      return .cancelled(edited)
    case .enter:
      prompt = nil
      if !edited.text.isEmpty { history[edited.purpose] = edited.text }
      return .submitted(edited)
    case .control("l"):
      return .redrawAll
    default:
      break
    }
    let changed = edited.text != prompt?.text
    prompt = edited
    return changed ? .changed(edited) : .unchanged
  }
}

extension PromptLine.Outcome {
  /// What the root does with it: a search follows the text as it is typed; Enter hands the text to the part the
  /// prompt is for (`:` the jumps, `/` the search, `&` the organiser).
  var commands: [Command] {
    switch self {
    case .unchanged: []
    case .changed(let prompt):
      if prompt.purpose == .filter {
        [.previewFilter(prompt.text)]
      }
      // A word the filter language cannot read yet (`price<`): the search stays as it was; the hint says why.
      else if ItemQuery(prompt.text).problem != nil {
        []
      } else {
        [.search(.typed(prompt))]
      }
    case .cancelled(let prompt):
      prompt.purpose == .filter ? [.previewFilter(nil), .filterCancelled] : [.search(.cancelled(prompt))]
    case .submitted(let prompt):
      switch prompt.purpose {
      case .goToItem: [.jumps(.goToItem(prompt.text))]
      case .search:
        if let problem = ItemQuery(prompt.text).problem {
          [.search(.cancelled(prompt)), .notice("\(problem): the search is as it was")]
        } else {
          [.search(.submitted(prompt))]
        }
      case .filter:
        // A word the filter language cannot read: the filter as it was when the prompt opened, and why.
        if let problem = ItemQuery(prompt.text).problem {
          [.previewFilter(nil), .filterRefused(problem: problem)]
        } else {
          [.previewFilter(nil), .organise(.filter(prompt.text))]
        }
      }
    case .redrawAll: [.effect(.redrawAll)]
    }
  }
}
