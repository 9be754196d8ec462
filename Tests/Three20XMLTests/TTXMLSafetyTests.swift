import Foundation
import Synchronization
import Testing
import Three20XML

@Suite("TTXMLParser safety: entities, DTDs, limits")
struct TTXMLSafetyTests {
  /// Seconds taken by `body`.
  private func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  }

  /// Billion laughs (in text or in an attribute) is rejected quickly with a clear error.
  @Test(arguments: ["billion-laughs.xml", "billion-laughs-attribute.xml"])
  func billionLaughsRejected(name: String) throws {
    let data = try Fixture.data(name)
    var thrown: TTXMLError?
    let time = seconds {
      do throws(TTXMLError) { _ = try TTXMLParser.parse(data) } catch { thrown = error }
    }
    let error = try #require(thrown)
    #expect(error.code == .entityExpansionLimit)
    #expect(error.message.contains("entity"))
    #expect(time < 2)
  }

  /// Quadratic blowup (one big entity referenced many times) is rejected quickly.
  @Test func quadraticBlowupRejected() throws {
    let data = try Fixture.data("quadratic-blowup.xml")
    var thrown: TTXMLError?
    let time = seconds {
      do throws(TTXMLError) { _ = try TTXMLParser.parse(data) } catch { thrown = error }
    }
    #expect(thrown?.code == .entityExpansionLimit)
    #expect(time < 2)
  }

  /// With libxml2's own limits lifted (`allowsHugeDocuments`, which also turns off its
  /// amplification checks) entity expansion still stops at `maxEntityExpansion`, and promptly:
  /// it used to expand every remaining reference after the limit, for hours.
  @Test(arguments: ["billion-laughs.xml", "billion-laughs-attribute.xml", "quadratic-blowup.xml"])
  func entityLimitHoldsWithHugeDocuments(name: String) throws {
    let data = try Fixture.data(name)
    let outcome = Mutex<TTXMLError.Code?>(nil)
    let done = DispatchSemaphore(value: 0)
    Thread {
      var options = TTXMLParser.Options()
      options.allowsHugeDocuments = true
      do throws(TTXMLError) {
        _ = try TTXMLParser.parse(data, options: options)
      } catch {
        outcome.withLock { $0 = error.code }
      }
      done.signal()
    }.start()
    // A generous bound: it takes well under a second; the defect took hours.
    let finished = done.wait(timeout: .now() + 60) == .success
    #expect(finished, "still expanding after a minute")
    if finished { #expect(outcome.withLock { $0 } == .entityExpansionLimit) }
  }

  /// Small entity use stays within the default limit.
  @Test func modestEntitiesAllowed() throws {
    let document = try TTXMLParser.parse(Fixture.data("cdata-entities.xml"))
    #expect(document.root.childText("from") == "Three20 & Friends")
  }

  /// External entities are never loaded: the file and the URL are not read, the references
  /// expand to nothing.
  @Test func externalEntitiesNotLoaded() throws {
    let data = try Fixture.data("external-entity.xml")
    let document: TTXMLDocument
    do throws(TTXMLError) {
      document = try TTXMLParser.parse(data)
    } catch {
      // Refusing the document is also safe; it must not contain the file.
      #expect(!error.message.contains("root:"))
      return
    }
    #expect(!document.root.textContent.contains("root:"))
    #expect(document.root.childText("a") == "")
  }

  /// An external DTD or parameter entity is not fetched.
  @Test(arguments: ["external-dtd.xml", "parameter-entity.xml"])
  func externalDTDNotLoaded(name: String) throws {
    let document = try TTXMLParser.parse(Fixture.data(name))
    #expect(!document.root.textContent.contains("root:"))
  }

  /// Nesting deeper than `maxDepth` fails with `nestingDepthLimit`; a smaller limit applies.
  @Test func depthLimit() throws {
    let deep = try Fixture.data("deep-nesting.xml")
    let error = try #require(throws: TTXMLError.self) { try TTXMLParser.parse(deep) }
    #expect(error.code == .nestingDepthLimit)
    var options = TTXMLParser.Options()
    options.maxDepth = 3
    #expect(throws: Never.self) { try TTXMLParser.parse(Data("<a><b><c/></b></a>".utf8), options: options) }
    let shallow = try #require(throws: TTXMLError.self) {
      try TTXMLParser.parse(Data("<a><b><c><d/></c></b></a>".utf8), options: options)
    }
    #expect(shallow.code == .nestingDepthLimit)
    #expect(shallow.message.contains("maxDepth"))
  }

  /// `maxDepth` is the limit that holds, with or without `allowsHugeDocuments`: libxml2 does
  /// not stop a deep document read through the parser's callbacks at 256 or 2048 levels.
  @Test(arguments: [false, true])
  func maxDepthIsTheLimit(huge: Bool) throws {
    var options = TTXMLParser.Options()
    options.allowsHugeDocuments = huge
    options.maxDepth = 5_000
    let deep = Data((String(repeating: "<a>", count: 5_000) + String(repeating: "</a>", count: 5_000)).utf8)
    #expect(try TTXMLParser.parse(deep, options: options).nodeCount == 5_000)
    let deeper = Data((String(repeating: "<a>", count: 5_001) + String(repeating: "</a>", count: 5_001)).utf8)
    let error = try #require(throws: TTXMLError.self) { try TTXMLParser.parse(deeper, options: options) }
    #expect(error.code == .nestingDepthLimit)
    #expect(error.message.contains("more than 5000 deep (options.maxDepth)"))
  }

  /// Deep documents parse with `allowsHugeDocuments` and a raised depth limit.
  @Test func hugeOptIn() throws {
    var options = TTXMLParser.Options()
    options.allowsHugeDocuments = true
    options.maxDepth = 10_000
    let document = try TTXMLParser.parse(Fixture.data("deep-nesting.xml"), options: options)
    #expect(document.nodeCount == 5000)
  }

  /// Input above `maxDocumentSize` is refused as soon as it arrives.
  @Test func sizeLimit() throws {
    var options = TTXMLParser.Options()
    options.maxDocumentSize = 100
    let parser = TTXMLParser(options: options)
    try parser.feed(Data("<a>".utf8))
    let error = try #require(throws: TTXMLError.self) {
      try parser.feed(Data(String(repeating: "x", count: 200).utf8))
    }
    #expect(error.code == .documentSizeLimit)
    #expect(error.message.contains("maxDocumentSize"))
  }
}
