import Foundation

/// Conversions of element text and attribute values to typed values (internal).
enum TTXMLTextValue {
  static func trimmed(_ text: String) -> String {
    text.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  static func int(_ text: String) -> Int? {
    Int(text.hasPrefix("+") ? String(text.dropFirst()) : text)
  }

  static func double(_ text: String) -> Double? {
    guard !text.isEmpty else { return nil }
    return Double(text)
  }

  static func bool(_ text: String) -> Bool? {
    switch text.lowercased() {
    case "true", "yes", "1": return true
    case "false", "no", "0": return false
    default: return nil
    }
  }

  static func url(_ text: String) -> URL? {
    guard !text.isEmpty else { return nil }
    return URL(string: text)
  }
}
