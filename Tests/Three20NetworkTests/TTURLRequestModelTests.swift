import Foundation
import Testing
import Three20Core
import Three20Network

/// One page of the test server's `/items` route.
struct ItemsPage: Codable, Sendable {
  var items: [Int]
}

/// A paged JSON model: `/items?page=N` gives up to three items per page.
@MainActor
final class ItemsModel: TTURLRequestModel<TTURLJSONResponse<ItemsPage>> {
  private(set) var items: [Int] = []
  private(set) var pagesLoaded = 0
  private(set) var fromCache: [Bool] = []
  private(set) var progress: [Double] = []
  var path: String
  var rejects = false
  var returnsNoRequest = false
  let server: TTTestHTTPServer

  init(server: TTTestHTTPServer, path: String = "/items", queue: TTURLRequestQueue) {
    self.server = server
    self.path = path
    super.init(processor: TTURLJSONResponse(), queue: queue)
  }

  override func makeRequest(more: Bool) -> TTURLRequest? {
    guard !returnsNoRequest else { return nil }
    return TTURLRequest(url: server.url("\(path)?page=\(more ? pagesLoaded + 1 : 1)"))
  }

  override func didReceive(_ page: ItemsPage, from result: TTURLResult, more: Bool) throws {
    if rejects { throw TTCoreError(.missingValue, "rejected by the test") }
    items = more ? items + page.items : page.items
    pagesLoaded = more ? pagesLoaded + 1 : 1
    fromCache.append(result.respondedFromCache)
    hasNoMore = page.items.count < 3
  }

  override func downloadProgressDidChange() {
    if let value = downloadProgress { progress.append(value) }
  }

  override func invalidate(erase: Bool) {
    if erase {
      items = []
      pagesLoaded = 0
    }
    super.invalidate(erase: erase)
  }
}

/// A model that loads raw bytes, for progress.
@MainActor
final class BytesModel: TTURLRequestModel<TTURLDataResponse> {
  let url: String
  private(set) var progress: [Double] = []
  private(set) var byteCount = 0

  init(url: String, queue: TTURLRequestQueue) {
    self.url = url
    super.init(processor: TTURLDataResponse(), queue: queue)
  }

  override func makeRequest(more: Bool) -> TTURLRequest? { TTURLRequest(url: url) }

  override func didReceive(_ data: Data, from result: TTURLResult, more: Bool) throws {
    byteCount = data.count
  }

  override func downloadProgressDidChange() {
    if let value = downloadProgress { progress.append(value) }
  }
}

/// Writes down model events, as a delegate.
@MainActor
final class ModelEventRecorder: TTModelDelegate {
  var events: [String] = []

  func modelDidStartLoad(_ model: any TTModel) { events.append("start") }
  func modelDidFinishLoad(_ model: any TTModel) { events.append("finish") }
  func model(_ model: any TTModel, didFailLoadWith error: any Error) { events.append("fail") }
  func modelDidCancelLoad(_ model: any TTModel) { events.append("cancel") }
  func modelDidChange(_ model: any TTModel) { events.append("change") }
}

/// Waits on the main actor until the model is no longer loading (at most 30 seconds).
@MainActor
func waitForLoad(_ model: some TTModel, sourceLocation: SourceLocation = #_sourceLocation) async {
  let settled = await eventually { @MainActor in !model.isLoading }
  if !settled { Issue.record("the model was still loading after 30 s", sourceLocation: sourceLocation) }
}

@Suite("TTURLRequestModel")
@MainActor
struct TTURLRequestModelTests {
  nonisolated let fixture: CachedQueueFixture

  init() throws {
    fixture = try CachedQueueFixture()
    // Seven items, three per page.
    fixture.server.route("GET", "/items") { request in
      let page = Int(request.queryValue("page") ?? "") ?? 1
      let items = (1...7).filter { ($0 - 1) / 3 + 1 == page }
      let body = (try? JSONEncoder().encode(ItemsPage(items: items))) ?? Data()
      return .data(body, contentType: "application/json")
    }
    fixture.server.route("GET", "/slow-items") { _ in
      TTTestHTTPResponse.data(Data(#"{"items":[1]}"#.utf8), contentType: "application/json")
        .delayed(by: .milliseconds(200))
    }
  }

  nonisolated var server: TTTestHTTPServer { fixture.server }

  func makeModel(path: String = "/items") -> ItemsModel {
    ItemsModel(server: server, path: path, queue: fixture.queue)
  }

  /// A first load reports start then finish, fills the content and records time and key.
  @Test func firstLoadFillsTheContent() async throws {
    let model = makeModel()
    let recorder = ModelEventRecorder()
    model.addDelegate(recorder)
    let before = Date()
    model.load(.default, more: false)
    #expect(model.state == .loading)
    #expect(recorder.events == ["start"])
    await waitForLoad(model)
    #expect(model.state == .loaded(outdated: false, error: nil))
    #expect(recorder.events == ["start", "finish"])
    #expect(model.items == [1, 2, 3])
    #expect(!model.hasNoMore)
    let loaded = try #require(model.loadedTime)
    #expect(loaded >= before.addingTimeInterval(-1) && loaded <= Date())
    #expect(model.cacheKey == TTURLCache.key(url: server.url("/items?page=1")))
  }

  /// Loading more appends pages; a short page sets hasNoMore, after which "more" does nothing.
  @Test func loadingMorePaginates() async throws {
    let model = makeModel()
    model.load(.default, more: false)
    await waitForLoad(model)
    model.load(.default, more: true)
    #expect(model.state == .refreshing(outdated: false, more: true))
    #expect(model.isLoadingMore)
    await waitForLoad(model)
    #expect(model.items == [1, 2, 3, 4, 5, 6])
    #expect(!model.hasNoMore)
    model.load(.default, more: true)
    await waitForLoad(model)
    #expect(model.items == [1, 2, 3, 4, 5, 6, 7])
    #expect(model.hasNoMore)
    let recorder = ModelEventRecorder()
    model.addDelegate(recorder)
    model.load(.default, more: true)
    #expect(!model.isLoading)
    #expect(recorder.events.isEmpty)
    #expect(
      server.requests(for: "/items").map(\.target) == ["/items?page=1", "/items?page=2", "/items?page=3"])
    // A reload starts from the first page again and clears hasNoMore.
    model.load(.network, more: false)
    await waitForLoad(model)
    #expect(model.items == [1, 2, 3])
    #expect(!model.hasNoMore)
  }

  /// Loading the next page keeps loadedTime and cacheKey of the first page.
  @Test func morePagesKeepTheFirstPagesTimeAndKey() async throws {
    let model = makeModel()
    model.load(.default, more: false)
    await waitForLoad(model)
    let time = model.loadedTime
    let key = model.cacheKey
    model.load(.default, more: true)
    await waitForLoad(model)
    #expect(model.loadedTime == time)
    #expect(model.cacheKey == key)
  }

  /// "More" without content is a first load.
  @Test func moreWithoutContentIsAFirstLoad() async throws {
    let model = makeModel()
    model.load(.default, more: true)
    await waitForLoad(model)
    #expect(model.items == [1, 2, 3])
    #expect(server.requests(for: "/items").last?.target == "/items?page=1")
  }

  /// A failed first load leaves the model idle with the error.
  @Test func failedFirstLoadsLeaveTheModelIdleWithTheError() async throws {
    let model = makeModel(path: "/status/500")
    let recorder = ModelEventRecorder()
    model.addDelegate(recorder)
    model.load(.default, more: false)
    await waitForLoad(model)
    let failure = try #require(model.state.error)
    #expect(model.state == .idle(error: failure))
    let error = try #require(failure.error as? TTNetworkError)
    #expect(error.code == .httpStatus)
    #expect(error.statusCode == 500)
    #expect(recorder.events == ["start", "fail"])
    #expect(model.loadedTime == nil)
  }

  /// A failed reload keeps the content and records the error.
  @Test func failedReloadsKeepTheContent() async throws {
    let model = makeModel()
    model.load(.default, more: false)
    await waitForLoad(model)
    model.path = "/status/503"
    model.load(.network, more: false)
    await waitForLoad(model)
    guard case .loaded(outdated: false, let failure?) = model.state else {
      Issue.record("expected loaded with an error, got \(model.state)")
      return
    }
    #expect((failure.error as? TTNetworkError)?.statusCode == 503)
    #expect(model.items == [1, 2, 3])
  }

  /// An error thrown by didReceive fails the load and removes the response from the cache.
  @Test func rejectedResponsesFailAndLeaveTheCache() async throws {
    let model = makeModel()
    model.rejects = true
    model.load(.default, more: false)
    await waitForLoad(model)
    #expect(model.state.error?.error is TTCoreError)
    #expect(!fixture.cache.hasEntry(forKey: TTURLCache.key(url: server.url("/items?page=1"))))
    model.rejects = false
    model.load(.default, more: false)
    await waitForLoad(model)
    #expect(model.fromCache == [false])
    #expect(server.requestCount(for: "/items") == 2)
  }

  /// cancel() during a load reports the cancel at once, and the late response is ignored.
  @Test func cancellingMidLoadReportsACancel() async throws {
    // 100 kB in 1 kB pieces 600 ms apart: a minute unless the client hangs up.
    let model = makeModel(path: "/slow/100000?bytes=1000&ms=600")
    let recorder = ModelEventRecorder()
    model.addDelegate(recorder)
    model.load(.default, more: false)
    #expect(await eventually { server.concurrentRequests == 1 })
    model.cancel()
    #expect(model.state == .idle(error: nil))
    #expect(recorder.events == ["start", "cancel"])
    try await Task.sleep(for: .milliseconds(200))
    #expect(recorder.events == ["start", "cancel"])
    #expect(await eventually { server.concurrentRequests == 0 })
    model.cancel()
    #expect(recorder.events == ["start", "cancel"])
  }

  /// A second load while one is in flight is ignored; makeRequest returning nil loads nothing.
  @Test func loadsAreIgnoredWhileLoadingOrWithoutARequest() async throws {
    let model = makeModel(path: "/slow-items")
    let recorder = ModelEventRecorder()
    model.addDelegate(recorder)
    model.load(.default, more: false)
    model.load(.default, more: false)
    await waitForLoad(model)
    #expect(recorder.events == ["start", "finish"])
    #expect(server.requestCount(for: "/slow-items") == 1)
    let empty = makeModel()
    empty.returnsNoRequest = true
    empty.load(.default, more: false)
    #expect(empty.state == .idle(error: nil))
  }

  /// invalidate(erase: false) marks the model and the cached response outdated.
  @Test func invalidatingMarksTheModelAndTheCacheOutdated() async throws {
    let model = makeModel()
    model.load(.default, more: false)
    await waitForLoad(model)
    let recorder = ModelEventRecorder()
    model.addDelegate(recorder)
    let key = try #require(model.cacheKey)
    model.invalidate(erase: false)
    #expect(model.state == .loaded(outdated: true, error: nil))
    #expect(recorder.events == ["change"])
    #expect(fixture.cache.hasEntry(forKey: key))
    #expect(fixture.cache.freshEntry(forKey: key) == nil)
    #expect(model.items == [1, 2, 3])
    // The stale entry has no validator, so the next load goes to the server.
    model.load(.default, more: false)
    await waitForLoad(model)
    #expect(model.state == .loaded(outdated: false, error: nil))
    #expect(model.fromCache == [false, false])
  }

  /// invalidate(erase: true) drops the content, the time, the key and the cached response.
  @Test func erasingDropsEverything() async throws {
    let model = makeModel()
    model.load(.default, more: false)
    await waitForLoad(model)
    let key = try #require(model.cacheKey)
    model.invalidate(erase: true)
    #expect(model.state == .idle(error: nil))
    #expect(model.items.isEmpty)
    #expect(model.loadedTime == nil)
    #expect(model.cacheKey == nil)
    #expect(!fixture.cache.hasEntry(forKey: key))
  }

  /// With the default policy a second model is answered by the cache; .network asks the server.
  @Test func reloadsComeFromTheCacheOrTheNetworkAsAsked() async throws {
    let first = makeModel()
    first.load(.default, more: false)
    await waitForLoad(first)
    let second = makeModel()
    let recorder = ModelEventRecorder()
    second.addDelegate(recorder)
    second.load(.default, more: false)
    #expect(second.isLoading)
    await waitForLoad(second)
    #expect(recorder.events == ["start", "finish"])
    #expect(second.items == [1, 2, 3])
    #expect(server.requestCount(for: "/items") == 1)
    second.load(.network, more: false)
    await waitForLoad(second)
    #expect(second.fromCache == [true, false])
    #expect(server.requestCount(for: "/items") == 2)
    second.load(.local, more: false)
    await waitForLoad(second)
    #expect(second.fromCache == [true, false, true])
  }

  /// Data older than the invalidation age is outdated as soon as it is loaded from the cache.
  @Test func oldCachedDataIsOutdatedAtOnce() async throws {
    let url = server.url("/items?page=1")
    fixture.cache.store(
      TTURLCache.Entry(
        key: TTURLCache.key(url: url), url: url, body: Data(#"{"items":[9]}"#.utf8),
        headers: ["Content-Type": "application/json"], storedAt: Date(timeIntervalSinceNow: -2 * 86_400)))
    let model = makeModel()
    let recorder = ModelEventRecorder()
    model.addDelegate(recorder)
    model.load(.default, more: false)
    await waitForLoad(model)
    #expect(model.items == [9])
    #expect(recorder.events == ["start", "finish", "change"])
    #expect(model.state == .loaded(outdated: true, error: nil))
    #expect(model.isOutdated)
    #expect(server.requestCount(for: "/items") == 0)
    // The controller's answer: reload from the network.
    model.load(.network, more: false)
    await waitForLoad(model)
    #expect(model.items == [1, 2, 3])
    #expect(!model.checkOutdated())
  }

  /// checkOutdated(now:) turns an old loadedTime into the outdated state, once.
  @Test func checkOutdatedComparesLoadedTimeWithTheInvalidationAge() async throws {
    let model = makeModel()
    model.load(.default, more: false)
    await waitForLoad(model)
    let recorder = ModelEventRecorder()
    model.addDelegate(recorder)
    let loaded = try #require(model.loadedTime)
    #expect(model.invalidationAge == fixture.cache.invalidationAge)
    #expect(!model.checkOutdated(now: loaded.addingTimeInterval(model.invalidationAge - 1)))
    #expect(recorder.events.isEmpty)
    #expect(model.checkOutdated(now: loaded.addingTimeInterval(model.invalidationAge + 1)))
    #expect(model.checkOutdated(now: loaded.addingTimeInterval(model.invalidationAge + 1)))
    #expect(recorder.events == ["change"])
  }

  /// The events stream sees the same events, in the same order, as the delegates.
  @Test func eventStreamsMatchDelegates() async throws {
    let model = makeModel()
    let recorder = ModelEventRecorder()
    model.addDelegate(recorder)
    let stream = model.events()
    model.load(.default, more: false)
    await waitForLoad(model)
    model.load(.default, more: true)
    await waitForLoad(model)
    model.invalidate(erase: false)
    var kinds: [String] = []
    for await event in stream {
      kinds.append(event.kind.rawValue)
      if kinds.count == 5 { break }
    }
    #expect(kinds == ["didStartLoad", "didFinishLoad", "didStartLoad", "didFinishLoad", "didChange"])
    #expect(recorder.events == ["start", "finish", "start", "finish", "change"])
  }

  /// downloadProgress starts at 0, never goes down, and ends at 1.
  @Test func downloadProgressGrowsToOne() async throws {
    let model = BytesModel(url: server.url("/large/3000000"), queue: fixture.queue)
    #expect(model.downloadProgress == nil)
    model.load(.network, more: false)
    #expect(model.downloadProgress == 0)
    await waitForLoad(model)
    #expect(model.byteCount == 3_000_000)
    #expect(model.downloadProgress == 1)
    #expect(model.progress.first == 0)
    #expect(model.progress.last == 1)
    #expect(model.progress == model.progress.sorted())
    #expect(model.progress.allSatisfy { (0...1).contains($0) })
  }

  /// A slow body reports values between 0 and 1 on the way.
  @Test func slowBodiesReportIntermediateProgress() async throws {
    let model = BytesModel(url: server.url("/slow/2000?bytes=200&ms=100"), queue: fixture.queue)
    model.load(.network, more: false)
    await waitForLoad(model)
    #expect(model.progress.contains { $0 > 0 && $0 < 1 })
    #expect(model.progress == model.progress.sorted())
    #expect(model.progress.last == 1)
    // A new load starts from 0 again.
    model.load(.network, more: false)
    #expect(model.downloadProgress == 0)
    await waitForLoad(model)
  }

  /// A model released while loading cancels its request.
  @Test func releasingALoadingModelCancelsItsRequest() async throws {
    var model: ItemsModel? = makeModel(path: "/slow/100000?bytes=1000&ms=600")
    model?.load(.default, more: false)
    #expect(await eventually { server.concurrentRequests == 1 })
    model = nil
    #expect(await eventually { server.concurrentRequests == 0 })
  }
}
