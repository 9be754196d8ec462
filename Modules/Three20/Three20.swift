@_exported import Three20Core
@_exported import Three20Image
@_exported import Three20Navigator
@_exported import Three20Network
@_exported import Three20Style
@_exported import Three20Table
@_exported import Three20UICommon
@_exported import Three20Web
@_exported import Three20XML

extension TTModuleInfo {
  /// Every module of Three20 for Swift, dependencies first.
  public static let allModules: [TTModuleInfo] = [
    .core, .network, .xml, .style, .uiCommon, .table, .navigator, .image, .web,
  ]
}

extension TTModuleRegistry {
  /// Registers every module of Three20 for Swift; importing `Three20` links them all.
  ///
  /// Calling it again changes nothing.
  public func registerAllModules() {
    for module in TTModuleInfo.allModules {
      // Each description is a single static value, so it can never conflict with itself.
      try? register(module)
    }
  }
}
