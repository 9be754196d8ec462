public import ArgumentParser
import Foundation
import Three20

/// The `ttmodule` command line: `list`, `deps`, `new`, `add` and `remove`.
///
/// The executable only calls ``runAndExit(_:)``; each subcommand hands its work to
/// ``TTModuleTool`` and prints what it returns.
public struct TTModuleCommand: ParsableCommand {
  /// The command's name, help and subcommands.
  public static let configuration = CommandConfiguration(
    commandName: "ttmodule",
    abstract: "Choose Three20 for Swift modules: list them, show what they need, start a project, change it.",
    discussion: """
      Three20 for Swift is one package with one product per module. Each module links only the C \
      libraries it needs, so a program built on Table alone links neither libcurl, libxml2 nor \
      libsqlite3. ttmodule tells you what each module brings and writes the SwiftPM for you.

      MODULES are named by short name (Table), Swift module name (Three20Table) or Three20's old \
      names (Three20UI → Table, Three20UICommon → UICommon, Three20UINavigator → Navigator, \
      extThree20XML → XMLExt, extThree20JSON → Network; Three20UI's image views and photo \
      browser are Image, its TTWebController is Web, TTTextEditor and TTLauncherView are \
      UICommon, TTMessageController is Table), in any case; 'all' names every module. \
      A module's dependencies are always added for you ("Table needs UICommon, Style, Core").

      EXAMPLES:
        ttmodule list
        ttmodule deps Table XMLExt --json
        ttmodule new ~/src/Feeds Navigator Table --dry-run
        ttmodule new ~/src/Feeds --name Feeds Navigator Table
        ttmodule add Network --project ~/src/Feeds
        ttmodule remove Network --project ~/src/Feeds

      A project made by 'new' has Package.swift (its Three20 dependency and products between \
      '// ttmodule:begin' and '// ttmodule:end'), Sources/NAME/main.swift using each module in a \
      few lines, Tests/NAMETests with one test per module, README.md and .gitignore. 'add' and \
      'remove' rewrite only the marked region and keep every other byte of Package.swift.

      SAFETY: nothing is written with --dry-run; 'new' never writes into a non-empty directory \
      without --force (and then replaces only files of the same name); files are written to a \
      temporary place and moved into place, so a failure leaves nothing half-written. Symbolic \
      links are followed: a PATH that links to a directory is written into, a Package.swift that \
      links to a file has that file updated, and the link itself is kept; a link to nothing is \
      refused. A directory you cannot write, a read-only file, and anything that is not a regular \
      file where a file goes (a directory, a FIFO) are refused before anything is written; \
      ttmodule never changes permissions.

      EXIT STATUS: 0 done (or nothing to change); 64 unknown module or invalid name, URL or \
      version; 65 refused (would overwrite, or remove a module still needed or imported, or the \
      Package.swift region is missing); 66 project or repository not found; 74 file error.
      """,
    subcommands: [List.self, Deps.self, New.self, Add.self, Remove.self]
  )

  /// Creates the command (ArgumentParser fills it in).
  public init() {}

  /// Parses `arguments` (the process's by default), runs the command and exits with its status.
  ///
  /// ``TTModuleToolError``s are printed as `ttmodule: error: …` with their exit status;
  /// argument errors are printed with usage by ArgumentParser (status 64).
  ///
  /// - Parameter arguments: The arguments without the program name; `nil` for the process's.
  public static func runAndExit(_ arguments: [String]? = nil) -> Never {
    do {
      var command = try parseAsRoot(arguments)
      try command.run()
      Foundation.exit(0)
    } catch let error as TTModuleToolError {
      FileHandle.standardError.write(Data((errorMessage(for: error) + "\n").utf8))
      Foundation.exit(error.exitStatus)
    } catch {
      // Help and --version go to standard output as ArgumentParser prints them; a failure's
      // message quotes the command line, so it is escaped first.
      guard exitCode(for: error) != .success else { exit(withError: error) }
      FileHandle.standardError.write(Data((errorMessage(for: error) + "\n").utf8))
      Foundation.exit(exitCode(for: error).rawValue)
    }
  }

  /// The message printed for a failure, with every control character escaped line by line, so
  /// that an argument holding an escape sequence is shown and never obeyed.
  ///
  /// ```swift
  /// do {
  ///   _ = try TTModuleCommand.parseAsRoot(["deps", "Core", "--\u{1B}]0;x\u{07}"])
  /// } catch {
  ///   TTModuleCommand.errorMessage(for: error)   // "Error: Unknown option '--\\u{1B}]0;x\\u{07}'…"
  /// }
  /// ```
  ///
  /// - Parameter error: A ``TTModuleToolError`` or an error ArgumentParser threw.
  /// - Returns: `ttmodule: error: …` for a ``TTModuleToolError``, ArgumentParser's message
  ///   (with usage) otherwise.
  public static func errorMessage(for error: any Error) -> String {
    let text: String
    if let error = error as? TTModuleToolError {
      text = "ttmodule: error: \(error.message)"
    } else {
      text = fullMessage(for: error)
    }
    return text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { TTMessageText.escaped($0, limit: 4096) }
      .joined(separator: "\n")
  }

  /// `ttmodule list`.
  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract:
        "List every module: short name, Swift module, what it uses, the C libraries it links, what it is for."
    )

    @Flag(help: "Print JSON: an array of {shortName, identifier, summary, dependencies, systemLibraries}.")
    var json = false

    func run() throws {
      print(TTModuleTool().list(json: json))
    }
  }

  /// `ttmodule deps`.
  struct Deps: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract:
        "Show what modules need: direct and transitive dependencies as a tree, and the C libraries linked.")

    @Flag(help: "Print JSON: per module {module, identifier, direct, all, links}.")
    var json = false

    @Argument(help: "One or more modules (Table, Three20Table, Three20UI, all).")
    var modules: [String]

    func run() throws {
      print(try TTModuleTool().dependencies(of: modules, json: json))
    }
  }

  /// `ttmodule new`.
  struct New: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Create a starter SwiftPM project that uses the chosen modules (and what they need).",
      discussion: """
        By default the project depends on this Three20 checkout by local path (found from where
        ttmodule was built, or upwards from the current directory; or give --three20-path). With
        --url and --from it depends on a git repository instead. Only the needed products are \
        named. The directory must be new or empty unless --force is given.
        """)

    @Argument(help: "The project directory to create.")
    var path: String

    @Argument(help: "The modules to use (Table, Three20Table, Three20UI, all).")
    var modules: [String] = []

    @Option(help: "The package and executable name (a Swift identifier); default: the directory's name.")
    var name: String?

    @Option(help: ArgumentHelp("Depend on the Three20 checkout at this path.", valueName: "path"))
    var three20Path: String?

    @Option(help: "Depend on Three20 from this git URL instead of a local path (needs --from).")
    var url: String?

    @Option(
      help: ArgumentHelp("With --url: the lowest version to accept, MAJOR.MINOR.PATCH.", valueName: "version")
    )
    var from: String?

    @Flag(help: "Print the plan (modules and files) without writing anything.")
    var dryRun = false

    @Flag(help: "Write into a non-empty directory, replacing files of the same name.")
    var force = false

    func validate() throws {
      if modules.isEmpty {
        throw ValidationError(
          "Name at least one module, for example: ttmodule new \(TTMessageText.quoted(path, limit: 1024)) Table"
        )
      }
      if (url == nil) != (from == nil) {
        throw ValidationError(
          "--url and --from go together: --url https://github.com/you/three20-swift.git --from 0.1.0")
      }
      if url != nil, three20Path != nil {
        throw ValidationError("Give either --three20-path or --url/--from, not both.")
      }
    }

    func run() throws {
      let source: TTThree20Source
      if let url, let from {
        source = try TTThree20Source.validated(url: url, from: from)
      } else {
        source = .path(try TTModuleTool.locateRepository(explicit: three20Path))
      }
      print(
        try TTModuleTool().newProject(
          at: path, name: name, source: source, modules: modules, force: force, dryRun: dryRun))
    }
  }

  /// `ttmodule add`.
  struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract:
        "Add modules (and what they need) to a project made by 'ttmodule new'; adding twice changes nothing.")

    @Argument(help: "The modules to add.")
    var modules: [String]

    @Option(help: "The project directory; default: the current directory.")
    var project: String = "."

    @Flag(help: "Print what would change without writing.")
    var dryRun = false

    func run() throws {
      print(try TTModuleTool().add(modules, project: project, dryRun: dryRun))
    }
  }

  /// `ttmodule remove`.
  struct Remove: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Remove modules from a project made by 'ttmodule new'.",
      discussion: """
        Refused, with the reason, when another module of the project needs one of them, or when \
        the project's sources still import it (override the latter with --force). The modules it \
        needed stay; remove them too if you no longer use them.
        """)

    @Argument(help: "The modules to remove.")
    var modules: [String]

    @Option(help: "The project directory; default: the current directory.")
    var project: String = "."

    @Flag(help: "Print what would change without writing.")
    var dryRun = false

    @Flag(help: "Remove modules even though the project's sources still import them.")
    var force = false

    func run() throws {
      print(try TTModuleTool().remove(modules, project: project, force: force, dryRun: dryRun))
    }
  }
}
