/// The directives of `Cache-Control` header fields, parsed leniently.
///
/// Directive names are compared without case; a value may be a token or a quoted string (which
/// may hold commas). Every `Cache-Control` field of a message is read, in order; when a
/// directive appears twice the first one counts (RFC 9111 §4.2.1). Nothing here throws or
/// traps: unreadable parts are skipped.
struct TTCacheControl: Sendable {
  /// The directives in order, names lower-cased, values unquoted (`nil` when there was none).
  private(set) var directives: [(name: String, value: String?)] = []

  /// Reads the `Cache-Control` fields of a message.
  init(_ headers: TTHTTPHeaders) {
    for value in headers.values(for: "Cache-Control") {
      parse(value)
    }
  }

  /// Reads one field value, for example `max-age=60, no-cache="Set-Cookie"`.
  init(value: String) {
    parse(value)
  }

  /// Whether a directive is present.
  func has(_ name: String) -> Bool {
    directives.contains { $0.name == name }
  }

  /// The value of the first directive with a name, or `nil`.
  func value(_ name: String) -> String? {
    directives.first { $0.name == name }?.value
  }

  /// The delta-seconds of a directive such as `max-age`.
  ///
  /// - Returns: `nil` when absent; `.invalid` when present but not a number; otherwise the
  ///   number, capped at 2^31 as RFC 9111 §1.2.2 asks for values too large to represent.
  func seconds(_ name: String) -> DeltaSeconds? {
    guard let index = directives.firstIndex(where: { $0.name == name }) else { return nil }
    guard let text = directives[index].value, !text.isEmpty,
      text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
    else { return .invalid }
    let digits = text.drop { $0 == "0" }
    guard digits.count <= 10, let number = Int(digits.isEmpty ? "0" : String(digits)) else {
      return .seconds(2_147_483_648)
    }
    return .seconds(min(number, 2_147_483_648))
  }

  /// A delta-seconds value, or the fact that it could not be read.
  enum DeltaSeconds: Sendable, Hashable {
    case seconds(Int)
    case invalid
  }

  private mutating func parse(_ text: String) {
    var scalars = Substring(text).unicodeScalars[...]
    while !scalars.isEmpty {
      // Name: up to "=", "," or the end.
      var name = ""
      while let scalar = scalars.first, scalar != "=", scalar != "," {
        name.unicodeScalars.append(scalar)
        scalars.removeFirst()
      }
      var value: String?
      if scalars.first == "=" {
        scalars.removeFirst()
        while scalars.first == " " || scalars.first == "\t" { scalars.removeFirst() }
        if scalars.first == "\"" {
          scalars.removeFirst()
          var quoted = ""
          while let scalar = scalars.first, scalar != "\"" {
            scalars.removeFirst()
            if scalar == "\\", let escaped = scalars.first {
              scalars.removeFirst()
              quoted.unicodeScalars.append(escaped)
            } else {
              quoted.unicodeScalars.append(scalar)
            }
          }
          if !scalars.isEmpty { scalars.removeFirst() }  // the closing quote
          // Anything after the quoted string up to the next comma is ignored.
          while let scalar = scalars.first, scalar != "," { scalars.removeFirst() }
          value = quoted
        } else {
          var token = ""
          while let scalar = scalars.first, scalar != "," {
            token.unicodeScalars.append(scalar)
            scalars.removeFirst()
          }
          value = token.trimmingWhitespace()
        }
      }
      if scalars.first == "," { scalars.removeFirst() }
      let trimmed = name.trimmingWhitespace().lowercased()
      if !trimmed.isEmpty {
        directives.append((trimmed, value))
      }
    }
  }
}

extension String {
  /// The string without leading and trailing spaces and tabs.
  fileprivate func trimmingWhitespace() -> String {
    var scalars = Substring(self).unicodeScalars[...]
    while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
    while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
    return String(scalars)
  }
}
