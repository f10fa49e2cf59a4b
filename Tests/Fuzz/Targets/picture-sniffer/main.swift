import FuzzSupport
import Pictures

/// The picture sniffer: a body passes exactly when it starts with a JPEG, PNG, GIF or WebP signature (an oracle
/// written out here from the formats' specifications), only its first bytes matter, and the reason for refusing
/// it is one of the three it gives.
runFuzzer { data, size in
  let bytes = fuzzBytes(data, size)
  let problem = PictureSniffer.problem(with: bytes)
  let signatures: [[UInt8?]] = [
    [0xFF, 0xD8, 0xFF],
    [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
    Array("GIF87a".utf8), Array("GIF89a".utf8),
    Array("RIFF".utf8) + [nil, nil, nil, nil] + Array("WEBP".utf8),
  ]
  let isPicture = signatures.contains { signature in
    bytes.count >= signature.count && zip(signature, bytes).allSatisfy { $0 == nil || $0 == $1 }
  }
  fuzzCheck((problem == nil) == isPicture, "\(bytes.prefix(16)) judged \(problem ?? "a picture")")
  fuzzCheck(
    problem == PictureSniffer.problem(with: bytes.prefix(PictureSniffer.prefixLength)),
    "bytes past the first \(PictureSniffer.prefixLength) changed the verdict")
  let reasons = [
    "an empty body, not a picture", "an HTML or XML page, not a picture", "not a JPEG, PNG, WebP or GIF picture",
  ]
  fuzzCheck(problem.map(reasons.contains) ?? true, "an unexpected reason: \(problem ?? "")")
  return 0
}
