import Foundation
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
