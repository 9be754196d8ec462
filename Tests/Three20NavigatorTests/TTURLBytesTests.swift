import Testing
import Three20Core

@testable import Three20Navigator

/// The URL matcher decodes percent escapes with Core's loop: it must agree with
/// `percentDecoded` and `formDecoded` byte for byte.
@Suite("TTURLBytes")
struct TTURLBytesTests {
  static let samples = [
    "", "plain", "caf%C3%A9", "%E6%BC%A2%E5%AD%97", "e%CC%81", "%", "100%", "%4", "%zz%41", "%%41",
    "a+b%2Bc", "%E9t%C3%A9", "%C3", "/path/with%20space/", "漢字%20ok",
  ]

  private func decodedString(_ text: String, plusAsSpace: Bool) -> String {
    Array(text.utf8).withUnsafeBufferPointer { TTURLBytes.decodedString($0, plusAsSpace: plusAsSpace) }
  }

  @Test(arguments: samples)
  func agreesWithCore(_ text: String) {
    #expect(decodedString(text, plusAsSpace: false) == text.tt.percentDecoded)
    #expect(decodedString(text, plusAsSpace: true) == text.tt.formDecoded)
  }

  @Test(arguments: samples)
  func appendsAfterWhatIsThere(_ text: String) {
    var output = Array("head/".utf8)
    Array(text.utf8).withUnsafeBufferPointer {
      TTPercentCoding.appendDecoded($0, to: &output, plusAsSpace: false)
    }
    #expect(String(decoding: output, as: UTF8.self) == "head/" + text.tt.percentDecoded)
  }
}
