/// The few lines of real code a generated project shows for each module: in `main.swift`, and
/// one test in the test target.
///
/// Each snippet uses only the module's public API. When Navigator and Table are both chosen,
/// the Navigator snippet opens the URL of a table row, so together they make a tiny URL-mapped
/// app with a table.
enum TTModuleSnippets {
  /// The `main.swift` block for a module, given every module of the project.
  static func main(for shortName: String, in project: Set<String>) -> String {
    switch shortName {
    case "Core":
      return """
        // Core: query strings and HTML entities, reached through `tt`.
        let query = TTQueryString(parsing: "?q=three20&tag=ios;tag=swift")
        print("Core: q = \\(query.first("q") ?? "none"), tags = \\(query.values(for: "tag").compactMap { $0 })")
        print("Core: \\("Caf&eacute; &amp; cr&#xE8;me".tt.decodingHTMLEntities)")
        """
    case "Network":
      return """
        // Network: read a bundled file through the request queue. Local URLs (bundle://, file://,
        // data:) are read directly; http and https responses go through TTURLCache.shared, under
        // keys such as the one printed below.
        if let resources = Bundle.module.url(forResource: "Resources", withExtension: nil) {
          TTURLRequestQueue.main.bundleDirectory = resources
        }
        do {
          let greeting = try await TTURLRequest(url: "bundle://hello.txt")
            .send(processingWith: TTURLStringResponse())
          print("Network: bundle://hello.txt says \\(greeting.trimmingCharacters(in: .whitespacesAndNewlines))")
        } catch {
          print("Network: \\(error)")
        }
        print("Network: a GET of https://example.com/feed is cached as \\(TTURLCache.key(url: "https://example.com/feed"))")
        """
    case "XMLExt":
      return """
        // XMLExt: load the bundled RSS feed through Network's queue and read it as a TTFeed.
        if let resources = Bundle.module.url(forResource: "Resources", withExtension: nil) {
          TTURLRequestQueue.main.bundleDirectory = resources
        }
        do {
          let feed = try await TTURLRequest(url: "bundle://feed.xml").send(processingWith: TTURLFeedResponse())
          print("XMLExt: \\(feed.title ?? "untitled feed"), \\(feed.items.count) item(s)")
          for item in feed.items { print("XMLExt:   \\(item.title ?? "untitled")") }
        } catch {
          print("XMLExt: \\(error)")
        }
        """
    case "Style":
      return """
        // Style: draw on a canvas of terminal cells and print it the way this terminal can show it.
        let blue = TTColor(red: 36, green: 112, blue: 216)
        var canvas = TTCanvas(width: 24, height: 1)
        canvas.write(
          " Three20 Style ", at: TTPoint(x: 1, y: 0),
          style: TTCellStyle(foreground: .white, background: blue, attributes: .bold))
        let capabilities = TTTerminalCapabilities.detect(
          environment: ProcessInfo.processInfo.environment, isTerminal: isatty(1) == 1)
        print(TTANSIRenderer(capabilities: capabilities).render(canvas))
        """
    case "UICommon":
      return """
        // UICommon: a screen is a view controller whose view holds views; a terminal host draws it.
        let screen = TTViewController()
        screen.view.addSubview(
          TTLabel(text: "Hello from Three20UICommon", frame: TTRect(x: 1, y: 0, width: 30, height: 1)))
        print(TTTerminalHost.renderOnce(screen, size: TTSize(width: 32, height: 1), capabilities: .plain))
        """
    case "Table":
      return """
        // Table: rows are values; the standard cell registry picks the cell that draws each one.
        let cells = TTTableCellRegistry.standard()
        let rows: [any TTTableItem] = [
          TTTableTextItem(text: "Hello from Three20Table"),
          TTTableSubtitleItem(text: "Three20 for Swift", subtitle: "tables in the terminal"),
        ]
        for row in rows {
          print(cells.cell(for: row).render(row, width: 40, state: TTTableCellState()).plainText)
        }
        """
    case "Navigator":
      let opening =
        project.contains("Table")
        ? """
        // A menu of table rows, each with the URL it opens; choosing the first one opens it (with
        // its parent, tt://home, beneath it).
        let menu = [
          TTTableTextItem(text: "Inbox", url: "tt://home/inbox"),
          TTTableTextItem(text: "Settings", url: "tt://home/settings"),
        ]
        for row in menu {
          print(cells.cell(for: row).render(row, width: 40, state: TTTableCellState()).plainText)
        }
        if let url = menu.first?.url {
          navigator.open(TTURLAction(url))
        }
        """
        : """
        navigator.open("tt://home/settings")  // a deep link: tt://home is opened beneath it
        """
      return """
        // Navigator: every screen has a URL. The URL map says which patterns open which screens;
        // the navigator opens URLs onto its stack, opening a screen's parent URL first.
        var map = TTURLMap()
        try map.map("tt://home") { _, _ in
          let home = TTViewController()
          home.title = "Home"
          return home
        }
        try map.map("tt://home/(section)", parent: "tt://home") { match, _ in
          let section = TTViewController()
          section.title = match["section"]
          return section
        }
        let navigator = try TTNavigator(map: map)
        \(opening)
        print("Navigator: stack \\(navigator.stack.compactMap(\\.navigatorURL))")
        navigator.back()
        print("Navigator: back to \\(navigator.visibleController?.title ?? "nothing")")
        """
    case "Image":
      return """
        // Image: a format is known by its first bytes (never by a file name), and decoded pixels
        // are RGBA values that scale by averaging.
        let pngStart: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        print("Image: a PNG's first bytes say \\(TTImageFormat.sniff(pngStart)?.name ?? "no image")")
        print("Image: an HTML error page is \\(TTImageFormat.sniff(Array("<html>".utf8))?.name ?? "no image")")
        let checkerboard = TTImageBitmap(
          width: 2, height: 2, pixels: [255, 255, 255, 255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255, 255])
        let grey = checkerboard.scaled(width: 1, height: 1)[0, 0]
        print("Image: a 2×2 checkerboard shrunk to 1×1 is grey \\(grey.red), \\(grey.green), \\(grey.blue)")
        for library in TTModuleInfo.image.systemLibraries {
          print("Image: decodes and draws with \\(library.name) \\(library.version)")
        }
        """
    case "Web":
      return """
        // Web: a page parsed as browsers parse it (unclosed tags and all), laid out at 40 columns
        // as `w3m -dump` prints it, its links resolved against the page's address.
        do {
          let html = "<title>Harbour</title><h1>Harbour News</h1><p>The lamp is lit.<p>Read <a href=news/42>the story</a>."
          let document = try TTHTMLParser.parse(Array(html.utf8))
          let page = TTWebRenderer(width: 40).render(document, url: URL(string: "https://harbour.example/"))
          print("Web: \\(page.title ?? "untitled")")
          for line in page.plainText.split(separator: "\\n") { print("Web:   \\(line)") }
          for link in page.links { print("Web: \\(link.text) → \\(link.url?.absoluteString ?? link.href)") }
        } catch {
          print("Web: \\(error)")
        }
        """
    default:
      return "// \(shortName): no example yet."
    }
  }

  /// The test for a module, as a member of the generated test suite.
  static func test(for shortName: String) -> String {
    switch shortName {
    case "Core":
      return """
          /// Core strips markup and reads repeated query keys.
          @Test func coreStripsMarkupAndReadsQueries() {
            #expect("<p>Hello <b>world</b></p>".tt.removingMarkup == "Hello world")
            #expect(TTQueryString(parsing: "?tag=a;tag=b").values(for: "tag") == ["a", "b"])
          }
        """
    case "Network":
      return """
          /// Network reads a data: URL through the request queue, without the network.
          @Test func networkReadsADataURL() async throws {
            let text = try await TTURLRequest(url: "data:,hello").send(processingWith: TTURLStringResponse())
            #expect(text == "hello")
          }
        """
    case "XMLExt":
      return """
          /// XMLExt reads a repeated element as an array, whether it appears once or many times.
          @Test func xmlExtReadsRepeatedElementsAsArrays() throws {
            let document = try TTXMLParser.parse(Data("<feed><entry/><entry/></feed>".utf8))
            #expect(document.root.children("entry").count == 2)
            #expect(document.root.children("missing").isEmpty)
            #expect(TTModuleInfo.xml.systemLibraries.map(\\.name) == ["libxml2"])
          }
        """
    case "Style":
      return """
          /// Style measures wide characters in terminal columns and writes them on a canvas.
          @Test func styleMeasuresWideCharacters() {
            #expect(TTDisplayWidth.of("漢字") == 4)
            var canvas = TTCanvas(width: 6, height: 1)
            #expect(canvas.write("漢字ok", at: TTPoint(x: 0, y: 0)) == 6)
          }
        """
    case "UICommon":
      return """
          /// UICommon draws a controller's views once, the way the terminal host does.
          @Test @MainActor func uiCommonDrawsAControllersViews() {
            let screen = TTViewController()
            screen.view.addSubview(TTLabel(text: "Hi", frame: TTRect(x: 0, y: 0, width: 4, height: 1)))
            let text = TTTerminalHost.renderOnce(screen, size: TTSize(width: 4, height: 1), capabilities: .plain)
            #expect(text.contains("Hi"))
          }
        """
    case "Table":
      return """
          /// Table's standard registry draws a link row with the link cell.
          @Test func tableRegistryPicksTheLinkCell() {
            #expect(TTTableCellRegistry.standard().cell(for: TTTableLink(text: "Docs")) is TTTableLinkCell)
          }
        """
    case "Navigator":
      return """
          /// Navigator opens a mapped URL over its parent, with the pattern's typed parameter.
          @Test @MainActor func navigatorOpensMappedURLsOverTheirParents() throws {
            var map = TTURLMap()
            try map.map("tt://items") { _, _ in TTViewController() }
            try map.map("tt://items/(id:int)", parent: "tt://items") { _, _ in TTViewController() }
            #expect(try map.freeze().resolve("tt://items/7")?.match["id"] == "7")
            let navigator = try TTNavigator(map: map)
            navigator.open("tt://items/7")
            #expect(navigator.stack.map(\\.navigatorURL) == ["tt://items", "tt://items/7"])
            #expect(navigator.back())
            #expect(navigator.stack.map(\\.navigatorURL) == ["tt://items"])
          }
        """
    case "Image":
      return """
          /// Image knows a format by its signature and averages the pixels it shrinks.
          @Test func imageSniffsFormatsAndScalesBitmaps() {
            #expect(TTImageFormat.sniff([0xFF, 0xD8, 0xFF, 0xE0]) == .jpeg)
            #expect(TTImageFormat.sniff(Array("<html>".utf8)) == nil)
            let stripes = TTImageBitmap(width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 0, 255, 255])
            #expect(stripes.scaled(width: 1, height: 1).pixels == [127, 0, 127, 255])
            #expect(TTModuleInfo.image.systemLibraries.map(\\.name).contains("libchafa"))
          }
        """
    case "Web":
      return """
          /// Web lays a page out at a width and resolves its links against the page's address.
          @Test func webRendersAPageAndResolvesItsLinks() throws {
            let document = try TTHTMLParser.parse(Array("<p>One<p>Two <a href=/x>x</a>".utf8))
            let page = TTWebRenderer(width: 20).render(document, url: URL(string: "https://a.example/b/"))
            #expect(page.plainText.contains("One"))
            #expect(page.links.map { $0.url?.absoluteString } == ["https://a.example/x"])
          }
        """
    default:
      return ""
    }
  }

  /// Files the executable bundles as resources, by name, for the modules that read them.
  static func resources(for project: Set<String>) -> [(name: String, contents: String)] {
    var files: [(name: String, contents: String)] = []
    if project.contains("Network") {
      files.append(("hello.txt", "Hello from a bundle:// URL.\n"))
    }
    if project.contains("XMLExt") {
      files.append(
        (
          "feed.xml",
          """
          <?xml version="1.0" encoding="UTF-8"?>
          <rss version="2.0">
            <channel>
              <title>Three20 for Swift</title>
              <link>https://example.com/</link>
              <description>A feed bundled with the starter project.</description>
              <item>
                <title>Hello, feeds</title>
                <link>https://example.com/hello</link>
                <pubDate>Sat, 21 Nov 2026 12:00:00 GMT</pubDate>
              </item>
            </channel>
          </rss>

          """
        ))
    }
    return files
  }
}
