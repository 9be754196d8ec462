/// What a ``TTNavigator`` saves of its stack, to open it again on the next launch: Three20's
/// `TTNavigatorPersistenceMode`.
public enum TTNavigatorPersistenceMode: Sendable, Hashable, CaseIterable {
  /// Nothing is saved or restored (the default).
  case none
  /// Only the top controller of the navigation stack is saved, with the controllers beneath
  /// it that are its parents (its route's parent URL, and theirs). Modal controllers are
  /// left out.
  case top
  /// The whole path is saved: every controller of the stack and the modal controllers over
  /// it, bottom first.
  case all
}
