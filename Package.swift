// swift-tools-version:6.1
import PackageDescription

let package = Package(
  name: "CaptionKit",
  products: [
    .library(name: "CaptionCore", targets: ["CaptionCore"]),
    .library(name: "CaptionFormats", targets: ["CaptionFormats"]),
    .library(name: "CaptionTTML", targets: ["CaptionTTML"]),
    .library(name: "CaptionLint", targets: ["CaptionLint"]),
    .library(name: "CaptionStyle", targets: ["CaptionStyle"]),
    .library(name: "CaptionKit", targets: ["CaptionKit"]),
    // Media inspection (links FFmpeg's libav*); separate so caption-only apps never link C.
    .library(name: "MediaInspector", targets: ["MediaInspector"]),
    .executable(name: "captionkit", targets: ["captionkit"]),
  ],
  targets: [
    // Format-neutral model, time, diagnostics and the format protocol. No XML, no C.
    .target(name: "CaptionCore"),
    // WebVTT and SRT readers and writers, plus the shared down-conversion support.
    .target(name: "CaptionFormats", dependencies: ["CaptionCore"]),
    // TTML family (TTML1/2, IMSC, DFXP, EBU-TT-D, SMPTE-TT). Owns the project's one XML reader
    // (`XMLTreeParser`, libxml2 SAX2 set up for hostile input), which MediaInspector reuses for DASH.
    .target(name: "CaptionTTML", dependencies: ["CaptionCore", "CLibXML2"]),
    // libxml2 through pkg-config (`-I/usr/include/libxml2`); only CaptionTTML imports it.
    .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
    // Caption quality rules, presets, repo configuration, suppressions, baselines, safe fixes
    // and the semantic diff. Format-neutral: works on the model only.
    .target(name: "CaptionLint", dependencies: ["CaptionCore"]),
    // Caption style profiles, legibility (contrast) validation, style export and preview.
    .target(name: "CaptionStyle", dependencies: ["CaptionCore"]),
    // Umbrella for apps: the format registry and every caption format, without FFmpeg.
    .target(name: "CaptionKit", dependencies: ["CaptionCore", "CaptionFormats", "CaptionTTML", "CaptionLint", "CaptionStyle"]),
    // FFmpeg 5.1 (libavformat, libavcodec, libavutil) headers, with a shim that opens the
    // libraries with dlopen on first use (see Sources/CFFmpeg/shim.h). No pkgConfig on purpose:
    // it would link them into every process, and libavcodec's ~120 dependencies then cost
    // start-up time and memory in commands that never read media. Debian installs the headers
    // in the compiler's default multiarch include path.
    .systemLibrary(
      name: "CFFmpeg",
      providers: [.apt(["libavformat-dev", "libavcodec-dev", "libavutil-dev"])]),
    // Subtitle/caption track inspection of media files and manifests; the only Swift target
    // that imports CFFmpeg. DASH MPDs are read with CaptionTTML's XMLTreeParser.
    .target(name: "MediaInspector", dependencies: ["CaptionCore", "CaptionTTML", "CFFmpeg"]),
    // Everything the command-line tool does, testable in-process.
    .target(name: "CaptionCLI", dependencies: ["CaptionCore", "CaptionKit", "MediaInspector"]),
    .executableTarget(name: "captionkit", dependencies: ["CaptionCLI"]),
    // In-process parse timing for Benchmarks/run.py.
    .executableTarget(name: "captionkit-bench", dependencies: ["CaptionKit"], path: "Benchmarks/CaptionBench"),

    .target(name: "CaptionTestSupport", dependencies: ["CaptionKit"], path: "Tests/CaptionTestSupport"),
    .testTarget(name: "CaptionCoreTests", dependencies: ["CaptionCore", "CaptionTestSupport"]),
    .testTarget(name: "CaptionFormatsTests", dependencies: ["CaptionFormats", "CaptionKit", "CaptionTestSupport"]),
    .testTarget(name: "CaptionTTMLTests", dependencies: ["CaptionTTML", "CaptionKit", "CaptionTestSupport"]),
    .testTarget(name: "MediaInspectorTests", dependencies: ["MediaInspector", "CaptionTestSupport"]),
    .testTarget(name: "CaptionStyleTests", dependencies: ["CaptionStyle", "CaptionKit", "CaptionTestSupport"]),
    .testTarget(name: "CaptionKitTests", dependencies: ["CaptionKit", "CaptionTestSupport"]),
    .testTarget(name: "CaptionCLITests", dependencies: ["CaptionCLI", "CaptionKit", "CaptionTestSupport"]),
    .testTarget(name: "CaptionLintTests", dependencies: ["CaptionLint", "CaptionCLI", "CaptionTestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
