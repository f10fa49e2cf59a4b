import Foundation
import Locking
import Testing

@testable import Pictures

@Suite("Picture loader")
struct LoaderTests {
  private func request(
    _ item: Int, generation: Int = 0, priority: PicturePriority = .visible, columns: Int = 12
  )
    -> PictureRequest
  {
    let path = PictureFiles.cataloguePictures[item]
    return PictureRequest(
      item: PictureSlot(item), generation: generation,
      key: PictureRenderKey(source: .file(path), size: BoxSize(columns: columns, rows: 8)), priority: priority)
  }

  private func loader(workers: Int = 2, renderCacheBytes: Int = 64 << 20) -> (PictureLoader, Deliveries) {
    let deliveries = Deliveries()
    var configuration = PictureLoader.Configuration()
    configuration.workers = workers
    configuration.renderCacheBytes = renderCacheBytes
    return (PictureLoader(configuration: configuration) { deliveries.append($0) }, deliveries)
  }

  @Test("a picture is delivered with a grid of the asked size; asked again it comes from the cache")
  func deliversAndCaches() throws {
    let (loader, deliveries) = loader()
    loader.request(request(1))
    loader.waitUntilIdle()
    let grid = try #require(deliveries.all.first?.outcome.success)
    #expect(grid.size == BoxSize(columns: 12, rows: 8))
    #expect(deliveries.all.first?.fromCache == false)
    loader.request(request(1))
    #expect(deliveries.all.count == 2, "a cache hit is delivered at once")
    #expect(deliveries.all.last?.fromCache == true)
    let statistics = loader.statistics
    #expect(statistics.requested == 2 && statistics.decoded == 1 && statistics.fromCache == 1)
    #expect(statistics.renderCacheBytes >= grid.byteCount)
  }

  @Test("a resize draws again from the kept thumbnail, without decoding again")
  func resizeWithoutDecoding() {
    let (loader, deliveries) = loader()
    loader.request(request(2, columns: 12))
    loader.waitUntilIdle()
    loader.request(request(2, columns: 10))
    loader.waitUntilIdle()
    #expect(deliveries.all.count == 2)
    #expect(deliveries.all.last?.outcome.success?.size == BoxSize(columns: 10, rows: 8))
    #expect(loader.statistics.decoded == 1)
  }

  @Test("visible pictures go before prefetches, oldest first among equals")
  func priorityOrder() {
    let (loader, deliveries) = loader(workers: 1)
    loader.pause()
    loader.request(request(10, priority: .prefetch))
    loader.request(request(11, priority: .visible))
    loader.request(request(12, priority: .prefetch))
    loader.request(request(13, priority: .visible))
    loader.resume()
    loader.waitUntilIdle()
    #expect(deliveries.items == [11, 13, 10, 12])
  }

  @Test("cancelled loads never call back, by item or by generation")
  func cancellation() {
    let (loader, deliveries) = loader(workers: 1)
    loader.pause()
    for item in 20..<26 { loader.request(request(item, generation: item < 23 ? 1 : 2)) }
    loader.cancel(item: 24)
    loader.cancel(generationsBefore: 2)
    loader.resume()
    loader.waitUntilIdle()
    #expect(deliveries.items == [23, 25])
    #expect(loader.statistics.cancelled == 4)
  }

  @Test("loads cancelled while running are not delivered")
  func cancellationWhileRunning() {
    let (loader, deliveries) = loader(workers: 2)
    for item in 30..<60 { loader.request(request(item)) }
    loader.cancelAll()
    let countAtCancel = deliveries.all.count
    loader.waitUntilIdle()
    #expect(deliveries.all.count == countAtCancel, "nothing arrives after cancelAll returned")
    #expect(loader.statistics.cancelled + countAtCancel == 30)
  }

  @Test("a load whose delivery has begun is delivered and not counted as cancelled (it was too late)")
  func cancellationDuringDelivery() {
    let deliveryBegan = DispatchSemaphore(value: 0)
    let deliveryMayEnd = DispatchSemaphore(value: 0)
    let deliveries = Deliveries()
    let loader = PictureLoader(configuration: PictureLoader.Configuration()) { result in
      deliveryBegan.signal()
      deliveryMayEnd.wait()
      deliveries.append(result)
    }
    loader.request(request(31))
    deliveryBegan.wait()
    let cancelReturned = DispatchSemaphore(value: 0)
    Thread {
      loader.cancelAll()
      cancelReturned.signal()
    }.start()
    // The cancel has reached the books and waits for the delivery under way: only then may the delivery end.
    loader.waitUntilACancelAwaitsDelivery()
    #expect(cancelReturned.wait(timeout: .now()) == .timedOut, "cancelAll returned during a delivery")
    deliveryMayEnd.signal()
    cancelReturned.wait()
    loader.waitUntilIdle()
    #expect(deliveries.items == [31])
    #expect(loader.statistics.cancelled == 0)
  }

  @Test("asked for again while a worker has it, an item's picture is loaded and delivered once")
  func askedAgainWhileRunning() {
    let deliveryBegan = DispatchSemaphore(value: 0)
    let deliveryMayEnd = DispatchSemaphore(value: 0)
    let deliveries = Deliveries()
    let firstDelivery = Locked(true)
    let loader = PictureLoader(configuration: PictureLoader.Configuration()) { result in
      let isFirst = firstDelivery.withLock { first in
        defer { first = false }
        return first
      }
      if isFirst {
        deliveryBegan.signal()
        deliveryMayEnd.wait()
      }
      deliveries.append(result)
    }
    // A failure, which no cache answers at once on the asking thread.
    let missing = PictureRequest(
      item: 7, key: PictureRenderKey(source: .file("/nonexistent/7.jpg"), size: BoxSize(columns: 4, rows: 4)))
    loader.request(missing)
    deliveryBegan.wait()
    loader.request(missing)
    deliveryMayEnd.signal()
    loader.waitUntilIdle()
    #expect(deliveries.items == [7])
    #expect(loader.statistics.failed == 1)
  }

  @Test("a new request for an item replaces its queued one (the box changed size)")
  func replacesQueued() {
    let (loader, deliveries) = loader(workers: 1)
    loader.pause()
    loader.request(request(40, columns: 12))
    loader.request(request(40, columns: 9))
    loader.resume()
    loader.waitUntilIdle()
    #expect(deliveries.all.count == 1)
    #expect(deliveries.all.first?.outcome.success?.size.columns == 9)
  }

  @Test("failures are delivered with their reason; an ftp address is not a picture we load")
  func failures() {
    let (loader, deliveries) = loader()
    loader.request(
      PictureRequest(
        item: 1, key: PictureRenderKey(source: .file("/nonexistent/x.jpg"), size: BoxSize(columns: 4, rows: 4))))
    loader.request(
      PictureRequest(
        item: 2,
        key: PictureRenderKey(
          source: PictureSource.resolve("ftp://img.example.com/a.jpg", relativeTo: "/data/1.plist"),
          size: BoxSize(columns: 4, rows: 4))))
    loader.waitUntilIdle()
    let kinds = Dictionary(uniqueKeysWithValues: deliveries.all.map { ($0.request.item, $0.outcome.failure?.kind) })
    #expect(kinds[1] == .missing)
    #expect(kinds[2] == .notLocal)
    // The ftp address is an `img` that could not be shown: a failure, as the missing file is.
    #expect(loader.statistics.failed == 2)
  }

  @Test("an item without an img is counted apart: not requested, not failed, not drawn")
  func withoutPicture() {
    let (loader, deliveries) = loader()
    let size = BoxSize(columns: 4, rows: 4)
    loader.request(
      PictureRequest(
        item: 1, key: PictureRenderKey(source: PictureSource.resolve(" ", relativeTo: "/d/1.plist"), size: size)))
    loader.request(request(3))
    loader.waitUntilIdle()
    #expect(deliveries.all.first { $0.request.item == 1 }?.outcome.failure?.kind == .notLocal)
    let statistics = loader.statistics
    #expect(statistics.withoutPicture == 1 && statistics.requested == 1, "\(statistics)")
    #expect(statistics.failed == 0 && statistics.drawn == 1, "\(statistics)")
  }

  @Test("the render cache stays within its byte bound")
  func renderCacheBound() {
    let (loader, _) = loader(renderCacheBytes: 40_000)
    for item in 0..<20 { loader.request(request(item)) }
    loader.waitUntilIdle()
    #expect(loader.statistics.renderCacheBytes <= 40_000)
    #expect(loader.statistics.renderCacheBytes > 0)
  }
}
