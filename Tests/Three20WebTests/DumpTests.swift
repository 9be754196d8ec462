import Foundation
import Testing
import Three20Network
import Three20Style
import Three20TestSupport
import Three20Web

@Suite("Rendering a page once")
struct DumpTests {
  let server: TTTestHTTPServer

  init() throws {
    server = try TTTestHTTPServer.started()
    server.route("GET", "/article") { _ in
      html(
        "<title>News</title><h1>Headline</h1><p>"
          + String(repeating: "A sentence of the article. ", count: 20)
          + "<a href=\"/more\">Read more</a></p>")
    }
  }

  @Test("A page is rendered at the width asked for, with its links")
  func rendersAtTheWidth() async throws {
    let page = try await TTWebDump.render(
      url: server.url("/article"), width: 40, options: testLoader().options, queue: TTURLRequestQueue())
    #expect(page.width == 40)
    #expect(page.title == "News")
    #expect(page.url?.absoluteString == server.url("/article"))
    #expect(page.plainText.contains("Headline"))
    #expect(page.lines.allSatisfy { $0.isPreformatted || $0.width <= 40 })
    #expect(page.links.map { $0.url?.absoluteString } == [server.url("/more")])
  }

  @Test("Widths are kept between the minimum and the canvas's maximum")
  func widthsAreClamped() async throws {
    let loaded = try await testLoader().load(server.url("/article"))
    #expect(TTWebDump.render(loaded, width: 0).width == TTWebRenderer.widthRange.lowerBound)
    #expect(TTWebDump.render(loaded, width: 1_000_000).width == TTCanvas.maximumWidth)
  }

  @Test("Failures are web errors naming the address")
  func failuresAreWebErrors() async throws {
    do {
      _ = try await TTWebDump.render(
        url: server.url("/status/500"), width: 80, options: testLoader().options, queue: TTURLRequestQueue())
      Issue.record("the page rendered")
    } catch {
      #expect(error.code == .httpStatus)
      #expect(error.statusCode == 500)
      #expect(error.message.contains(server.url("/status/500")))
    }
  }
}
