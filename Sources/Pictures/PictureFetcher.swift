/// What the loader asks of the network for a remote picture's bytes. A protocol, so that this module links no
/// network stack: the http(s) one is WebFetch's `HTTPFetcher`, handed in by whoever makes the loader
/// (``PictureLoader/Configuration/makeFetcher``).
///
/// Every fetch ends exactly once, through the completion, with the waiters (the loader's job numbers) it had then;
/// the completion is never called with a lock held.
public protocol PictureFetcher: AnyObject, Sendable {
  typealias Completion =
    @Sendable (_ url: String, _ outcome: Result<[UInt8], PictureFailure>, _ waiters: Set<UInt64>) -> Void

  func setCompletion(_ completion: Completion?)
  /// Adds `waiter` to the fetch of `url`, starting one if there is none.
  func fetch(_ url: String, waiter: UInt64, priority: PicturePriority)
  /// A waiting fetch of `url` goes ahead of prefetches (its box came on screen).
  func raisePriority(of url: String, to priority: PicturePriority)
  /// Takes `waiter` off the fetch of `url`.
  func cancel(_ url: String, waiter: UInt64)
  /// Stops every fetch; their waiters get a failure.
  func shutDown()
  /// The most fetches that were under way at once.
  var mostAtOnce: Int { get }
  /// How much of `url`'s body has arrived, and its announced length (-1 when unknown), while it is fetched.
  func progress(of url: String) -> (received: Int, expected: Int64)?
}
