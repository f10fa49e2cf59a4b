/// The first of `0..<count` for which `isPast` holds, given it holds for a suffix of them (`count` when it holds
/// for none): the one binary search the layout's sorted lists (a column's items, the sections) share. O(log count).
@inline(__always)
func partitionPoint(_ count: Int, where isPast: (Int) -> Bool) -> Int {
  var low = 0
  var high = count
  while low < high {
    let middle = (low + high) / 2
    if isPast(middle) { high = middle } else { low = middle + 1 }
  }
  return low
}
