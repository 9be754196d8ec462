import Three20
import Three20UICommon

/// Three20's ActivityTestController: every activity label style, spinning, and the error
/// view controllers show when there is nothing to show.
final class ActivityDemo: CatalogPageController {
  init() { super.init(title: "Activity labels") }

  private lazy var labels: [(TTActivityLabelStyle, TTActivityLabel)] = TTActivityLabelStyle.allCases.map {
    style in
    (style, TTActivityLabel(text: "Loading \(style.rawValue)…", activityStyle: style))
  }

  private var retries = 0

  override func makeBlocks() -> [CatalogBlock] {
    var blocks: [CatalogBlock] = [
      .code("let label = TTActivityLabel(text: \"Loading…\", activityStyle: .blackBezel)"),
      .heading("Every TTActivityLabelStyle"),
    ]
    for (_, label) in labels {
      blocks.append(.view(label, height: 3))
    }
    let error = TTErrorView(
      title: "Connection failed", subtitle: "Sorry, there was an error. (retried \(retries)×)")
    error.setAction(title: "Retry") { [weak self] _ in
      self?.retries += 1
      self?.reload()
    }
    blocks += [
      .heading("TTErrorView with a Retry button (enter)"),
      .code("error.setAction(title: \"Retry\") { _ in model.reload() }"),
      .view(error, height: 5),
    ]
    return blocks
  }
}
