import Foundation

extension Dictionary where Key == String, Value == Any {
  /// Safe, converting access to loosely typed data, as decoded from JSON, XML or property
  /// lists.
  ///
  /// Three20's `arrayForKey:` crashed when a feed had one item instead of several, or none;
  /// these accessors never crash on any input:
  ///
  /// ```swift
  /// let feed: [String: Any] = ["item": ["title": "Only one"], "count": "3", "next": NSNull()]
  /// feed.tt.array(forKey: "item")    // [["title": "Only one"]]
  /// feed.tt.array(forKey: "next")    // []
  /// feed.tt.int(forKey: "count")     // 3
  /// feed.tt.value(atPath: "item.title") as? String   // "Only one"
  /// ```
  ///
  /// Three20's `TTIsArrayWithItems(x)` and `TTIsSetWithItems(x)` have no counterpart: with
  /// typed collections they are `!x.isEmpty`, and `tt.array(forKey:)` already turns anything
  /// that is not an array into one.
  public var tt: TTAdditions<[String: Any]> { TTAdditions(self) }
}

extension Dictionary where Key == String, Value == any Sendable {
  /// Safe, converting access to loosely typed data whose values are `Sendable`.
  ///
  /// The same accessors as for `[String: Any]`; collections come back with `Sendable`
  /// elements.
  ///
  /// ```swift
  /// let item: [String: any Sendable] = ["id": "42", "tags": "swift"]
  /// item.tt.int(forKey: "id")        // 42
  /// item.tt.array(forKey: "tags")    // ["swift"]
  /// ```
  public var tt: TTAdditions<[String: any Sendable]> { TTAdditions(self) }
}

extension TTAdditions where Base == [String: Any] {
  /// The value for a key as an array, whatever was stored: never `nil`, never a crash.
  ///
  /// A missing key or `NSNull` gives `[]`; an array gives itself; any other single value
  /// (including a dictionary or a string) gives a one-element array. This is the classic fix
  /// for XML and JSON feeds that send one item as an object and several as an array.
  ///
  /// ```swift
  /// let data: [String: Any] = ["many": [1, 2], "one": 1, "none": NSNull()]
  /// data.tt.array(forKey: "many")      // [1, 2]
  /// data.tt.array(forKey: "one")       // [1]
  /// data.tt.array(forKey: "none")      // []
  /// data.tt.array(forKey: "missing")   // []
  /// ```
  ///
  /// - Parameter key: The key to read.
  /// - Returns: The elements stored under `key`.
  public func array(forKey key: String) -> [Any] {
    looseArray(base[key]) { $0 as? [Any] }
  }

  /// The value for a key as text: a string as it is, a number in plain decimal, else `nil`.
  ///
  /// Integers print in full ("12345678901234567890"); whole doubles below 10^15 print
  /// without a fraction ("3" for 3.0); other doubles print in Swift's shortest exact form
  /// ("0.1", "1e+20"). Booleans, `NSNull`, arrays and dictionaries give `nil`.
  ///
  /// ```swift
  /// let data: [String: Any] = ["number": 42, "text": "42", "flag": true]
  /// data.tt.string(forKey: "number")   // "42"
  /// data.tt.string(forKey: "text")     // "42"
  /// data.tt.string(forKey: "flag")     // nil
  /// ```
  ///
  /// - Parameter key: The key to read.
  /// - Returns: The text, or `nil` if the key is missing or holds no string or number.
  public func string(forKey key: String) -> String? {
    base[key].flatMap(TTLooseValue.init)?.string
  }

  /// The value for a key as an `Int`, if it is a whole number that fits.
  ///
  /// Accepts integers of any width, whole doubles (3.0) and decimal strings ("42", " 42 ",
  /// "42.0", "1e3"). Numbers outside `Int`'s range, fractions, booleans, "nan" and
  /// hexadecimal strings give `nil`; nothing traps on overflow.
  ///
  /// ```swift
  /// let data: [String: Any] = ["text": "42", "fraction": 2.5, "huge": "99999999999999999999"]
  /// data.tt.int(forKey: "text")       // 42
  /// data.tt.int(forKey: "fraction")   // nil
  /// data.tt.int(forKey: "huge")       // nil
  /// ```
  ///
  /// - Parameter key: The key to read.
  /// - Returns: The integer, or `nil`.
  public func int(forKey key: String) -> Int? {
    base[key].flatMap(TTLooseValue.init)?.int
  }

  /// The value for a key as a finite `Double`: any number, or a decimal string.
  ///
  /// ```swift
  /// let data: [String: Any] = ["text": "2.5", "integer": 3, "nan": "nan"]
  /// data.tt.double(forKey: "text")      // 2.5
  /// data.tt.double(forKey: "integer")   // 3.0
  /// data.tt.double(forKey: "nan")       // nil
  /// ```
  ///
  /// - Parameter key: The key to read.
  /// - Returns: The number, or `nil` if missing, not numeric, or not finite.
  public func double(forKey key: String) -> Double? {
    base[key].flatMap(TTLooseValue.init)?.double
  }

  /// The value for a key as a `Bool`.
  ///
  /// Accepts booleans, the numbers 0 and 1, and the strings "true", "false", "yes", "no",
  /// "1" and "0" in any case. Other numbers and strings give `nil`.
  ///
  /// ```swift
  /// let data: [String: Any] = ["word": "YES", "zero": 0, "two": 2]
  /// data.tt.bool(forKey: "word")   // true
  /// data.tt.bool(forKey: "zero")   // false
  /// data.tt.bool(forKey: "two")    // nil
  /// ```
  ///
  /// - Parameter key: The key to read.
  /// - Returns: The boolean, or `nil`.
  public func bool(forKey key: String) -> Bool? {
    base[key].flatMap(TTLooseValue.init)?.bool
  }

  /// The value for a key, if it is a dictionary with string keys.
  ///
  /// - Parameter key: The key to read.
  /// - Returns: The nested dictionary, or `nil`.
  public func dictionary(forKey key: String) -> [String: Any]? {
    base[key] as? [String: Any]
  }

  /// The value at a dot-separated path through nested dictionaries and arrays.
  ///
  /// Each component is a dictionary key, or, where the value so far is an array, an index
  /// written in decimal digits. A missing key, an index out of range, a non-numeric index
  /// into an array, `NSNull`, or an empty path gives `nil`. Keys that themselves contain a
  /// dot cannot be reached this way; use `dictionary(forKey:)` for those.
  ///
  /// ```swift
  /// let rss: [String: Any] = ["channel": ["item": [["title": "First"], ["title": "Second"]]]]
  /// rss.tt.value(atPath: "channel.item.1.title") as? String   // "Second"
  /// rss.tt.value(atPath: "channel.item.2.title")              // nil
  /// ```
  ///
  /// - Parameter path: Keys and indexes separated by dots, for example `"channel.item.0.title"`.
  /// - Returns: The value found, or `nil`.
  public func value(atPath path: String) -> Any? {
    looseValue(in: base, atPath: path, dictionary: { $0 as? [String: Any] }, array: { $0 as? [Any] })
  }

  /// The value for a key, which must be present and of type `T`.
  ///
  /// No conversion is made: a string "42" is not an `Int` here (use `int(forKey:)` for
  /// that), and a JSON boolean is not a number nor a JSON number a boolean.
  ///
  /// ```swift
  /// let item: [String: Any] = ["title": "Hello", "count": "3"]
  /// try item.tt.value(forKey: "title", as: String.self)   // "Hello"
  /// try item.tt.value(forKey: "count", as: Int.self)
  /// // throws typeMismatch: The value for key "count" is a String, not an Int. …
  /// ```
  ///
  /// - Parameters:
  ///   - key: The key to read.
  ///   - type: The type the value must have. Defaults to the type the context expects.
  /// - Returns: The value.
  /// - Throws: ``TTCoreError`` with code ``TTCoreError/Code/missingValue`` if the key is
  ///   absent or holds `NSNull` (the message lists the keys that exist), or
  ///   ``TTCoreError/Code/typeMismatch`` if the value has another type (the message names
  ///   the expected and the found type).
  public func value<T>(forKey key: String, as type: T.Type = T.self) throws(TTCoreError) -> T {
    try typedValue(base[key], forKey: key, existingKeys: base.keys, as: type)
  }
}

extension TTAdditions where Base == [String: any Sendable] {
  /// The value for a key as an array, whatever was stored: never `nil`, never a crash.
  ///
  /// A missing key or `NSNull` gives `[]`; an array gives itself; any other single value
  /// gives a one-element array.
  ///
  /// - Parameter key: The key to read.
  /// - Returns: The elements stored under `key`.
  public func array(forKey key: String) -> [any Sendable] {
    looseArray(base[key]) { $0 as? [any Sendable] }
  }

  /// The value for a key as text: a string as it is, a number in plain decimal, else `nil`.
  ///
  /// - Parameter key: The key to read.
  /// - Returns: The text, or `nil` if the key is missing or holds no string or number.
  public func string(forKey key: String) -> String? {
    base[key].flatMap { TTLooseValue($0) }?.string
  }

  /// The value for a key as an `Int`, if it is a whole number that fits (numbers, whole
  /// doubles, decimal strings).
  ///
  /// - Parameter key: The key to read.
  /// - Returns: The integer, or `nil`.
  public func int(forKey key: String) -> Int? {
    base[key].flatMap { TTLooseValue($0) }?.int
  }

  /// The value for a key as a finite `Double`: any number, or a decimal string.
  ///
  /// - Parameter key: The key to read.
  /// - Returns: The number, or `nil`.
  public func double(forKey key: String) -> Double? {
    base[key].flatMap { TTLooseValue($0) }?.double
  }

  /// The value for a key as a `Bool`: booleans, 0 and 1, "true"/"false"/"yes"/"no"/"1"/"0"
  /// in any case.
  ///
  /// - Parameter key: The key to read.
  /// - Returns: The boolean, or `nil`.
  public func bool(forKey key: String) -> Bool? {
    base[key].flatMap { TTLooseValue($0) }?.bool
  }

  /// The value for a key, if it is a dictionary with string keys and `Sendable` values.
  ///
  /// - Parameter key: The key to read.
  /// - Returns: The nested dictionary, or `nil`.
  public func dictionary(forKey key: String) -> [String: any Sendable]? {
    base[key] as? [String: any Sendable]
  }

  /// The value at a dot-separated path through nested dictionaries and arrays, such as
  /// `"channel.item.0.title"`.
  ///
  /// - Parameter path: Keys and indexes separated by dots.
  /// - Returns: The value found, or `nil` (see the `[String: Any]` version for the rules).
  public func value(atPath path: String) -> (any Sendable)? {
    looseValue(
      in: base, atPath: path, dictionary: { $0 as? [String: any Sendable] },
      array: { $0 as? [any Sendable] })
  }

  /// The value for a key, which must be present and of type `T`.
  ///
  /// - Parameters:
  ///   - key: The key to read.
  ///   - type: The type the value must have. Defaults to the type the context expects.
  /// - Returns: The value.
  /// - Throws: ``TTCoreError`` with code ``TTCoreError/Code/missingValue`` or
  ///   ``TTCoreError/Code/typeMismatch`` (see the `[String: Any]` version).
  public func value<T>(forKey key: String, as type: T.Type = T.self) throws(TTCoreError) -> T {
    try typedValue(base[key].map { $0 as Any }, forKey: key, existingKeys: base.keys, as: type)
  }
}

// MARK: - Shared implementation

/// `[]` for nothing or `NSNull`, the array itself, or the single value wrapped.
private func looseArray<Element>(_ value: Element?, asArray: (Element) -> [Element]?) -> [Element] {
  guard let value, !(value is NSNull) else { return [] }
  return asArray(value) ?? [value]
}

/// Walks a dot path through dictionaries and arrays.
private func looseValue<Element>(
  in root: [String: Element], atPath path: String,
  dictionary: (Element) -> [String: Element]?, array: (Element) -> [Element]?
) -> Element? {
  guard !path.isEmpty else { return nil }
  let components = path.split(separator: ".", omittingEmptySubsequences: false)
  guard let first = components.first, var current = root[String(first)] else { return nil }
  for component in components.dropFirst() {
    if let nested = dictionary(current), let next = nested[String(component)] {
      current = next
    } else if let elements = array(current), let index = arrayIndex(component),
      elements.indices.contains(index)
    {
      current = elements[index]
    } else {
      return nil
    }
  }
  return current is NSNull ? nil : current
}

/// A non-negative index written in ASCII digits, or `nil` (also when it overflows `Int`).
private func arrayIndex(_ component: Substring) -> Int? {
  guard !component.isEmpty, component.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
    return nil
  }
  return Int(component)
}

/// How many existing keys a `missingValue` message lists before "and N more".
private let listedKeyLimit = 10
/// How many characters of a key a message shows before "…".
private let shownKeyLength = 40

/// Shows a key in a message: quoted, with control characters escaped, and shortened if very long.
private func quoted(_ key: String) -> String {
  TTMessageText.quoted(key, limit: shownKeyLength)
}

/// The name of a type as a message shows it, with "a" or "an" before it.
private func withArticle(_ name: String) -> String {
  let startsWithVowel = name.first.map { "AEIOUaeiou".contains($0) } ?? false
  return (startsWithVowel ? "an " : "a ") + name
}

/// The type of a found value as a message names it: numbers by what they hold.
private func foundTypeName(_ value: Any) -> String {
  if type(of: value) is NSNumber.Type, let scalar = TTLooseValue(value) {
    return scalar.typeName
  }
  return String(describing: type(of: value))
}

/// The value cast to `T`, or a `missingValue` / `typeMismatch` error that explains why not.
///
/// Takes `Any?` rather than a generic element: `type(of:)` on a generic value whose type is
/// an existential reports the existential, not the stored value's type.
private func typedValue<Keys: Collection<String>, T>(
  _ raw: Any?, forKey key: String, existingKeys: Keys, as expected: T.Type
) throws(TTCoreError) -> T {
  guard let raw else {
    let keys = existingKeys.sorted()
    let listing: String
    if keys.isEmpty {
      listing = "The dictionary is empty."
    } else {
      var shown = keys.prefix(listedKeyLimit).map(quoted).joined(separator: ", ")
      if keys.count > listedKeyLimit {
        shown += " and \(keys.count - listedKeyLimit) more"
      }
      listing = "The keys present are \(shown)."
    }
    throw TTCoreError(
      .missingValue,
      "No value for key \(quoted(key)). \(listing) Check the key's spelling, or read it with "
        + "an optional accessor such as string(forKey:) if it may be absent.")
  }
  if raw is NSNull {
    throw TTCoreError(
      .missingValue,
      "The value for key \(quoted(key)) is null. Read it with an optional accessor such as "
        + "string(forKey:) if it may be null.")
  }
  // NSNumber bridges to every numeric type and to Bool, so a JSON `true` would pass as the
  // Int 1 and a JSON 1 as `true`. Keep booleans and numbers apart.
  if type(of: raw) is NSNumber.Type, let scalar = TTLooseValue(raw) {
    let wantsBool = T.self == Bool.self
    let isBool = if case .bool = scalar { true } else { false }
    if wantsBool != isBool, wantsBool || T.self is any Numeric.Type {
      throw mismatch(key: key, expected: T.self, found: scalar.typeName)
    }
  }
  guard let value = raw as? T else {
    throw mismatch(key: key, expected: T.self, found: foundTypeName(raw))
  }
  return value
}

/// A `typeMismatch` error naming the key and both types.
private func mismatch<T>(key: String, expected: T.Type, found: String) -> TTCoreError {
  let expectedName = String(describing: expected)
  return TTCoreError(
    .typeMismatch,
    "The value for key \(quoted(key)) is \(withArticle(found)), not \(withArticle(expectedName)). "
      + "Ask for \(found) instead, or use a converting accessor such as int(forKey:) or "
      + "string(forKey:).")
}
