import CChafa
import CGIF
import CSpng
import CTurboJPEG
import CWebP
public import Three20Core

extension TTModuleInfo {
  /// The description of Three20Image, with the versions of the decoders and of libchafa linked
  /// at run time (giflib and libchafa report the version built against; TurboJPEG has no version call, so its API is named).
  public static let image = TTModuleInfo(
    identifier: "Three20Image",
    shortName: "Image",
    name: "Three20 Image",
    summary:
      "Images from the web in the terminal: PNG, JPEG, GIF and WebP decoded within limits, an "
      + "image cache, TTImageView, image cells and the photo browser, drawn as symbols, sixels, "
      + "kitty or iTerm2 images.",
    dependencies: ["Three20Core", "Three20Network", "Three20Style", "Three20UICommon"],
    systemLibraries: [
      SystemLibrary(name: "libspng", version: String(cString: spng_version_string()), package: "libspng-dev"),
      SystemLibrary(name: "libturbojpeg", version: "TurboJPEG 2 API", package: "libturbojpeg0-dev"),
      SystemLibrary(
        name: "giflib", version: "\(GIFLIB_MAJOR).\(GIFLIB_MINOR).\(GIFLIB_RELEASE)", package: "libgif-dev"),
      SystemLibrary(name: "libwebp", version: webpVersion(), package: "libwebp-dev"),
      SystemLibrary(name: "libchafa", version: chafaVersion(), package: "libchafa-dev"),
    ])
}

/// The libwebp decoder's version, for example `1.2.4`.
private func webpVersion() -> String {
  let packed = WebPGetDecoderVersion()
  return "\(packed >> 16 & 0xFF).\(packed >> 8 & 0xFF).\(packed & 0xFF)"
}

/// The libchafa version this module was built with, for example `1.12.4`.
private func chafaVersion() -> String {
  "\(CHAFA_MAJOR_VERSION).\(CHAFA_MINOR_VERSION).\(CHAFA_MICRO_VERSION)"
}
