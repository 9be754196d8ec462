import Glibc

/// Starts joinable POSIX threads for the test server (one accept thread, one per connection).
enum TTTestHTTPThread {
  private final class Box: Sendable {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
  }

  /// Starts a thread running `body`; join it with `join(_:)`.
  static func spawn(_ body: @escaping @Sendable () -> Void) throws -> pthread_t {
    let context = Unmanaged.passRetained(Box(body)).toOpaque()
    var thread = pthread_t()
    let status = pthread_create(
      &thread, nil,
      { raw in
        guard let raw else { return nil }
        let box = Unmanaged<Box>.fromOpaque(raw).takeRetainedValue()
        box.body()
        return nil
      }, context)
    guard status == 0 else {
      Unmanaged<Box>.fromOpaque(context).release()
      throw TTTestHTTPServerError("pthread_create failed: \(String(cString: strerror(status)))")
    }
    return thread
  }

  /// Waits for a thread to end, unless it is the calling thread.
  static func join(_ thread: pthread_t) {
    guard pthread_equal(thread, pthread_self()) == 0 else {
      pthread_detach(thread)
      return
    }
    pthread_join(thread, nil)
  }
}
