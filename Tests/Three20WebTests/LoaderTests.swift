import Foundation
import Testing
import Three20Core
import Three20Network
import Three20TestSupport
import Three20XML

@testable import Three20Web

@Suite("Loading pages")
struct LoaderTests {
  let server: TTTestHTTPServer

  init() throws {
    server = try TTTestHTTPServer.started()
  }

  /// The loader's error, or a failed expectation when it loaded.
  func failure(_ url: String, _ loader: TTWebLoader = testLoader()) async -> TTWebError? {
    do {
      _ = try await loader.load(url)
      Issue.record("\(url) loaded")
      return nil
    } catch {
      return error
    }
  }

  @Test("A redirect gives the final address, and relative links resolve against it")
  func redirectsGiveTheFinalURL() async throws {
    server.route("GET", "/start") { _ in .redirect(to: "/docs/guide/page.html") }
    server.route("GET", "/docs/guide/page.html") { _ in
      html("<title>Guide</title><p><a href=\"next.html\">Next</a> <a href=\"../index.html\">Up</a>")
    }
    let loaded = try await testLoader().load(server.url("/start"))
    #expect(loaded.requestedURL == server.url("/start"))
    #expect(loaded.finalURL == server.url("/docs/guide/page.html"))
    #expect(loaded.title == "Guide")
    let page = TTWebDump.render(loaded, width: 80)
    #expect(
      page.links.map { $0.url?.absoluteString } == [
        server.url("/docs/guide/next.html"), server.url("/docs/index.html"),
      ])
  }

  @Test("The charset of the Content-Type header decodes the page")
  func charsetFromTheHeader() async throws {
    let bytes =
      Data("<title>Caf".utf8) + Data([0xE9]) + Data("</title><p>na".utf8) + Data([0xEF]) + Data("ve".utf8)
    server.route("GET", "/latin") { _ in .data(bytes, contentType: "text/html; charset=ISO-8859-1") }
    let loaded = try await testLoader().load(server.url("/latin"))
    #expect(loaded.title == "Café")
    #expect(loaded.document.encoding == "windows-1252")
    #expect(loaded.document.encodingSource == .transport)
    #expect(loaded.document.body?.textContent.contains("naïve") == true)
  }

  @Test("A 404 is an httpStatus error that names the address")
  func notFoundNamesTheURL() async throws {
    let url = server.url("/missing/page.html")
    let error = try #require(await failure(url))
    #expect(error.code == .httpStatus)
    #expect(error.statusCode == 404)
    #expect(error.url == url)
    #expect(error.message.hasPrefix(url + ": error: "))
    #expect(error.message.contains("404 (Not Found)"))
    #expect(error.title == "Page not found")
  }

  @Test("A 100 MB page is refused as too large, naming the limit", .timeLimit(.minutes(3)))
  func hugePagesAreTooLarge() async throws {
    server.route("GET", "/huge") { _ in
      TTTestHTTPResponse(headers: ["Content-Type": "text/html"], body: .generated(size: 100_000_000))
    }
    server.route("GET", "/huge-chunked") { _ in
      TTTestHTTPResponse(headers: ["Content-Type": "text/html"], body: .generated(size: 100_000_000))
        .chunked(size: 64 * 1024)
    }
    // The announced size is refused by the default limit; a body without one (chunked) stops
    // downloading at the limit, here a smaller one so the test reads 1 MB, not 10.
    let announced = try #require(await failure(server.url("/huge")))
    #expect(announced.code == .tooLarge)
    #expect(announced.message.contains("10,000,000 bytes"))
    #expect(announced.message.contains("maxDocumentSize"))
    let small = testLoader { $0.parser.maxDocumentSize = 1_000_000 }
    let streamed = try #require(await failure(server.url("/huge-chunked"), small))
    #expect(streamed.code == .tooLarge)
    #expect(streamed.message.contains("1,000,000 bytes"))
  }

  @Test("A page that never ends is cancelled by cancelling the load or its task", .timeLimit(.minutes(3)))
  func endlessPagesAreCancelled() async throws {
    server.route("GET", "/endless") { _ in
      TTTestHTTPResponse(headers: ["Content-Type": "text/html"], body: .generated(size: 1_000_000_000))
        .chunked(size: 64).paced(bytes: 64, every: .milliseconds(20))
    }
    let load = testLoader().start(server.url("/endless"))
    // Long enough for the full parallel run, where busy suites can hold the machine a minute.
    let deadline = Date().addingTimeInterval(90)
    while load.progress.bytesReceived == 0, Date() < deadline { try await Task.sleep(for: .milliseconds(10)) }
    #expect(load.progress.bytesReceived > 0)
    #expect(!load.isFinished)
    load.cancel()
    do {
      _ = try await load.value()
      Issue.record("the endless page loaded")
    } catch {
      #expect(error.code == .cancelled)
    }
    #expect(load.isFinished)

    let loader = testLoader()
    let url = server.url("/endless")
    let task = Task { () -> TTWebError.Code? in
      do throws(TTWebError) {
        _ = try await loader.load(url)
        return nil
      } catch {
        return error.code
      }
    }
    try await Task.sleep(for: .milliseconds(200))
    task.cancel()
    let code = await task.value
    #expect(code == .cancelled)
  }

  @Test("An image is not a page: notHTML names its type")
  func imagesAreNotHTML() async throws {
    server.route("GET", "/picture.png") { _ in
      .data(Data([0x89, 0x50, 0x4E, 0x47]), contentType: "image/png")
    }
    let error = try #require(await failure(server.url("/picture.png")))
    #expect(error.code == .notHTML)
    #expect(error.contentType == "image/png")
    #expect(error.message.contains("image/png"))
    #expect(error.url == server.url("/picture.png"))
  }

  @Test("Plain text is shown as preformatted text, markup and all")
  func plainTextIsPreformatted() async throws {
    let text = "a < b && c > d\n  <script>alert(1)</script>\nlast line"
    server.route("GET", "/notes.txt") { _ in .text(text) }
    let loaded = try await testLoader().load(server.url("/notes.txt"))
    #expect(loaded.isPlainText)
    #expect(loaded.title == "notes.txt")
    let pre = try #require(loaded.document.body?.child("pre"))
    #expect(pre.textContent == text)
    let page = TTWebDump.render(loaded, width: 80)
    #expect(page.plainText.contains("<script>alert(1)</script>"))
  }

  @Test("Plain text in UTF-16 is decoded")
  func plainTextInUTF16() async throws {
    var wide = Data([0xFF, 0xFE])
    for unit in "Grüße <3".utf16 { wide += Data([UInt8(unit & 0xFF), UInt8(unit >> 8)]) }
    let bytes = wide
    server.route("GET", "/wide.txt") { _ in .data(bytes, contentType: "text/plain; charset=utf-16") }
    let loaded = try await testLoader().load(server.url("/wide.txt"))
    #expect(loaded.document.body?.child("pre")?.textContent == "Grüße <3")
  }

  @Test("A response without a type is read as HTML unless it looks binary")
  func untypedResponses() async throws {
    server.route("GET", "/untyped") { _ in TTTestHTTPResponse(body: "<title>Bare</title><p>hi") }
    server.route("GET", "/binary") { _ in TTTestHTTPResponse(body: .bytes(Data([0x00, 0x01, 0x02, 0x03]))) }
    #expect(try await testLoader().load(server.url("/untyped")).title == "Bare")
    #expect(await failure(server.url("/binary"))?.code == .notHTML)
  }

  @Test("Addresses that are not web pages are refused before anything is fetched")
  func unsupportedAddresses() async throws {
    #expect(await failure("")?.code == .invalidURL)
    #expect(await failure("example.com/page")?.code == .invalidURL)
    #expect(await failure("http:///nohost")?.code == .invalidURL)
    #expect(await failure("javascript:alert(1)")?.code == .unsupportedScheme)
    #expect(await failure("data:text/html,<p>hi")?.code == .unsupportedScheme)
    let file = try #require(await failure("file:///etc/passwd"))
    #expect(file.code == .unsupportedScheme)
    #expect(file.message.contains("allowsFileURLs"))
    #expect(server.totalRequestCount == 0)
  }

  @Test("file: addresses load when the options allow them")
  func fileURLsWhenAllowed() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = folder.url.appendingPathComponent("page.html")
    try Data("<title>Local</title><p>from disk".utf8).write(to: file)
    let loaded = try await testLoader { $0.allowsFileURLs = true }.load(file.absoluteString)
    #expect(loaded.title == "Local")
  }

  @Test("The parser's limits are web errors that name the option to raise")
  func parserLimits() async throws {
    server.route("GET", "/deep") { _ in
      html(String(repeating: "<div>", count: 2_000) + "deep" + String(repeating: "</div>", count: 2_000))
    }
    server.route("GET", "/wide") { _ in html(String(repeating: "<span>x</span>", count: 500)) }
    server.route("GET", "/attributes") { _ in
      html("<p " + (0..<50).map { "a\($0)=\"1\"" }.joined(separator: " ") + ">x</p>")
    }
    let deep = try #require(await failure(server.url("/deep"), testLoader { $0.parser.maxDepth = 100 }))
    #expect(deep.code == .tooDeep)
    #expect(deep.message.contains("maxDepth"))
    #expect(deep.underlying is TTXMLError)
    let wide = try #require(await failure(server.url("/wide"), testLoader { $0.parser.maxNodes = 100 }))
    #expect(wide.code == .tooManyNodes)
    #expect(wide.message.contains("maxNodes"))
    let attributes = try #require(
      await failure(server.url("/attributes"), testLoader { $0.parser.maxAttributesPerElement = 10 }))
    #expect(attributes.code == .tooManyAttributes)
    #expect(attributes.message.contains("maxAttributesPerElement"))
  }

  @Test("Progress counts the bytes received and the announced size")
  func progressIsObservable() async throws {
    let body = "<p>" + String(repeating: "word ", count: 4_000) + "</p>"
    server.route("GET", "/paced") { _ in html(body).paced(bytes: 2_000, every: .milliseconds(30)) }
    let load = testLoader().start(server.url("/paced"))
    var seen: [Int64] = []
    while !load.isFinished, seen.count < 1_000 {
      let progress = load.progress
      if progress.bytesReceived > 0, seen.last != progress.bytesReceived {
        seen.append(progress.bytesReceived)
        #expect(progress.totalBytes == Int64(body.utf8.count))
      }
      if progress.bytesReceived == Int64(body.utf8.count) { break }
      try await Task.sleep(for: .milliseconds(5))
    }
    _ = try await load.value()
    // How often the progress was seen depends on the scheduling; that it grew to the whole body
    // does not.
    #expect(!seen.isEmpty)
    #expect(load.progress.bytesReceived == Int64(body.utf8.count))
    #expect(load.progress.totalBytes == Int64(body.utf8.count))
    #expect(TTWebLoadProgress(bytesReceived: 12_345, totalBytes: 40_000).description == "12.3 kB of 40.0 kB")
    #expect(TTWebLoadProgress(bytesReceived: 512).description == "512 B")
  }

  @Test("A redirected page answered from the cache keeps its final address")
  func cachedRedirectsKeepTheFinalURL() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let cache = try TTURLCache(name: "Web", directory: folder.url)
    let loader = testLoader(cache: cache)
    server.route("GET", "/moved") { _ in .redirect(to: "/new/home.html") }
    server.route("GET", "/new/home.html") { _ in
      var response = html("<a href=\"a.html\">A</a>")
      response.headers["Cache-Control"] = "max-age=600"
      return response
    }
    let first = try await loader.load(server.url("/moved"))
    let second = try await loader.load(server.url("/moved"))
    #expect(!first.respondedFromCache)
    #expect(second.respondedFromCache)
    #expect(second.finalURL == server.url("/new/home.html"))
    // The cache kept the final address with the page, so its relative link resolves as before.
    #expect(TTWebDump.render(second, width: 40).links.first?.url?.absoluteString == server.url("/new/a.html"))
  }

  @Test("Network failures map onto web errors")
  func networkErrorsMap() {
    let url = "https://example.com/a"
    #expect(TTWebError(TTNetworkError(.timedOut, "idle"), url: url).code == .timedOut)
    #expect(TTWebError(TTNetworkError(.cannotConnect, "refused"), url: url).code == .network)
    #expect(TTWebError(TTNetworkError(.notCached, "offline"), url: url).code == .notCached)
    let wrapped = TTWebError(.notHTML, url: url, reason: "image")
    #expect(TTWebError(TTNetworkError(.invalidResponse, "x", underlying: wrapped), url: url).code == .notHTML)
    let escaped = TTWebError(.network, url: "https://x/\u{1B}[2J", reason: "bad \u{1B}]0;t\u{07}")
    #expect(!escaped.message.contains("\u{1B}"))
    #expect(!escaped.message.contains("\u{07}"))
  }
}
