import Foundation
import Three20

/// The Core demos: string, query and entity helpers, relative dates, the module registry.
enum CoreDemos {
  static let all: [CatalogDemo] = [
    CatalogDemo(
      .core, "String helpers", url: "tt://core/strings",
      summary: "HTML entities, markup, percent encoding, whitespace, versions",
      keyContent: ["decodingHTMLEntities", "café <b>"]
    ) { _, _ in CoreStringsDemo() },
    CatalogDemo(
      .core, "Query strings", url: "tt://core/query",
      summary: "Parse, read and build URL queries; loose dictionary values",
      keyContent: ["TTQueryString", "two words"]
    ) { _, _ in CoreQueryDemo() },
    CatalogDemo(
      .core, "Relative dates", url: "tt://core/dates",
      summary: "“5 minutes ago”, “Yesterday”, short and long forms",
      keyContent: ["formatRelativeTime", "ago"]
    ) { _, _ in CoreDatesDemo() },
    CatalogDemo(
      .core, "Module registry", url: "tt://core/modules",
      summary: "Every module linked in, what it uses and links",
      keyContent: ["Three20Core", "Three20Navigator", "libcurl"]
    ) { _, _ in CoreModulesDemo() },
  ]
}
