import Foundation

/// A scalar from loosely typed data (JSON, XML, property lists), reduced to the few shapes
/// the `.tt` accessors of `[String: Any]` convert between.
///
/// Decoded data arrives in many spellings of the same thing: Swift `Int`, `Bool` and `Double`
/// from property lists and hand-built dictionaries, `NSNumber` from `JSONSerialization`
/// (whose booleans are also `NSNumber`s, and whose integers above `Int.max` are unsigned),
/// and numbers sent as strings. Every conversion goes through this type, so that all
/// accessors agree and none of them can trap.
enum TTLooseValue {
  /// A boolean: Swift `Bool`, or an `NSNumber` made from one (type encoding `c`/`B`).
  case bool(Bool)
  /// A signed integer that fits in 64 bits.
  case signed(Int64)
  /// An unsigned integer that fits in 64 bits (only larger than `Int64.max` matters).
  case unsigned(UInt64)
  /// A binary floating-point number.
  case floating(Double)
  /// Text: `String`, `NSString`, `Substring`, or a `Decimal`'s exact description.
  case text(String)

  /// Classifies a value, or returns `nil` for anything that is not a scalar (arrays,
  /// dictionaries, `NSNull`, dates, data…).
  init?(_ value: Any) {
    if type(of: value) is NSNumber.Type, let number = value as? NSNumber {
      // Check the class first: Linux and Darwin both bridge NSNumber to Bool *and* Int, so a
      // plain `as? Bool` would read the number 1 as `true`.
      self = Self(number)
      return
    }
    switch value {
    case let bool as Bool:
      self = .bool(bool)
    case let string as String:
      self = .text(string)
    case let substring as Substring:
      self = .text(String(substring))
    case let decimal as Decimal:
      self = .text(decimal.description)
    case let integer as any BinaryInteger:
      if let signed = Int64(exactly: integer) {
        self = .signed(signed)
      } else if let unsigned = UInt64(exactly: integer) {
        self = .unsigned(unsigned)
      } else {
        self = .text(String(describing: integer))
      }
    case let floating as any BinaryFloatingPoint:
      self = .floating(Double(floating))
    default:
      return nil
    }
  }

  /// Classifies an `NSNumber` by its type encoding.
  private init(_ number: NSNumber) {
    switch UInt8(bitPattern: number.objCType.pointee) {
    case UInt8(ascii: "c"), UInt8(ascii: "B"):
      self = .bool(number.boolValue)
    case UInt8(ascii: "C"), UInt8(ascii: "S"), UInt8(ascii: "I"), UInt8(ascii: "L"),
      UInt8(ascii: "Q"):
      self = .unsigned(number.uint64Value)
    case UInt8(ascii: "f"), UInt8(ascii: "d"):
      self = .floating(number.doubleValue)
    default:
      self = .signed(number.int64Value)
    }
  }

  /// A plain name for the kind of value, used in error messages: "Bool", "Int", "UInt64",
  /// "Double", "String".
  var typeName: String {
    switch self {
    case .bool: "Bool"
    case .signed: "Int"
    case .unsigned: "UInt64"
    case .floating: "Double"
    case .text: "String"
    }
  }

  /// The value as text, or `nil` for booleans and non-finite doubles.
  ///
  /// Strings stay as they are, integers print in decimal, whole doubles under 10^15 without a
  /// fraction ("3"), other finite doubles in Swift's shortest form ("3.5", "1e+20").
  var string: String? {
    switch self {
    case .bool:
      return nil
    case .signed(let value):
      return String(value)
    case .unsigned(let value):
      return String(value)
    case .floating(let value):
      guard value.isFinite else { return nil }
      if value == value.rounded(), abs(value) < 1e15, let whole = Int64(exactly: value) {
        return String(whole)
      }
      return value.description
    case .text(let text):
      return text
    }
  }

  /// The value as an `Int`, if it is a whole number that fits: integers, whole doubles, and
  /// decimal strings ("42", " -7 ", "42.0", "1e3").
  var int: Int? {
    switch self {
    case .bool:
      return nil
    case .signed(let value):
      return Int(exactly: value)
    case .unsigned(let value):
      return Int(exactly: value)
    case .floating(let value):
      return Int(exactly: value)
    case .text(let text):
      guard let trimmed = Self.decimalNumberText(text) else { return nil }
      if let value = Int(trimmed) {
        return value
      }
      guard let value = Double(trimmed), value.isFinite else { return nil }
      return Int(exactly: value)
    }
  }

  /// The value as a finite `Double`: any number, or a decimal string ("3.5", "1e-3").
  var double: Double? {
    switch self {
    case .bool:
      return nil
    case .signed(let value):
      return Double(value)
    case .unsigned(let value):
      return Double(value)
    case .floating(let value):
      return value.isFinite ? value : nil
    case .text(let text):
      guard let trimmed = Self.decimalNumberText(text), let value = Double(trimmed),
        value.isFinite
      else { return nil }
      return value
    }
  }

  /// The value as a `Bool`: booleans, the numbers 0 and 1, and the strings "true", "false",
  /// "yes", "no", "1", "0" in any case, ignoring surrounding whitespace.
  var bool: Bool? {
    switch self {
    case .bool(let value):
      return value
    case .signed(let value):
      return value == 0 ? false : value == 1 ? true : nil
    case .unsigned(let value):
      return value == 0 ? false : value == 1 ? true : nil
    case .floating(let value):
      return value == 0 ? false : value == 1 ? true : nil
    case .text(let text):
      switch text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() {
      case "true", "yes", "1": return true
      case "false", "no", "0": return false
      default: return nil
      }
    }
  }

  /// The text trimmed of whitespace, if it is spelled as a decimal number.
  ///
  /// Allows digits, signs, a point and an exponent; rejects what `Double.init` would otherwise accept, such as "nan",
  /// "inf" and hexadecimal "0x1p3".
  private static func decimalNumberText(_ text: String) -> String? {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty, trimmed.utf8.count <= 400,
      trimmed.unicodeScalars.allSatisfy({ "0123456789+-.eE".unicodeScalars.contains($0) }),
      trimmed.unicodeScalars.contains(where: { ("0"..."9").contains($0) })
    else { return nil }
    return trimmed
  }
}
