import Foundation
import Testing
import Three20Core

/// The log all recorders of one test write to, so the order across delegates is visible.
@MainActor
private final class Log {
  var lines: [String] = []
}

/// A delegate that logs every callback as "name:event", checks the model it is given, and can
/// run an action in its callbacks.
@MainActor
private final class Recorder: TTModelDelegate {
  let name: String
  let log: Log
  weak var expectedModel: (any TTModel)?
  var action: ((Recorder, String) -> Void)?

  init(_ name: String, log: Log, model: (any TTModel)? = nil) {
    self.name = name
    self.log = log
    self.expectedModel = model
  }

  private func record(_ model: any TTModel, _ text: String) {
    if let expectedModel { #expect(model === expectedModel) }
    log.lines.append("\(name):\(text)")
    action?(self, text)
  }

  func modelDidStartLoad(_ model: any TTModel) { record(model, "start") }
  func modelDidFinishLoad(_ model: any TTModel) { record(model, "finish") }
  func model(_ model: any TTModel, didFailLoadWith error: any Error) {
    record(model, "fail(\(error))")
  }
  func modelDidCancelLoad(_ model: any TTModel) { record(model, "cancel") }
  func modelDidChange(_ model: any TTModel) { record(model, "change") }
  func model(_ model: any TTModel, didUpdate object: any Sendable, at indexPath: IndexPath) {
    record(model, "update(\(object) \(indexPath))")
  }
  func model(_ model: any TTModel, didInsert object: any Sendable, at indexPath: IndexPath) {
    record(model, "insert(\(object) \(indexPath))")
  }
  func model(_ model: any TTModel, didDelete object: any Sendable, at indexPath: IndexPath) {
    record(model, "delete(\(object) \(indexPath))")
  }
  func modelDidBeginUpdates(_ model: any TTModel) { record(model, "begin") }
  func modelDidEndUpdates(_ model: any TTModel) { record(model, "end") }
}

/// A delegate that relies on the default (empty) implementations.
@MainActor
private final class SilentDelegate: TTModelDelegate {}

/// Collects a stream until it ends.
private func collect(_ stream: AsyncStream<TTModelEvent>) async -> [String] {
  var result: [String] = []
  for await event in stream { result.append(event.description) }
  return result
}

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct TTBaseModelTests {
  // MARK: - Defaults

  /// A plain model is loaded, like Three20's TTModel, and has nothing to load.
  @Test func plainModelIsLoadedAndLoadDoesNothing() {
    let log = Log()
    let model = TTBaseModel()
    let recorder = Recorder("a", log: log)
    model.addDelegate(recorder)
    model.load(.default, more: false)
    model.load(.network, more: true)
    #expect(model.state == .loaded(outdated: false, error: nil))
    #expect(log.lines.isEmpty)
  }

  /// The protocol's flags read the model's state.
  @Test func protocolFlagsFollowTheState() {
    let model = TTBaseModel()
    model.didStartLoad(more: true)
    let any: any TTModel = model
    #expect(any.isLoaded)
    #expect(any.isLoading)
    #expect(any.isLoadingMore)
    #expect(!any.isOutdated)
    model.invalidate(erase: false)
    #expect(any.isOutdated)
  }

  /// The default cancel reports a cancel only when a load is in flight.
  @Test func defaultCancelStopsOnlyARunningLoad() {
    let log = Log()
    let model = TTBaseModel(state: .idle(error: nil))
    let recorder = Recorder("a", log: log, model: model)
    model.addDelegate(recorder)
    model.cancel()
    #expect(log.lines.isEmpty)
    model.didStartLoad()
    model.cancel()
    #expect(log.lines == ["a:start", "a:cancel"])
    #expect(model.state == .idle(error: nil))
  }

  /// The default invalidate updates the state and announces a change only if it changed.
  @Test func defaultInvalidateAnnouncesStateChanges() {
    let log = Log()
    let model = TTBaseModel()
    let recorder = Recorder("a", log: log, model: model)
    model.addDelegate(recorder)
    model.invalidate(erase: false)
    model.invalidate(erase: false)
    #expect(model.state == .loaded(outdated: true, error: nil))
    model.invalidate(erase: true)
    model.invalidate(erase: true)
    #expect(model.state == .idle(error: nil))
    #expect(log.lines == ["a:change", "a:change"])
  }

  // MARK: - Delegates

  /// Delegates are called in the order they were added, with the model and the arguments.
  @Test func delegatesAreCalledInOrderWithArguments() {
    let log = Log()
    let model = TTBaseModel(state: .idle(error: nil))
    let a = Recorder("a", log: log, model: model)
    let b = Recorder("b", log: log, model: model)
    model.addDelegate(a)
    model.addDelegate(b)
    model.didStartLoad()
    model.didFailLoad(with: TTCoreError(.missingValue, "no items"))
    model.didStartLoad()
    model.didFinishLoad()
    model.beginUpdates()
    model.didInsert("x", at: [0, 1])
    model.didUpdate("y", at: [0, 2])
    model.didDelete("z", at: [1, 0])
    model.endUpdates()
    model.didChange()
    #expect(
      log.lines == [
        "a:start", "b:start", "a:fail(no items)", "b:fail(no items)", "a:start", "b:start",
        "a:finish", "b:finish", "a:begin", "b:begin", "a:insert(x [0, 1])", "b:insert(x [0, 1])",
        "a:update(y [0, 2])", "b:update(y [0, 2])", "a:delete(z [1, 0])", "b:delete(z [1, 0])",
        "a:end", "b:end", "a:change", "b:change",
      ])
    #expect(model.state == .loaded(outdated: false, error: nil))
  }

  /// A failure reaches delegates as the original error, and the state keeps it.
  @Test func failureReachesDelegatesAsTheOriginalError() {
    final class ErrorCatcher: TTModelDelegate {
      var error: (any Error)?
      func model(_ model: any TTModel, didFailLoadWith error: any Error) { self.error = error }
    }
    let model = TTBaseModel(state: .idle(error: nil))
    let catcher = ErrorCatcher()
    model.addDelegate(catcher)
    model.didStartLoad()
    model.didFailLoad(with: TTCoreError(.typeMismatch, "bad"))
    #expect((catcher.error as? TTCoreError)?.code == .typeMismatch)
    #expect(model.state.error == TTModelFailure(TTCoreError(.typeMismatch, "bad")))
  }

  /// A delegate added twice is called once; removing it once removes it.
  @Test func duplicateDelegateIsCalledOnce() {
    let log = Log()
    let model = TTBaseModel()
    let a = Recorder("a", log: log)
    model.addDelegate(a)
    model.addDelegate(a)
    #expect(model.delegates.count == 1)
    model.didChange()
    model.removeDelegate(a)
    model.didChange()
    #expect(log.lines == ["a:change"])
    #expect(model.delegates.isEmpty)
  }

  /// Removing a delegate that was never added changes nothing.
  @Test func removingAnUnknownDelegateIsHarmless() {
    let log = Log()
    let model = TTBaseModel()
    let a = Recorder("a", log: log)
    model.addDelegate(a)
    model.removeDelegate(Recorder("stranger", log: log))
    model.didChange()
    #expect(log.lines == ["a:change"])
  }

  /// The model does not keep its delegates alive; released ones are pruned.
  @Test func delegatesAreHeldWeakly() {
    let log = Log()
    let model = TTBaseModel()
    var a: Recorder? = Recorder("a", log: log)
    weak let weakA = a
    let b = Recorder("b", log: log)
    model.addDelegate(a!)
    model.addDelegate(b)
    a = nil
    #expect(weakA == nil)
    model.didChange()
    #expect(log.lines == ["b:change"])
    #expect(model.delegates.count == 1)
  }

  /// A delegate released by an earlier delegate's callback is not messaged.
  @Test func delegateReleasedMidDeliveryIsNotCalled() {
    let log = Log()
    let model = TTBaseModel()
    var b: Recorder? = Recorder("b", log: log)
    let a = Recorder("a", log: log)
    a.action = { _, _ in b = nil }
    model.addDelegate(a)
    model.addDelegate(b!)
    model.didChange()
    model.didChange()
    #expect(log.lines == ["a:change", "a:change"])
  }

  /// A delegate may remove itself during a callback; it hears nothing after that.
  @Test func delegateMayRemoveItselfDuringACallback() {
    let log = Log()
    let model = TTBaseModel()
    let a = Recorder("a", log: log)
    let b = Recorder("b", log: log)
    a.action = { [weak model] recorder, _ in model?.removeDelegate(recorder) }
    model.addDelegate(a)
    model.addDelegate(b)
    model.didChange()
    model.didChange()
    #expect(log.lines == ["a:change", "b:change", "b:change"])
  }

  /// A delegate removed by an earlier delegate's callback is skipped for the current event.
  @Test func delegateRemovedByAnotherIsSkipped() {
    let log = Log()
    let model = TTBaseModel()
    let a = Recorder("a", log: log)
    let b = Recorder("b", log: log)
    let c = Recorder("c", log: log)
    a.action = { [weak model] _, _ in model?.removeDelegate(b) }
    model.addDelegate(a)
    model.addDelegate(b)
    model.addDelegate(c)
    model.didChange()
    #expect(log.lines == ["a:change", "c:change"])
  }

  /// A delegate added during a callback hears from the next event on.
  @Test func delegateAddedDuringACallbackHearsTheNextEvent() {
    let log = Log()
    let model = TTBaseModel()
    let a = Recorder("a", log: log)
    let late = Recorder("late", log: log)
    a.action = { [weak model] _, _ in model?.addDelegate(late) }
    model.addDelegate(a)
    model.didChange()
    model.didChange()
    #expect(log.lines == ["a:change", "a:change", "late:change"])
  }

  /// A notification sent from a callback is delivered after the current one reached everybody.
  @Test func nestedNotificationsKeepTheOrder() async {
    let log = Log()
    let model = TTBaseModel(state: .idle(error: nil))
    let stream = model.events()
    let a = Recorder("a", log: log)
    let b = Recorder("b", log: log)
    a.action = { [weak model] _, event in
      if event == "start" { model?.didFinishLoad() }
    }
    model.addDelegate(a)
    model.addDelegate(b)
    model.didStartLoad()
    #expect(log.lines == ["a:start", "b:start", "a:finish", "b:finish"])
    #expect(model.state == .loaded(outdated: false, error: nil))
    var iterator = stream.makeAsyncIterator()
    #expect(await iterator.next()?.kind == .didStartLoad)
    #expect(await iterator.next()?.kind == .didFinishLoad)
  }

  /// Events the state machine ignores reach neither delegates nor streams.
  @Test func ignoredEventsDeliverNothing() async {
    let log = Log()
    var model: TTBaseModel? = TTBaseModel(state: .idle(error: nil))
    let stream = model!.events()
    let a = Recorder("a", log: log)
    model!.addDelegate(a)
    model!.didFinishLoad()
    model!.didFailLoad(with: TTCoreError(.missingValue, "x"))
    model!.didCancelLoad()
    model!.endUpdates()
    model!.invalidate(erase: true)
    model!.didStartLoad()
    model!.didStartLoad(more: true)
    model = nil
    #expect(log.lines == ["a:start"])
    #expect(await collect(stream) == ["didStartLoad"])
  }

  /// Nested batches reach delegates as a single begin/end pair.
  @Test func nestedBatchesReachDelegatesOnce() {
    let log = Log()
    let model = TTBaseModel()
    let a = Recorder("a", log: log)
    model.addDelegate(a)
    model.beginUpdates()
    model.beginUpdates()
    model.didDelete(1, at: [0, 0])
    model.endUpdates()
    model.endUpdates()
    model.endUpdates()
    #expect(log.lines == ["a:begin", "a:delete(1 [0, 0])", "a:end"])
  }

  /// A delegate that implements nothing still receives every event without effect.
  @Test func defaultDelegateImplementationsDoNothing() {
    let model = TTBaseModel(state: .idle(error: nil))
    let silent = SilentDelegate()
    model.addDelegate(silent)
    model.didStartLoad()
    model.didFailLoad(with: TTCoreError(.missingValue, "x"))
    model.beginUpdates()
    model.didInsert("a", at: [0])
    model.didUpdate("a", at: [0])
    model.didDelete("a", at: [0])
    model.endUpdates()
    model.didChange()
    model.didStartLoad()
    model.didCancelLoad()
    #expect(model.delegates.count == 1)
    #expect(model.state == .idle(error: nil))
  }

  // MARK: - Streams

  /// Two streams each get every event, in order, and end when the model is released.
  @Test func twoStreamsGetEveryEventInOrder() async {
    var model: TTBaseModel? = TTBaseModel(state: .idle(error: nil))
    let first = model!.events()
    let second = model!.events()
    model!.didStartLoad()
    model!.didFinishLoad()
    model!.didInsert("x", at: [0, 0])
    model!.didStartLoad(more: true)
    model!.didFailLoad(with: TTCoreError(.missingValue, "page 2"))
    model = nil
    let expected = [
      "didStartLoad", "didFinishLoad", "didInsert(x at [0, 0])", "didStartLoad", "didFailLoad(page 2)",
    ]
    #expect(await collect(first) == expected)
    #expect(await collect(second) == expected)
  }

  /// A stream only gets events announced after it was created.
  @Test func streamStartsWithTheNextEvent() async {
    var model: TTBaseModel? = TTBaseModel()
    model!.didChange()
    let stream = model!.events()
    model!.invalidate(erase: false)
    model = nil
    #expect(await collect(stream) == ["didChange"])
  }

  /// A stream ends when the model is released, even while a consumer is waiting on it.
  @Test func streamEndsWhenTheModelIsReleased() async {
    var model: TTBaseModel? = TTBaseModel()
    weak let weakModel = model
    let stream = model!.events()
    let consumer = Task { await collect(stream) }
    await Task.yield()
    model = nil
    #expect(weakModel == nil)
    #expect(await consumer.value == [])
  }

  /// Cancelling one consumer ends its stream without disturbing another.
  @Test func cancellingOneStreamLeavesOthersRunning() async {
    var model: TTBaseModel? = TTBaseModel()
    let cancelled = model!.events()
    let kept = model!.events()
    let consumer = Task { await collect(cancelled) }
    consumer.cancel()
    #expect(await consumer.value == [])
    model!.didChange()
    model = nil
    #expect(await collect(kept) == ["didChange"])
  }
}
