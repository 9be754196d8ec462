extension TTAdditions where Base == String {
  /// The string with its HTML character references decoded, as an HTML5 parser reads text.
  ///
  /// - Named references: all 2231 names of the HTML5 spec, including the ones that stand for two
  ///   code points (`&NotEqualTilde;`). The legacy names that HTML5 also accepts without `;`
  ///   (`&amp`, `&lt`, `&copy`, `&eacute` and the rest of Latin-1) are decoded without it too,
  ///   taking the longest such name that prefixes the letters: `&notit;` is `¬it;`.
  /// - Numeric references: decimal `&#233;` and hexadecimal `&#xE9;` or `&#XE9;`, with or
  ///   without the final `;`. 0, surrogates (U+D800–U+DFFF) and anything above U+10FFFF become
  ///   U+FFFD REPLACEMENT CHARACTER; 0x80–0x9F are read as Windows-1252, as the spec says
  ///   (`&#x80;` is `€`). Any number of digits is accepted without overflow.
  /// - Anything else, such as an unknown name (`&bogus;`), a bare `&`, or `&#` without digits,
  ///   is kept exactly as written.
  ///
  /// ```swift
  /// "Fish &amp; Chips".tt.decodingHTMLEntities    // "Fish & Chips"
  /// "caf&#233; &#xE9; &eacute".tt.decodingHTMLEntities   // "café é é"
  /// "&#x80;5 &bogus; &#0;".tt.decodingHTMLEntities       // "€5 &bogus; \u{FFFD}"
  /// ```
  public var decodingHTMLEntities: String {
    TTHTMLEntityDecoder.decode(base)
  }

  /// The string with the five HTML special characters escaped.
  ///
  /// `&` `<` `>` `"` `'` become `&amp;` `&lt;` `&gt;` `&quot;` `&#39;`, so the result is safe
  /// both as element text and inside a quoted attribute value. Everything else is kept; use
  /// ``encodingHTMLEntities(asciiOnly:)`` to escape non-ASCII characters too.
  ///
  /// ```swift
  /// "<a href=\"x\">Tom & Jerry's</a>".tt.encodingHTMLEntities
  /// // "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;"
  /// ```
  public var encodingHTMLEntities: String {
    encodingHTMLEntities(asciiOnly: false)
  }

  /// The string with the HTML special characters escaped, and optionally all non-ASCII ones.
  ///
  /// Escapes `& < > " '` as ``encodingHTMLEntities`` does. When `asciiOnly` is true, every
  /// Unicode scalar above U+007F is also written as a decimal numeric reference (`é` →
  /// `&#233;`, `😀` → `&#128512;`), so the result is plain ASCII.
  ///
  /// ```swift
  /// "café <3".tt.encodingHTMLEntities(asciiOnly: true)   // "caf&#233; &lt;3"
  /// ```
  ///
  /// - Parameter asciiOnly: Whether to escape every non-ASCII scalar as well.
  /// - Returns: The escaped string; ``decodingHTMLEntities`` gives back the original.
  public func encodingHTMLEntities(asciiOnly: Bool) -> String {
    var result = ""
    result.reserveCapacity(base.utf8.count)
    for scalar in base.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default:
        if asciiOnly && !scalar.isASCII {
          result += "&#\(scalar.value);"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }
}
