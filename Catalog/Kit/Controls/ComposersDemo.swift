import Foundation
import Three20

/// TTCatalog's composers: buttons that open `tt://compose?to=…` (a `TTMessageController`,
/// modal) and `tt://post` (a `TTPostController` over this screen), and what they returned.
final class ComposersDemo: ControlsScreen {
  let status = TTLabel(text: "Nothing sent yet")

  override init() {
    super.init()
    title = "Composers"
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    let compose = TTButton(title: "New message to ada@example.com") { [weak self] _ in
      self?.open("tt://compose?to=ada%40example.com")
    }
    let blank = TTButton(title: "New message") { [weak self] _ in self?.open("tt://compose") }
    let post = TTButton(title: "Post a comment") { [weak self] _ in self?.open("tt://post") }
    stack.add(status, caption: "The last outcome (TTMessageController.result(), TTPostController.result())")
    stack.add(compose, caption: "tt://compose?to=(composeTo:), presented modally")
    stack.add(blank, caption: "tt://compose: the To field suggests people as you type")
    stack.add(post, caption: "tt://post: one text box over this screen")
    compose.becomeFocused()
  }

  private func open(_ url: String) {
    guard let opener, opener.openURL(url, query: [:]) else {
      status.text = "Nothing opens \(url) here"
      return
    }
    guard let navigator = opener as? TTNavigator, let shown = navigator.visibleController else { return }
    Task { @MainActor [weak self] in
      let text: String
      switch shown {
      case let composer as TTMessageController:
        switch await composer.result() {
        case .sent(let message):
          text = "Sent to \(message.recipients.joined(separator: ", ")): \"\(message.subject)\""
        case .cancelled: text = "Message cancelled"
        }
      case let box as TTPostController:
        switch await box.result() {
        case .posted(let body): text = "Posted: \(body)"
        case .cancelled: text = "Post cancelled"
        }
      default: return
      }
      self?.status.text = text
    }
  }

  /// The people the To field suggests.
  static func people() -> TTListDataSource {
    TTListDataSource(
      items: [
        "Ada Lovelace", "Alan Turing", "Barbara Liskov", "Edsger Dijkstra", "Grace Hopper", "Joe Hewitt",
        "Ken Thompson", "Margaret Hamilton",
      ].map {
        TTTableSubtitleItem(
          text: $0, subtitle: $0.lowercased().replacingOccurrences(of: " ", with: ".") + "@example.com")
      })
  }

  /// The composer a `tt://compose` URL opens.
  static func composer(to recipient: String?) -> TTMessageController {
    TTMessageController(recipients: recipient.map { [$0] } ?? [], dataSource: people())
  }
}
