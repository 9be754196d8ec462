import Foundation
import Testing
import Three20TestSupport

@Suite("TTTestCompression")
struct TTTestCompressionTests {
  /// Both formats round-trip, including empty and large inputs.
  @Test(arguments: TTTestCompression.Format.allCases)
  func compressionRoundTrips(format: TTTestCompression.Format) throws {
    for input in [Data(), Data("hello".utf8), TTTestHTTPServer.deterministicBytes(count: 300_000)] {
      let packed = try TTTestCompression.compress(input, as: format)
      #expect(try TTTestCompression.decompress(packed, as: format) == input)
    }
  }

  /// gzip output starts with the gzip magic; deflate output is a zlib stream (0x78 header).
  @Test func formatsHaveTheirHeaders() throws {
    #expect(Array(try TTTestCompression.compress(Data("x".utf8), as: .gzip).prefix(2)) == [0x1F, 0x8B])
    #expect(try TTTestCompression.compress(Data("x".utf8), as: .deflate).first == 0x78)
  }

  /// Garbage, truncated data and the wrong format throw instead of crashing.
  @Test func badInputThrows() throws {
    let packed = try TTTestCompression.compress(Data(String(repeating: "abc", count: 100).utf8), as: .gzip)
    #expect(throws: TTTestHTTPServerError.self) {
      try TTTestCompression.decompress(Data("nope".utf8), as: .gzip)
    }
    #expect(throws: TTTestHTTPServerError.self) {
      try TTTestCompression.decompress(packed.prefix(10), as: .gzip)
    }
    #expect(throws: TTTestHTTPServerError.self) { try TTTestCompression.decompress(packed, as: .deflate) }
  }
}
