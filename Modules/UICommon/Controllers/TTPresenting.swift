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
