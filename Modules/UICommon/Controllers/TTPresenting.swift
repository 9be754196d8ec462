/// What shows controllers and can take one away again: the seam a controller uses to close
/// itself without knowing who showed it.
///
/// A navigator is the presenter of the controllers it opens; it sets each one's
/// ``TTViewController/presenter``. A composer that was opened modally calls
/// ``TTViewController/dismiss()`` when the user sends or cancels, and whatever showed it takes
/// it away: a navigator goes back, a test double records the call.
@MainActor
public protocol TTPresenting: AnyObject {
  /// Takes a controller this presenter shows off the screen.
  ///
  /// - Parameter controller: The controller.
  /// - Returns: `false` when the presenter does not show it (any more).
  func dismiss(_ controller: TTViewController) -> Bool

  /// Whether this presenter still shows a controller: on screen, or under others it shows.
  ///
  /// A composer asks when it leaves the screen: it counts as cancelled only when its
  /// presenter no longer shows it (it was closed), not when it is covered or when the
  /// presenter itself leaves the screen for a while. The default answers `false`, so a
  /// presenter that does not say treats every disappearance as a close.
  ///
  /// - Parameter controller: The controller.
  /// - Returns: `true` while the controller is open here.
  func isPresenting(_ controller: TTViewController) -> Bool
}

extension TTPresenting {
  /// Answers `false`: every disappearance counts as a close.
  ///
  /// - Parameter controller: The controller.
  /// - Returns: `false`.
  public func isPresenting(_ controller: TTViewController) -> Bool { false }
}

/// How a presenter shows a controller.
public enum TTPresentationStyle: Sendable, Hashable {
  /// The controller's view takes the whole screen, as every screen does by default.
  case fullScreen
  /// The controller's view is drawn over the previous screen, which shows, dimmed, wherever
  /// the view draws nothing: a post box over the list it posts to (Three20's
  /// `TTPostController`). Keys and clicks go to the controller alone.
  case overPreviousScreen
}
