// Link probe for Three20Web: a program that uses this module alone.
// CI reads the libraries this binary needs (readelf -d, ldd) and fails if it links a system
// library the module must not use. See scripts/check-link-probes.py.
import Three20Core
import Three20Web

let info = TTModuleInfo.web
print("\(info.identifier) \(info.version)")
for library in info.systemLibraries {
  print("  links \(library.name) \(library.version)")
}
