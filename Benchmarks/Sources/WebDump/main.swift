// WebDump: the Web benchmark's "ours" — a page file rendered to text the way `w3m -dump` does,
// with Three20Web alone: read the file, parse it (libxml2's HTML parser, the charset sniffed),
// lay it out at the width and print it, then its numbered links.
//
// Usage: WebDump [--width N] [--links] FILE
//   --links   print only the links' URLs, one per line (the benchmark compares them with w3m's)
import Foundation
import Three20Web
import Three20XML

var width = 80
var linksOnly = false
var path: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--width": width = arguments.popFirst().flatMap { Int($0) } ?? width
  case "--links": linksOnly = true
  default: path = argument
  }
}
guard let path, let data = FileManager.default.contents(atPath: path) else {
  FileHandle.standardError.write(Data("usage: WebDump [--width N] [--links] FILE\n".utf8))
  exit(64)
}
do {
  let document = try TTHTMLParser.parse(data)
  let page = TTWebRenderer(width: width).render(document, url: URL(fileURLWithPath: path))
  var output = ""
  if linksOnly {
    for link in page.links { output += (link.url?.absoluteString ?? link.href) + "\n" }
  } else {
    output = page.plainText + "\n"
    if !page.links.isEmpty { output += "\n" + page.references + "\n" }
  }
  FileHandle.standardOutput.write(Data(output.utf8))
} catch {
  FileHandle.standardError.write(Data("WebDump: \(path): \(error)\n".utf8))
  exit(1)
}
