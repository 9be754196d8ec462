import Foundation
import Three20Core
import Three20Style
import Three20Table

/// Items of every built-in type, the cells that draw them, and fixed settings, shared by the
/// cell tests.
enum TableCellSamples {
  /// A fixed moment: 2009-02-13 23:31:30 UTC.
  static let now = Date(timeIntervalSince1970: 1_234_567_890)

  /// Date formatting with a fixed clock, UTC, English.
  static let dates = TTDateFormatting(
    now: { now }, calendar: Calendar(identifier: .gregorian), timeZone: TimeZone(identifier: "UTC")!,
    locale: Locale(identifier: "en_US_POSIX"))

  /// The registry every test draws with.
  static let registry = TTTableCellRegistry.standard(dateFormatting: dates)

  /// A state drawn with the default stylesheet, whatever the current one is.
  static func state(selected: Bool = false, highlighted: Bool = false, tick: Int = 0) -> TTTableCellState {
    TTTableCellState(isSelected: selected, isHighlighted: highlighted, styleSheet: .default, tick: tick)
  }

  static let longText =
    "Three20 was an open source library of Objective-C classes used by the Facebook iPhone app, "
    + "with a photo viewer, a navigator of URLs, and tables driven by models."

  static func styled(_ markup: String) -> TTStyledText {
    (try? TTStyledText(xhtml: markup)) ?? TTStyledText(text: markup)
  }

  /// Named groups of sample items, one group per item type.
  static let groups: [(name: String, items: [any TTTableItem])] = [
    (
      "text",
      [
        TTTableTextItem(text: "Inbox"),
        TTTableTextItem(text: "Inbox", url: "tt://inbox"),
        TTTableTextItem(text: "Account", url: "tt://account", accessoryURL: "tt://account/info"),
        TTTableTextItem(text: longText, url: "tt://long"),
        TTTableTextItem(text: "漢字のテキストと絵文字👨‍👩‍👧が混ざった長い行はきちんと切られます"),
      ]
    ),
    (
      "caption",
      [
        TTTableCaptionItem(text: "ada@example.com", caption: "email", url: "mailto:ada@example.com"),
        TTTableCaptionItem(text: "+44 20 7946 0000", caption: "mobile phone number"),
        TTTableCaptionItem(text: longText, caption: "about"),
      ]
    ),
    (
      "rightCaption",
      [
        TTTableRightCaptionItem(text: "Storage", caption: "12 GB"),
        TTTableRightCaptionItem(text: "Version", caption: "3.0a4", url: "tt://about"),
        TTTableRightCaptionItem(text: longText, caption: "a very long caption that must give way"),
      ]
    ),
    (
      "subtext",
      [
        TTTableSubtextItem(text: "Video", caption: "Shoot, edit and share video on your phone."),
        TTTableSubtextItem(text: "Compass", caption: longText, url: "tt://compass"),
        TTTableSubtextItem(text: "No caption", caption: ""),
      ]
    ),
    (
      "settings",
      [
        TTTableSettingsItem(text: "Home", caption: "Wi-Fi", url: "tt://settings/wifi"),
        TTTableSettingsItem(text: "Off", caption: "Bluetooth"),
        TTTableSettingsItem(text: "日本語", caption: "Language"),
      ]
    ),
    (
      "subtitle",
      [
        TTTableSubtitleItem(text: "Ada Lovelace", subtitle: "Analyst", url: "tt://people/ada"),
        TTTableSubtitleItem(text: "Charles Babbage", subtitle: longText, imageURL: "https://x.org/c.png"),
        TTTableSubtitleItem(text: "No subtitle"),
      ]
    ),
    (
      "message",
      [
        TTTableMessageItem(
          title: "Ada Lovelace", caption: "Notes on the Analytical Engine", text: longText,
          timestamp: now - 300, url: "tt://mail/1"),
        TTTableMessageItem(
          title: "Charles", caption: "Lunch?", text: "Thursday works.", timestamp: now - 3 * 86_400),
        TTTableMessageItem(title: "Old", text: "From years ago.", timestamp: now - 400 * 86_400),
        TTTableMessageItem(caption: "Only a subject"),
      ]
    ),
    (
      "longText",
      [TTTableLongTextItem(text: longText), TTTableLongTextItem(text: "Short.", url: "tt://short")]
    ),
    ("grayText", [TTTableGrayTextItem(text: "Changes apply after a restart. " + longText)]),
    ("summary", [TTTableSummaryItem(text: "42 messages"), TTTableSummaryItem(text: longText)]),
    (
      "link",
      [
        TTTableLink(text: "three20.info", url: "https://three20.info"),
        TTTableLink(text: "No URL"),
      ]
    ),
    ("button", [TTTableButton(text: "Sign Out"), TTTableButton(text: longText)]),
    (
      "moreButton",
      [
        TTTableMoreButton(),
        TTTableMoreButton(subtitle: "Showing 20 of 112", isLoading: true),
        TTTableMoreButton(text: "Load more posts…", isLoading: true),
      ]
    ),
    (
      "image",
      [
        TTTableImageItem(
          text: "Sunset", imageURL: "https://x.org/s.jpg", alternateText: "photo", url: "tt://p/1"),
        TTTableImageItem(text: "No alternate text", imageURL: "https://x.org/n.jpg"),
        TTTableImageItem(text: "Long alternate text", alternateText: "a picture of a very long thing"),
      ]
    ),
    (
      "rightImage",
      [
        TTTableRightImageItem(text: "Profile", imageURL: "https://x.org/me.png", alternateText: "me"),
        TTTableRightImageItem(text: longText, alternateText: "avatar", url: "tt://me"),
      ]
    ),
    (
      "styledText",
      [
        TTTableStyledTextItem(text: styled("<b>Three20</b> for the <i>terminal</i>: https://three20.info")),
        TTTableStyledTextItem(
          text: styled("<b>Padded</b> text. " + longText),
          padding: TTEdgeInsets(top: 1, left: 2, bottom: 1, right: 2),
          url: "tt://styled"),
      ]
    ),
    ("activity", [TTTableActivityItem(text: "Searching…"), TTTableActivityItem(text: longText)]),
    (
      "control",
      [
        TTTableControlItem(caption: "Wi-Fi", control: .toggle(true)),
        TTTableControlItem(caption: "Airplane mode", control: .toggle(false)),
        TTTableControlItem(caption: "Name", control: .textField("", placeholder: "Your name")),
        TTTableControlItem(caption: "City", control: .textField("London")),
        TTTableControlItem(caption: "", control: .textField(longText)),
      ]
    ),
  ]

  /// The rows of a canvas with every column shown, between `│` marks, so that widths and
  /// trailing spaces are visible in golden files.
  static func framed(_ canvas: TTCanvas) -> String {
    (0..<canvas.height).map { y in
      var line = "│"
      for cell in canvas.row(y) where !cell.isContinuation {
        line.append(cell.character)
      }
      return line + "│"
    }.joined(separator: "\n")
  }
}
