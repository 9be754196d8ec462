import Foundation
import Testing
import Three20Style

@Suite("TTStyleSheet.default")
struct TTDefaultStyleSheetTests {
  static let sheet = TTStyleSheet.default

  /// The default sheet has Three20's named colours.
  @Test(arguments: [
    "textColor", "highlightedTextColor", "placeholderTextColor", "linkTextColor", "timestampTextColor",
    "moreLinkTextColor", "navigationBarTintColor", "toolbarTintColor", "searchBarTintColor",
    "tableHeaderTextColor", "tableHeaderTintColor", "tableSubTextColor", "tableTitleTextColor",
    "tableGroupedBackgroundColor", "tablePlainBackgroundColor", "tableSeparatorColor", "tableErrorTextColor",
    "tableActivityTextColor", "tabTintColor", "tabBarTintColor", "messageFieldTextColor",
    "screenBackgroundColor", "backgroundTextColor", "backgroundColor",
  ])
  func hasThree20Color(_ name: String) {
    #expect(Self.sheet.color(named: name) != nil)
  }

  /// Metrics are in cells: one row for a row, a bar or a banner.
  @Test func metricsAreInCells() {
    #expect(Self.sheet.value(named: "tableBannerViewHeight") == 1)
    #expect(Self.sheet.value(named: "tableRowHeight") == 1)
    #expect(Self.sheet.value(named: "toolbarHeight") == 1)
    #expect(Self.sheet.value(named: "textBarHeight") == 3)
    #expect(Self.sheet.valueNames.allSatisfy { (Self.sheet.value(named: $0) ?? -1) >= 0 })
  }

  /// The default sheet has Three20's named styles, with their own states where Three20 had them.
  @Test func hasThree20Styles() {
    let expected: [String: [TTControlState]] = [
      "linkText": [.normal, .highlighted],
      "toolbarButton": TTControlState.allCases,
      "toolbarBackButton": TTControlState.allCases,
      "toolbarForwardButton": TTControlState.allCases,
      "toolbarRoundButton": TTControlState.allCases,
      "blackToolbarButton": TTControlState.allCases,
      "grayToolbarButton": TTControlState.allCases,
      "searchBar": [.normal], "searchBarBottom": [.normal], "searchTextField": [.normal],
      "tableHeader": [.normal], "badge": [.normal], "largeBadge": [.normal], "miniBadge": [.normal],
      "tabBar": [.normal], "tabStrip": [.normal], "tab": [.normal, .highlighted, .selected],
      "tabRound": [.normal, .highlighted, .selected], "tabGrid": [.normal], "tabOverflowLeft": [.normal],
      "tabOverflowRight": [.normal], "rounded": [.normal], "pageDot": [.normal, .selected],
      "launcherButton": TTControlState.allCases, "launcherCloseButton": [.normal], "textBar": [.normal],
      "textBarFooter": [.normal], "textBarTextField": [.normal], "textBarPostButton": TTControlState.allCases,
      "tableReloadButton": [.normal, .highlighted], "activityLabel": [.normal], "blackBanner": [.normal],
      "tableBanner": [.normal], "tableSelection": [.normal],
    ]
    for (name, states) in expected {
      #expect(Self.sheet.states(ofStyle: name) == states, "\(name)")
    }
  }

  /// Styles use the sheet's colours: links in linkTextColor, a selected row in the
  /// highlighted text colour, a launcher button's image as a part.
  @Test func stylesUseTheSheetsColors() throws {
    let link = try #require(Self.sheet.style(named: "linkText"))
    #expect(link.textLook.color == Self.sheet.color(named: "linkTextColor"))
    #expect(link.textLook.attributes == .underline)
    let selection = try #require(Self.sheet.style(named: "tableSelection"))
    #expect(selection.textLook.color == Self.sheet.color(named: "highlightedTextColor"))
    let launcher = try #require(Self.sheet.style(named: "launcherButton", for: .highlighted))
    #expect(
      launcher.part(named: "image") == Self.sheet.style(named: "launcherButtonImage", for: .highlighted))
    let disabled = try #require(Self.sheet.style(named: "toolbarButton", for: .disabled))
    #expect(disabled.textLook.color == TTColor.white.withAlpha(0.4))
  }

  /// `TTStyleSheet.current` starts as the default sheet.
  @Test func currentStartsAsDefault() async throws {
    // Another suite swaps the current sheet for a moment; a few reads see it settle.
    var sawDefault = false
    for _ in 0..<50 where !sawDefault {
      sawDefault = TTStyleSheet.current == TTStyleSheet.default
      if !sawDefault { try await Task.sleep(for: .milliseconds(10)) }
    }
    #expect(sawDefault)
  }

  /// The default sheet written as text reads back equal, and its text has no colour it
  /// cannot write as #rrggbb or rgba().
  @Test func roundTrips() throws {
    let css = Self.sheet.css
    #expect(try TTStyleSheet(css: css) == Self.sheet)
    #expect(!css.contains("srgb"))
  }

  static let sizes = [
    TTSize(width: 0, height: 0), TTSize(width: 1, height: 1), TTSize(width: 2, height: 1),
    TTSize(width: 8, height: 1), TTSize(width: 3, height: 3), TTSize(width: 20, height: 5),
  ]

  /// Every style of the sheet, in every state it has, draws on canvases of several sizes
  /// without trapping; content stays inside the style's content rectangle.
  @Test(arguments: TTStyleSheet.default.styleNames)
  func styleDraws(_ name: String) throws {
    for state in Self.sheet.states(ofStyle: name) {
      let style = try #require(Self.sheet.style(named: name, for: state))
      for size in Self.sizes {
        var canvas = TTCanvas(width: size.width, height: size.height)
        var contentRect: TTRect?
        style.draw(in: canvas.bounds, on: &canvas) { canvas, rect in
          contentRect = rect
          canvas.fill(canvas.bounds, with: "#", style: style.textLook.cellStyle)
        }
        #expect(canvas.lines.count == size.height)
        let allowed = contentRect ?? .zero
        for y in 0..<size.height {
          for x in 0..<size.width where canvas[x, y].character == "#" {
            #expect(allowed.contains(TTPoint(x: x, y: y)), "\(name):\(state) \(size) at \(x),\(y)")
          }
        }
      }
    }
  }

  /// A theme file beside the tests, read through Bundle.module, lays its entries over the
  /// default sheet.
  @Test func fixtureThemeLoads() throws {
    let url = try #require(
      Bundle.module.url(forResource: "theme", withExtension: "css", subdirectory: "Fixtures"))
    let theme = try TTStyleSheet(contentsOf: url)
    #expect(theme.color(named: "textColor") == TTColor(red: 28, green: 28, blue: 28))
    #expect(theme.color(named: "toolbarTintColor") == TTColor(hue: 210, saturation: 0.8, value: 0.85))
    #expect(theme.value(named: "tableRowHeight") == 2)
    #expect(theme.states(ofStyle: "toolbarButton") == [.normal, .selected, .disabled])
    #expect(theme.style(named: "toolbarButton") == theme.style(named: "toolbarButton", for: .selected))
    let launcher = try #require(theme.style(named: "launcherButton"))
    #expect(
      launcher.part(named: "image")?.layers.last
        == .image(
          TTImageLook(
            url: "bundle://launcher.png", alternateText: "App", size: TTSize(width: 4, height: 2),
            contentMode: .scaleAspectFit)))
    #expect(launcher.textLook.numberOfLines == 2)

    let merged = TTStyleSheet.default.merging(theme)
    #expect(merged.color(named: "textColor") == theme.color(named: "textColor"))
    #expect(merged.color(named: "tabTintColor") == TTStyleSheet.default.color(named: "tabTintColor"))
    #expect(merged.style(named: "toolbarButton", for: .highlighted) != nil)
    #expect(try TTStyleSheet(css: theme.css) == theme)
  }

  /// A file with a mistake names itself by path in the error.
  @Test func brokenFileNamesItsPath() throws {
    let url = try #require(
      Bundle.module.url(forResource: "broken", withExtension: "css", subdirectory: "Fixtures"))
    #expect(
      throws: TTStyleError(
        .invalidStylesheet,
        """
        \(url.path):4:3: error: unknown property 'colr'; did you mean 'color'?
          colr: white;
          ^
        """)
    ) {
      try TTStyleSheet(contentsOf: url)
    }
  }

  /// Missing files, non-file URLs and text that is not UTF-8 are reported, not crashed on.
  @Test func unreadableFilesAreReported() throws {
    let missing = URL(fileURLWithPath: "/nonexistent/three20/theme.css")
    let error = #expect(throws: TTStyleError.self) { try TTStyleSheet(contentsOf: missing) }
    #expect(
      error?.message.hasPrefix("Could not read the stylesheet at /nonexistent/three20/theme.css") == true)

    let remote = try #require(URL(string: "https://example.com/theme.css"))
    #expect(
      throws: TTStyleError(
        .invalidStylesheet,
        "'https://example.com/theme.css' is not a file URL. Stylesheets are read from files; fetch a "
          + "remote one yourself and pass its text to TTStyleSheet(css:).")
    ) { try TTStyleSheet(contentsOf: remote) }

    let latin1 = FileManager.default.temporaryDirectory.appendingPathComponent("three20-\(UUID()).css")
    try Data([0x61, 0x20, 0x7B, 0xE9, 0x7D]).write(to: latin1)
    defer { try? FileManager.default.removeItem(at: latin1) }
    #expect(
      throws: TTStyleError(
        .invalidStylesheet, "The stylesheet at \(latin1.path) is not UTF-8 text. Save it as UTF-8.")
    ) { try TTStyleSheet(contentsOf: latin1) }
  }
}
