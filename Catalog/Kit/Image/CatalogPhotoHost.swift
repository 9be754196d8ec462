import Three20
import Three20UICommon

/// Shows a photo controller under a line that names its class and gives its own title.
///
/// The Catalog's bar keeps the demo's name (the index and the tests find a demo by it), while
/// the controller's title, which changes as you page (`3 of 12`, Three20's wording), shows on
/// the line above it. Keys, appearance, ticks and memory warnings go on to the controller.
@MainActor
final class CatalogPhotoHost: TTViewController, CatalogSizing {
  /// The controller shown.
  let child: TTViewController
  private let className: String
  private let rows: @MainActor (Int) -> Int
  private var observation: TTObservation?
  private let header = TTLabel(look: TTTextLook(color: .gray))

  /// Creates a host.
  ///
  /// - Parameters:
  ///   - title: The demo's title, shown in the bar.
  ///   - child: The controller shown.
  ///   - className: The controller's class, named on the first line.
  ///   - rows: The rows the screen wants at a width, for one-shot rendering.
  init(title: String, child: TTViewController, className: String, rows: @escaping @MainActor (Int) -> Int) {
    self.child = child
    self.className = className
    self.rows = rows
    super.init()
    self.title = title
    observation = child.addTitleObserver { [weak self] _ in self?.updateHeader() }
    updateHeader()
  }

  private func updateHeader() {
    header.text = "\(className) — “\(child.title ?? "")”"
  }

  override func loadView() {
    view = HostView(header: header, body: child.view)
  }

  override func viewWillAppear() {
    super.viewWillAppear()
    child.beginAppearanceTransition(true)
  }

  override func viewDidAppear() {
    super.viewDidAppear()
    child.endAppearanceTransition()
  }

  override func viewWillDisappear() {
    super.viewWillDisappear()
    child.beginAppearanceTransition(false)
  }

  override func viewDidDisappear() {
    super.viewDidDisappear()
    child.endAppearanceTransition()
  }

  override func handleKey(_ key: TTKey) -> Bool {
    child.handleKey(key)
  }

  override func didReceiveMemoryWarning() {
    child.didReceiveMemoryWarning()
    super.didReceiveMemoryWarning()
  }

  func preferredHeight(width: Int) -> Int {
    rows(width)
  }
}

/// The header line over the controller's view.
@MainActor
private final class HostView: TTView {
  private let header: TTLabel
  private let body: TTView

  init(header: TTLabel, body: TTView) {
    self.header = header
    self.body = body
    super.init()
    addSubview(header)
    addSubview(body)
  }

  override func layoutSubviews() {
    header.frame = TTRect(x: 1, y: 0, width: max(0, bounds.width - 2), height: 1)
    body.frame = TTRect(x: 0, y: 1, width: bounds.width, height: max(0, bounds.height - 1))
  }
}
