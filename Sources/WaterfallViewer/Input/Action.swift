/// What a key binding does. The key map maps keys to these; the viewer carries them out.
public enum Action: Hashable, Sendable, CaseIterable {
  case quit
  case redrawAll
  /// Close what is open, or let go of the focus and the selection.
  case escape
  case toggleHelp
  case toggleStatistics
  /// `F`: how the result divides by the shop's (and `--facets`) values.
  case toggleFacets
  case toggleReuseLabels
  /// ↓ / ↑: the next box of the focused column, or one row.
  case stepDown
  case stepUp
  case focusLeft
  case focusRight
  case pageDown
  case pageUp
  case halfPageDown
  case halfPageUp
  case top
  case bottom
  /// Enter: select the focused box and show its detail.
  case activate
  case moreColumns
  case fewerColumns
  case automaticColumns
  case refresh
  case retry
  case goToItem
  case search
  case filter
  case nextMatch
  case previousMatch
  case cycleSort
  case toggleSections
  case toggleInspector
  case toggleStepMode
  /// `c`: the originals' visible-cell queries beside ours, in the inspector.
  case toggleComparison
  /// `[` / `]`: the inspector's log back to an older pass (a step back in step mode), or on to a newer one.
  case olderPass
  case newerPass
  /// `x`: open the focused item's link (else its picture) in the browser.
  case openLink
  /// `y`: copy the focused item's link (else its title) to the clipboard.
  case copyLink
  /// Ctrl-O: back to where the view was before the last jump (vim's jump list).
  case jumpBack
  /// Ctrl-I (Tab): forward again, towards where Ctrl-O began.
  case jumpForward
  /// `m` and a letter: mark the place (less's and vim's marks).
  case setMark
  /// `'` and a letter: back to the marked place.
  case goToMark
  /// `--pick`, Tab / Space: mark the focused item, or unmark it.
  case toggleMark
  /// `--pick`, Enter: pick the marked items (else the focused one) and quit.
  case acceptPicks
}
