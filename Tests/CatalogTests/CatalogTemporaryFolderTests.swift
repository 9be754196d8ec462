import Foundation
import Testing
import Three20

@testable import CatalogKit

/// The Catalog's folders in the temporary directory: new, private, and removed on the way out.
@Suite("Catalog: temporary folders")
struct CatalogTemporaryFolderTests {
  /// A folder is made under a fresh name, readable by the user only, and removed with what is in
  /// it (as the exit handler removes every one).
  @Test func foldersAreNewPrivateAndRemoved() throws {
    let first = try #require(CatalogTemporaryFolder.make(prefix: "three20-catalog-test"))
    let second = try #require(CatalogTemporaryFolder.make(prefix: "three20-catalog-test"))
    #expect(first != second)
    #expect(first.lastPathComponent.hasPrefix("three20-catalog-test-"))
    let attributes = try FileManager.default.attributesOfItem(atPath: first.path)
    #expect((attributes[.posixPermissions] as? Int) == 0o700)
    try Data("entry".utf8).write(to: second.appendingPathComponent("cache.sqlite"))
    #expect(CatalogTemporaryFolder.pending.contains(first.path))
    CatalogTemporaryFolder.remove(first)
    CatalogTemporaryFolder.remove(second)
    #expect(!CatalogTemporaryFolder.pending.contains(first.path))
    #expect(!FileManager.default.fileExists(atPath: first.path))
    #expect(!FileManager.default.fileExists(atPath: second.path))
  }

  /// The demos' network cache lives in such a folder, so it goes when the process does.
  @Test func theNetworkCacheIsInAFolderRemovedAtExit() throws {
    let cache = try #require(CatalogNetwork.cache)
    #expect(cache.directory.lastPathComponent.hasPrefix("three20-catalog-"))
    #expect(CatalogTemporaryFolder.pending.contains(cache.directory.path))
  }
}
