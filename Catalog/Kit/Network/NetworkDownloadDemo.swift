import Foundation
import Three20

/// Three20's DownloadProgressTestController: a download with a progress bar, from the
/// Catalog's own server, heard through `TTURLRequestDelegate`.
final class NetworkDownloadDemo: CatalogLoadingPage, TTURLRequestDelegate {
  init() { super.init(title: "Download progress") }

  private var received: Int64 = 0
  private var expected: Int64 = 0
  private var outcome = "Starting…"
  private var updates = 0

  override func load() async {
    guard let server = CatalogServer.shared else {
      outcome = "The Catalog's server could not start."
      return
    }
    received = 0
    updates = 0
    let request = TTURLRequest(url: server.baseURL + "/download?size=262144&chunk=8192&delay=15")
    request.cachePolicy = [.network, .noCache]
    request.addDelegate(self)
    let started = ContinuousClock.now
    do {
      let result = try await request.send(on: CatalogNetwork.queue)
      let elapsed = ContinuousClock.now - started
      outcome =
        "\(result.info.statusCode) · \(result.data.count) bytes in \(elapsed.formatted(.units(allowed: [.milliseconds])))"
    } catch {
      outcome = "Failed: \(error.message)"
    }
  }

  func requestDidDownloadData(_ request: TTURLRequest, bytesReceived: Int64, totalBytesExpected: Int64) {
    received = bytesReceived
    expected = totalBytesExpected
    updates += 1
    reload()
  }

  override func makeBlocks() -> [CatalogBlock] {
    let fraction = expected > 0 ? Double(received) / Double(expected) : (isLoading ? 0 : 1)
    return [
      .code(
        """
        let request = TTURLRequest(url: server + "/download?size=262144")
        request.addDelegate(self)   // requestDidDownloadData(_:bytesReceived:totalBytesExpected:)
        let result = try await request.send()
        """),
      .heading("Progress"),
      .canvas { width in Self.bar(fraction: fraction, width: width) },
      .pairs([
        ("received", "\(received) of \(expected > 0 ? String(expected) : "?") bytes"),
        ("updates", "\(updates) delegate calls"),
        ("outcome", isLoading ? "Loading…" : outcome),
      ]),
      .text("Press r to download again.", CatalogBlock.dimStyle),
    ]
  }

  /// A bar `[#####     ]  42%` across the width.
  static func bar(fraction: Double, width: Int) -> TTCanvas {
    let clamped = min(1, max(0, fraction))
    let percent = " \(Int(clamped * 100))%"
    let inner = max(1, width - 2 - percent.count)
    let filled = Int(Double(inner) * clamped)
    var canvas = TTCanvas(width: width, height: 1)
    canvas.write("[", at: .zero)
    canvas.fill(
      TTRect(x: 1, y: 0, width: filled, height: 1), with: "█", style: TTCellStyle(foreground: .green))
    canvas.fill(
      TTRect(x: 1 + filled, y: 0, width: inner - filled, height: 1), with: "·", style: CatalogBlock.dimStyle)
    canvas.write("]" + percent, at: TTPoint(x: 1 + inner, y: 0))
    return canvas
  }
}
