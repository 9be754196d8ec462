import CatalogKit
import Foundation
import Testing
import Three20

/// The XMLExt demos load documents from web addresses only: a `tt://xml/…?url=…` link from data
/// cannot make them show a local file.
@Suite("Catalog: XMLExt demos load web documents only")
@MainActor
struct CatalogXMLDocumentPolicyTests {
  /// A `file:` or `data:` address given to the feed reader, the item page or the tree explorer
  /// is refused on the page, with the reason, and nothing of the file is shown.
  @Test(arguments: ["tt://xml/feed?url=", "tt://xml/item/0?url=", "tt://xml/tree?url="])
  func localAddressesAreRefused(page: String) async throws {
    for address in ["file:///etc/passwd", "data:text/xml,<rss/>"] {
      let url = page + address.tt.percentEncodedQueryValue
      let text = await CatalogRenderer.render(url: url, width: 200, height: 30).text
      #expect(text.contains("Not loading this document"), "\(url):\n\(text)")
      #expect(!text.contains("root:"), "\(url) showed the file")
    }
  }
}
