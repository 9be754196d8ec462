import Foundation
import Testing
import Three20Core
import Three20Table

/// The built-in items share one implementation per family; these check that the types stay
/// apart (cell, identity, comparison) and that the shared fields behave as each type's own.
@Suite("Table item families")
struct TTTableItemFamilyTests {
  /// Items of one family with the same content, one of each type.
  static let textFamily: [any TTTableBuiltInItem] = [
    TTTableTextItem(text: "Inbox", url: "tt://inbox"), TTTableLink(text: "Inbox", url: "tt://inbox"),
    TTTableButton(text: "Inbox", url: "tt://inbox"), TTTableGrayTextItem(text: "Inbox", url: "tt://inbox"),
    TTTableLongTextItem(text: "Inbox", url: "tt://inbox"),
    TTTableSummaryItem(text: "Inbox", url: "tt://inbox"),
  ]
  static let captionFamily: [any TTTableBuiltInItem] = [
    TTTableCaptionItem(text: "Home", caption: "Wi-Fi"),
    TTTableRightCaptionItem(text: "Home", caption: "Wi-Fi"),
    TTTableSettingsItem(text: "Home", caption: "Wi-Fi"), TTTableSubtextItem(text: "Home", caption: "Wi-Fi"),
  ]
  static let imageFamily: [any TTTableBuiltInItem] = [
    TTTableImageItem(text: "Sunset", imageURL: "s.jpg"),
    TTTableRightImageItem(text: "Sunset", imageURL: "s.jpg"),
  ]

  /// Each type of a family keeps its own identity prefix, as before the types shared code.
  @Test func eachItemTypeKeepsItsOwnIDPrefix() {
    #expect(
      Self.textFamily.map(\.id) == [
        "text:Inbox|tt://inbox", "link:Inbox|tt://inbox", "button:Inbox|tt://inbox",
        "grayText:Inbox|tt://inbox", "longText:Inbox|tt://inbox", "summary:Inbox|tt://inbox",
      ])
    #expect(
      Self.captionFamily.map(\.id) == [
        "caption:Wi-Fi|Home|", "rightCaption:Wi-Fi|Home|", "settings:Wi-Fi|Home|", "subtext:Wi-Fi|Home|",
      ])
    #expect(Self.imageFamily.map(\.id) == ["image:Sunset|s.jpg|", "rightImage:Sunset|s.jpg|"])
    #expect(
      TTTableSubtitleItem(text: "Ada", subtitle: "Analyst", url: "tt://ada").id
        == "subtitle:Ada|Analyst|tt://ada")
    #expect(TTTableMessageItem(title: "Ada", caption: "Notes", text: "Hi").id == "message:Ada|Notes|Hi|")
    #expect(TTTableLink.idPrefix == "link")
    #expect(TTTableSettingsItem.idPrefix == "settings")
    #expect(TTTableRightImageItem.idPrefix == "rightImage")
  }

  /// Each type of a family still gets its own cell from the standard registry.
  @Test func eachItemTypeGetsItsOwnCell() {
    let registry = TTTableCellRegistry.standard()
    let cells = (Self.textFamily + Self.captionFamily + Self.imageFamily).map {
      String(describing: type(of: registry.cell(for: $0)))
    }
    #expect(
      cells == [
        "TTTableTextItemCell", "TTTableLinkCell", "TTTableButtonCell", "TTTableGrayTextItemCell",
        "TTTableLongTextItemCell", "TTTableSummaryItemCell", "TTTableCaptionItemCell",
        "TTTableRightCaptionItemCell", "TTTableSettingsItemCell", "TTTableSubtextItemCell",
        "TTTableImageItemCell", "TTTableRightImageItemCell",
      ])
  }

  /// Types of one family stay distinct: same content in another type is other content.
  @Test func itemsOfOneFamilyWithTheSameContentAreNotTheSame() {
    for family in [Self.textFamily, Self.captionFamily, Self.imageFamily] {
      for (index, item) in family.enumerated() {
        for (otherIndex, other) in family.enumerated() {
          #expect(item.hasSameContent(as: other) == (index == otherIndex))
        }
      }
    }
    #expect(String(describing: type(of: Self.textFamily[1])) == "TTTableLink")
  }

  /// The shared fields read and write as the type's own, and the identity follows the content
  /// until one is given.
  @Test func sharedFieldsReadAndWriteAsTheTypesOwn() {
    var item = TTTableRightImageItem(text: "Profile", alternateText: "me", userInfo: 7) {}
    item.text = "Me"
    item.imageURL = "me.png"
    item.url = "tt://me"
    item.accessoryURL = "tt://me/edit"
    #expect(item.id == "rightImage:Me|me.png|tt://me")
    #expect(item.alternateText == "me")
    #expect(item.userInfo as? Int == 7)
    #expect(item.action != nil)
    item.action = nil
    item.userInfo = nil
    #expect(item.action == nil && item.userInfo == nil)
    #expect(
      item
        == TTTableRightImageItem(
          text: "Me", imageURL: "me.png", alternateText: "me", url: "tt://me", accessoryURL: "tt://me/edit"))
    item.id = "mine"
    item.text = "Changed"
    #expect(item.id == "mine")

    var setting = TTTableSettingsItem(text: "On", caption: "Wi-Fi")
    setting.caption = "Bluetooth"
    #expect(setting.caption == "Bluetooth" && setting.text == "On")

    var message = TTTableMessageItem(title: "Ada", timestamp: Date(timeIntervalSince1970: 0))
    message.caption = "Notes"
    message.imageURL = "ada.png"
    #expect(message.timestamp == Date(timeIntervalSince1970: 0))
    #expect(message.id == "message:Ada|Notes||")
    #expect(message.imageURL == "ada.png")
  }

  /// The accessory URL reaches the table through the linked-item protocol, not its default.
  @Test func accessoryURLsReachTheTableThroughTheProtocol() {
    let items: [any TTTableLinkedItem] = [
      TTTableButton(text: "Edit", accessoryURL: "tt://a"),
      TTTableSubtextItem(text: "", caption: "", accessoryURL: "tt://a"),
      TTTableImageItem(text: "", accessoryURL: "tt://a"), TTTableMessageItem(accessoryURL: "tt://a"),
    ]
    #expect(items.map(\.accessoryURL) == ["tt://a", "tt://a", "tt://a", "tt://a"])
  }

  /// A search reads the texts the shared storage keeps, and still leaves out addresses.
  @Test func searchReadsTheTextsOfSharedStorage() {
    #expect(TTTableSearch.searchableTexts(of: TTTableLink(text: "Docs", url: "tt://docs")) == ["Docs"])
    #expect(
      TTTableSearch.searchableTexts(
        of: TTTableCaptionItem(text: "ada@example.com", caption: "email", url: "mailto:x"))
        == ["ada@example.com", "email"])
    #expect(
      TTTableSearch.searchableTexts(
        of: TTTableImageItem(text: "Sunset", imageURL: "s.jpg", alternateText: "photo"))
        == ["Sunset", "photo"])
    #expect(
      TTTableSearch.searchableTexts(
        of: TTTableMessageItem(title: "Ada", caption: "Notes", text: "Hi", id: "m1"))
        == ["Ada", "Notes", "Hi"])
    #expect(TTTableSearch.matches(TTTableSubtitleItem(text: "Ada", subtitle: "Analyst"), text: "analyst"))
    #expect(!TTTableSearch.matches(TTTableSubtitleItem(text: "Ada", url: "tt://analyst"), text: "analyst"))
  }

  /// The data-source class answers with Three20's defaults, now the only set there is.
  @MainActor @Test func dataSourceClassHasThree20Defaults() {
    struct Boom: Error {}
    let source = TTTableDataSource()
    #expect(source.titleForLoading(reloading: false) == "Loading…")
    #expect(source.titleForLoading(reloading: true) == "Updating…")
    #expect(source.titleForEmpty == nil && source.subtitleForEmpty == nil && source.reloadButtonForEmpty)
    #expect(source.subtitleForError(TTModelFailure(Boom())) == "Sorry, there was an error.")
    #expect(source.titleForMore == "Load more…" && !source.hasMoreItems)
    #expect(source.titleForNoResults == "No results")
    #expect(source.searchText == nil && source.sectionIndexTitles == nil)
    #expect(source.titleForHeader(inSection: 0) == nil && source.titleForFooter(inSection: 0) == nil)
    #expect(source.indexPath(ofItemWithID: "x") == nil)
    let protocolView: any TTTableViewDataSource = source
    #expect(protocolView.titleForLoading(reloading: true) == "Updating…")
  }
}
