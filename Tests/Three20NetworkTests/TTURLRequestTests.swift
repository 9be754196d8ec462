import Foundation
import Testing
import Three20Core
import Three20Network

@Suite("TTURLRequest")
struct TTURLRequestTests {
  let server: TTTestHTTPServer
  let queue = TTURLRequestQueue()

  init() throws {
    server = try TTTestHTTPServer.started()
  }

  /// Every method reaches the server as given, with the body for methods that carry one.
  @Test(arguments: ["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "get"])
  func everyMethodReachesTheServer(method: String) async throws {
    let request = TTURLRequest(url: server.url("/echo"), method: method)
    if method == "POST" || method == "PUT" || method == "PATCH" {
      request.httpBody = Data("payload".utf8)
      request.contentType = "text/plain"
    }
    let echo = try TTTestHTTPEcho(json: try await request.send(on: queue).data)
    #expect(echo.method == method.uppercased())
    if request.httpBody != nil {
      #expect(echo.body == Data("payload".utf8))
      #expect(echo.header("Content-Type") == "text/plain")
    } else {
      #expect(echo.body.isEmpty)
    }
  }

  /// HEAD gets the status and headers and no body.
  @Test func headHasNoBody() async throws {
    let result = try await TTURLRequest(url: server.url("/bytes/500"), method: "HEAD").send(on: queue)
    #expect(result.info.statusCode == 200)
    #expect(result.data.isEmpty)
    #expect(result.info.expectedContentLength == 500)
    #expect(server.requests(for: "/bytes/500").first?.method == "HEAD")
  }

  /// Any 2xx status succeeds, and so does a 304.
  @Test(arguments: [200, 201, 202, 203, 204, 206, 299, 304])
  func successfulStatuses(status: Int) async throws {
    let result = try await TTURLRequest(url: server.url("/status/\(status)")).send(on: queue)
    #expect(result.info.statusCode == status)
  }

  /// Other statuses fail with httpStatus, carrying the status code and the server's body.
  @Test(arguments: [301, 400, 401, 404, 418, 500, 503])
  func errorStatusesSurfaceTheBody(status: Int) async throws {
    let request = TTURLRequest(url: server.url("/status/\(status)"))
    let error = try #require(await failure(of: request, on: queue))
    #expect(error.code == .httpStatus)
    #expect(error.statusCode == status)
    #expect(error.responseBody == Data("status \(status)".utf8))
    #expect(error.message.contains("status \(status)"))
    #expect(error.url == server.url("/status/\(status)"))
  }

  /// The response processor can turn an error body into the error's underlying error.
  @Test func errorResponsesAreProcessed() async throws {
    struct ServerComplaint: Error, Equatable { var text: String }
    struct Complaining: TTURLResponse {
      func process(_ data: Data, info: TTURLResponseInfo) throws -> Data { data }
      func processErrorResponse(_ data: Data, info: TTURLResponseInfo) -> (any Error & Sendable)? {
        ServerComplaint(text: String(decoding: data, as: UTF8.self))
      }
    }
    server.route("GET", "/complain") { _ in .text("{\"error\":\"quota\"}", status: 429) }
    do {
      _ = try await TTURLRequest(url: server.url("/complain")).send(processingWith: Complaining(), on: queue)
      Issue.record("expected a failure")
    } catch {
      #expect(error.statusCode == 429)
      #expect(error.underlying as? ServerComplaint == ServerComplaint(text: "{\"error\":\"quota\"}"))
    }
  }

  /// An empty URL fails with badURL and the message quotes the input.
  @Test(arguments: ["", "   ", "\n"])
  func emptyURLIsABadURL(url: String) async throws {
    let error = try #require(await failure(of: TTURLRequest(url: url), on: queue))
    #expect(error.code == .badURL)
    #expect(error.message.contains(TTMessageText.quoted(url)))
  }

  /// URLs without a scheme are bad; schemes other than the supported ones are unsupported.
  @Test func schemesAreChecked() async throws {
    let bare = try #require(await failure(of: TTURLRequest(url: "example.com/x"), on: queue))
    #expect(bare.code == .badURL)
    let ftp = try #require(await failure(of: TTURLRequest(url: "ftp://127.0.0.1/x"), on: queue))
    #expect(ftp.code == .unsupportedURL)
    #expect(ftp.message.contains("ftp"))
  }

  /// A redirect to a non-HTTP scheme is refused rather than followed.
  @Test func redirectsToOtherSchemesAreRefused() async throws {
    let request = TTURLRequest(url: server.url("/redirect-to?url=file:///etc/passwd"))
    let error = try #require(await failure(of: request, on: queue))
    #expect(error.code == .unsupportedURL)
  }

  /// Parameters go out form-URL-encoded, in sorted key order, when multipart is off.
  @Test func formURLEncodedParameters() async throws {
    let request = TTURLRequest(url: server.url("/echo"), method: "POST")
    request.isMultipartForm = false
    request.parameters = ["b": "x y&z=1", "a": "1", "ü": "é"]
    let echo = try TTTestHTTPEcho(json: try await request.send(on: queue).data)
    #expect(String(decoding: echo.body, as: UTF8.self) == "a=1&b=x+y%26z%3D1&%C3%BC=%C3%A9")
    #expect(echo.header("Content-Type") == "application/x-www-form-urlencoded")
  }

  /// A multipart upload arrives at the server byte for byte, binary file included.
  @Test func multipartUploadIsByteExact() async throws {
    let fileBytes = Data([0, 1, 2, 13, 10, 45, 45, 255, 254]) + Data("\r\n--not-the-boundary\r\n".utf8)
    let request = TTURLRequest(url: server.url("/echo"), method: "POST")
    request.parameters = ["title": "Holiday \"2024\"", "count": "3"]
    request.addFile(
      fileBytes, mimeType: "application/octet-stream", fileName: "blob.bin", fieldName: "upload")
    let echo = try TTTestHTTPEcho(json: try await request.send(on: queue).data)

    let boundary = "3i2ndDfv2rTHiSisAbouNdArYfORhtTPEefj3q2f"
    var expected = Data()
    expected += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"count\"\r\n\r\n3\r\n".utf8)
    expected += Data(
      "--\(boundary)\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nHoliday \"2024\"\r\n".utf8)
    expected += Data(
      ("--\(boundary)\r\nContent-Disposition: form-data; name=\"upload\"; filename=\"blob.bin\"\r\n"
        + "Content-Length: \(fileBytes.count)\r\nContent-Type: application/octet-stream\r\n\r\n").utf8)
    expected += fileBytes + Data("\r\n--\(boundary)--\r\n".utf8)
    #expect(echo.body == expected)
    #expect(echo.header("Content-Type") == "multipart/form-data; boundary=\(boundary)")
    #expect(echo.header("Expect") == nil)
  }

  /// When a part contains the default boundary, another boundary is chosen.
  @Test func boundaryAvoidsTheContent() async throws {
    let request = TTURLRequest(url: server.url("/echo"), method: "POST")
    request.addFile(
      Data("--3i2ndDfv2rTHiSisAbouNdArYfORhtTPEefj3q2f".utf8), mimeType: "text/plain", fileName: "a.txt")
    let echo = try TTTestHTTPEcho(json: try await request.send(on: queue).data)
    let type = try #require(echo.header("Content-Type"))
    let boundary = String(type.split(separator: "=", maxSplits: 1)[1])
    #expect(boundary != "3i2ndDfv2rTHiSisAbouNdArYfORhtTPEefj3q2f")
    #expect(String(decoding: echo.body, as: UTF8.self).hasSuffix("--\(boundary)--\r\n"))
  }

  /// Header fields are sent; setValue replaces a field whatever the case of its name.
  @Test func headersAreSent() async throws {
    let request = TTURLRequest(url: server.url("/echo"))
    request.headers = ["X-One": "1", "accept": "text/plain"]
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    request.setValue(nil, forHTTPHeaderField: "x-one")
    request.setValue("two", forHTTPHeaderField: "X-Two")
    queue.userAgent = "Three20Tests/1.0"
    let echo = try TTTestHTTPEcho(json: try await request.send(on: queue).data)
    #expect(echo.header("Accept") == "application/json")
    #expect(echo.header("X-One") == nil)
    #expect(echo.header("X-Two") == "two")
    #expect(echo.header("User-Agent") == "Three20Tests/1.0")
    #expect(request.headers.count == 2)
  }

  /// Header values cannot smuggle extra header lines.
  @Test func headerLineBreaksAreRemoved() async throws {
    let request = TTURLRequest(url: server.url("/echo"))
    request.setValue("a\r\nX-Injected: yes", forHTTPHeaderField: "X-Value")
    let echo = try TTTestHTTPEcho(json: try await request.send(on: queue).data)
    #expect(echo.header("X-Injected") == nil)
    #expect(echo.header("X-Value") == "aX-Injected: yes")
  }

  /// The cache key is TTURLCache's key of the URL, and for POST also of the body.
  @Test func cacheKeys() {
    let get = TTURLRequest(url: "https://example.com/")
    #expect(get.cacheKey == "0f115db062b7c0dd030b16878c99dea5c354b49dc37b38eb8846179c7783e9d7")
    #expect(get.cacheKey == TTURLCache.key(url: "https://example.com/"))
    let post = TTURLRequest(url: "https://example.com/", method: "POST")
    post.parameters = ["q": "1"]
    let other = TTURLRequest(url: "https://example.com/", method: "POST")
    other.parameters = ["q": "2"]
    #expect(post.cacheKey != get.cacheKey)
    #expect(post.cacheKey != other.cacheKey)
    post.cacheKey = "mine"
    #expect(post.cacheKey == "mine")
    post.cacheKey = ""
    #expect(post.cacheKey != "mine")
  }

  /// The documented defaults hold.
  @Test func defaults() {
    let request = TTURLRequest()
    #expect(request.httpMethod == "GET")
    #expect(request.cachePolicy == .default)
    #expect(request.cacheExpirationAge == TTTimeInterval.week)
    #expect(request.timeoutInterval == nil)
    #expect(request.totalTimeoutInterval == nil)
    #expect(request.maxContentLength == nil)
    #expect(request.isMultipartForm)
    #expect(!request.isLoading)
    #expect(request.response is TTURLDataResponse)
    #expect(queue.defaultTimeout == 60)
    #expect(queue.defaultTotalTimeout == 300)
    #expect(queue.maxContentLength == 100_000_000)
    #expect(queue.maxDecompressionRatio == 500)
    #expect(queue.maxConcurrentProcessing == max(4, ProcessInfo.processInfo.activeProcessorCount))
    #expect(queue.maxConcurrentRequests == 16)
    #expect(queue.maxConcurrentRequestsPerHost == 6)
  }

  /// Sending a request that is still loading fails with alreadyLoading; the first load goes on.
  @Test func sendingTwiceAtOnceFails() async throws {
    let request = TTURLRequest(url: server.url("/delay/200"))
    async let first = request.send(on: queue)
    #expect(await eventually { request.isLoading })
    let error = try #require(await failure(of: request, on: queue))
    #expect(error.code == .alreadyLoading)
    #expect(try await first.info.statusCode == 200)
    #expect(!request.isLoading)
  }

  /// A finished request can be sent again.
  @Test func requestsCanBeResent() async throws {
    let request = TTURLRequest(url: server.url("/status/200"))
    request.cachePolicy = [.network, .noCache]
    _ = try await request.send(on: queue)
    _ = try await request.send(on: queue)
    #expect(server.requestCount(for: "/status/200") == 2)
  }

  /// The result and the request both record the outcome.
  @Test func outcomeIsRecorded() async throws {
    let request = TTURLRequest(url: server.url("/status/200"), response: TTURLStringResponse())
    let result = try await request.send(on: queue)
    #expect(result.value as? String == "status 200")
    #expect(request.value(as: String.self) == "status 200")
    #expect(request.result?.info.statusCode == 200)
    #expect(request.error == nil)
    #expect(request.attempts == 1)
    #expect(!request.respondedFromCache)
    #expect(request.timestamp != nil)
    #expect(request.totalBytesDownloaded == 10)

    request.urlPath = server.url("/status/404")
    _ = await failure(of: request, on: queue)
    #expect(request.result == nil)
    #expect(request.error?.statusCode == 404)
  }

  /// Delegates hear start then finish, on the main actor.
  @Test @MainActor func delegatesHearStartAndFinish() async throws {
    let delegate = RecordingDelegate()
    let second = RecordingDelegate()
    let request = TTURLRequest(url: server.url("/status/200"), delegate: delegate)
    request.addDelegate(second)
    request.addDelegate(delegate)
    #expect(request.delegates.count == 2)
    request.start(on: queue)
    #expect(await eventually { @MainActor in delegate.ended && second.ended })
    #expect(delegate.events == ["start", "finish"])
    #expect(second.events == ["start", "finish"])
    request.removeDelegate(second)
    #expect(request.delegates.count == 1)
  }

  /// Delegates hear start then fail, with the error.
  @Test @MainActor func delegatesHearFailures() async throws {
    let delegate = RecordingDelegate()
    let request = TTURLRequest(url: server.url("/status/500"), delegate: delegate)
    request.start(on: queue)
    #expect(await eventually { @MainActor in delegate.ended })
    #expect(delegate.events == ["start", "fail"])
    #expect(delegate.errors.first?.statusCode == 500)
  }

  /// Delegates hear start then cancel when the request is cancelled.
  @Test @MainActor func delegatesHearCancellation() async throws {
    let delegate = RecordingDelegate()
    let request = TTURLRequest(url: server.url("/delay/60000"), delegate: delegate)
    request.start(on: queue)
    #expect(await eventually { @MainActor in delegate.events.contains("start") })
    request.cancel()
    #expect(await eventually { @MainActor in delegate.ended })
    #expect(delegate.events == ["start", "cancel"])
    #expect(request.error?.code == .cancelled)
  }

  /// Delegates are held weakly.
  @Test @MainActor func delegatesAreWeak() {
    let request = TTURLRequest(url: "http://127.0.0.1/")
    do {
      let delegate = RecordingDelegate()
      request.addDelegate(delegate)
      #expect(request.delegates.count == 1)
    }
    #expect(request.delegates.isEmpty)
  }

  /// Upload progress reaches delegates and ends at the body's size; download progress too.
  @Test @MainActor func progressIsReported() async throws {
    let delegate = RecordingDelegate()
    let request = TTURLRequest(url: server.url("/echo"), method: "PUT")
    request.httpBody = Data(count: 3_000_000)
    request.addDelegate(delegate)
    request.start(on: queue)
    #expect(await eventually { @MainActor in delegate.ended })
    #expect(delegate.events == ["start", "finish"])
    #expect(delegate.uploads.last.map { $0.0 == 3_000_000 && $0.1 == 3_000_000 } == true)
    #expect(request.totalBytesLoaded == 3_000_000)
    #expect(request.totalBytesExpected == 3_000_000)
    #expect(!delegate.downloads.isEmpty)
  }

  /// cancelRequests(withDelegate:) cancels requests by delegate or by user info's weak reference.
  @Test @MainActor func cancelRequestsWithDelegate() async throws {
    let owner = RecordingDelegate()
    let byDelegate = TTURLRequest(url: server.url("/delay/60000"), delegate: owner)
    let byUserInfo = TTURLRequest(url: server.url("/delay/60001"))
    byUserInfo.userInfo = TTUserInfo(topic: "t", weakRef: owner)
    let unrelated = TTURLRequest(url: server.url("/delay/300"))
    byDelegate.start(on: queue)
    byUserInfo.start(on: queue)
    unrelated.start(on: queue)
    #expect(await eventually { queue.loadingRequests.count == 3 })
    queue.cancelRequests(withDelegate: owner)
    #expect(await eventually { !byDelegate.isLoading && !byUserInfo.isLoading })
    #expect(byDelegate.error?.code == .cancelled)
    #expect(byUserInfo.error?.code == .cancelled)
    #expect(await eventually { !unrelated.isLoading })
    #expect(unrelated.error == nil)
  }

  /// Cancelling the awaiting task cancels the request.
  @Test func taskCancellationCancelsTheRequest() async throws {
    let request = TTURLRequest(url: server.url("/delay/120000"))
    let started = ContinuousClock.now
    let task = Task { try await request.send(on: queue) }
    #expect(await eventually { queue.transferCounts.running == 1 })
    task.cancel()
    await #expect(throws: TTNetworkError.self) { try await task.value }
    #expect(request.error?.code == .cancelled)
    #expect(ContinuousClock.now - started < .seconds(90))
  }
}
