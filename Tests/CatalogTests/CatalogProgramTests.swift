import Foundation
import Testing
import Three20Style
import Three20TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// The `Catalog` program itself, run as a child process with its output piped.
@Suite("Catalog: the program")
struct CatalogProgramTests {
  /// The built `Catalog` next to the test bundle.
  static var executable: URL? {
    let folder =
      Bundle.main.bundleURL.hasDirectoryPath
      ? Bundle.main.bundleURL : Bundle.main.bundleURL.deletingLastPathComponent()
    for candidate in [folder, folder.deletingLastPathComponent()] {
      let url = candidate.appendingPathComponent("Catalog")
      if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    return nil
  }

  static func run(
    _ arguments: [String], environment extra: [String: String] = [:]
  ) throws -> (status: Int32, output: String, error: String) {
    guard let executable = Self.executable else {
      throw CocoaError(
        .fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "Build the Catalog product first."])
    }
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = nil
    environment.merge(extra) { _, new in new }
    let result = try TTTestProcess.run(executable.path, arguments, environment: environment)
    return (result.status, result.output, result.errors)
  }

  /// Piped, a URL renders once as plain text at the width asked.
  @Test func pipedOutputIsPlainText() throws {
    let (status, output, _) = try Self.run(["tt://style/gallery", "--width", "50"])
    #expect(status == 0)
    #expect(output.contains("Style gallery"))
    #expect(!output.contains("\u{1B}"))
    #expect(output.split(separator: "\n").allSatisfy { $0.count <= 50 })
  }

  /// A web URL prints as a page of text, like `w3m -dump`: laid out at the width, its links
  /// numbered after it; a page that fails prints its error, naming the URL, and exits 1.
  @Test func webURLPrintsThePageAsText() throws {
    let server = try TTTestHTTPServer.started { server in
      server.route("GET", "/page") { _ in
        .text(
          "<title>Harbour</title><h1>Harbour News</h1><p>The lamp is lit again after forty years."
            + "<p><a href=/story>Read the story</a>\u{1B}[2J", contentType: "text/html")
      }
    }
    let (status, output, _) = try Self.run([server.url("/page"), "--width", "30"])
    #expect(status == 0)
    #expect(output.contains("Harbour News"))
    #expect(output.contains("[1] " + server.url("/story")))
    #expect(!output.contains("\u{1B}"))
    // The page keeps to the width; the references after it are whole URLs.
    let text = output.components(separatedBy: "References").first ?? ""
    #expect(text.split(separator: "\n").allSatisfy { TTDisplayWidth.of(String($0)) <= 30 })
    let missing = try Self.run([server.url("/status/404"), "--width", "30"])
    #expect(missing.status == 1)
    #expect(missing.error.contains(server.url("/status/404")))
  }

  /// `--color always` colours even a pipe.
  @Test func colorAlwaysColoursAPipe() throws {
    let (status, output, _) = try Self.run(["tt://style/gallery", "--color", "always"])
    #expect(status == 0)
    #expect(output.contains("\u{1B}["))
  }

  /// Piped without a URL, the index is printed.
  @Test func pipedWithoutURLPrintsTheIndex() throws {
    let (status, output, _) = try Self.run([])
    #expect(status == 0)
    #expect(output.contains("Three20 Catalog"))
    #expect(output.contains("tt://core/strings"))
  }

  /// `--list`, `--modules-json` and `--help` print what they promise.
  @Test func listModulesAndHelp() throws {
    let list = try Self.run(["--list"])
    #expect(
      list.status == 0 && list.output.contains("tt://style/gallery")
        && list.output.contains("tt://uicommon/keys"))
    let json = try Self.run(["--modules-json"])
    let modules = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]]
    #expect(modules?.count == 9)
    let help = try Self.run(["--help"])
    #expect(help.output.contains("USAGE: Catalog"))
  }

  /// A wrong argument fails with status 64 and says what is wrong.
  @Test func wrongArgumentFails() throws {
    let (status, _, error) = try Self.run(["--width", "-3"])
    #expect(status == 64)
    #expect(error.contains("--width"))
  }

  /// `--svg DIR` writes the style gallery as an SVG document.
  @Test func svgWritesTheGallery() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "catalog-svg-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let (status, output, _) = try Self.run(["--svg", folder.path])
    #expect(status == 0)
    let file = folder.appendingPathComponent("style-gallery.svg")
    #expect(output.contains(file.path))
    let svg = try String(contentsOf: file, encoding: .utf8)
    #expect(svg.hasPrefix("<svg") || svg.contains("<svg"))
    #expect(svg.contains("speech bubble"))
  }

  /// Runs `body` with a new folder, then removes it.
  static func withFolder(_ body: (URL) throws -> Void) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "catalog-program-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try body(folder)
  }

  /// A `--state` that is not a regular file — a folder (with a `.bad` beside it), a FIFO, a
  /// link to a device — is refused at once with status 64 and a message naming it; it and
  /// everything beside it are left exactly as they were, and nothing blocks on the FIFO.
  @Test(arguments: ["directory", "fifo", "link to /dev/null"])
  func stateThatIsNotARegularFileIsRefused(kind: String) throws {
    try Self.withFolder { folder in
      let state = folder.appendingPathComponent("navigator.json")
      let aside = folder.appendingPathComponent("navigator.json.bad")
      switch kind {
      case "directory":
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: false)
        try Data("mine".utf8).write(to: state.appendingPathComponent("notes.txt"))
        try FileManager.default.createDirectory(at: aside, withIntermediateDirectories: false)
        try Data("older".utf8).write(to: aside.appendingPathComponent("notes.txt"))
      case "fifo":
        #expect(mkfifo(state.path, 0o600) == 0)
      default:
        try FileManager.default.createSymbolicLink(atPath: state.path, withDestinationPath: "/dev/null")
      }
      let before = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
      let attributes = try FileManager.default.attributesOfItem(atPath: state.path)
      let (status, output, error) = try Self.run(["--state", state.path, "tt://core/strings"])
      #expect(status == 64)
      #expect(output.isEmpty)
      #expect(error.contains("--state \"\(state.path)\" is a"), "\(error)")
      #expect(error.contains("not a regular file; it was left as it is"))
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == before)
      let after = try FileManager.default.attributesOfItem(atPath: state.path)
      #expect(after[.type] as? FileAttributeType == attributes[.type] as? FileAttributeType)
      #expect(after[.systemFileNumber] as? Int == attributes[.systemFileNumber] as? Int)
      if kind == "directory" {
        #expect(try Data(contentsOf: state.appendingPathComponent("notes.txt")) == Data("mine".utf8))
        #expect(try Data(contentsOf: aside.appendingPathComponent("notes.txt")) == Data("older".utf8))
      }
    }
  }

  /// A screen larger than one canvas holds is refused with status 64 before anything is drawn
  /// (10,000 × 10,000 cells took about 12 GB).
  @Test func hugeScreenIsRefused() throws {
    let (status, output, error) = try Self.run(["tt://core/strings", "--width", "10000", "--height", "10000"])
    #expect(status == 64)
    #expect(output.isEmpty)
    #expect(error.contains("--width 10000 and --height 10000 make 100000000 cells"), "\(error)")
  }

  /// A control sequence in an argument is shown escaped in the message, never sent.
  @Test func controlSequencesInArgumentsAreEscaped() throws {
    let (status, _, error) = try Self.run(["--color", "\u{1B}]0;pwned\u{07}"])
    #expect(status == 64)
    #expect(!error.contains("\u{1B}") && !error.contains("\u{07}"))
    #expect(error.contains("\\u{1B}]0;pwned\\u{07}"))
  }

  /// The network cache the Catalog makes in the temporary directory is gone when it exits.
  @Test func leavesNothingInTheTemporaryDirectory() throws {
    try Self.withFolder { folder in
      let (status, output, _) = try Self.run(
        ["tt://network/fetch", "--width", "60"], environment: ["TMPDIR": folder.path])
      #expect(status == 0)
      #expect(output.contains("Fetch"))
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
    }
  }
}
