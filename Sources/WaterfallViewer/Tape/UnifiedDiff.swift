/// A unified diff of two short texts (a screen each: at most ``KeyScript/maximumSize``'s height), from their
/// longest common subsequence of lines, with three lines of context.
public enum UnifiedDiff {
  public static func diff(
    old: [String], new: [String], oldName: String, newName: String, context: Int = 3
  )
    -> String
  {
    let edits = script(old, new)
    guard edits.contains(where: { $0.kind != .same }) else { return "" }
    var output = "--- \(oldName)\n+++ \(newName)\n"
    // Hunks: runs of edits with at most 2×context unchanged lines between them.
    var index = 0
    while let firstChange = edits[index...].firstIndex(where: { $0.kind != .same }) {
      let start = max(index, firstChange - context)
      var end = firstChange
      while true {
        guard let next = edits[(end + 1)...].firstIndex(where: { $0.kind != .same }) else { break }
        if next - end > 2 * context { break }
        end = next
      }
      end = min(edits.count - 1, end + context)
      let hunk = edits[start...end]
      let oldStart = hunk.first!.oldLine
      let newStart = hunk.first!.newLine
      let oldCount = hunk.filter { $0.kind != .added }.count
      let newCount = hunk.filter { $0.kind != .removed }.count
      output += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n"
      for edit in hunk {
        output += (edit.kind == .same ? " " : edit.kind == .removed ? "-" : "+") + edit.text + "\n"
      }
      index = end + 1
    }
    return output
  }

  private static func range(_ start: Int, _ count: Int) -> String {
    // Unified diff numbers lines from 1; an empty range names the line before it.
    count == 0 ? "\(start),0" : count == 1 ? "\(start + 1)" : "\(start + 1),\(count)"
  }

  struct Edit {
    enum Kind { case same, removed, added }
    var kind: Kind
    var text: String
    /// 0-based positions in each text where this edit sits.
    var oldLine: Int
    var newLine: Int
  }

  static func script(_ old: [String], _ new: [String]) -> [Edit] {
    let (n, m) = (old.count, new.count)
    // lengths[i][j]: the longest common subsequence of old[i...] and new[j...].
    var lengths = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
    for i in stride(from: n - 1, through: 0, by: -1) {
      for j in stride(from: m - 1, through: 0, by: -1) {
        lengths[i][j] = old[i] == new[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
      }
    }
    var edits: [Edit] = []
    var (i, j) = (0, 0)
    while i < n || j < m {
      if i < n, j < m, old[i] == new[j] {
        edits.append(Edit(kind: .same, text: old[i], oldLine: i, newLine: j))
        (i, j) = (i + 1, j + 1)
      } else if j < m, i == n || lengths[i][j + 1] > lengths[i + 1][j] {
        edits.append(Edit(kind: .added, text: new[j], oldLine: i, newLine: j))
        j += 1
      } else {
        edits.append(Edit(kind: .removed, text: old[i], oldLine: i, newLine: j))
        i += 1
      }
    }
    return edits
  }
}
