import FuzzSupport
import ShopCatalog

/// The json-lines reader and the item decoder over it: see `DatasetProperties` for what must hold.
runFuzzer { data, size in
  DatasetProperties.check(fuzzBytes(data, size), format: .jsonLines)
  return 0
}
