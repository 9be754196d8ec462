import Synchronization

/// Keeps the freeing of nested values (styled-text trees, styles with parts) from recursing
/// deeper than a fixed number of levels, however deep the values are.
///
/// Freeing a box of children frees the children, which free their own boxes, and so on: one
/// nested call per level. Most trees are shallow, and letting that recursion run is the
/// cheapest way to free them. ``freeRecursively(_:)`` lets it run while the nesting of such
/// frees on the call stack is at most ``recursionLimit``; deeper than that, the box is taken
/// apart with a loop over an explicit list instead.
///
/// The count is shared by all threads, so a thread may see the frees of others and take the
/// loop sooner than it needs to; it never recurses deeper than the limit.
enum TTNestedTeardown {
  /// How many nested frees may run on one call stack before the loop takes over.
  static let recursionLimit = 64

  /// The nested frees running now, in all threads.
  private static let depth = Atomic<Int>(0)

  /// Runs `free`, which frees one level and, through it, the levels below, when the frees
  /// already running are few enough.
  ///
  /// - Parameter free: Frees the level (for example by emptying a box's array).
  /// - Returns: `true` when `free` ran; `false` when the caller must free its level with a loop.
  static func freeRecursively(_ free: () -> Void) -> Bool {
    defer { depth.subtract(1, ordering: .relaxed) }
    guard depth.add(1, ordering: .relaxed).newValue <= recursionLimit else { return false }
    free()
    return true
  }
}
