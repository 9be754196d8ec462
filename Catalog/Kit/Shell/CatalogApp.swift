public import Foundation
import Three20

#if canImport(Glibc)
import Glibc
import Three20UICommon
#endif

/// The `Catalog` program: reads the command line and runs the right mode.
@MainActor
public enum CatalogApp {
  /// Runs the program with its arguments (without the program name); returns the exit status.
  ///
  /// The network demos' cache folder, made only when a demo first uses the network, is removed
  /// when the process exits (``CatalogTemporaryFolder``).
  public static func main(arguments: [String]) async -> Int32 {
    let options: CatalogOptions
    do {
      options = try CatalogOptions(arguments: arguments)
    } catch {
      printError(error.description)
      return 64
    }
    let environment = ProcessInfo.processInfo.environment
    if options.help {
      print(CatalogOptions.usage)
      return 0
    }
    // A --state that cannot be used is a wrong argument in every mode, refused before anything.
    if let stateFile = options.stateFile, let problem = stateFileProblem(stateFile) {
      printError(CatalogUsageError(problem).description)
      return 64
    }
    if options.modulesJSON { return printModulesJSON() }
    if options.list {
      print(listing(), terminator: "")
      return 0
    }
    if let directory = options.svgDirectory {
      return writeSVGs(to: directory, only: options.url)
    }
    // Pictures in tables, styles and image views load through the Catalog's own queue.
    CatalogPhotos.install()
    let isTerminal = isatty(1) == 1
    if options.url == nil, isTerminal, isatty(0) == 1 {
      do {
        try await runInteractive(options: options, environment: environment)
        return 0
      } catch let error as CatalogUsageError {
        printError(error.description)
        return 64
      } catch {
        printError("Catalog: " + TTMessageText.escaped("\(error)", limit: 1000))
        return 1
      }
    }
    let width =
      options.width ?? (isTerminal ? TTTerminalHost.terminalSize(of: 1, environment: environment).width : 80)
    if options.width == nil, let height = options.height {
      do {
        try CatalogOptions.checkCells(
          width: width, height: height,
          widthSource: "the \(isTerminal ? "terminal's" : "default") width, \(width),")
      } catch {
        printError(error.description)
        return 64
      }
    }
    let capabilities = options.capabilities(environment: environment, isTerminal: isTerminal)
    let url = options.url ?? CatalogDemo.indexURL
    if let scheme = URL(string: url)?.scheme?.lowercased(), scheme == "http" || scheme == "https" {
      return await dumpPage(url: url, width: width, capabilities: capabilities)
    }
    let (text, _) = await CatalogRenderer.render(
      url: url, width: width, height: options.height, capabilities: capabilities)
    print(text)
    return 0
  }

  /// Prints a web page once, as `w3m -dump` does: the page laid out at the width (in colour when
  /// the output shows colours), then its links, numbered; 1 with the error when it fails.
  static func dumpPage(url: String, width: Int, capabilities: TTTerminalCapabilities) async -> Int32 {
    do {
      let page = try await TTWebDump.render(url: url, width: width, queue: CatalogNetwork.queue)
      var text = capabilities == .plain ? page.plainText : page.ansiText(capabilities: capabilities)
      if !page.links.isEmpty { text += "\n\n" + page.references }
      print(text)
      return 0
    } catch {
      printError("Catalog: " + error.description)
      return 1
    }
  }

  /// Runs the Catalog in a terminal until `q`, Ctrl-C or end of input.
  ///
  /// The open screens are saved on the way out and opened again on the next run (the
  /// navigator's persistence mode `all`, as TTCatalog's).
  ///
  /// - Parameters:
  ///   - options: The command line; `stateFile` picks the history file.
  ///   - input: The terminal's input descriptor.
  ///   - output: The terminal's output descriptor.
  ///   - environment: The environment.
  /// - Throws: `CatalogUsageError` when something other than a regular file is where the
  ///   history goes (it is left as it is), or what the terminal host throws.
  public static func runInteractive(
    options: CatalogOptions, input: Int32 = 0, output: Int32 = 1,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) async throws {
    let persistence =
      options.stateFile.map { TTNavigatorPersistence(fileURL: URL(fileURLWithPath: $0)) }
      ?? TTNavigatorPersistence(application: "three20-catalog", environment: environment)
    if let problem = stateFileProblem(persistence.fileURL.path, given: options.stateFile != nil) {
      throw CatalogUsageError(problem)
    }
    let navigator = TTNavigator(
      resolver: CatalogMap.resolver(), persistenceMode: .all, persistence: persistence)
    let previous = TTGlobalURLOpener.current
    TTGlobalURLOpener.current = navigator
    defer { TTGlobalURLOpener.current = previous }
    // A first run has no history: skip restoring, which would log that it found none.
    // The launcher demo keeps its order beside the history.
    LauncherDemo.orderFile = persistence.fileURL.deletingLastPathComponent().appendingPathComponent(
      "launcher.json")
    defer { LauncherDemo.orderFile = nil }
    let hasHistory = FileManager.default.fileExists(atPath: persistence.fileURL.path)
    if !hasHistory || !navigator.restore() { _ = navigator.openURL(CatalogDemo.indexURL, query: [:]) }
    let root = CatalogRootController(navigator: navigator)
    let host = TTTerminalHost(
      input: input, output: output,
      capabilities: options.capabilities(environment: environment, isTerminal: isatty(output) == 1),
      environment: environment)
    host.queriesGraphics = options.graphics == nil
    root.onQuit = { [weak host] in host?.stop() }
    try await host.run(root)
    _ = navigator.persist()
  }

  /// What is wrong with the history file at `path`, found without opening it: `nil` when the
  /// path is free or holds a regular file.
  ///
  /// - Parameters:
  ///   - path: The history file.
  ///   - given: Whether the path came from `--state` (the message says so).
  static func stateFileProblem(_ path: String, given: Bool = true) -> String? {
    let shown = TTMessageText.quoted(path, limit: 1024)
    let subject = given ? "--state \(shown)" : "the history file \(shown)"
    let fix = given ? "give the path of a file (made if missing)" : "give another file with --state FILE"
    switch TTNavigatorPersistence(fileURL: URL(fileURLWithPath: path)).fileProblem() {
    case nil: return nil
    case .notARegularFile(let kind)?:
      return "\(subject) is \(kind), not a regular file; it was left as it is. Move it away, or \(fix)."
    case let problem?:
      return "\(subject) \(problem). Check the folders on the way, or \(fix)."
    }
  }

  /// Every listed demo URL with its title, one a line, by section.
  public static func listing() -> String {
    let width = CatalogDemo.listed.map { $0.url.count }.max() ?? 0
    var text = ""
    var section: CatalogDemo.Section?
    for demo in CatalogDemo.listed {
      if demo.section != section {
        if section != nil { text += "\n" }
        section = demo.section
        text += "# \(demo.section.rawValue)\n"
      }
      text += demo.url.padding(toLength: width + 2, withPad: " ", startingAt: 0) + demo.title + "\n"
    }
    return text
  }

  private static func printModulesJSON() -> Int32 {
    let registry = TTModuleRegistry.shared
    registry.registerAllModules()
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    guard let data = try? encoder.encode(registry.modules) else {
      printError("Catalog: could not encode the module registry.")
      return 1
    }
    print(String(decoding: data, as: UTF8.self))
    return 0
  }

  private static func writeSVGs(to directory: String, only url: String?) -> Int32 {
    let files = StyleDemos.svgFiles().filter { url == nil || $0.url == url }
    guard !files.isEmpty else {
      printError(
        "Catalog: \(TTMessageText.quoted(url ?? "")) is not a style demo with pictures; try tt://style/gallery."
      )
      return 64
    }
    let folder = URL(fileURLWithPath: directory, isDirectory: true)
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      for file in files {
        let target = folder.appendingPathComponent(file.name + ".svg")
        try Data(file.svg.utf8).write(to: target)
        print(target.path)
      }
    } catch {
      printError(
        "Catalog: could not write the pictures into \(TTMessageText.quoted(directory, limit: 1024)): "
          + TTMessageText.escaped(error.localizedDescription, limit: 1000))
      return 1
    }
    return 0
  }

  static func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
  }
}
