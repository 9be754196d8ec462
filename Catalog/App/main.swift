// The Three20 Catalog: `make catalog`. Everything lives in CatalogKit, so tests run it too.
import CatalogKit
import Foundation

let status = await CatalogApp.main(arguments: Array(CommandLine.arguments.dropFirst()))
exit(status)
