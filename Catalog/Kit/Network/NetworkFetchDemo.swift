import Foundation
import Three20

/// Fetches any URL (`tt://network/fetch?url=…`) and shows the status, headers and the start
/// of the body; without a URL, the Catalog's own server.
final class NetworkFetchDemo: CatalogLoadingPage {
  let url: String
  private var blocks: [CatalogBlock] = []

  init(url: String?) {
    self.url = url ?? (CatalogServer.shared.map { $0.baseURL + "/hello" } ?? "http://127.0.0.1/")
    super.init(title: "Fetch a URL")
  }

  override func load() async {
    let request = TTURLRequest(url: url, response: TTURLStringResponse())
    request.timeoutInterval = 10
    do {
      let result = try await request.send()
      let body = String(describing: result.value).split(separator: "\n", omittingEmptySubsequences: false)
      blocks = [
        .heading("Response"),
        .pairs(
          [("status", "\(result.info.statusCode)"), ("from cache", "\(result.respondedFromCache)")]
            + result.info.headers.prefix(12).map { ($0.name, $0.value) }),
        .heading("Body (first 20 lines)"),
        .text(body.prefix(20).joined(separator: "\n")),
      ]
    } catch {
      blocks = [.heading("Failed"), .pairs([("code", "\(error.code)"), ("message", error.message)])]
    }
  }

  override func makeBlocks() -> [CatalogBlock] {
    [
      .code("let text = try await TTURLRequest(url: url).send(processingWith: TTURLStringResponse())"),
      .pairs([("URL", url)]),
    ] + (isLoading ? [.text("Loading…")] : blocks)
  }
}
