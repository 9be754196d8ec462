extension TTNavigator {
  /// What changed in a navigator, as its observers are told (``TTNavigator/addObserver(_:)``).
  ///
  /// A navigator announces each change once it is complete: one announcement for a whole
  /// ``TTNavigator/openURLs(_:)`` or deep link, after the old visible controller has
  /// disappeared and the new one appeared. Observers read what they need from the navigator
  /// itself (``TTNavigator/stack``, ``TTNavigator/modalStack``,
  /// ``TTNavigator/visibleController``, the controllers' titles).
  public enum Change: Sendable, Hashable {
    /// Controllers were pushed or presented above those that were open.
    case pushed
    /// Controllers were taken off the top (``TTNavigator/back()``,
    /// ``TTNavigator/dismissModal()``, a shared controller brought back,
    /// ``TTNavigator/removeAllControllers()``, …); those left were open before.
    case popped
    /// The open controllers changed in another way: some taken off and others put on, as
    /// when a deep link pops back to its parent and pushes above it.
    case replaced
    /// The title of an open controller changed; the stack did not.
    case titleChanged
  }
}
