extension TTAdditions where Base == String {
  /// The string with every byte but the unreserved ones percent-encoded, for one path segment.
  ///
  /// The string is encoded as UTF-8, and every byte other than the RFC 3986 unreserved
  /// characters `A-Z a-z 0-9 - . _ ~` is written as `%` and two uppercase hexadecimal digits.
  /// A `/` is escaped too, so the result is always a single path segment. This never fails.
  ///
  /// ```swift
  /// "a b/c".tt.percentEncodedPathComponent   // "a%20b%2Fc"
  /// "café".tt.percentEncodedPathComponent    // "caf%C3%A9"
  /// ```
  public var percentEncodedPathComponent: String {
    TTPercentCoding.encode(base, keeping: TTPercentCoding.unreserved)
  }

  /// The string percent-encoded for a URL path, keeping its `/` separators.
  ///
  /// Like ``percentEncodedPathComponent``, but `/` is left as it is.
  ///
  /// ```swift
  /// "/photos/my cat.jpg".tt.percentEncodedPath   // "/photos/my%20cat.jpg"
  /// ```
  public var percentEncodedPath: String {
    TTPercentCoding.encode(base, keeping: TTPercentCoding.unreservedAndSlash)
  }

  /// The string percent-encoded for use as a name or a value in a query string.
  ///
  /// Every UTF-8 byte but the unreserved characters `A-Z a-z 0-9 - . _ ~` is escaped, so the
  /// query delimiters `& = + ; # ? / :` are escaped and a space becomes `%20`. The result can be
  /// placed between `=` and `&` without changing the meaning of the query.
  ///
  /// ```swift
  /// "a b&c=d".tt.percentEncodedQueryValue   // "a%20b%26c%3Dd"
  /// "1+1".tt.percentEncodedQueryValue       // "1%2B1"
  /// ```
  public var percentEncodedQueryValue: String {
    TTPercentCoding.encode(base, keeping: TTPercentCoding.unreserved)
  }

  /// The string percent-encoded for a query value; Three20's name for ``percentEncodedQueryValue``.
  ///
  /// Three20's `-[NSString urlEncoded]` escaped `!*'();:@&=+$,/?%#[]` and space. This returns
  /// exactly ``percentEncodedQueryValue``, which escapes all of those and every other byte that
  /// is not unreserved.
  ///
  /// ```swift
  /// "name=Joe's #1".tt.urlEncoded   // "name%3DJoe%27s%20%231"
  /// ```
  public var urlEncoded: String {
    percentEncodedQueryValue
  }

  /// The string encoded as `application/x-www-form-urlencoded`: spaces as `+`.
  ///
  /// A space becomes `+`; every other byte is encoded as in ``percentEncodedQueryValue``, so a
  /// literal `+` becomes `%2B`. ``formDecoded`` reverses it.
  ///
  /// ```swift
  /// "a b+c".tt.formEncoded   // "a+b%2Bc"
  /// ```
  public var formEncoded: String {
    TTPercentCoding.encode(base, keeping: TTPercentCoding.unreserved, spaceAsPlus: true)
  }

  /// The string with its percent escapes decoded as UTF-8.
  ///
  /// Every `%` followed by two hexadecimal digits (either case) becomes that byte, and the bytes
  /// are then read as UTF-8. This never fails and never drops the rest of the input:
  ///
  /// - A `%` that is not followed by two hexadecimal digits (`%`, `%4`, `%zz`) is kept as it is
  ///   written, like the characters after it.
  /// - Decoded bytes that are not valid UTF-8 (`%E9` on its own, `%C3` at the end) become U+FFFD
  ///   REPLACEMENT CHARACTER, one for each maximal invalid sequence, as the WHATWG URL standard
  ///   and `String(decoding:as:)` do.
  /// - A `+` is kept; use ``formDecoded`` for form data.
  ///
  /// ```swift
  /// "caf%C3%A9".tt.percentDecoded   // "café"
  /// "100%".tt.percentDecoded        // "100%"
  /// "%zz%41".tt.percentDecoded      // "%zzA"
  /// "%E9t%C3%A9".tt.percentDecoded  // "\u{FFFD}té"
  /// ```
  public var percentDecoded: String {
    TTPercentCoding.decode(base, plusAsSpace: false)
  }

  /// The string decoded from `application/x-www-form-urlencoded`: `+` is a space.
  ///
  /// Each `+` becomes a space first, then the string is decoded as in ``percentDecoded``, so
  /// `%2B` still stands for a literal `+`.
  ///
  /// ```swift
  /// "a+b%2Bc".tt.formDecoded   // "a b+c"
  /// ```
  public var formDecoded: String {
    TTPercentCoding.decode(base, plusAsSpace: true)
  }
}
