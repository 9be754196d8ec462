import Foundation

/// Yields a response body a piece at a time, so generated bodies are never held whole in memory.
struct TTTestHTTPBodyReader {
  private let bytes: [UInt8]
  private let generatedSize: Int?
  private let pattern: [UInt8]
  /// The pattern repeated to at least 64 KiB plus one pattern, so any slice of up to 64 KiB
  /// starting inside the first pattern is one contiguous run.
  private let window: [UInt8]
  private(set) var offset = 0

  init(body: TTTestHTTPResponse.Body) {
    switch body.storage {
    case .bytes(let data):
      bytes = [UInt8](data)
      generatedSize = nil
      pattern = []
      window = []
    case .generated(let size, let patternData):
      bytes = []
      let safePattern = patternData.isEmpty ? [0] : [UInt8](patternData)
      pattern = safePattern
      generatedSize = max(0, size)
      var repeated: [UInt8] = []
      repeated.reserveCapacity(64 * 1024 + 2 * safePattern.count)
      while repeated.count < 64 * 1024 + safePattern.count {
        repeated.append(contentsOf: safePattern)
      }
      window = repeated
    }
  }

  /// The total number of bytes the body has.
  var count: Int { generatedSize ?? bytes.count }

  /// The bytes not yet read.
  var remaining: Int { count - offset }

  /// The next piece of at most `maximum` bytes (at most 64 KiB), or `nil` at the end.
  mutating func next(maximum: Int) -> [UInt8]? {
    let length = min(max(1, maximum), 64 * 1024, remaining)
    guard length > 0 else { return nil }
    defer { offset += length }
    if generatedSize == nil {
      return Array(bytes[offset..<(offset + length)])
    }
    let start = offset % pattern.count
    return Array(window[start..<(start + length)])
  }
}
