import Foundation
import Three20

/// What failures look like: HTTP errors, a timeout, a refused connection, a dropped one.
///
/// Each row is a real request to the Catalog's server (or to a closed port).
final class NetworkErrorsDemo: CatalogLoadingPage {
  init() { super.init(title: "Errors and timeouts") }

  private var rows: [(String, String)] = []

  override func load() async {
    guard let server = CatalogServer.shared else { return }
    let base = server.baseURL
    let cases: [(String, String, TimeInterval?)] = [
      ("200 OK", base + "/hello", nil),
      ("404", base + "/status/404", nil),
      ("500", base + "/status/500", nil),
      ("timeout 0.3 s", base + "/slow?delay=3000", 0.3),
      ("dropped", base + "/drop", nil),
      ("refused", "http://127.0.0.1:1/", nil),
    ]
    rows = await withTaskGroup(of: (Int, String, String).self) { group in
      for (index, (name, url, timeout)) in cases.enumerated() {
        group.addTask {
          let request = TTURLRequest(url: url, response: TTURLStringResponse())
          request.cachePolicy = [.network, .noCache]
          request.timeoutInterval = timeout
          do throws(TTNetworkError) {
            let result = try await request.send(on: CatalogNetwork.queue)
            return (
              index, name, "\(result.info.statusCode): \(result.value)".trimmingCharacters(in: .newlines)
            )
          } catch {
            return (index, name, "\(error.code) — \(error.message)")
          }
        }
      }
      var results: [(Int, String, String)] = []
      for await result in group { results.append(result) }
      return results.sorted { $0.0 < $1.0 }.map { ($0.1, $0.2) }
    }
  }

  override func makeBlocks() -> [CatalogBlock] {
    [
      .code(
        """
        do { _ = try await request.send() }
        catch { print(error.code, error.message) }   // TTNetworkError
        """),
      .heading("Outcomes"),
      isLoading && rows.isEmpty ? .text("Loading…") : .pairs(rows),
      .text("Press r to try again.", CatalogBlock.dimStyle),
    ]
  }
}
