import Foundation
import Testing
import Three20Core
import Three20Style
import Three20Table

@Suite("Table items")
struct TTTableItemTests {
  /// An item's identity is made from its content unless one is given.
  @Test func identitiesComeFromContentUnlessGiven() {
    #expect(TTTableTextItem(text: "Inbox", url: "tt://inbox").id == "text:Inbox|tt://inbox")
    #expect(TTTableTextItem(text: "Inbox").id == "text:Inbox|")
    #expect(TTTableCaptionItem(text: "a@b.c", caption: "email").id == "caption:email|a@b.c|")
    #expect(TTTableTextItem(text: "Inbox", id: "row-1").id == "row-1")
    var item = TTTableLink(text: "Docs")
    item.id = "docs"
    #expect(item.id == "docs")
    item.text = "Manual"
    #expect(item.id == "docs")
  }

  /// Identities of items whose value changes (more buttons, controls) stay put when it does.
  @Test func identitiesIgnoreChangingState() {
    var more = TTTableMoreButton()
    let before = more.id
    more.isLoading = true
    more.subtitle = "Showing 20"
    #expect(more.id == before)
    #expect(
      TTTableControlItem(caption: "Wi-Fi", control: .toggle(true)).id
        == TTTableControlItem(caption: "Wi-Fi", control: .toggle(false)).id)
  }

  /// Equality compares content and leaves out the action and user info.
  @Test func equalityLeavesOutActionAndUserInfo() {
    let plain = TTTableButton(text: "Sign Out")
    let withAction = TTTableButton(text: "Sign Out", userInfo: 42) {}
    #expect(plain == withAction)
    #expect(plain.hashValue == withAction.hashValue)
    #expect(plain != TTTableButton(text: "Sign In"))
    #expect(plain != TTTableButton(text: "Sign Out", url: "tt://out"))
    #expect(withAction.action != nil)
    #expect(withAction.userInfo as? Int == 42)
  }

  /// Content comparison across the protocol: same type and equal, or different.
  @Test func sameContentNeedsSameTypeAndEqualValues() {
    let item: any TTTableItem = TTTableTextItem(text: "Inbox")
    #expect(item.hasSameContent(as: TTTableTextItem(text: "Inbox")))
    #expect(!item.hasSameContent(as: TTTableTextItem(text: "Outbox")))
    #expect(!item.hasSameContent(as: TTTableLink(text: "Inbox")))
    struct Opaque: TTTableItem { var id = "x" }
    #expect(!Opaque().hasSameContent(as: Opaque()))
  }

  /// Styled text items compare by markup.
  @Test func styledTextItemsCompareByMarkup() throws {
    let bold = TTTableStyledTextItem(text: try TTStyledText(xhtml: "<b>Hi</b>"))
    #expect(bold == TTTableStyledTextItem(text: try TTStyledText(xhtml: "<b>Hi</b>")))
    #expect(bold != TTTableStyledTextItem(text: try TTStyledText(xhtml: "<i>Hi</i>")))
    #expect(bold.hashValue == TTTableStyledTextItem(text: try TTStyledText(xhtml: "<b>Hi</b>")).hashValue)
    #expect(bold.id == "styled:Hi|")
  }

  /// Linked items report their URLs and action through the protocol; others have none.
  @Test func linkedItemsExposeURLsAndAction() {
    let linked: any TTTableLinkedItem = TTTableSubtitleItem(
      text: "Ada", url: "tt://ada", accessoryURL: "tt://ada/info")
    #expect(linked.url == "tt://ada")
    #expect(linked.accessoryURL == "tt://ada/info")
    #expect(linked.action == nil)
    #expect((TTTableActivityItem(text: "…") as any TTTableItem) is any TTTableLinkedItem == false)
    #expect((TTTableMoreButton() as any TTTableItem) is any TTTableLinkedItem == false)
  }

  /// A model reference is weak, compares by identity and gives the model back on the main actor.
  @MainActor @Test func modelReferencesAreWeakAndCompareByIdentity() {
    var model: TTBaseModel? = TTBaseModel()
    let other = TTBaseModel()
    let reference = TTModelReference(model!)
    let more = TTTableMoreButton(model: reference)
    #expect(more.model === model)
    #expect(reference == TTModelReference(model!))
    #expect(reference != TTModelReference(other))
    #expect(more == TTTableMoreButton(model: TTModelReference(model!)))
    #expect(more != TTTableMoreButton())
    model = nil
    #expect(more.model == nil)
    #expect(TTTableMoreButton().model == nil)
  }

  /// The more button says "Load more…" unless told otherwise.
  @Test func moreButtonDefaults() {
    let more = TTTableMoreButton()
    #expect(more.text == "Load more…")
    #expect(!more.isLoading)
    #expect(more.subtitle == nil)
  }

  /// Sections are plain values of two optional titles.
  @Test func sectionsHoldTitles() {
    #expect(TTTableSection() == TTTableSection(headerTitle: nil, footerTitle: nil))
    #expect(TTTableSection(headerTitle: "A").headerTitle == "A")
    #expect(TTTableSection(headerTitle: "A") != TTTableSection(headerTitle: "A", footerTitle: "f"))
  }

  /// Uncompared values are all equal and hash alike.
  @Test func uncomparedValuesAreAllEqual() {
    let one = TTUncompared(wrappedValue: 1)
    let two = TTUncompared(wrappedValue: 2)
    #expect(one == two)
    #expect(one.hashValue == two.hashValue)
    #expect(two.wrappedValue == 2)
  }
}
