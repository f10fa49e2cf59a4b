import FuzzSupport
import ShopCatalog

/// A feed page's body reader: see `FeedBodyProperties` for what must hold.
runFuzzer { data, size in
  FeedBodyProperties.check(fuzzBytes(data, size))
  return 0
}
