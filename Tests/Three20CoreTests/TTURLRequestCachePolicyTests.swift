import Testing
import Three20Core

@Suite struct TTURLRequestCachePolicyTests {
  /// Every option keeps Three20's raw value, so stored or bridged values mean the same.
  @Test(
    arguments: [
      (TTURLRequestCachePolicy.none, 0), (.memory, 1), (.disk, 2), (.network, 4), (.noCache, 8),
      (.etag, 18), (.local, 3), (.default, 7),
    ] as [(TTURLRequestCachePolicy, Int)])
  func optionsKeepThree20RawValues(policy: TTURLRequestCachePolicy, raw: Int) {
    #expect(policy.rawValue == raw)
  }

  /// The composite options are made of the basic bits.
  @Test func compositesContainTheirParts() {
    #expect(TTURLRequestCachePolicy.local == [.memory, .disk])
    #expect(TTURLRequestCachePolicy.default == [.memory, .disk, .network])
    #expect(TTURLRequestCachePolicy.etag.contains(.disk))
    #expect(!TTURLRequestCachePolicy.etag.contains(.network))
    #expect(TTURLRequestCachePolicy.none.isEmpty)
  }

  /// Unknown bits survive a round trip through the raw value.
  @Test func unknownBitsAreKept() {
    let policy = TTURLRequestCachePolicy(rawValue: 0x100 | 4)
    #expect(policy.rawValue == 0x104)
    #expect(policy.contains(.network))
    #expect(policy != .network)
  }
}
