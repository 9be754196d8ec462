// A libFuzzer target for the feed reader (TTFeedReader, TTFeedBuilder, TTFeedDateParser, the
// JSON Feed decoder, the recovery repairs of broken XML, Core's HTML sanitizer on feed content),
// its limits and its URL scheme policy.
//
// `make fuzz-feed` builds it with coverage, AddressSanitizer and `-D FUZZING` and runs libFuzzer
// on the seed corpus for a bounded time. Built normally (without FUZZING) it reads every file named on
// the command line once, which replays a crash input: `FuzzFeedReader crash-1234`.
import Foundation
import FuzzSupport
import Three20Core
import Three20XML

/// Reads one input as a feed in every way the reader offers.
///
/// Any crash or sanitizer report is a bug; errors are expected and ignored.
func fuzzOne(_ data: UnsafeRawBufferPointer) {
  // All at once, collecting the items, with a document address to resolve against.
  if let feed = try? TTFeedReader.read(data, documentURL: URL(string: "https://fuzz.example/feeds/a.xml")) {
    _ = feed.link
    _ = feed.date
    for item in feed.items {
      _ = item.link
      _ = item.summaryText
      _ = item.content?.plainText
      _ = item.summary?.sanitizedHTML()
      _ = item.content?.sanitizedHTML()
    }
  }
  // The HTML sanitizer on the raw bytes as markup, with a base to resolve against.
  _ = TTHTMLSanitizer.default.sanitize(
    String(decoding: data.prefix(65_536), as: UTF8.self), baseURL: URL(string: "https://fuzz.example/a/"))
  // In pieces of 5 bytes, items handed over one by one.
  var count = 0
  let reader = TTFeedReader { item in
    count += 1
    _ = item.date
  }
  var offset = 0
  var failed = false
  while offset < data.count, !failed {
    let end = min(data.count, offset + 5)
    failed = (try? reader.feed(UnsafeRawBufferPointer(rebasing: data[offset..<end]))) == nil
    offset = end
  }
  if !failed { _ = try? reader.finish() }
  // With tiny limits and a strict address policy, so that every cut and every refusal runs.
  var limits = TTFeedReader.Limits()
  limits.maxChannelBytes = 64
  limits.maxChannelNodes = 8
  limits.maxItemBytes = 64
  limits.maxItemNodes = 8
  limits.maxJSONBytes = 4_096
  let strict = TTURLSchemePolicy(allowing: ["https"], allowsRelativeReferences: false)
  if let feed = try? TTFeedReader.read(data, limits: limits, urlPolicy: strict) {
    for problem in feed.problems { _ = problem.message }
    _ = feed.syntaxProblem?.message
    for item in feed.items {
      _ = item.link
      _ = item.location?.point
    }
  }
  // Strictly: XML that is not well-formed is refused rather than repaired.
  _ = try? TTFeedReader.read(data, strict: true)
  // The date parser on the raw bytes as text (at most its limit is read).
  let text = String(decoding: data.prefix(300), as: UTF8.self)
  _ = TTFeedDateParser.parse(text)
  _ = TTFeedDateParser.parseRFC822(text)
  _ = TTFeedDateParser.parseISO8601(text)
}

runFuzzTarget(fuzzOne)
