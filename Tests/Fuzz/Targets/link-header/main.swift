import FuzzSupport
import ShopCatalog

/// A feed's `Link` header (the server's, untrusted). Any value gives no target or one written between `<` and `>`
/// in it. A header of links built from the input (`<TARGET>; rel="a b"` or `rel=a`, joined by ", ") gives the
/// target of the first link whose relations hold the one asked for, in any case.
runFuzzer { data, size in
  let bytes = fuzzBytes(data, size)
  let cut = bytes.firstIndex(of: 0) ?? bytes.count
  let header = String(decoding: bytes[..<cut], as: UTF8.self)
  let relations = ["next", "last", "prev", "Next", "first", "alternate"]
  let asked = relations[bytes.count % 4]
  if let target = LinkHeader.target(in: header, relation: asked) {
    fuzzCheck(!target.contains(">"), "\(header.debugDescription): a target \(target.debugDescription) holds >")
    fuzzCheck(header.contains("<" + target + ">"), "\(header.debugDescription): \(target.debugDescription) not in it")
  }
  // The rest: links split at 0x01, each a target and its relations split at the first 0x02.
  guard cut < bytes.count else { return 0 }
  var links: [(target: String, relations: [String], text: String)] = []
  for piece in bytes[(cut + 1)...].split(separator: 0x01, omittingEmptySubsequences: false) {
    let split = piece.firstIndex(of: 0x02) ?? piece.endIndex
    let target = String(decoding: piece[..<split].filter { $0 != 0x3C && $0 != 0x3E }, as: UTF8.self)
    let words = piece[split...].dropFirst().map { relations[Int($0) % relations.count] }
    let value = words.count == 1 && piece.count.isMultiple(of: 2) ? words[0] : "\"\(words.joined(separator: " "))\""
    links.append((target, words, "<\(target)>; rel=\(value)"))
  }
  let written = links.map(\.text).joined(separator: ", ")
  let expected = links.first { $0.relations.contains { $0.lowercased() == asked.lowercased() } }?.target
  let found = LinkHeader.target(in: written, relation: asked)
  fuzzCheck(
    found == expected,
    "\(written.debugDescription) rel \(asked): found \(found.debugDescription), not \(expected.debugDescription)")
  return 0
}
