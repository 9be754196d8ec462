import Foundation
import Synchronization
import Testing
import Three20XML

/// Documents nested as deep as the options allow.
///
/// Nothing in the module may recurse over the depth: a recursion shows as a crash (stack
/// overflow), which fails the run.
@Suite("Deep documents: no recursion over depth")
struct TTXMLDeepTreeTests {
  /// `<a>` nested `depth` levels around the text `x`.
  static func nested(_ depth: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(depth * 7 + 1)
    for _ in 0..<depth { bytes += [0x3C, 0x61, 0x3E] }
    bytes.append(UInt8(ascii: "x"))
    for _ in 0..<depth { bytes += [0x3C, 0x2F, 0x61, 0x3E] }
    return bytes
  }

  /// Options that let `depth` levels through.
  static func deepOptions(_ depth: Int) -> TTXMLParser.Options {
    var options = TTXMLParser.Options()
    options.allowsHugeDocuments = true
    options.maxDepth = depth
    return options
  }

  /// Runs `body` on a thread with a small stack (256 KB, like a secondary thread's) and waits:
  /// a recursion over a few thousand levels overflows it.
  static func onSmallStack(_ body: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      body()
      done.signal()
    }
    thread.stackSize = 256 * 1024
    thread.start()
    done.wait()
  }

  /// A million levels: parse, walk, build the dictionary view twice, compare, hash, print and
  /// free, all without a crash.
  @Test func millionLevelsParseConvertCompareAndDrop() throws {
    let depth = 1_000_000
    let document = try TTXMLParser.parse(Self.nested(depth), options: Self.deepOptions(depth))
    #expect(document.nodeCount == depth + 1)
    #expect(document.root.textContent == "x")
    #expect(document.root.descendants("a").count == depth - 1)
    do {
      let view = document.dictionaryValue()
      let again = document.dictionaryValue()
      #expect(view == again)
      #expect(view.hashValue == again.hashValue)
      var innermost = view
      var levels = 1
      while let next = innermost["a"] {
        innermost = next
        levels += 1
      }
      #expect(levels == depth)
      #expect(innermost.objectForXMLNode == .string("x"))
      let text = view.description
      #expect(text.hasPrefix("[\"___Entity_Name___\": \"a\", \"___Entity_Type___\": \"unknown\", \"a\": ["))
      #expect(text.hasSuffix("]]]"))
      // The views are freed here.
    }
  }

  /// The issue's case, on a small stack as a queue's thread has: 8,000 levels, converted and
  /// dropped.
  @Test func eightThousandLevelsOnASmallStack() {
    let depth = 8_000
    let bytes = Self.nested(depth)
    let result = Mutex<String?>(nil)
    Self.onSmallStack {
      do throws(TTXMLError) {
        let document = try TTXMLParser.parse(bytes, options: Self.deepOptions(depth))
        let view = document.dictionaryValue(treatDuplicateKeysAsArrayItems: true)
        let same = view == document.dictionaryValue(treatDuplicateKeysAsArrayItems: true)
        let printed = view.description.count
        result.withLock { $0 = "\(same) \(printed > 0)" }
      } catch {
        result.withLock { $0 = error.message }
      }
    }
    #expect(result.withLock { $0 } == "true true")
  }

  /// A streaming parser hands over a deep subtree, and the handler may keep it.
  @Test func streamingHandsOverADeepSubtree() throws {
    let depth = 200_000
    var kept: [TTXMLElement] = []
    let parser = TTXMLParser(streaming: .depth(1), options: Self.deepOptions(depth)) { kept.append($0) }
    try parser.feed(Self.nested(depth))
    let skeleton = try parser.finish()
    #expect(skeleton.nodeCount == 1)
    #expect(kept.count == 1)
    #expect(kept.first?.nodeCount == depth)
    #expect(kept.first?.textContent == "x")
  }

  /// Values built by hand nest as deep as anyone likes: arrays in arrays, dictionaries in
  /// dictionaries, compared, hashed, printed and freed in loops.
  @Test func handBuiltDeepValues() {
    let depth = 300_000
    var arrays = TTXMLObject.integer(0)
    var dictionaries = TTXMLObject.string("leaf")
    for level in 0..<depth {
      arrays = .array([arrays])
      dictionaries = .dictionary(["level": .integer(level), "next": dictionaries])
    }
    var otherArrays = TTXMLObject.integer(0)
    for _ in 0..<depth { otherArrays = .array([otherArrays]) }
    #expect(arrays == otherArrays)
    #expect(arrays.hashValue == otherArrays.hashValue)
    #expect(arrays != dictionaries)
    let printed = arrays.description
    #expect(printed.count == 2 * depth + 1)
    #expect(printed.hasPrefix("[[[") && printed.dropFirst(depth).hasPrefix("0]]]"))
    #expect(dictionaries["next"]?["level"] == .integer(depth - 2))
  }

  /// Freeing a deep view leaves alone the parts someone still holds.
  @Test func keptPartsSurviveTheRest() throws {
    let depth = 50_000
    let document = try TTXMLParser.parse(Self.nested(depth), options: Self.deepOptions(depth))
    var kept: TTXMLObject?
    var keptArray: [String: TTXMLObject]?
    do {
      let view = document.dictionaryValue()
      var inner = view
      for _ in 0..<(depth / 2) { inner = inner["a"] ?? inner }
      kept = inner
      keptArray = view["a"]?["a"]?.dictionaryValue
    }
    var levels = 0
    var cursor = kept
    while let current = cursor {
      levels += 1
      cursor = current["a"]
    }
    #expect(levels == depth - depth / 2)
    #expect(keptArray?["a"]?["a"]?.nameForXMLNode == "a")
  }

  /// Equality and hashing agree, ignore dictionary order, and tell different values apart.
  @Test func equalityAndHashing() {
    let one = TTXMLObject.dictionary([
      "a": .integer(1), "b": .array([.string("x"), .date(Date(timeIntervalSince1970: 0))]),
    ])
    let same = TTXMLObject.dictionary([
      "b": .array([.string("x"), .date(Date(timeIntervalSince1970: 0))]), "a": .integer(1),
    ])
    let other = TTXMLObject.dictionary([
      "a": .integer(1), "b": .array([.date(Date(timeIntervalSince1970: 0)), .string("x")]),
    ])
    #expect(one == same)
    #expect(one.hashValue == same.hashValue)
    #expect(one != other)
    #expect(Set([one, same, other]).count == 2)
    #expect(TTXMLObject.string("1") != .integer(1))
    #expect(TTXMLObject.Items([.integer(1)]) == [.integer(1)])
    #expect(TTXMLObject.Entries(["k": .string("v")]) == ["k": .string("v")])
  }

  /// Printing writes values like Swift literals, keys sorted, text escaped.
  @Test func description() {
    let value = TTXMLObject.dictionary([
      "b": .integer(2), "a": .array([.string("x\u{1B}"), .array([]), .dictionary([:])]),
    ])
    #expect(value.description == #"["a": ["x\u{1B}", [], [:]], "b": 2]"#)
    #expect(String(describing: value) == value.description)
    var dumped = ""
    dump(value, to: &dumped)
    #expect(dumped.contains(value.description))
  }
}
