import Foundation
import Testing
import Three20Navigator
import Three20Style
import Three20UICommon

/// A screen with a line of text and a focused field, recording what reaches it.
@MainActor
final class UnderneathController: TTViewController {
  let field = TTTextField(text: "draft")
  var keys: [TTKey] = []
  var mouseEvents = 0
  var pastes = 0

  override func viewDidLoad() {
    super.viewDidLoad()
    let label = TTLabel(text: "Inbox: 3 unread")
    label.frame = TTRect(x: 0, y: 0, width: 30, height: 1)
    field.frame = TTRect(x: 0, y: 1, width: 20, height: 1)
    view.addSubview(label)
    view.addSubview(field)
    field.becomeFocused()
  }

  override func handleKey(_ key: TTKey) -> Bool {
    keys.append(key)
    return false
  }

  override func handleMouse(_ event: TTMouseEvent) -> Bool {
    mouseEvents += 1
    return false
  }

  override func handlePaste(_ text: String) -> Bool {
    pastes += 1
    return false
  }
}

@MainActor
@Suite("TTNavigator presenting")
struct TTNavigatorPresentingTests {
  let log = StackEventLog()
  let navigator: TTNavigator
  let container: TTNavigationController

  init() {
    var resolver = makeStackResolver(log)
    resolver.exact["tt://inbox"] = TTURLRoute(
      target: .controller { _, _ in UnderneathController(title: "Inbox") })
    resolver.exact["tt://post"] = TTURLRoute(
      target: .controller { _, _ in TTPostController(title: "Reply") }, mode: .modal)
    resolver.exact["tt://post/pushed"] = TTURLRoute(
      target: .controller { _, _ in TTPostController(title: "Note") })
    navigator = TTNavigator(resolver: resolver)
    container = TTNavigationController(navigator: navigator)
  }

  /// The container on a screen of `width` by `height`, on screen.
  private func show(width: Int = 40, height: Int = 12) {
    container.view.frame = TTRect(x: 0, y: 0, width: width, height: height)
    container.appear()
  }

  /// The container drawn.
  private func render() -> TTCanvas {
    let view = container.view
    var canvas = TTCanvas(width: view.frame.width, height: view.frame.height)
    view.draw(on: &canvas)
    return canvas
  }

  /// Opens the inbox, then the post box over it.
  private func openPostOverInbox() throws -> (UnderneathController, TTPostController) {
    let inbox = try #require(navigator.open("tt://inbox") as? UnderneathController)
    let post = try #require(navigator.open("tt://post") as? TTPostController)
    return (inbox, post)
  }

  /// Every controller the navigator pushes or presents has it as its presenter.
  @Test func pushedAndModalControllersHaveThePresenter() throws {
    let one = try #require(navigator.open("tt://page/one"))
    let compose = try #require(navigator.open("tt://compose"))
    #expect(one.presenter === navigator)
    #expect(compose.presenter === navigator)
    #expect(navigator.isVisibleControllerModal)
    let (_, post) = try openPostOverInbox()
    #expect(post.presenter === navigator)
    #expect(post.presentationStyle == .overPreviousScreen)
    #expect(TTViewController().presenter == nil)
  }

  /// dismiss() on the visible modal controller goes back to the screen under it; on a pushed
  /// one it pops.
  @Test func dismissOfTheVisibleControllerGoesBack() throws {
    let one = try #require(navigator.open("tt://page/one"))
    let two = try #require(navigator.open("tt://page/two"))
    let compose = try #require(navigator.open("tt://compose"))
    #expect(compose.dismiss())
    #expect(navigator.modalStack.isEmpty)
    #expect(navigator.visibleController === two)
    #expect(two.dismiss())
    #expect(navigator.visibleController === one)
    #expect(stackURLs(navigator.stack) == ["tt://page/one"])
  }

  /// A controller that is not the visible one, or the root, is not dismissed.
  @Test func dismissOfAControllerNotVisibleIsRefused() throws {
    let one = try #require(navigator.open("tt://page/one"))
    #expect(!one.dismiss())
    let two = try #require(navigator.open("tt://page/two"))
    let compose = try #require(navigator.open("tt://compose"))
    #expect(!one.dismiss())
    #expect(!two.dismiss())
    #expect(!navigator.dismiss(TTViewController()))
    #expect(navigator.visibleController === compose)
    #expect(navigator.stack.count == 2)
    #expect(navigator.modalStack.count == 1)
  }

  /// Posting through the container (typing, Ctrl-S) finishes the box and takes it away;
  /// Escape cancels it the same way, going back once only.
  @Test func postingAndCancellingDismissTheBox() async throws {
    show()
    let (inbox, post) = try openPostOverInbox()
    for character in "Thanks!" { container.dispatch(.key(.character(character))) }
    container.dispatch(.key(.backspace))
    #expect(post.textEditor.text == "Thanks")
    #expect(navigator.visibleController === post)
    container.dispatch(.key(.control("s")))
    #expect(await post.result() == .posted("Thanks"))
    #expect(navigator.visibleController === inbox)
    #expect(navigator.modalStack.isEmpty)

    let again = try #require(navigator.open("tt://post") as? TTPostController)
    #expect(container.dispatch(.key(.escape)))
    #expect(await again.result() == .cancelled)
    #expect(navigator.visibleController === inbox)
    #expect(navigator.stack.count == 1)
  }

  /// A box over the previous screen is drawn on it, dimmed where it shows around the box;
  /// the box itself and the bar are not dimmed.
  @Test func theBoxIsDrawnOverThePreviousScreenDimmed() throws {
    show()
    _ = try openPostOverInbox()
    let canvas = render()
    #expect(canvas.lines[0].hasPrefix(" Inbox › Reply"))
    #expect(canvas.lines[1] == "Inbox: 3 unread")
    #expect(canvas.lines[2].hasPrefix("draf┌"))
    #expect(canvas.lines[3].hasPrefix("    │ Reply"))
    #expect(canvas[0, 1].style.attributes.contains(.dim))
    #expect(canvas[14, 1].style.attributes.contains(.dim))
    #expect(canvas[0, 2].style.attributes.contains(.dim))
    #expect(!canvas[1, 0].style.attributes.contains(.dim))
    // The box is drawn over the dimmed screen, in its own style.
    #expect(!canvas[10, 3].style.attributes.contains(.dim))
    #expect(canvas[10, 3].style.attributes.contains(.bold))
  }

  /// Drawn for a terminal, the previous screen's text goes out with the dim attribute
  /// (SGR 2).
  @Test func theTerminalOutputDimsThePreviousScreen() throws {
    show()
    _ = try openPostOverInbox()
    let output = TTTerminalHost.renderOnce(
      container, size: TTSize(width: 40, height: 12), capabilities: .ansi256, environment: [:])
    let rows = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let inboxRow = rows[1]
    #expect(inboxRow.contains("Inbox: 3 unread"))
    let beforeText = String(inboxRow[..<(try #require(inboxRow.range(of: "Inbox"))).lowerBound])
    #expect(Self.sgrParameters(in: beforeText).contains("2"))
    // The box's title row is not dim.
    let titleRow = rows[3]
    let beforeTitle = String(titleRow[..<(try #require(titleRow.range(of: "Reply"))).lowerBound])
    let lastSGR = beforeTitle.components(separatedBy: "\u{1B}[").last ?? ""
    #expect(!Self.sgrParameters(in: "\u{1B}[" + lastSGR).contains("2"))
  }

  /// The parameters of every SGR sequence in a text.
  static func sgrParameters(in text: String) -> [String] {
    var parameters: [String] = []
    for part in text.components(separatedBy: "\u{1B}[").dropFirst() {
      guard let end = part.firstIndex(of: "m") else { continue }
      parameters += part[..<end].split(separator: ";").map(String.init)
    }
    return parameters
  }

  /// Keys, pastes and clicks go to the box only, never to the screen drawn under it.
  @Test func inputGoesOnlyToTheTopController() throws {
    show()
    let (inbox, post) = try openPostOverInbox()
    _ = render()
    for character in "hi" { container.dispatch(.key(.character(character))) }
    container.dispatch(.paste(" there"))
    container.dispatch(.key(.tab))
    container.dispatch(.key(.backTab))
    #expect(post.textEditor.text == "hi there")
    #expect(inbox.field.text == "draft")
    // A click on the dimmed screen, where the field is drawn, reaches nothing under it.
    container.dispatch(.mouse(TTMouseEvent(.press, button: .left, at: TTPoint(x: 1, y: 2))))
    container.dispatch(.mouse(TTMouseEvent(.release, button: .left, at: TTPoint(x: 1, y: 2))))
    #expect(inbox.keys.isEmpty)
    #expect(inbox.mouseEvents == 0)
    #expect(inbox.pastes == 0)
    #expect(post.finishedResult == nil)
    // Once the box is gone, the screen is drawn plainly and takes keys again.
    post.cancel()
    let canvas = render()
    #expect(!canvas[0, 1].style.attributes.contains(.dim))
    #expect(canvas.lines[2] == "draft")
    container.dispatch(.key(.character("!")))
    #expect(inbox.field.text == "draft!")
  }

  /// A full-screen modal hides the previous screen; a pushed box is drawn over it too.
  @Test func onlyOverPreviousScreenShowsThePreviousScreen() throws {
    show()
    _ = try #require(navigator.open("tt://inbox"))
    _ = try #require(navigator.open("tt://compose"))
    var canvas = render()
    #expect(canvas.lines[1] == " Screen compose")
    #expect(!canvas.lines.contains { $0.contains("Inbox: 3") })
    #expect(navigator.back())
    let pushed = try #require(navigator.open("tt://post/pushed") as? TTPostController)
    canvas = render()
    #expect(canvas.lines[1] == "Inbox: 3 unread")
    #expect(canvas[0, 1].style.attributes.contains(.dim))
    pushed.dispatch(.key(.escape))
    #expect(stackURLs(navigator.stack) == ["tt://inbox"])
  }

  /// A box alone on the stack has no previous screen: nothing is drawn under it.
  @Test func aBoxAsTheRootDrawsNothingUnder() throws {
    show()
    let post = try #require(navigator.open("tt://post/pushed") as? TTPostController)
    let canvas = render()
    #expect(canvas.lines[1] == "")
    #expect(canvas.lines[3].contains("│ Note"))
    #expect(!post.dismiss())
    #expect(post.finishedResult == nil)
  }

  /// The container leaving the screen and coming back (drawn once by renderOnce, say) does
  /// not finish the box that is still open.
  @Test func theContainerLeavingTheScreenKeepsTheBoxOpen() async throws {
    let (_, post) = try openPostOverInbox()
    _ = TTTerminalHost.renderOnce(container, size: TTSize(width: 40, height: 12), capabilities: .plain)
    #expect(post.finishedResult == nil)
    show()
    for character in "ok" { container.dispatch(.key(.character(character))) }
    container.dispatch(.key(.control("s")))
    #expect(await post.result() == .posted("ok"))
  }

  /// A screen opened over the box covers it without finishing it.
  ///
  /// The box works again once uncovered. Closing it any other way than by its own keys
  /// cancels it.
  @Test func coveringTheBoxKeepsItOpenClosingItCancels() async throws {
    show()
    let (inbox, post) = try openPostOverInbox()
    #expect(navigator.isPresenting(post))
    #expect(navigator.isPresenting(inbox))
    _ = try #require(navigator.open("tt://page/over"))
    #expect(post.appearanceState == .disappeared)
    #expect(post.finishedResult == nil)
    #expect(navigator.back())
    #expect(navigator.visibleController === post)
    for character in "still here" { container.dispatch(.key(.character(character))) }
    container.dispatch(.key(.alt(.enter)))
    #expect(await post.result() == .posted("still here"))

    let closed = try #require(navigator.open("tt://post") as? TTPostController)
    navigator.removeAllControllers()
    #expect(!navigator.isPresenting(closed))
    #expect(await closed.result() == .cancelled)
  }
}
