/// A description of one Three20 module: what it is, which version, and what it needs.
///
/// Every module publishes one of these as a static member of `TTModuleInfo`
/// (``TTModuleInfo/core`` here, `TTModuleInfo.network` in Three20Network, and so on), and
/// registers it with ``TTModuleRegistry`` so that tools such as the Catalog and `ttmodule` can
/// list what a program has linked. It is the Swift form of Three20's `TTExtensionInfo`.
///
/// ```swift
/// let info = TTModuleInfo.core
/// print(info.identifier)   // "Three20Core"
/// print(info.dependencies) // []
/// ```
public struct TTModuleInfo: Sendable, Hashable, Identifiable, Codable {
  /// A person credited for a module.
  public struct Author: Sendable, Hashable, Codable {
    /// The author's name.
    public var name: String
    /// The author's GitHub user name, if any.
    public var github: String?

    /// Creates an author entry.
    /// - Parameters:
    ///   - name: The author's name.
    ///   - github: The author's GitHub user name, if any.
    public init(name: String, github: String? = nil) {
      self.name = name
      self.github = github
    }
  }

  /// A C library that a module links, with the version found at run time.
  public struct SystemLibrary: Sendable, Hashable, Codable {
    /// The library's name, for example `libcurl`.
    public var name: String
    /// The version of the library loaded by this process, for example `7.88.1`.
    public var version: String
    /// The Debian/Ubuntu package that provides its headers, for example `libcurl4-openssl-dev`.
    public var package: String

    /// Creates a system library entry.
    /// - Parameters:
    ///   - name: The library's name, for example `libcurl`.
    ///   - version: The version loaded at run time.
    ///   - package: The Debian/Ubuntu development package that provides it.
    public init(name: String, version: String, package: String) {
      self.name = name
      self.version = version
      self.package = package
    }
  }

  /// The version shared by every module of this release of Three20 for Swift.
  public static let three20Version = "0.1.0"

  /// The Swift module name, for example `Three20Table`, unique in a registry.
  public var identifier: String
  /// The short name used by `ttmodule` and in the repository's `Modules/` folder, for example `Table`.
  public var shortName: String
  /// A human-readable name, for example `Three20 Table`.
  public var name: String
  /// The module's version.
  public var version: String
  /// One sentence saying what the module is for.
  public var summary: String
  /// The identifiers of the Three20 modules this module uses directly.
  public var dependencies: [String]
  /// The C libraries this module links, with their run-time versions.
  public var systemLibraries: [SystemLibrary]
  /// The name of the license the module is distributed under.
  public var license: String
  /// The people credited for the module.
  public var authors: [Author]

  /// Creates a module description.
  ///
  /// - Parameters:
  ///   - identifier: The Swift module name, for example `Three20Table`.
  ///   - shortName: The short name, for example `Table`.
  ///   - name: A human-readable name.
  ///   - version: The module's version; defaults to ``three20Version``.
  ///   - summary: One sentence saying what the module is for.
  ///   - dependencies: The identifiers of the Three20 modules used directly.
  ///   - systemLibraries: The C libraries linked, with their run-time versions.
  ///   - license: The license name; defaults to `Apache-2.0`, Three20's license.
  ///   - authors: The people credited.
  public init(
    identifier: String,
    shortName: String,
    name: String,
    version: String = TTModuleInfo.three20Version,
    summary: String,
    dependencies: [String] = [],
    systemLibraries: [SystemLibrary] = [],
    license: String = "Apache-2.0",
    authors: [Author] = [Author(name: "The Three20 for Swift authors")]
  ) {
    self.identifier = identifier
    self.shortName = shortName
    self.name = name
    self.version = version
    self.summary = summary
    self.dependencies = dependencies
    self.systemLibraries = systemLibraries
    self.license = license
    self.authors = authors
  }

  /// The module's identifier, so that lists of modules can be used with `ForEach`-style APIs.
  public var id: String { identifier }
}

extension TTModuleInfo {
  /// The description of Three20Core, the module every other module builds on.
  public static let core = TTModuleInfo(
    identifier: "Three20Core",
    shortName: "Core",
    name: "Three20 Core",
    summary:
      "String, query, entity, date and collection helpers, logging, the TTModel state machine, "
      + "the URL-opening seam and this module registry.")
}
