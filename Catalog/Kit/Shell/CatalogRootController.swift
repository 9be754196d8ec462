public import Three20
public import Three20UICommon

/// The Catalog's screen: the navigator's bar and visible demo, plus the Catalog's own keys.
///
/// Keys go to the visible demo first; Backspace and Escape go back (`TTNavigationController`),
/// `r` refreshes the visible demo when it can (``CatalogRefreshing``) and `q` quits.
@MainActor
public final class CatalogRootController: TTNavigationController {
  /// Called on `q`; the interactive runner stops the terminal host here.
  public var onQuit: (@MainActor () -> Void)?

  public override func handleKey(_ key: TTKey) -> Bool {
    if super.handleKey(key) { return true }
    switch key {
    case .character("q"):
      onQuit?()
      return true
    case .character("r"):
      guard let visible = navigator.visibleController as? any CatalogRefreshing else { return false }
      visible.refresh()
      invalidateView()
      return true
    default:
      return false
    }
  }
}
