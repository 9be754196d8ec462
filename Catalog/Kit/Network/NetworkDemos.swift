import Three20

/// The Network demos, against the Catalog's own server so they work offline.
enum NetworkDemos {
  static let all: [CatalogDemo] = [
    CatalogDemo(
      .network, "Download progress", url: "tt://network/download",
      summary: "A request with a progress bar, through the delegate",
      keyContent: ["100%", "262144 of 262144 bytes", "200 · 262144 bytes"]
    ) { _, _ in NetworkDownloadDemo() },
    CatalogDemo(
      .network, "Cache: hit, miss, 304", url: "tt://network/cache",
      summary: "The URL cache step by step: miss, fresh hit, ETag revalidated with 304",
      keyContent: ["from the network", "from the cache", "If-None-Match", "304"]
    ) { _, _ in NetworkCacheDemo() },
    CatalogDemo(
      .network, "Errors and timeouts", url: "tt://network/errors",
      summary: "404, 500, a timeout, a dropped and a refused connection",
      keyContent: ["httpStatus", "timedOut", "refused", "Hello from the Catalog"]
    ) { _, _ in NetworkErrorsDemo() },
    CatalogDemo(
      .network, "Fetch a URL", url: "tt://network/fetch",
      summary: "Any URL: tt://network/fetch?url=https://…",
      keyContent: ["status", "200", "Hello from the Catalog"]
    ) { match, _ in NetworkFetchDemo(url: match.query["url"]?.first ?? nil) },
  ]
}
