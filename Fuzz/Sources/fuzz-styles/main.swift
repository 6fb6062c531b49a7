import Foundation
import FuzzDriver
import TextLayout

// Batched style updates (StyledText.updateStyle(in: ranges)) on texts of arbitrary runs, with
// ranges in any order, overlapping or reaching outside, against a model: the style of each
// byte, updated byte by byte. The runs must also stay maximal and cover the text.
//
// Input: the text's length, then pairs of bytes: a run (length, size) while the first byte's
// top bit is clear, then ranges (start, length) to update.

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzStyles(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let bytes = FuzzDriver.bytes(start, count)
  guard let first = bytes.first else { return 0 }
  let length = Int(first)
  var text = StyledText(String(repeating: "x", count: length), style: TextStyle(size: 10))
  var index = 1
  var offset = 0
  // Runs of a few sizes.
  while index + 1 < bytes.count, bytes[index] & 0x80 == 0 {
    let runLength = Int(bytes[index] & 0x3F)
    let size = 10 + Double(bytes[index + 1] % 4)
    text.updateStyle(in: offset..<(offset + runLength)) { $0.size = size }
    offset += runLength
    index += 2
  }
  var ranges: [Range<Int>] = []
  while index + 1 < bytes.count {
    let start = Int(bytes[index] & 0x7F) - 8
    ranges.append(start..<(start + Int(bytes[index + 1] % 48)))
    index += 2
  }
  var expected = text.runs.flatMap { Array(repeating: $0.style, count: $0.range.count) }
  for position in expected.indices where ranges.contains(where: { $0.contains(position) }) {
    expected[position].size *= 2
  }
  var updated = text
  updated.updateStyle(in: ranges) { $0.size *= 2 }
  let actual = updated.runs.flatMap { Array(repeating: $0.style, count: $0.range.count) }
  guard actual == expected else { fatalError("styles differ for ranges \(ranges)") }
  guard zip(updated.runs, updated.runs.dropFirst()).allSatisfy({ $0.style != $1.style }),
    updated.runs.first?.range.lowerBound == 0, updated.runs.last?.range.upperBound == length
  else { fatalError("runs are not maximal or do not cover the text: \(updated.runs)") }
  return 0
}

exit(FuzzDriver.run(fuzzStyles))
