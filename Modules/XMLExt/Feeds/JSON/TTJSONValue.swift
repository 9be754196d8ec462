import Foundation

/// What `JSONSerialization` returns, told apart (internal, for ``TTJSONFeedDecoder``).
///
/// Objects are `[String: Any]`, arrays `[Any]`, strings `String`, numbers and `true`/`false`
/// `NSNumber` (booleans with the type code `c`), `null` `NSNull`.
enum TTJSONValue {
  /// Whether a member is missing or `null`.
  static func isAbsent(_ value: Any?) -> Bool {
    guard let value else { return true }
    return value is NSNull
  }

  /// Whether a number is `true` or `false` in the JSON.
  static func isBoolean(_ number: NSNumber) -> Bool {
    String(cString: number.objCType) == "c"
  }

  /// The kind of a value for messages: `an object`, `an array`, `text`, `a number`,
  /// `true or false`, `null`.
  static func describe(_ value: Any?) -> String {
    switch value {
    case nil, is NSNull: "null"
    case is [String: Any]: "an object"
    case is [Any]: "an array"
    case is String: "text"
    case let number as NSNumber: isBoolean(number) ? "true or false" : "a number"
    default: "a value of another kind"
    }
  }

  /// The value as an array: itself when it is one, else an array of the value (a single value
  /// where the format has an array), else empty when it is missing or `null`.
  static func list(_ value: Any?) -> [Any] {
    guard let value, !(value is NSNull) else { return [] }
    return value as? [Any] ?? [value]
  }

  /// A whole non-negative number written as text (`"1024"`, `"1024.0"`, `"1e3"`), or `nil`.
  static func count(_ text: String) -> Int? {
    let text = TTFeedText.trimmed(text)
    if let value = Int(text) { return value >= 0 ? value : nil }
    guard let value = Double(text), value.isFinite, value >= 0, value.rounded() == value else {
      return nil
    }
    return Int(exactly: value)
  }

  /// A finite non-negative number written as text, or `nil`.
  static func seconds(_ text: String) -> Double? {
    guard let value = Double(TTFeedText.trimmed(text)), value.isFinite, value >= 0 else { return nil }
    return value
  }

  /// `true` or `false` written as text (`true`, `yes`, `1`; `false`, `no`, `0`), or `nil`.
  static func boolean(_ text: String) -> Bool? {
    switch TTFeedText.trimmed(text).lowercased() {
    case "true", "yes", "1": true
    case "false", "no", "0": false
    default: nil
    }
  }
}
