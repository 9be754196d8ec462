import Foundation
import Three20
import Three20UICommon

/// A navigator of its own, driven step by step: created and shared controllers, a modal
/// screen, a deep link that builds its parent chain, and a stack saved and restored.
final class NavigatorStackDemo: CatalogPageController {
  init() { super.init(title: "Stack, modal, parents") }

  /// A small mail app's map, as an app would write it.
  static func mailMap() throws -> TTURLMap {
    var map = TTURLMap()
    try map.mapShared("tt://inbox") { _, _ in TTViewController(title: "Inbox") }
    try map.map("tt://message/(id:int)", parent: "tt://inbox") { match, _ in
      TTViewController(title: "Message \(match["id"] ?? "")")
    }
    try map.mapShared("tt://settings") { _, _ in TTViewController(title: "Settings") }
    try map.mapModal("tt://compose?to=(to)") { match, _ in TTViewController(title: "To \(match["to"] ?? "")")
    }
    try map.map("tt://thread/(id:int)", parent: "tt://inbox") { match, _ in
      TTViewController(title: "Thread \(match["id"] ?? "")")
    }
    try map.map("tt://thread/(id:int)/reply") { match, _ in
      TTViewController(title: "Reply to \(match["id"] ?? "")")
    }
    return map
  }

  override func makeBlocks() -> [CatalogBlock] {
    let history = FileManager.default.temporaryDirectory
      .appendingPathComponent("catalog-stack-demo-\(ProcessInfo.processInfo.processIdentifier).json")
    defer { try? FileManager.default.removeItem(at: history) }
    let navigator: TTNavigator
    do {
      navigator = TTNavigator(
        resolver: try Self.mailMap().freeze(), persistenceMode: .all,
        persistence: TTNavigatorPersistence(fileURL: history))
    } catch {
      return [.text("The map did not build: \(error)")]
    }
    var seen: [TTViewController] = []  // kept, so no two controllers share an identity
    func describe(_ navigator: TTNavigator) -> String {
      func name(_ controller: TTViewController) -> String {
        if !seen.contains(where: { $0 === controller }) { seen.append(controller) }
        let number = (seen.firstIndex { $0 === controller } ?? 0) + 1
        return "\(controller.title ?? "?") #\(number)"
      }
      var text = navigator.stack.map(name).joined(separator: " › ")
      if !navigator.modalStack.isEmpty {
        text += "  ⧉ modal: " + navigator.modalStack.map(name).joined(separator: " › ")
      }
      return text.isEmpty ? "(empty)" : text
    }
    var steps: [(String, String)] = []
    func step(_ code: String, _ action: () -> Void) {
      action()
      steps.append((code, describe(navigator)))
    }
    step("navigator.openURL(\"tt://inbox\")") { _ = navigator.openURL("tt://inbox") }
    step("navigator.openURL(\"tt://message/1\")   // created") { _ = navigator.openURL("tt://message/1") }
    step("navigator.openURL(\"tt://settings\")    // shared") { _ = navigator.openURL("tt://settings") }
    step("navigator.openURL(\"tt://message/2\")") { _ = navigator.openURL("tt://message/2") }
    step("navigator.openURL(\"tt://settings\")    // shared: #3 again") {
      _ = navigator.openURL("tt://settings")
    }
    step("navigator.openURL(\"tt://compose?to=Ada\")") { _ = navigator.openURL("tt://compose?to=Ada") }
    step("navigator.dismissModal()") { _ = navigator.dismissModal() }
    step("navigator.removeAllControllers()") { navigator.removeAllControllers() }
    step("navigator.open(TTURLAction(\"tt://thread/7/reply\", parentURL: \"tt://thread/7\"))") {
      _ = navigator.open(TTURLAction("tt://thread/7/reply", parentURL: "tt://thread/7"))
    }
    step("navigator.back()") { _ = navigator.back() }
    _ = navigator.persist()
    let restored = TTNavigator(
      resolver: navigator.resolver, persistenceMode: .all,
      persistence: TTNavigatorPersistence(fileURL: history))
    _ = restored.restore()
    steps.append(("// a new navigator, next launch: restored.restore()", describe(restored)))
    return [
      .code(
        """
        try map.mapShared("tt://settings") { _, _ in SettingsController() }
        try map.map("tt://message/(id:int)", parent: "tt://inbox") { … }
        try map.mapModal("tt://compose?to=(to)") { … }
        try map.map("tt://thread/(id:int)", parent: "tt://inbox") { … }
        let navigator = TTNavigator(resolver: try map.freeze(), persistenceMode: .all)
        """),
      .heading("Step by step (#n tells controllers apart)"),
      .examples(steps),
    ]
  }
}
