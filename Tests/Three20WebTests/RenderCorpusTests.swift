import Foundation
import Testing
import Three20Style
import Three20Web
import Three20XML

/// The corpus pages rendered with the real parser: goldens at 40, 80 and 120 columns, links,
/// widths and legacy charsets.
@Suite struct RenderCorpusTests {
  static let goldenCases = RenderCorpus.pages.flatMap { page in RenderCorpus.goldenWidths.map { (page, $0) } }

  @Test(arguments: goldenCases)
  func pageMatchesItsGolden(page: String, width: Int) throws {
    let rendered = try RenderCorpus.render(page, width: width)
    assertGolden(RenderCorpus.goldenText(rendered), named: "\(page)-\(width).txt")
  }

  @Test(arguments: RenderCorpus.pages)
  func everyLinkInTheDocumentIsOnThePageInDocumentOrder(page: String) throws {
    let document = try RenderCorpus.document(page)
    let rendered = TTWebRenderer(width: 80, styling: .builtIn, imagesAvailable: false)
      .render(document, url: RenderCorpus.url(of: page))
    let expected = linkHrefs(in: document).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    #expect(rendered.links.map { $0.href.trimmingCharacters(in: .whitespacesAndNewlines) } == expected)
    for link in rendered.links {
      #expect(
        rendered.links(onLine: link.line).contains(link.index),
        "link \(link.index) \(link.href) is not on its line")
      #expect(link.lastLine >= link.line)
    }
  }

  @Test(arguments: RenderCorpus.pages)
  func noLineIsWiderThanTheWidth(page: String) throws {
    let document = try RenderCorpus.document(page)
    for width in 20...140 {
      let rendered = TTWebRenderer(width: width, styling: .builtIn, imagesAvailable: false)
        .render(document, url: RenderCorpus.url(of: page))
      for (index, line) in rendered.lines.enumerated() where !line.isPreformatted {
        #expect(line.width <= width, "\(page) at \(width): line \(index) is \(line.width) wide: \(line.text)")
        #expect(TTDisplayWidth.of(line.text) <= width)
      }
      for line in rendered.plainText.split(separator: "\n") {
        #expect(TTDisplayWidth.of(line) <= width, "\(page) at \(width): \(line)")
      }
    }
  }

  @Test(arguments: RenderCorpus.pages)
  func veryNarrowWidthsStillFit(page: String) throws {
    let document = try RenderCorpus.document(page)
    for width in 2..<20 {
      let rendered = TTWebRenderer(width: width, styling: .builtIn, imagesAvailable: true)
        .render(document, url: RenderCorpus.url(of: page))
      for line in rendered.lines where !line.isPreformatted {
        #expect(line.width <= width, "\(page) at \(width): \(line.text)")
      }
    }
  }

  @Test(arguments: RenderCorpus.pages)
  func noLineIsWiderThanTheWidthWithPictures(page: String) throws {
    let document = try RenderCorpus.document(page)
    for width in [20, 33, 57, 80, 140] {
      let rendered = TTWebRenderer(width: width, styling: .builtIn, imagesAvailable: true)
        .render(document, url: RenderCorpus.url(of: page))
      for line in rendered.lines where !line.isPreformatted {
        #expect(line.width <= width, "\(page) at \(width): \(line.text)")
      }
      for image in rendered.images {
        #expect(image.column + image.size.width <= width)
      }
    }
  }

  @Test func legacyCharsetsAreDecoded() throws {
    let expectations: [(page: String, encoding: String, texts: [String])] = [
      ("latin1", "windows-1252", ["Grüße aus Köln", "Crème brûlée", "Åse Østergaard æøå", "Zur Karte »"]),
      ("windows-1252", "windows-1252", ["“Smart” typography", "10€", "‘hello’ — and left…", "Œuvre"]),
      ("shift_jis", "Shift_JIS", ["東京の天気予報", "今日は晴れ時々曇りです", "明日の天気"]),
      ("gb18030", "gb18030", ["北京新闻", "今天北京天气晴朗", "罕见字：丂丄 € 😀"]),
    ]
    for expectation in expectations {
      let document = try RenderCorpus.document(expectation.page)
      #expect(document.encoding == expectation.encoding)
      let rendered = TTWebRenderer(width: 200, styling: .builtIn, imagesAvailable: false)
        .render(document, url: RenderCorpus.url(of: expectation.page))
      for text in expectation.texts {
        #expect(rendered.plainText.contains(text), "\(expectation.page) lacks \(text)")
      }
      #expect(!rendered.plainText.contains("\u{FFFD}"))
    }
  }

  @Test func titlesComeFromTheTitleElement() throws {
    #expect(
      try RenderCorpus.render("news-article", width: 80).title
        == "Harbour Lights Return to the Old Town | The Coastal Courier")
    #expect(try RenderCorpus.render("shift_jis", width: 80).title == "東京の天気")
    #expect(try RenderCorpus.render("malformed", width: 80).title == "Broken markup")
  }

  @Test func anchorsPointAtTheLinesTheirElementsStartOn() throws {
    let news = try RenderCorpus.render("news-article", width: 80)
    let changed = try #require(news.line(ofAnchor: "what-changed"))
    #expect(news.lines[changed].text == "What changed")
    let story = try #require(news.line(ofAnchor: "story"))
    #expect(news.lines[story].text == "Harbour Lights Return to the Old Town")
    let tables = try RenderCorpus.render("tables", width: 80)
    let night = try #require(tables.line(ofAnchor: "night"))
    #expect(tables.lines[night].text.hasPrefix("Night crossing"))
    let malformed = try RenderCorpus.render("malformed", width: 80)
    let bottom = try #require(malformed.line(ofAnchor: "bottom"))
    #expect(malformed.lines[bottom].text.contains("Bottom"))
  }

  @Test func linksAreResolvedAgainstTheBaseAndJudged() throws {
    let news = try RenderCorpus.render("news-article", width: 80)
    func link(_ text: String) throws -> TTWebLink {
      try #require(news.links.first { $0.text == text }, "no link \(text)")
    }
    #expect(try link("Mira Holt").url?.absoluteString == "https://news.example.com/authors/mira-holt.html")
    #expect(try link("Home").url?.absoluteString == "https://news.example.com/")
    #expect(try link("Search").isFollowable == false)
    #expect(try link("A data link").isFollowable == false)
    #expect(try link("what changed").fragment == "what-changed")
    #expect(
      try link("the 2013 story").url?.absoluteString
        == "https://news.example.com/2024/archive/2013%20harbour%20wall.html"
    )
    #expect(try link("write to us").isFollowable)
    #expect(try link("write to us").url?.scheme == "mailto")
  }
}
