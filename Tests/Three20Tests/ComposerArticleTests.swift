// The code of the article ComposingAMessage.md, compiled and run.
//
// Every `swift` block of the article is in this file, unchanged (the suite "Guide documentation"
// checks it): edit both together.
import Foundation
import Testing
import Three20

/// The people the To field suggests.
@MainActor func makeContacts() -> TTListDataSource {
  TTListDataSource(items: [
    TTTableSubtitleItem(text: "Ada Lovelace", subtitle: "ada@example.com"),
    TTTableSubtitleItem(text: "Grace Hopper", subtitle: "grace@example.com"),
    TTTableSubtitleItem(text: "Alan Turing", subtitle: "alan@example.com"),
  ])
}

@MainActor func makeMailMap() throws -> TTURLMap {
  var map = TTURLMap()
  try map.map("tt://inbox") { _, _ in TTViewController(title: "Inbox") }
  try map.from(
    "tt://compose?to=(composeTo:)",
    toModalViewController: { match, _ in
      TTMessageController(recipients: [match["composeTo"] ?? ""], dataSource: makeContacts())
    })
  try map.mapModal("tt://compose") { _, _ in TTMessageController(dataSource: makeContacts()) }
  try map.mapModal("tt://post") { _, _ in TTPostController(title: "Comment") }
  return map
}

@MainActor func composeToAda() async throws -> TTMessageController.Result {
  let navigator = try TTNavigator(map: makeMailMap())
  navigator.open("tt://inbox")
  navigator.open("tt://compose?to=ada%40example.com")
  guard let composer = navigator.visibleController as? TTMessageController else { return .cancelled }
  let screen = TTNavigationController(navigator: navigator)
  screen.view.frame = TTRect(x: 0, y: 0, width: 50, height: 12)
  for character in "Lunch?" { screen.dispatch(.key(.character(character))) }
  screen.dispatch(.key(.tab))
  for character in "Friday at one." { screen.dispatch(.key(.character(character))) }
  screen.dispatch(.key(.control("s")))
  return await composer.result()
  // .sent(Message(recipients: ["ada@example.com"], subject: "Lunch?", body: "Friday at one."))
}

@MainActor func pickGrace() -> [String] {
  let to = TTPickerTextField(dataSource: makeContacts())
  to.entry.apply(.insert("hop"))
  let suggested = to.suggestions.map(\.text)  // ["Grace Hopper"]
  to.pickSuggestion()
  return suggested + to.tokens.map(\.text)  // ["Grace Hopper", "Grace Hopper"]
}

@MainActor final class Outbox: TTMessageControllerDelegate {
  private(set) var sent: [TTMessageController.Message] = []

  func messageController(_ controller: TTMessageController, didSend message: TTMessageController.Message) {
    sent.append(message)
  }
}

@MainActor func postComment(on navigator: TTNavigator) async -> TTPostController.Result {
  navigator.open("tt://post")
  guard let box = navigator.visibleController as? TTPostController else { return .cancelled }
  box.textEditor.apply(.insert("Nice work!"))
  box.post()
  return await box.result()  // .posted("Nice work!")
}

@MainActor
@Suite("Composing a Message article")
struct ComposerArticleTests {
  /// The composer mapped at tt://compose?to=… sends what was typed, and the navigator goes
  /// back to the inbox.
  @Test func composingToAdaSendsTheFields() async throws {
    let result = try await composeToAda()
    #expect(
      result == .sent(.init(recipients: ["ada@example.com"], subject: "Lunch?", body: "Friday at one.")))
  }

  /// The To field suggests Grace for "hop", and picks her.
  @Test func pickerSuggestsAndPicks() {
    #expect(pickGrace() == ["Grace Hopper", "Grace Hopper"])
  }

  /// The delegate hears of the message sent.
  @Test func delegateHearsOfTheMessage() throws {
    let outbox = Outbox()
    let composer = TTMessageController(recipients: ["grace@example.com"], subject: "Hi")
    composer.delegate = outbox
    #expect(composer.send())
    #expect(outbox.sent == [.init(recipients: ["grace@example.com"], subject: "Hi", body: "")])
  }

  /// The post box posts over the inbox, and the navigator goes back to it.
  @Test func postBoxPostsOverTheScreen() async throws {
    let navigator = try TTNavigator(map: makeMailMap())
    navigator.open("tt://inbox")
    let result = await postComment(on: navigator)
    #expect(result == .posted("Nice work!"))
    #expect(navigator.visibleController?.title == "Inbox")
  }

  /// A blank composer opens at tt://compose; the one with a recipient wins when `to` is given.
  @Test func bothPatternsOpenComposers() throws {
    let navigator = try TTNavigator(map: makeMailMap())
    navigator.open("tt://inbox")
    let blank = navigator.open("tt://compose") as? TTMessageController
    #expect(blank?.toField.tokens.isEmpty == true)
    navigator.back()
    let toAda = navigator.open("tt://compose?to=ada") as? TTMessageController
    #expect(toAda?.toField.tokens.map(\.text) == ["ada"])
  }
}
