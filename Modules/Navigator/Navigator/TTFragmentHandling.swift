import Three20UICommon

/// A controller that can act on a URL fragment such as `#comments`: scroll to a section,
/// select a tab, open a pane.
///
/// When a URL is only a fragment (`#comments`), or is the visible controller's own URL with a
/// fragment (`tt://article/7#comments` while `tt://article/7` is shown), ``TTNavigator`` does
/// not open a new controller: it hands the fragment to the visible one, if it adopts this
/// protocol (Three20 sent such URLs to the visible controller too).
///
/// ```swift
/// final class ArticleController: TTViewController, TTFragmentHandling {
///   func handleFragment(_ fragment: String) -> Bool {
///     guard let section = sections.firstIndex(of: fragment) else { return false }
///     scroll(to: section)
///     return true
///   }
/// }
/// ```
@MainActor
public protocol TTFragmentHandling: AnyObject {
  /// Acts on a fragment.
  ///
  /// - Parameter fragment: The fragment, without `#`, percent-decoded.
  /// - Returns: Whether the fragment was used; `false` makes the navigator report the URL as
  ///   not opened.
  func handleFragment(_ fragment: String) -> Bool
}
