import FuzzSupport
import ShopCatalog

/// The csv reader and the item decoder over it: see `DatasetProperties` for what must hold.
runFuzzer { data, size in
  DatasetProperties.check(fuzzBytes(data, size), format: .csv)
  return 0
}
