import Testing
import Three20UICommon

@MainActor
@Suite("TTPendingResult")
struct TTPendingResultTests {
  /// Starts `count` tasks that wait for `result`, and lets them all reach their wait.
  static func waiters(_ count: Int, on result: TTPendingResult<String>) async -> [Task<String, Never>] {
    let tasks = (0..<count).map { _ in Task { @MainActor in await result.wait() } }
    // The tasks run on the main actor too: yielding lets each start and suspend in wait().
    for _ in 0..<(count * 4) { await Task.yield() }
    return tasks
  }

  /// One finish wakes every task that was waiting, each with the value.
  @Test func finishWakesEveryWaiter() async {
    let result = TTPendingResult<String>()
    let tasks = await Self.waiters(3, on: result)
    #expect(!result.isFinished)
    #expect(result.value == nil)
    #expect(result.finish("sent"))
    #expect(result.isFinished)
    var values: [String] = []
    for task in tasks { values.append(await task.value) }
    #expect(values == ["sent", "sent", "sent"])
  }

  /// A second finish changes nothing: waiters and later readers see the first value.
  @Test func finishTwiceKeepsTheFirstValue() async {
    let result = TTPendingResult<String>()
    let tasks = await Self.waiters(2, on: result)
    #expect(result.finish("first"))
    #expect(!result.finish("second"))
    #expect(result.value == "first")
    for task in tasks { #expect(await task.value == "first") }
    #expect(await result.wait() == "first")
  }

  /// Waiting for a result that is known returns it at once, as often as asked.
  @Test func waitAfterFinishReturnsAtOnce() async {
    let result = TTPendingResult<Int>()
    result.finish(42)
    #expect(await result.wait() == 42)
    #expect(await result.wait() == 42)
  }

  /// A result whose value is itself optional tells "finished with nil" from "not finished".
  @Test func optionalValuesFinishToo() async {
    let result = TTPendingResult<String?>()
    #expect(!result.isFinished)
    #expect(result.finish(nil))
    #expect(result.isFinished)
    #expect(!result.finish("later"))
    #expect(await result.wait() == nil)
  }

  /// Waiters that started before and after the finish get the same value.
  @Test func waitersBeforeAndAfterAgree() async {
    let result = TTPendingResult<String>()
    let early = await Self.waiters(1, on: result)
    Task { @MainActor in result.finish("done") }
    let late = await result.wait()
    #expect(late == "done")
    #expect(await early[0].value == "done")
  }
}
