import Testing

@testable import Pictures

@Suite("Byte-bounded cache")
struct CacheTests {
  @Test("holds at most its byte limit; the least recently used go first")
  func leastRecentlyUsedOut() {
    var cache = ByteBoundedCache<String, Int>(byteLimit: 100)
    cache.insert(1, bytes: 40, for: "a")
    cache.insert(2, bytes: 40, for: "b")
    #expect(cache.value(for: "a") == 1)  // a is now newer than b
    cache.insert(3, bytes: 40, for: "c")
    #expect(cache.byteCount == 80)
    #expect(cache.peek("b") == nil, "b was the least recently used")
    #expect(cache.keysByRecentUse == ["c", "a"])
  }

  @Test("a value larger than the whole limit is not kept and evicts nothing")
  func tooLarge() {
    var cache = ByteBoundedCache<String, Int>(byteLimit: 100)
    cache.insert(1, bytes: 60, for: "a")
    cache.insert(2, bytes: 101, for: "huge")
    #expect(cache.peek("huge") == nil)
    #expect(cache.peek("a") == 1)
  }

  @Test("replacing a key replaces its bytes")
  func replace() {
    var cache = ByteBoundedCache<String, Int>(byteLimit: 100)
    cache.insert(1, bytes: 60, for: "a")
    cache.insert(2, bytes: 30, for: "a")
    #expect(cache.byteCount == 30)
    #expect(cache.count == 1)
    cache.remove("a")
    #expect(cache.byteCount == 0 && cache.keysByRecentUse.isEmpty)
  }

  @Test("many inserts never exceed the bound and keep the newest")
  func bounded() {
    var cache = ByteBoundedCache<Int, Int>(byteLimit: 1000)
    for key in 0..<500 { cache.insert(key, bytes: 7 + key % 13, for: key) }
    #expect(cache.byteCount <= 1000)
    #expect(cache.peek(499) == 499)
    #expect(cache.keysByRecentUse.first == 499)
    #expect(cache.keysByRecentUse.count == cache.count)
  }
}
