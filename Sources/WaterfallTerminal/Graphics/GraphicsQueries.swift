/// The start-up queries, sent in one write: the kitty graphics query (a 1×1 image that is never stored),
/// XTVERSION, the cell size in pixels, and DA1 last, which every terminal answers: its answer ends the wait.
public enum GraphicsQueries {
  /// The id the kitty query uses (its answer names it).
  static let kittyQueryID = 31

  public static let bytes: [UInt8] = Array(
    ("\u{1B}_Gi=\(kittyQueryID),s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\" + "\u{1B}[>q" + "\u{1B}[16t" + "\u{1B}[c").utf8)

  /// How long to wait for the answers when the terminal never sends DA1's (a terminal that answers does so
  /// within a few milliseconds, and the wait ends then).
  public static let longestWaitMilliseconds = 250
}
