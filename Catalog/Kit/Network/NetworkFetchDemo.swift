import Foundation
import Three20
import Three20UICommon

/// Fetches any URL and shows the status, headers and the start of the body.
///
/// Press `/` to type a URL, or open `tt://network/fetch?url=…`; without one, the Catalog's own
/// server answers.
final class NetworkFetchDemo: CatalogLoadingPage {
  private(set) var url: String
  private var blocks: [CatalogBlock] = []
  private var input = CatalogTextInput()

  init(url: String?) {
    self.url = url ?? (CatalogServer.shared.map { $0.baseURL + "/hello" } ?? "http://127.0.0.1/")
    super.init(title: "Fetch a URL")
  }

  override func load() async {
    let request = TTURLRequest(url: url, response: TTURLStringResponse())
    request.timeoutInterval = 10
    do {
      let result = try await request.send(on: CatalogNetwork.queue)
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
      input.line(hint: "Press / to type a URL."),
      .pairs([("URL", url)]),
    ] + (isLoading ? [.text("Loading…")] : blocks)
  }

  override func handleKey(_ key: TTKey) -> Bool {
    switch input.handle(key, start: "https://") {
    case .ignored: return super.handleKey(key)
    case .editing, .cancelled: reload()
    case .submitted(let typed):
      if !typed.isEmpty { url = typed }
      refresh()
    }
    return true
  }
}
