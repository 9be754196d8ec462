import Testing
import Three20Core

@Suite("Percent encoding")
struct PercentEncodingTests {
  // MARK: - Encoding

  /// A path component escapes every byte but the unreserved ones, `/` included.
  @Test(arguments: [
    ("a b/c", "a%20b%2Fc"),
    ("café", "caf%C3%A9"),
    ("AZaz09-._~", "AZaz09-._~"),
    ("", ""),
    ("😀", "%F0%9F%98%80"),
    ("!*'();:@&=+$,?#[]%", "%21%2A%27%28%29%3B%3A%40%26%3D%2B%24%2C%3F%23%5B%5D%25"),
    ("\u{0}\n\u{7F}", "%00%0A%7F"),
  ])
  func pathComponentEscapesAllButUnreserved(input: String, expected: String) {
    #expect(input.tt.percentEncodedPathComponent == expected)
  }

  /// A path keeps its `/` separators and escapes everything else that is reserved.
  @Test(arguments: [
    ("/photos/my cat.jpg", "/photos/my%20cat.jpg"),
    ("a/b?c#d", "a/b%3Fc%23d"),
    ("//", "//"),
    ("/ü/", "/%C3%BC/"),
  ])
  func pathKeepsSlashes(input: String, expected: String) {
    #expect(input.tt.percentEncodedPath == expected)
  }

  /// A query value escapes the query delimiters and writes a space as `%20`.
  @Test(arguments: [
    ("a b&c=d", "a%20b%26c%3Dd"),
    ("1+1", "1%2B1"),
    ("& = + ; # ? / :", "%26%20%3D%20%2B%20%3B%20%23%20%3F%20%2F%20%3A"),
    ("name=Joe's #1", "name%3DJoe%27s%20%231"),
    ("~user.name-1_2", "~user.name-1_2"),
  ])
  func queryValueEscapesDelimiters(input: String, expected: String) {
    #expect(input.tt.percentEncodedQueryValue == expected)
    #expect(input.tt.urlEncoded == expected)
  }

  /// Form encoding writes a space as `+` and escapes a literal `+`.
  @Test(arguments: [
    ("a b+c", "a+b%2Bc"),
    ("x y z", "x+y+z"),
    ("é&", "%C3%A9%26"),
    ("", ""),
  ])
  func formEncodingUsesPlusForSpace(input: String, expected: String) {
    #expect(input.tt.formEncoded == expected)
  }

  // MARK: - Decoding

  /// Valid escapes decode as UTF-8; malformed `%` sequences are kept as written; invalid UTF-8
  /// becomes U+FFFD; the rest of the input is never lost.
  @Test(arguments: [
    ("caf%C3%A9", "café"),
    ("caf%c3%a9", "café"),
    ("100%", "100%"),
    ("%", "%"),
    ("%4", "%4"),
    ("%2", "%2"),
    ("%zz%41", "%zzA"),
    ("%%41", "%A"),
    ("%4G1", "%4G1"),
    ("%E9", "\u{FFFD}"),
    ("%E9t%C3%A9", "\u{FFFD}té"),
    ("a%C3", "a\u{FFFD}"),
    ("%C3%28", "\u{FFFD}("),
    ("%ED%A0%80", "\u{FFFD}\u{FFFD}\u{FFFD}"),
    ("%F0%9F%98%80", "😀"),
    ("😀%20😀", "😀 😀"),
    ("%00", "\u{0}"),
    ("a+b", "a+b"),
    ("", ""),
  ])
  func percentDecodingNeverFails(input: String, expected: String) {
    #expect(input.tt.percentDecoded == expected)
  }

  /// Form decoding turns `+` into a space before decoding, so `%2B` stays a `+`.
  @Test(arguments: [
    ("a+b%2Bc", "a b+c"),
    ("+++", "   "),
    ("%2B", "+"),
    ("%2", "%2"),
    ("%E9+", "\u{FFFD} "),
  ])
  func formDecodingTurnsPlusIntoSpace(input: String, expected: String) {
    #expect(input.tt.formDecoded == expected)
  }

  /// Every encoder's output decodes back to the original, for hostile text too.
  @Test(arguments: [
    "", "plain", "a b+c&d=e;f#g?h/i:j", "%41%", "café 😀 👩‍👩‍👧", "\u{0}\u{1}\u{7F}\u{80}",
    "e\u{301}", "100% sure", "+",
  ])
  func encodingsRoundTrip(original: String) {
    #expect(original.tt.percentEncodedPathComponent.tt.percentDecoded == original)
    #expect(original.tt.percentEncodedPath.tt.percentDecoded == original)
    #expect(original.tt.percentEncodedQueryValue.tt.percentDecoded == original)
    #expect(original.tt.percentEncodedQueryValue.tt.formDecoded == original)
    #expect(original.tt.formEncoded.tt.formDecoded == original)
  }

  // MARK: - Large input

  /// A megabyte of mixed text round-trips through encoding and decoding.
  @Test func megabyteRoundTrips() {
    let original = String(repeating: "a é/😀 %+", count: 100_000)
    let encoded = original.tt.percentEncodedQueryValue
    #expect(encoded.utf8.allSatisfy { $0 < 128 })
    #expect(encoded.tt.percentDecoded == original)
    #expect(original.tt.formEncoded.tt.formDecoded == original)
  }

  /// A megabyte of lone `%` and of lone invalid bytes decodes without losing anything.
  @Test func megabyteOfMalformedEscapesDecodes() {
    let percents = String(repeating: "%", count: 1_000_000)
    #expect(percents.tt.percentDecoded == percents)
    let invalid = String(repeating: "%E9", count: 300_000)
    #expect(invalid.tt.percentDecoded == String(repeating: "\u{FFFD}", count: 300_000))
  }
}
