import Pictures
import ShopCatalog
import WaterfallKit

/// What ``Viewer/update(_:)`` asks the world to do. The viewer itself starts no I/O and no thread; the
/// ``Runner`` carries these out.
public enum Effect: Hashable, Sendable {
  /// Fetch a page after the simulated latency, then send back ``Message/pageArrived(_:)``.
  case loadPage(PageLoad)
  /// A page load whose result would now be stale (a refresh started): it may be dropped unfinished.
  case cancelPageLoad(request: Int)
  /// Load, decode and draw a picture in the background, then send back ``Message/pictureArrived(_:)``.
  case loadPicture(PictureRequest)
  /// The item's box left the buffered viewport: its picture is no longer wanted.
  case cancelPicture(item: Int)
  /// The items changed (a refresh): no picture of an earlier generation is wanted.
  case cancelPictures(generationsBefore: Int)
  /// Draw the whole terminal again, not just what changed (Ctrl-L).
  case redrawAll
  /// Open this address (a link or a picture) outside, in the user's browser; a failure comes back as
  /// ``Message/notice(_:)``.
  case openExternally(String)
  /// Put this text on the clipboard, through the terminal (OSC 52).
  case copyToClipboard(String)
  case quit
}

/// One page fetch: which page of the feed, for which of the engine's requests, after what latency.
public struct PageLoad: Hashable, Sendable {
  public var request: PageRequest
  public var feedRequest: FeedCursor.Request
  public var latencyMilliseconds: Int

  public init(request: PageRequest, feedRequest: FeedCursor.Request, latencyMilliseconds: Int) {
    self.request = request
    self.feedRequest = feedRequest
    self.latencyMilliseconds = latencyMilliseconds
  }
}
