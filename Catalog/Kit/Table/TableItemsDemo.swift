import Foundation
import Three20

/// Three20's TableItemTestController: one of every table item, in sections, with rows as tall
/// as their content.
final class TableItemsDemo: CatalogTableController {
  override init(dataSource: (any TTTableViewDataSource)? = nil) {
    super.init(dataSource: dataSource)
    title = "Table items"
    variableHeightRows = true
  }

  override func createModel() {
    let now = Date()
    dataSource = TTSectionedDataSource(objects: [
      "Generic items",
      TTTableTextItem(text: "TTTableTextItem", url: "tt://style/gallery"),
      TTTableCaptionItem(text: "Caption item", caption: "caption"),
      TTTableRightCaptionItem(text: "Right caption", caption: "caption"),
      TTTableSubtextItem(text: "Subtext item", caption: "with a caption under it"),
      TTTableSubtitleItem(text: "Subtitle item", subtitle: "A subtitle", url: "tt://core/strings"),
      TTTableMessageItem(
        title: "Joe Hewitt", caption: "Three20 is back",
        text: "A message item: a title, a caption, a timestamp and two lines of text that wrap.",
        timestamp: now.addingTimeInterval(-3600), url: "tt://xml/feed"),
      TTTableSummaryItem(text: "Summary item"),
      TTTableSettingsItem(text: "Settings item", caption: "setting"),
      TTTableLongTextItem(
        text:
          "A long text item wraps over as many lines as it needs, which is why rows here are as tall as their cells."
      ),
      TTTableGrayTextItem(text: "Gray text item, for notes"),
      TTTableSection(headerTitle: "Links & buttons", footerTitle: "Enter opens a row's URL"),
      TTTableLink(text: "TTTableLink to the style gallery", url: "tt://style/gallery"),
      TTTableButton(text: "TTTableButton", url: "tt://style/buttons"),
      TTTableMoreButton(text: "TTTableMoreButton", subtitle: "Showing 20 of 300"),
      "Images",
      TTTableImageItem(text: "Image item", imageURL: "bundle://icon.png", alternateText: "[img]"),
      TTTableRightImageItem(text: "Right image item", imageURL: "bundle://icon.png", alternateText: "[img]"),
      "Styled text and controls",
      TTTableStyledTextItem(text: TTStyledText(text: "Styled text with a link: https://three20.info")),
      TTTableControlItem(caption: "Toggle", control: .toggle(true)),
      TTTableControlItem(caption: "Name", control: .textField("", placeholder: "Your name")),
      TTTableActivityItem(text: "Activity item…"),
    ])
  }
}
