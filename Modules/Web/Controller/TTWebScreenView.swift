import Foundation
import Three20Core
import Three20Style
import Three20UICommon

/// The web controller's view: the page above, the status line below, and in the page's place
/// a spinner while the first page loads or the error view when it failed.
///
/// The controller sets what shows (``TTWebController/refreshViews()``); drawing only reads the
/// controller's state.
@MainActor
final class TTWebScreenView: TTView {
  weak var controller: TTWebController?
  let pageView = TTWebPageView()
  let errorView = TTErrorView()
  let activityView = TTActivityLabel(text: "Loading…", activityStyle: .gray)
  let statusView = TTWebStatusView()

  init(controller: TTWebController) {
    self.controller = controller
    super.init()
    pageView.controller = controller
    statusView.controller = controller
    errorView.isHidden = true
    activityView.isHidden = true
    addSubview(pageView)
    addSubview(activityView)
    addSubview(errorView)
    addSubview(statusView)
  }

  override func layoutSubviews() {
    let statusRows = bounds.height >= 2 ? 1 : 0
    let pageRect = TTRect(x: 0, y: 0, width: bounds.width, height: max(0, bounds.height - statusRows))
    pageView.frame = pageRect
    errorView.frame = pageRect
    activityView.frame = pageRect
    statusView.frame = TTRect(x: 0, y: bounds.height - statusRows, width: bounds.width, height: statusRows)
    controller?.pageAreaDidChange(pageRect.size)
  }
}

/// Draws the visible part of the current page: its lines from the top line, shifted sideways,
/// with the focused link and the find matches marked.
@MainActor
final class TTWebPageView: TTView {
  weak var controller: TTWebController?

  override func drawContent(on canvas: inout TTCanvas, in rect: TTRect) {
    guard let controller, controller.error == nil, let page = controller.page else { return }
    page.draw(
      on: &canvas, in: rect, top: controller.topLine, left: controller.leftColumn,
      focusedLink: controller.focusedLink, highlights: controller.findMatches,
      currentHighlight: controller.currentMatchIndex)
  }

  /// A click on a link focuses and follows it; the wheel scrolls three lines a notch, or
  /// sideways.
  override func handleMouse(_ event: TTMouseEvent) -> Bool {
    guard let controller, controller.error == nil, let page = controller.page else { return false }
    switch event.action {
    case .press where event.button == .left:
      guard
        let link = page.link(
          atLine: controller.topLine + event.position.y, column: event.position.x, left: controller.leftColumn
        )
      else { return false }
      controller.focusLink(link)
      controller.followLink(at: link)
      return true
    case .scrollUp:
      for _ in 0..<3 { controller.scroll(.lineUp) }
      return true
    case .scrollDown:
      for _ in 0..<3 { controller.scroll(.lineDown) }
      return true
    case .scrollLeft:
      controller.scrollSideways(by: -TTWebController.sidewaysStep)
      return true
    case .scrollRight:
      controller.scrollSideways(by: TTWebController.sidewaysStep)
      return true
    case .press, .release, .drag:
      return false
    }
  }
}

/// The last line: a spinner and the progress while loading, the find prompt, the focused
/// link's address, a notice, or an error in red.
@MainActor
final class TTWebStatusView: TTView {
  weak var controller: TTWebController?
  private(set) var tickCount = 0

  override func tick() {
    super.tick()
    if controller?.isLoading == true {
      tickCount = tickCount == .max ? 0 : tickCount + 1
      setNeedsDisplay()
    }
  }

  override func drawContent(on canvas: inout TTCanvas, in rect: TTRect) {
    guard let controller, rect.height > 0 else { return }
    let status = controller.status
    var text = status.text
    let look: TTTextLook
    switch status.kind {
    case .loading:
      let frames = TTActivityLabel.defaultSpinner.frames
      text = frames[tickCount % frames.count] + " " + text
      if TTActivityLabel.defaultSpinner == .ascii { text = text.replacingOccurrences(of: "…", with: "...") }
      look = TTTextLook(color: .gray)
    case .error:
      look = TTTextLook(color: .red)
    case .prompt:
      look = TTTextLook(attributes: [.bold])
    case .info:
      look = TTTextLook(color: .gray)
    }
    TTLabel.draw(text, look: look, in: rect, on: &canvas)
  }
}
