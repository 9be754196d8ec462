// The code of the article BuildingACustomView.md, compiled and run.
//
// Every `swift` block of the article is in this file, unchanged (the suite "Documentation
// articles" checks it): edit both together. The renderings the article shows in `text`
// blocks are checked here.
import Testing
import Three20Style
import Three20UICommon

/// A tag: its text in a blue pill.
final class TagView: TTView {
  var text: String {
    didSet { if text != oldValue { superview?.setNeedsLayout() } }
  }

  init(text: String) {
    self.text = text
    super.init()
    style = TTStyle {
      TTShapeStyle(.rounded(TTCornerRadii.fullyRound))
      TTSolidFillStyle(TTColor(red: 36, green: 112, blue: 216))
      TTBoxStyle(TTBox(padding: TTEdgeInsets(vertical: 0, horizontal: 1)))
      TTTextStyle(TTTextLook(color: .white, alignment: .center))
    }
  }

  override func contentSizeThatFits(_ size: TTSize) -> TTSize {
    TTSize(width: min(TTDisplayWidth.of(text), size.width), height: 1)
  }

  override func drawContent(on canvas: inout TTCanvas, in rect: TTRect) {
    style?.drawText(text, in: rect, on: &canvas)
  }
}

/// Tags laid out left to right, in rows, one cell apart.
final class TagCloudView: TTView {
  let flow = TTFlowLayout(padding: 0, spacing: 1)

  override func layoutSubviews() {
    let sizes = subviews.map { $0.sizeThatFits(bounds.size) }
    let (frames, _) = flow.frames(for: sizes, in: bounds.width)
    for (tag, frame) in zip(subviews, frames) {
      tag.frame = frame
    }
  }

  override func contentSizeThatFits(_ size: TTSize) -> TTSize {
    let sizes = subviews.map { $0.sizeThatFits(size) }
    return flow.frames(for: sizes, in: size.width).size
  }
}

/// A screen of tags: `a` adds one, `d` deletes the last.
final class TagsController: TTViewController {
  private(set) var tags = ["swift", "terminal", "three20", "styles", "linux"]
  private var cloud: TagCloudView?

  override func loadView() {
    let cloud = TagCloudView()
    self.cloud = cloud
    view = cloud
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    showTags()
  }

  override func viewDidUnload() {
    super.viewDidUnload()
    cloud = nil  // it belonged to the view that was released
  }

  override func handleKey(_ key: TTKey) -> Bool {
    switch key {
    case .character("a"):
      tags.append("tag\(tags.count + 1)")
    case .character("d") where !tags.isEmpty:
      tags.removeLast()
    default:
      return super.handleKey(key)
    }
    showTags()
    return true
  }

  /// Makes one tag view per tag: the controller keeps the tags, the views only show them.
  private func showTags() {
    guard let cloud else { return }  // not loaded: viewDidLoad shows them
    for tag in cloud.subviews { tag.removeFromSuperview() }
    for tag in tags { cloud.addSubview(TagView(text: tag)) }
  }
}

/// Runs the tags screen full-screen.
///
/// Compiled, not run: the tests have no terminal.
@MainActor func runTags() async throws {
  let host = TTTerminalHost()
  try await host.run(TagsController())
}

@Suite("BuildingACustomView article")
@MainActor
struct CustomViewArticleTests {
  /// The plain-text rendering of a controller, as the article shows it.
  static func shown(_ text: String) -> String {
    String(TTArticleText.trimmingLineEnds(text).reversed().drop { $0 == "\n" }.reversed())
  }

  /// The article shows this rendering in a `text` block.
  static func expectInArticle(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let article = try articles.text(of: "BuildingACustomView")
    let shown = Self.shown(text)
    #expect(
      article.contains("```text\n\(shown)\n```"), "The article lacks:\n```text\n\(shown)\n```",
      sourceLocation: sourceLocation)
  }

  /// A tag measures its text plus the padding, and draws it centred.
  @Test func tagSizesToItsText() throws {
    let tag = TagView(text: "swift")
    tag.sizeToFit()
    print(tag.frame.size)  // 7×1

    var canvas = TTCanvas(width: 7, height: 1)
    tag.draw(on: &canvas)

    #expect(tag.frame.size == TTSize(width: 7, height: 1))
    #expect(canvas.plainText.contains("swift"))
  }

  /// The controller lays the tags out in rows, and keys change them.
  @Test func controllerRendersAndHandlesKeys() throws {
    let tags = TagsController()
    let before = TTTerminalHost.renderOnce(tags, size: TTSize(width: 24, height: 5), capabilities: .plain)

    let used = tags.handleKey(.character("d"))  // true: "linux" is gone
    let unused = tags.handleKey(.character("x"))  // false: not a key this screen uses
    let after = TTTerminalHost.renderOnce(tags, size: TTSize(width: 24, height: 5), capabilities: .plain)

    try Self.expectInArticle(before)
    try Self.expectInArticle(after)
    #expect(!after.contains("linux"))
    #expect(used && !unused)
    #expect(tags.tags.count == 4)
  }

  /// A memory warning releases the view of a controller off screen; the next view is built
  /// from the controller's state, with every change made meanwhile.
  @Test func memoryWarningRebuildsTheView() throws {
    let controller = TagsController()
    let first = controller.view  // loadView, then viewDidLoad

    controller.didReceiveMemoryWarning()
    print(controller.isViewLoaded)  // false: it was not on screen, so its view was released

    _ = controller.handleKey(.character("a"))  // the tags change while there is no view
    let second = controller.view  // loadView and viewDidLoad again: a new view with 6 tags

    #expect(first !== second)
    #expect(second.subviews.count == 6)
    #expect(first.subviews.count == 5)
    let text = TTTerminalHost.renderOnce(
      controller, size: TTSize(width: 24, height: 5), capabilities: .plain)
    #expect(text.contains("tag6"))

    controller.appear()
    controller.didReceiveMemoryWarning()
    #expect(controller.isViewLoaded)  // on screen: the view is kept
    controller.disappear()
  }

  /// A label lays its text out to its frame and finds links under cells.
  @Test func labelLaysOutStyledTextAndFindsLinks() throws {
    let label = TTStyledTextLabel(
      xhtml: "New: <a href=\"https://three20.info/docs\">read the docs</a> today",
      frame: TTRect(x: 0, y: 0, width: 16, height: 3))
    var canvas = TTCanvas(width: 16, height: 3)
    label.draw(on: &canvas)
    print(canvas.plainText)
    let docs = label.link(at: TTPoint(x: 6, y: 0))  // "https://three20.info/docs"
    let none = label.link(at: TTPoint(x: 0, y: 0))  // nil

    let size = label.sizeThatFits(TTSize(width: 16, height: 10))  // 13×2

    #expect(docs == "https://three20.info/docs")
    #expect(none == nil)
    #expect(size == TTSize(width: 13, height: 2))
    let article = try articles.text(of: "BuildingACustomView")
    let shown = String(
      TTArticleText.trimmingLineEnds(canvas.plainText).reversed().drop { $0 == "\n" }.reversed())
    #expect(article.contains("```text\n\(shown)\n```"), "The article lacks:\n\(shown)")
  }

  /// A label parses its markup leniently: it never throws and keeps what it can.
  @Test func labelParsesLeniently() {
    let label = TTStyledTextLabel(xhtml: "<b>never <i>throws")
    #expect(label.text.plainText == "never throws")
  }
}
