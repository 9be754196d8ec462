import Foundation
import Testing
import Three20Core

/// Decodes JSON the way servers' data usually arrives: through JSONSerialization.
private func json(_ text: String) throws -> [String: Any] {
  let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
  return try #require(object as? [String: Any])
}

/// The code and message of the TTCoreError a call throws; nil if it throws none (or another).
private func failure(_ body: () throws -> Void) -> (TTCoreError.Code, String)? {
  do {
    try body()
    return nil
  } catch let error as TTCoreError {
    return (error.code, error.message)
  } catch {
    return nil
  }
}

@Suite("Dictionary+Three20")
struct DictionaryThree20Tests {
  // MARK: - array(forKey:)

  /// Missing keys and NSNull give an empty array.
  @Test func arrayOfNothingIsEmpty() {
    let data: [String: Any] = ["null": NSNull()]
    #expect(data.tt.array(forKey: "missing").isEmpty)
    #expect(data.tt.array(forKey: "null").isEmpty)
  }

  /// A single value, of any kind, becomes a one-element array.
  @Test func singleValueBecomesOneElementArray() throws {
    let feed = try json(#"{"item": {"title": "Only"}, "tag": "swift", "n": 3}"#)
    let items = feed.tt.array(forKey: "item")
    #expect(items.count == 1)
    #expect((items.first as? [String: Any])?["title"] as? String == "Only")
    #expect(feed.tt.array(forKey: "tag") as? [String] == ["swift"])
    #expect(feed.tt.array(forKey: "n").count == 1)
  }

  /// An array comes back as it is, including an empty one.
  @Test func arrayComesBackAsItIs() throws {
    let feed = try json(#"{"item": [{"title": "A"}, {"title": "B"}], "none": []}"#)
    #expect(feed.tt.array(forKey: "item").count == 2)
    #expect(feed.tt.array(forKey: "none").isEmpty)
    let native: [String: Any] = ["ints": [1, 2, 3]]
    #expect(native.tt.array(forKey: "ints") as? [Int] == [1, 2, 3])
  }

  // MARK: - string(forKey:)

  /// Strings come back as they are; numbers in plain decimal; other values give nil.
  @Test func stringAcceptsStringsAndNumbers() throws {
    let data = try json(
      #"{"s": "hi", "i": 42, "neg": -7, "d": 3.5, "whole": 3.0, "huge": 12345678901234567890, "b": true, "null": null, "a": [1]}"#
    )
    #expect(data.tt.string(forKey: "s") == "hi")
    #expect(data.tt.string(forKey: "i") == "42")
    #expect(data.tt.string(forKey: "neg") == "-7")
    #expect(data.tt.string(forKey: "d") == "3.5")
    #expect(data.tt.string(forKey: "whole") == "3")
    #expect(data.tt.string(forKey: "huge") == "12345678901234567890")
    #expect(data.tt.string(forKey: "b") == nil)
    #expect(data.tt.string(forKey: "null") == nil)
    #expect(data.tt.string(forKey: "a") == nil)
    #expect(data.tt.string(forKey: "missing") == nil)
  }

  /// Native Swift numbers, decimals and NSStrings read as text too.
  @Test func stringAcceptsNativeValues() {
    let data: [String: Any] = [
      "int": 42, "uint": UInt64.max, "double": 0.1, "big": 1e20, "decimal": Decimal(string: "12.50")!,
      "nsstring": NSString(string: "ns"), "substring": "abc".dropFirst(), "nan": Double.nan,
    ]
    #expect(data.tt.string(forKey: "int") == "42")
    #expect(data.tt.string(forKey: "uint") == "18446744073709551615")
    #expect(data.tt.string(forKey: "double") == "0.1")
    #expect(data.tt.string(forKey: "big") == "1e+20")
    #expect(data.tt.string(forKey: "decimal") == "12.5")
    #expect(data.tt.string(forKey: "nsstring") == "ns")
    #expect(data.tt.string(forKey: "substring") == "bc")
    #expect(data.tt.string(forKey: "nan") == nil)
  }

  // MARK: - int(forKey:)

  /// Integers, whole doubles and numeric strings read as Int.
  @Test func intAcceptsWholeNumbersInAnySpelling() throws {
    let data = try json(
      #"{"i": 42, "whole": 3.0, "s": "42", "spaced": " -7 ", "sdouble": "42.0", "exp": "1e3", "b": true}"#)
    #expect(data.tt.int(forKey: "i") == 42)
    #expect(data.tt.int(forKey: "whole") == 3)
    #expect(data.tt.int(forKey: "s") == 42)
    #expect(data.tt.int(forKey: "spaced") == -7)
    #expect(data.tt.int(forKey: "sdouble") == 42)
    #expect(data.tt.int(forKey: "exp") == 1000)
    #expect(data.tt.int(forKey: "b") == nil)
  }

  /// Huge numbers, fractions and non-numeric strings give nil instead of trapping.
  @Test func intRejectsWhatDoesNotFitWithoutTrapping() throws {
    let data = try json(
      #"{"huge": 12345678901234567890, "bigger": 99999999999999999999999999999, "frac": 2.5, "shuge": "99999999999999999999", "sbig": "1e300", "nan": "nan", "inf": "inf", "hex": "0x10", "word": "ten", "empty": "", "sign": "-"}"#
    )
    for key in ["huge", "bigger", "frac", "shuge", "sbig", "nan", "inf", "hex", "word", "empty", "sign"] {
      #expect(data.tt.int(forKey: key) == nil, "\(key)")
    }
    let native: [String: Any] = ["max": Int.max, "umax": UInt.max, "dmax": Double.greatestFiniteMagnitude]
    #expect(native.tt.int(forKey: "max") == Int.max)
    #expect(native.tt.int(forKey: "umax") == nil)
    #expect(native.tt.int(forKey: "dmax") == nil)
  }

  // MARK: - double(forKey:)

  /// Any number or decimal string reads as a finite Double.
  @Test func doubleAcceptsNumbersAndDecimalStrings() throws {
    let data = try json(
      #"{"d": 2.5, "i": 3, "s": "2.5", "exp": "1e-3", "huge": 12345678901234567890, "nan": "nan", "inf": "1e400", "hex": "0x1p3", "b": false}"#
    )
    #expect(data.tt.double(forKey: "d") == 2.5)
    #expect(data.tt.double(forKey: "i") == 3)
    #expect(data.tt.double(forKey: "s") == 2.5)
    #expect(data.tt.double(forKey: "exp") == 0.001)
    #expect(data.tt.double(forKey: "huge") == 12345678901234567890.0)
    #expect(data.tt.double(forKey: "nan") == nil)
    #expect(data.tt.double(forKey: "inf") == nil)
    #expect(data.tt.double(forKey: "hex") == nil)
    #expect(data.tt.double(forKey: "b") == nil)
    #expect(data.tt.double(forKey: "missing") == nil)
  }

  // MARK: - bool(forKey:)

  /// Booleans, 0/1 and the usual words read as Bool, case-insensitively.
  @Test func boolAcceptsBooleansNumbersAndWords() throws {
    let data = try json(
      #"{"t": true, "f": false, "one": 1, "zero": 0, "two": 2, "T": "TRUE", "no": " No ", "yes": "yes", "s1": "1", "s0": "0", "maybe": "maybe", "half": 0.5}"#
    )
    #expect(data.tt.bool(forKey: "t") == true)
    #expect(data.tt.bool(forKey: "f") == false)
    #expect(data.tt.bool(forKey: "one") == true)
    #expect(data.tt.bool(forKey: "zero") == false)
    #expect(data.tt.bool(forKey: "two") == nil)
    #expect(data.tt.bool(forKey: "T") == true)
    #expect(data.tt.bool(forKey: "no") == false)
    #expect(data.tt.bool(forKey: "yes") == true)
    #expect(data.tt.bool(forKey: "s1") == true)
    #expect(data.tt.bool(forKey: "s0") == false)
    #expect(data.tt.bool(forKey: "maybe") == nil)
    #expect(data.tt.bool(forKey: "half") == nil)
    #expect(data.tt.bool(forKey: "missing") == nil)
  }

  // MARK: - dictionary(forKey:) and paths

  /// Nested dictionaries come back; other values give nil.
  @Test func dictionaryReturnsOnlyDictionaries() throws {
    let data = try json(#"{"d": {"a": 1}, "s": "x", "a": [{"a": 1}]}"#)
    #expect(data.tt.dictionary(forKey: "d")?["a"] as? Int == 1)
    #expect(data.tt.dictionary(forKey: "s") == nil)
    #expect(data.tt.dictionary(forKey: "a") == nil)
  }

  /// Dot paths walk dictionaries by key and arrays by index.
  @Test func valueAtPathWalksDictionariesAndArrays() throws {
    let rss = try json(
      #"{"channel": {"title": "News", "item": [{"title": "First"}, {"title": "Second", "tags": ["a", "b"]}], "a.b": 1, "null": null}}"#
    )
    #expect(rss.tt.value(atPath: "channel.title") as? String == "News")
    #expect(rss.tt.value(atPath: "channel.item.0.title") as? String == "First")
    #expect(rss.tt.value(atPath: "channel.item.1.tags.1") as? String == "b")
    #expect(rss.tt.value(atPath: "channel.item.2.title") == nil)
    #expect(rss.tt.value(atPath: "channel.item.-1.title") == nil)
    #expect(rss.tt.value(atPath: "channel.item.+1.title") == nil)
    #expect(rss.tt.value(atPath: "channel.item.99999999999999999999999.title") == nil)
    #expect(rss.tt.value(atPath: "channel.item.first") == nil)
    #expect(rss.tt.value(atPath: "channel.title.0") == nil)
    #expect(rss.tt.value(atPath: "channel.a.b") == nil)
    #expect(rss.tt.value(atPath: "channel.null") == nil)
    #expect(rss.tt.value(atPath: "channel..title") == nil)
    #expect(rss.tt.value(atPath: "") == nil)
    #expect(rss.tt.value(atPath: "missing.title") == nil)
    #expect(rss.tt.value(atPath: "channel") is [String: Any])
  }

  // MARK: - value(forKey:as:)

  /// A present value of the right type comes back.
  @Test func typedValueReturnsMatchingValues() throws {
    let data = try json(#"{"title": "Hello", "count": 3, "ok": true, "ratio": 0.5}"#)
    #expect(try data.tt.value(forKey: "title", as: String.self) == "Hello")
    #expect(try data.tt.value(forKey: "count", as: Int.self) == 3)
    #expect(try data.tt.value(forKey: "ok", as: Bool.self) == true)
    let ratio: Double = try data.tt.value(forKey: "ratio")
    #expect(ratio == 0.5)
  }

  /// A missing key names the key and the keys that exist, sorted.
  @Test func missingValueListsExistingKeys() throws {
    let data = try json(#"{"title": "Hello", "link": "http://x", "author": "me"}"#)
    let result = failure { _ = try data.tt.value(forKey: "titel", as: String.self) }
    #expect(result?.0 == .missingValue)
    #expect(
      result?.1
        == #"No value for key "titel". The keys present are "author", "link", "title". "#
        + "Check the key's spelling, or read it with an optional accessor such as "
        + "string(forKey:) if it may be absent.")
  }

  /// With many keys, the message lists the first ten and counts the rest.
  @Test func missingValueTruncatesLongKeyLists() {
    var data: [String: Any] = [:]
    for index in 0..<15 {
      data["k\(String(format: "%02d", index))"] = index
    }
    let result = failure { _ = try data.tt.value(forKey: "x", as: Int.self) }
    #expect(
      result?.1
        == #"No value for key "x". The keys present are "k00", "k01", "k02", "k03", "k04", "#
        + #""k05", "k06", "k07", "k08", "k09" and 5 more. Check the key's spelling, or read it "#
        + "with an optional accessor such as string(forKey:) if it may be absent.")
  }

  /// An empty dictionary says so, and a very long key is shortened.
  @Test func missingValueInEmptyDictionary() {
    let data: [String: Any] = [:]
    let key = String(repeating: "k", count: 50)
    let result = failure { _ = try data.tt.value(forKey: key, as: Int.self) }
    #expect(
      result?.1
        == "No value for key \"\(String(repeating: "k", count: 40))…\". The dictionary is empty. "
        + "Check the key's spelling, or read it with an optional accessor such as "
        + "string(forKey:) if it may be absent.")
  }

  /// Keys come from data: an escape sequence in one is shown escaped, never sent to a terminal.
  @Test func keysInMessagesAreEscaped() {
    let data: [String: Any] = ["a\u{1B}]0;pwned\u{07}": 1]
    let result = failure { _ = try data.tt.value(forKey: "b\u{0}", as: Int.self) }
    #expect(result?.1.contains("\"b\\0\"") == true)
    #expect(result?.1.contains(#""a\u{1B}]0;pwned\u{07}""#) == true)
    #expect(result?.1.contains("\u{1B}") == false)
  }

  /// NSNull counts as missing, with its own message.
  @Test func nullIsAMissingValue() throws {
    let data = try json(#"{"title": null}"#)
    let result = failure { _ = try data.tt.value(forKey: "title", as: String.self) }
    #expect(result?.0 == .missingValue)
    #expect(
      result?.1
        == #"The value for key "title" is null. Read it with an optional accessor such as "#
        + "string(forKey:) if it may be null.")
  }

  /// A value of another type names the key, the expected and the found type.
  @Test func typeMismatchNamesBothTypes() throws {
    let data = try json(#"{"count": "3", "title": 5, "flag": true, "n": 1, "ratio": 2.5, "list": [1]}"#)
    let expectations: [(String, () throws -> Void, String)] = [
      ("count", { _ = try data.tt.value(forKey: "count", as: Int.self) }, "a String, not an Int"),
      ("title", { _ = try data.tt.value(forKey: "title", as: String.self) }, "an Int, not a String"),
      ("flag", { _ = try data.tt.value(forKey: "flag", as: Int.self) }, "a Bool, not an Int"),
      ("n", { _ = try data.tt.value(forKey: "n", as: Bool.self) }, "an Int, not a Bool"),
      ("ratio", { _ = try data.tt.value(forKey: "ratio", as: Int.self) }, "a Double, not an Int"),
      ("list", { _ = try data.tt.value(forKey: "list", as: String.self) }, "an Array<Any>, not a String"),
    ]
    for (key, call, types) in expectations {
      let result = failure(call)
      #expect(result?.0 == .typeMismatch)
      let found = types.split(separator: ",")[0].split(separator: " ")[1]
      #expect(
        result?.1
          == "The value for key \"\(key)\" is \(types). Ask for \(found) instead, or use a "
          + "converting accessor such as int(forKey:) or string(forKey:).")
    }
  }

  /// The full text of one mismatch message, spelled out.
  @Test func typeMismatchMessageText() {
    let data: [String: Any] = ["count": "3"]
    let result = failure { _ = try data.tt.value(forKey: "count", as: Int.self) }
    #expect(
      result?.1
        == #"The value for key "count" is a String, not an Int. Ask for String instead, or use a "#
        + "converting accessor such as int(forKey:) or string(forKey:).")
  }

  // MARK: - [String: any Sendable]

  /// The Sendable flavour offers the same accessors.
  @Test func sendableDictionariesHaveTheSameAccessors() throws {
    let data: [String: any Sendable] = [
      "id": "42", "tags": "swift", "many": ["a", "b"], "null": NSNull(), "on": "yes", "p": 2.5,
      "nested": ["items": [["name": "x"]] as [any Sendable]] as [String: any Sendable],
    ]
    #expect(data.tt.int(forKey: "id") == 42)
    #expect(data.tt.string(forKey: "id") == "42")
    #expect(data.tt.array(forKey: "tags").count == 1)
    #expect(data.tt.array(forKey: "many").count == 2)
    #expect(data.tt.array(forKey: "null").isEmpty)
    #expect(data.tt.array(forKey: "missing").isEmpty)
    #expect(data.tt.bool(forKey: "on") == true)
    #expect(data.tt.double(forKey: "p") == 2.5)
    #expect(data.tt.dictionary(forKey: "nested") != nil)
    #expect(data.tt.value(atPath: "nested.items.0.name") as? String == "x")
    #expect(data.tt.value(atPath: "nested.items.1.name") == nil)
    #expect(try data.tt.value(forKey: "id", as: String.self) == "42")
    let result = failure { _ = try data.tt.value(forKey: "id", as: Int.self) }
    #expect(result?.0 == .typeMismatch)
  }
}
