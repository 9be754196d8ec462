import Dispatch
import Synchronization

/// Runs `body` on the global executor and blocks the calling thread until it returns.
///
/// The benchmark suites are synchronous; the network clients are not. Nothing `body` does may
/// need the main thread (none of the clients measured does).
func runBlocking<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T {
  let box = ResultBox<T>()
  let done = DispatchSemaphore(value: 0)
  Task.detached {
    let value = await body()
    box.value.withLock { $0 = value }
    done.signal()
  }
  done.wait()
  guard let value = box.value.withLock({ $0 }) else { fatalError("runBlocking: the task returned nothing") }
  return value
}

private final class ResultBox<T: Sendable>: Sendable {
  let value = Mutex<T?>(nil)
}

/// Hands out the indices 0, 1, 2, … to any number of tasks, each index once.
final class IndexDispenser: Sendable {
  private let next = Atomic<Int>(0)
  let count: Int

  init(count: Int) { self.count = count }

  /// The next index, or `nil` when all `count` have been handed out.
  func take() -> Int? {
    let index = next.add(1, ordering: .relaxed).oldValue
    return index < count ? index : nil
  }
}

/// The first failure message seen by any task, for the report.
final class FirstFailure: Sendable {
  private let message = Mutex<String?>(nil)

  func record(_ text: @autoclosure () -> String) {
    message.withLock { if $0 == nil { $0 = text() } }
  }

  var text: String? { message.withLock { $0 } }
}

/// Runs `count` jobs with `concurrency` of them in flight at any time: `concurrency` tasks
/// each start the next job as soon as their previous one has finished (a closed loop, as the
/// C floor does with its easy handles). Returns how many jobs failed.
func closedLoop(
  count: Int, concurrency: Int, _ job: @escaping @Sendable (Int) async -> Bool
) async -> Int {
  let indices = IndexDispenser(count: count)
  return await withTaskGroup(of: Int.self) { group in
    for _ in 0..<concurrency {
      group.addTask {
        var failures = 0
        while let index = indices.take() {
          if await !job(index) { failures += 1 }
        }
        return failures
      }
    }
    return await group.reduce(0, +)
  }
}
