import CatalogKit
import Testing
import Three20

/// Every listed demo, as `Catalog URL --width N` draws it.
@Suite("Catalog: every demo renders")
@MainActor
struct CatalogRenderTests {
  nonisolated static let urls = CatalogDemo.listed.map(\.url)

  /// Every URL of `--list` draws at 40 and 120 columns, under its own title, with its key
  /// content, and no row wider than asked.
  @Test(arguments: urls, [40, 120])
  func demoRendersWithItsKeyContent(url: String, width: Int) async throws {
    let demo = try #require(CatalogDemo.listed.first { $0.url == url })
    let (text, title) = await CatalogRenderer.render(url: url, width: width)
    // Demos that open one screen with different queries share its title; a web page's title
    // is the page's own.
    if demo.section == .web {
      #expect(title?.isEmpty == false, "\(url) opened a page without a title")
    } else {
      #expect(title.map { demo.title.hasPrefix($0) } == true, "\(url) opened “\(title ?? "nothing")”")
    }
    #expect(!text.contains("No demo has this URL"))
    for line in text.split(separator: "\n") {
      #expect(TTDisplayWidth.of(String(line)) <= width, "row wider than \(width): \(line)")
    }
    // Key content may wrap at 40 columns; compare with the line breaks and margins taken out.
    let lines = text.split(separator: "\n").map { $0.drop { $0 == " " } }
    let joined = [lines.joined(), lines.joined(separator: " ")]
    for key in demo.keyContent {
      #expect(
        text.contains(key) || joined.contains { $0.contains(key) },
        "\(url) at \(width) lacks “\(key)”:\n\(text)")
    }
  }

  /// Every demo's URL resolves to the demo itself, under the index, never to the fallback.
  @Test func everyListedURLIsMappedUnderTheIndex() {
    let resolver = CatalogMap.resolver()
    for demo in CatalogDemo.all {
      let resolution = resolver.resolve(demo.url)
      #expect(resolution?.match.pattern == demo.pattern, "\(demo.url)")
      if demo.isListed && demo.mode != .modal {
        #expect(resolution?.route.parentURL == CatalogDemo.indexURL, "\(demo.url)")
      }
    }
  }

  /// The Keys demo lists the keys it is given, newest last, and still scrolls with them.
  @Test func keysDemoShowsTheKeysItReceives() throws {
    let resolution = try #require(CatalogMap.resolver().resolve("tt://uicommon/keys"))
    let demo = try #require(CatalogDemo.all.first { $0.url == "tt://uicommon/keys" })
    let controller = try #require(demo.make(resolution.match, [:]))
    let size = TTSize(width: 60, height: 30)
    #expect(TTTerminalHost.renderOnce(controller, size: size, capabilities: .plain).contains("none yet"))
    _ = controller.handleKey(.character("x"))
    _ = controller.handleKey(.function(5))
    let text = TTTerminalHost.renderOnce(controller, size: size, capabilities: .plain)
    #expect(text.contains("x  f5"), "\(text)")
    #expect(!text.contains("none yet"))
  }

  /// Demo URLs are unique, and every section that has demos is in the index.
  @Test func demoURLsAreUnique() {
    let urls = CatalogDemo.all.map(\.url)
    #expect(Set(urls).count == urls.count)
  }

  /// A URL without a demo opens the fallback screen, which says so and names the URL.
  @Test func unknownURLOpensTheFallback() async {
    let (text, _) = await CatalogRenderer.render(url: "tt://nowhere/at/all", width: 60)
    #expect(text.contains("No demo has this URL"))
    #expect(text.contains("tt://nowhere/at/all"))
  }

  /// The index lists every demo by section, with the key hints.
  @Test func indexListsEveryDemo() async {
    let (text, title) = await CatalogRenderer.render(url: CatalogDemo.indexURL, width: 120)
    #expect(title == "Three20 Catalog")
    for demo in CatalogDemo.listed {
      #expect(text.contains(demo.title))
      #expect(text.contains(demo.url))
    }
    for section in Set(CatalogDemo.listed.map(\.section)) {
      #expect(text.contains(section.rawValue))
    }
    #expect(text.contains("q quit"))
  }

  /// Plain output has no escape sequences; colour output has some.
  @Test func colourChoiceDecidesEscapes() async {
    let plain = await CatalogRenderer.render(url: "tt://style/gallery", width: 80).text
    #expect(!plain.contains("\u{1B}"))
    let coloured = await CatalogRenderer.render(
      url: "tt://style/gallery", width: 80, capabilities: .trueColor
    ).text
    #expect(coloured.contains("\u{1B}["))
  }

  /// `--list` prints every listed URL with its title, by section.
  @Test func listingHasEveryURLAndTitle() {
    let listing = CatalogApp.listing()
    for demo in CatalogDemo.listed {
      #expect(listing.contains(demo.url))
      #expect(listing.contains(demo.title))
    }
    #expect(listing.hasPrefix("# Core\n"))
  }
}
