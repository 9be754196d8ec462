/// HTML character references decoded on UTF-8 bytes, for parsers that work on bytes.
///
/// String code uses ``TTAdditions/decodingHTMLEntities``; a parser that already holds UTF-8
/// bytes (Three20Style's styled text, Three20XML) decodes with this and avoids converting to
/// `String` and back. The rules are the same: the full HTML5 set of named references,
/// decimal and hex numeric references, and HTML5's replacements for invalid code points.
///
/// ```swift
/// var output: [UInt8] = []
/// TTHTMLEntities.decode(Array("caf&eacute; &amp; co".utf8)[...], into: &output)
/// String(decoding: output, as: UTF8.self)   // "café & co"
/// ```
public enum TTHTMLEntities {
  /// Appends `bytes` to `output` with their character references decoded.
  ///
  /// Numeric references (`&#233;`, `&#xE9;`) become their code point; 0, surrogates and values
  /// above U+10FFFF become U+FFFD and 0x80–0x9F are remapped through Windows-1252, as HTML5
  /// does. A named reference is decoded when its name with `;` is known, or by the longest
  /// legacy name HTML5 accepts without `;`. Anything else is kept as written.
  ///
  /// - Parameters:
  ///   - bytes: UTF-8 text.
  ///   - output: Receives the decoded UTF-8 text.
  /// - Complexity: O(*n*).
  public static func decode(_ bytes: ArraySlice<UInt8>, into output: inout [UInt8]) {
    TTHTMLEntityDecoder.decode(bytes, into: &output)
  }

  /// The text HTML gives a named character reference, by its exact name, or `nil` when HTML
  /// has no reference of that name.
  ///
  /// ```swift
  /// TTHTMLEntities.value(named: "eacute")   // "é"
  /// TTHTMLEntities.value(named: "notit")    // nil (decoding text would read "¬it;")
  /// ```
  ///
  /// - Parameter name: The name, without `&` and `;`.
  /// - Returns: The characters it stands for.
  public static func value(named name: String) -> String? {
    TTHTMLEntityDecoder.references[name + ";"].map { String(decoding: $0, as: UTF8.self) }
  }
}
