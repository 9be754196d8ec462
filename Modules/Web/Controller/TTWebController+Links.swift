import Foundation
import Three20Core
import Three20Navigator
import Three20Style
import Three20UICommon

extension TTWebController {
  /// What following a link did.
  public enum LinkOutcome: Sendable, Hashable {
    /// The page scrolled to an anchor of its own.
    case scrolled
    /// The page is loading here, in place, with history.
    case loading
    /// The opener (the navigator) opened it.
    case opened
    /// Nothing was opened; the status line says why.
    case refused(String)
  }

  // MARK: - Focus

  /// Focuses a link and scrolls it into view; `nil` takes the focus away.
  ///
  /// - Parameter link: The link's index in ``TTWebPage/links``; an index out of range takes
  ///   the focus away.
  public func focusLink(_ link: Int?) {
    guard index >= 0 else { return }
    guard let link, let page, link >= 0, link < page.links.count else {
      entries[index].focusedLink = nil
      refreshViews()
      return
    }
    entries[index].focusedLink = link
    let found = page.links[link]
    keepInView(found.line...max(found.line, found.lastLine))
    refreshViews()
  }

  /// Focuses the next link in document order: after the focused one when it is on screen,
  /// else the first one from the top of the screen; after the last link, the first.
  public func focusNextLink() {
    guard let page, !page.links.isEmpty else { return }
    let links = page.links
    if let focused = focusedLink, isOnScreen(links[focused]) {
      focusLink((focused + 1) % links.count)
    } else {
      let top = topLine
      focusLink(links.firstIndex { $0.lastLine >= top } ?? 0)
    }
  }

  /// Focuses the previous link in document order: before the focused one when it is on
  /// screen, else the last one above the bottom of the screen; before the first, the last.
  public func focusPreviousLink() {
    guard let page, !page.links.isEmpty else { return }
    let links = page.links
    if let focused = focusedLink, isOnScreen(links[focused]) {
      focusLink((focused - 1 + links.count) % links.count)
    } else {
      let bottom = topLine + max(1, viewport.height)
      focusLink(links.lastIndex { $0.line < bottom } ?? links.count - 1)
    }
  }

  private func isOnScreen(_ link: TTWebLink) -> Bool {
    let top = topLine
    return link.lastLine >= top && link.line < top + max(1, viewport.height)
  }

  // MARK: - Following

  /// Follows the focused link; see ``followLink(at:)``.
  ///
  /// - Returns: What happened, or `nil` when no link is focused.
  @discardableResult
  public func followFocusedLink() -> LinkOutcome? {
    guard let focused = focusedLink else { return nil }
    return followLink(at: focused)
  }

  /// Follows a link of the page, as the type's description says: an anchor of the page
  /// scrolls, a URL the navigator maps opens there, `http(s)` loads here, and unsafe schemes
  /// are refused with the reason on the status line.
  ///
  /// - Parameter link: The link's index in ``TTWebPage/links``.
  /// - Returns: What happened.
  @discardableResult
  public func followLink(at link: Int) -> LinkOutcome {
    guard let page, link >= 0, link < page.links.count else {
      return refuse("There is no link \(link + 1) on this page.")
    }
    let found = page.links[link]
    if let fragment = found.fragment {
      return handleFragment(fragment) ? .scrolled : .refused(notice?.text ?? "")
    }
    guard let url = found.url else {
      return refuse(
        "The link \(TTMessageText.quoted(found.href, limit: 80)) has no address that can be opened.")
    }
    let address = url.absoluteString
    let scheme = url.scheme?.lowercased() ?? ""
    guard found.isFollowable, !Self.neverFollowed.contains(scheme) else {
      return refuse(Self.refusalReason(scheme: scheme, url: address))
    }
    let isWeb = scheme == "http" || scheme == "https"
    if let navigator = opener as? TTNavigator {
      // A pattern of the app's own (tt://feed/(id)), or a scheme's fallback for another scheme.
      if let pattern = navigator.resolver.resolve(address)?.match.pattern, pattern != "*",
        !(isWeb && Self.isFallback(pattern))
      {
        return open(address, through: navigator)
      }
      if isWeb {
        if opensLinksThroughNavigator { return open(address, through: navigator) }
        open(url: address)
        return .loading
      }
      guard navigator.urlSchemePolicy.allowsScheme(scheme) else {
        let reason =
          navigator.urlSchemePolicy.refusal(of: address)
          ?? "Nothing in the app opens \(TTMessageText.quoted(address, limit: 80))."
        return refuse(reason)
      }
      return open(address, through: navigator)
    }
    if isWeb, !(opensLinksThroughNavigator && opener != nil) {
      open(url: address)
      return .loading
    }
    if let opener {
      return open(address, through: opener)
    }
    guard TTGlobalURLOpener.open(address) else {
      return refuse("Nothing in the app opens \(TTMessageText.quoted(address, limit: 80)).")
    }
    return .opened
  }

  /// Whether a pattern is a fallback: `*`, or a scheme's `https://*`.
  ///
  /// A web address that only a fallback takes is loaded in place: the fallback is how the app
  /// maps web pages to this controller.
  static func isFallback(_ pattern: String) -> Bool {
    pattern == "*" || pattern.hasSuffix("://*")
  }

  /// Schemes never followed from a page, whatever the navigator allows.
  static let neverFollowed: Set<String> = ["javascript", "vbscript", "data", "file", "about", "blob"]

  /// Why a link of a scheme is not followed.
  static func refusalReason(scheme: String, url: String) -> String {
    let quoted = TTMessageText.quoted(url, limit: 80)
    switch scheme {
    case "javascript", "vbscript":
      return "Not following \(quoted): it runs a script, and scripts never run here."
    case "data": return "Not following \(quoted): data: addresses are never opened from a page."
    case "file": return "Not following \(quoted): a page may not open the files of this computer."
    default: return "Not following \(quoted): the link cannot be opened."
    }
  }

  private func open(_ address: String, through opener: any TTURLOpening) -> LinkOutcome {
    let navigator = opener as? TTNavigator
    let refusalBefore = navigator?.lastRefusal
    guard opener.openURL(address) else {
      if let navigator, let refusal = navigator.lastRefusal, refusal != refusalBefore {
        return refuse(refusal)
      }
      return refuse("Nothing in the app opens \(TTMessageText.quoted(address, limit: 80)).")
    }
    return .opened
  }

  private func refuse(_ reason: String) -> LinkOutcome {
    notice = Status(.error, reason)
    refreshViews()
    return .refused(reason)
  }
}
