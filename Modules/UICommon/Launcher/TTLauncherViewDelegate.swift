/// What a ``TTLauncherView`` tells about the user's actions: Three20's
/// `TTLauncherViewDelegate`.
///
/// Every method has an empty default, so implement only the ones you need.
@MainActor
public protocol TTLauncherViewDelegate: AnyObject {
  /// The user opened an item (Enter, Space or a click); the launcher then opens its URL.
  ///
  /// - Parameters:
  ///   - launcherView: The launcher.
  ///   - item: The item.
  func launcherView(_ launcherView: TTLauncherView, didSelect item: TTLauncherItem)

  /// The user moved an item, with keys or by dragging it; the new order is in
  /// ``TTLauncherView/pages``.
  ///
  /// - Parameters:
  ///   - launcherView: The launcher.
  ///   - item: The item moved.
  func launcherView(_ launcherView: TTLauncherView, didMove item: TTLauncherItem)

  /// The user removed an item while editing.
  ///
  /// - Parameters:
  ///   - launcherView: The launcher.
  ///   - item: The item removed.
  func launcherView(_ launcherView: TTLauncherView, didRemove item: TTLauncherItem)

  /// The launcher went into edit mode (``TTLauncherView/beginEditing()``).
  ///
  /// - Parameter launcherView: The launcher.
  func launcherViewDidBeginEditing(_ launcherView: TTLauncherView)

  /// The launcher left edit mode (``TTLauncherView/endEditing()``).
  ///
  /// - Parameter launcherView: The launcher.
  func launcherViewDidEndEditing(_ launcherView: TTLauncherView)
}

extension TTLauncherViewDelegate {
  /// Does nothing.
  ///
  /// - Parameters:
  ///   - launcherView: The launcher.
  ///   - item: The item.
  public func launcherView(_ launcherView: TTLauncherView, didSelect item: TTLauncherItem) {}

  /// Does nothing.
  ///
  /// - Parameters:
  ///   - launcherView: The launcher.
  ///   - item: The item moved.
  public func launcherView(_ launcherView: TTLauncherView, didMove item: TTLauncherItem) {}

  /// Does nothing.
  ///
  /// - Parameters:
  ///   - launcherView: The launcher.
  ///   - item: The item removed.
  public func launcherView(_ launcherView: TTLauncherView, didRemove item: TTLauncherItem) {}

  /// Does nothing.
  ///
  /// - Parameter launcherView: The launcher.
  public func launcherViewDidBeginEditing(_ launcherView: TTLauncherView) {}

  /// Does nothing.
  ///
  /// - Parameter launcherView: The launcher.
  public func launcherViewDidEndEditing(_ launcherView: TTLauncherView) {}
}
