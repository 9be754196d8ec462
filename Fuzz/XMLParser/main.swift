// A libFuzzer target for TTXMLParser.
//
// `make fuzz-xml` builds it with coverage, AddressSanitizer and `-D FUZZING` and runs libFuzzer
// on the seed corpus for a bounded time. Built normally (without FUZZING) it parses every file named on
// the command line once, which replays a crash input: `FuzzXMLParser crash-1234`.
import Foundation
import FuzzSupport
import Three20XML

/// Parses one input in every mode the parser has; any crash or sanitizer report is a bug.
func fuzzOne(_ data: UnsafeRawBufferPointer) {
  // All at once, strict.
  if let document = try? TTXMLParser.parse(data) {
    let view = document.dictionaryValue(treatDuplicateKeysAsArrayItems: true)
    _ = view == document.dictionaryValue(treatDuplicateKeysAsArrayItems: true)
    _ = view.hashValue
    _ = view.description
    _ = document.root.descendants("item").map { $0.childText("title") }
    _ = document.root.textContent
  }
  // Deep documents allowed, few attributes, fed in pieces of 3 bytes (the attribute scanner
  // and the encoding detection see every cut).
  var deep = TTXMLParser.Options()
  deep.allowsHugeDocuments = true
  deep.maxDepth = 100_000
  deep.maxAttributesPerElement = 3
  deep.maxNamespacesInScope = 4
  // With libxml2's own expansion checks lifted (allowsHugeDocuments), ours stops an entity
  // bomb; a lower limit keeps each such input well under the fuzzer's timeout.
  deep.maxEntityExpansion = 100_000
  let pieces = TTXMLParser(options: deep)
  var start = 0
  while start < data.count {
    let end = min(data.count, start + 3)
    if (try? pieces.feed(UnsafeRawBufferPointer(rebasing: data[start..<end]))) == nil { break }
    start = end
  }
  if let document = try? pieces.finish() {
    _ = document.dictionaryValue().description
  }
  // Lenient, fed in pieces of 7 bytes (cuts through characters and tags).
  var lenient = TTXMLParser.Options()
  lenient.recovers = true
  let parser = TTXMLParser(options: lenient)
  var offset = 0
  while offset < data.count {
    let end = min(data.count, offset + 7)
    if (try? parser.feed(UnsafeRawBufferPointer(rebasing: data[offset..<end]))) == nil { break }
    offset = end
  }
  if let document = try? parser.finish() {
    _ = document.dictionaryValue()
  }
  // Streaming every element below the root.
  let streaming = TTXMLParser(streaming: .depth(1)) { element in
    _ = element.attributes.map(\.value)
    _ = element.children.count
  }
  if (try? streaming.feed(data)) != nil { _ = try? streaming.finish() }
}

runFuzzTarget(fuzzOne)
