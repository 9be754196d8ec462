import Foundation
import Three20Core

/// The type of a pattern parameter, and the conversions from a component's bytes.
enum TTURLParameterType: Hashable, Sendable, CustomStringConvertible {
  /// Any text, percent-decoded (`(name)`, `(name:)`, `(name:string)`).
  case string
  /// A whole number (`(id:int)`).
  case int
  /// A finite number (`(price:double)`).
  case double
  /// A Boolean (`(on:bool)`).
  case bool
  /// A UUID (`(key:uuid)`).
  case uuid
  /// The rest of the path (`(rest:path)`), last path component only.
  case path
  /// A converter registered on the map, by name.
  case custom(String)

  /// The built-in type names, as written in patterns.
  static let builtInNames: [String: TTURLParameterType] = [
    "string": .string, "int": .int, "double": .double, "bool": .bool, "uuid": .uuid, "path": .path,
  ]

  /// The type's precedence rank within a component: 1 typed, 2 untyped, 3 tail (0 is a literal).
  var rank: UInt8 {
    switch self {
    case .string: 2
    case .path: 3
    default: 1
    }
  }

  /// The name as written in patterns.
  var description: String {
    switch self {
    case .string: "string"
    case .int: "int"
    case .double: "double"
    case .bool: "bool"
    case .uuid: "uuid"
    case .path: "path"
    case .custom(let name): name
    }
  }
}

/// Conversions from a component's (already percent-decoded) UTF-8 bytes.
enum TTURLParameterParsing {
  /// A decimal whole number with an optional sign; `nil` if it is not one or does not fit in `Int`.
  static func int(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    var index = 0
    var negative = false
    if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
      negative = first == UInt8(ascii: "-")
      index = 1
    }
    guard index < bytes.count else { return nil }
    var value = 0
    while index < bytes.count {
      let digit = bytes[index] &- UInt8(ascii: "0")
      guard digit < 10 else { return nil }
      let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (next, overflow2) =
        negative ? times.subtractingReportingOverflow(Int(digit)) : times.addingReportingOverflow(Int(digit))
      guard !overflow1, !overflow2 else { return nil }
      value = next
      index += 1
    }
    return value
  }

  /// A finite decimal number (digits, `.`, an exponent, signs); `nil` otherwise, and for `inf`,
  /// `nan`, hexadecimal forms and values too large to be finite.
  static func double(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
    guard !bytes.isEmpty, bytes.count <= 400 else { return nil }
    var sawDigit = false
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): sawDigit = true
      case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "+"), UInt8(ascii: "-"):
        break
      default: return nil
      }
    }
    guard sawDigit, let value = Double(String(decoding: bytes, as: UTF8.self)), value.isFinite else {
      return nil
    }
    return value
  }

  /// `true`/`false`, `yes`/`no`, `1`/`0`, ASCII case-insensitive; `nil` otherwise.
  static func bool(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
    guard bytes.count <= 5 else { return nil }
    var lowered: UInt64 = 0
    for byte in bytes {
      let lower = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
      lowered = lowered << 8 | UInt64(lower)
    }
    switch lowered {
    case 0x74_72_75_65, 0x79_65_73, 0x31: return true  // "true", "yes", "1"
    case 0x66_61_6C_73_65, 0x6E_6F, 0x30: return false  // "false", "no", "0"
    default: return nil
    }
  }

  /// A UUID as 8-4-4-4-12 hexadecimal digits (either case), in uppercase canonical form (as
  /// Foundation's `UUID.uuidString`); `nil` otherwise.
  static func uuid(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    guard bytes.count == 36 else { return nil }
    var result = [UInt8](repeating: 0, count: 36)
    for index in 0..<36 {
      let byte = bytes[index]
      if index == 8 || index == 13 || index == 18 || index == 23 {
        guard byte == UInt8(ascii: "-") else { return nil }
        result[index] = byte
        continue
      }
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "F"): result[index] = byte
      case UInt8(ascii: "a")...UInt8(ascii: "f"): result[index] = byte - 0x20
      default: return nil
      }
    }
    return String(decoding: result, as: UTF8.self)
  }

  /// Whether `bytes` are a valid UUID, without building its text.
  static func isUUID(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard bytes.count == 36 else { return false }
    for index in 0..<36 {
      let byte = bytes[index]
      if index == 8 || index == 13 || index == 18 || index == 23 {
        if byte != UInt8(ascii: "-") { return false }
      } else if TTPercentCoding.hexValue(byte) == nil {
        return false
      }
    }
    return true
  }
}
