import Pictures
import ShopCatalog
import WaterfallKit

/// Everything that reaches the viewer's ``Viewer/update(_:)``: what the person does, the passing of time, and
/// what background work brings back (through the one ``Mailbox``).
public enum Message: Sendable {
  /// The runner started: the first page is asked for.
  case start
  case input(InputEvent)
  /// The clock reads `now` milliseconds since the start.
  case tick(now: Int)
  case pageArrived(PageDelivery)
  case pictureArrived(PictureResult)
  /// Something done outside went wrong (opening a link): a line for the status bar.
  case notice(String)
}

/// A page the viewer asked for (``Effect/loadPage(_:)``), and what the feed answered.
public struct PageDelivery: Sendable {
  public var load: PageLoad
  public var response: PageFeed.Response

  public init(load: PageLoad, response: PageFeed.Response) { (self.load, self.response) = (load, response) }
}
