// swift-tools-version:6.0
import PackageDescription

/// Settings every Kumiki target shares: explicit existentials and imports that
/// say exactly which module a member comes from.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "Kumiki",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "kumiki", targets: ["kumiki"]),
        .library(name: "KumikiSolver", targets: ["KumikiSolver"]),
        .library(name: "KumikiLayoutLanguage", targets: ["KumikiLayoutLanguage"]),
        .library(name: "KumikiLayout", targets: ["KumikiLayout"]),
        .library(name: "KumikiSite", targets: ["KumikiSite"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.6.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.80.0"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
    ],
    targets: [
        // The system libcmark (Debian: libcmark-dev, Homebrew: cmark).
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]
        ),
        .target(name: "KumikiSupport", swiftSettings: strictSettings),
        .target(
            name: "KumikiMarkdown",
            dependencies: ["CCmark", "KumikiSupport", .product(name: "Yams", package: "Yams")],
            swiftSettings: strictSettings
        ),
        .target(name: "KumikiSolver", swiftSettings: strictSettings),
        .target(name: "KumikiSearch", dependencies: ["KumikiSupport"], swiftSettings: strictSettings),
        .target(name: "KumikiTokens", dependencies: ["KumikiSupport"], swiftSettings: strictSettings),
        .target(name: "KumikiLayoutLanguage", dependencies: ["KumikiSupport"], swiftSettings: strictSettings),
        .target(
            name: "KumikiLayout",
            dependencies: ["KumikiLayoutLanguage", "KumikiSolver", "KumikiSupport"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "KumikiDiagram",
            dependencies: ["KumikiLayout", "KumikiLayoutLanguage", "KumikiSupport"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "KumikiSite",
            dependencies: [
                "KumikiMarkdown", "KumikiLayoutLanguage", "KumikiLayout", "KumikiDiagram", "KumikiSearch", "KumikiTokens",
                "KumikiSupport",
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "KumikiLanguageServer",
            dependencies: ["KumikiSite", "KumikiServer", "KumikiTokens", "KumikiLayoutLanguage", "KumikiLayout", "KumikiDiagram", "KumikiMarkdown", "KumikiSupport"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "KumikiServer",
            dependencies: [
                "KumikiSite", "KumikiMarkdown", "KumikiLayoutLanguage", "KumikiLayout", "KumikiSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "kumiki",
            dependencies: [
                "KumikiSite", "KumikiServer", "KumikiLanguageServer", "KumikiLayoutLanguage", "KumikiLayout", "KumikiSolver", "KumikiDiagram", "KumikiTokens", "KumikiSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings,
            plugins: ["VersionStamp"]
        ),
        // Generates `kumikiVersion` (the release tag, or the commit) before
        // every build, so `kumiki --version` names what it was built from,
        // also after a plain `swift build` (Scripts/stamp-version).
        .plugin(name: "VersionStamp", capability: .buildTool()),
        .executableTarget(name: "kumiki-bench-solver", dependencies: ["KumikiSolver"], path: "Benchmarks/SolverBenchmark"),
        .executableTarget(name: "kumiki-bench-build", dependencies: ["KumikiSite", "KumikiSupport"], path: "Benchmarks/BuildBenchmark", swiftSettings: strictSettings),
        .executableTarget(name: "kumiki-bench-search-index", dependencies: ["KumikiSearch"], path: "Benchmarks/SearchBenchmark", swiftSettings: strictSettings),
        .executableTarget(name: "kumiki-bench-tokens", dependencies: ["KumikiTokens"], path: "Benchmarks/TokensBenchmark", swiftSettings: strictSettings),
        .executableTarget(name: "kumiki-bench-layout", dependencies: ["KumikiLayoutLanguage", "KumikiLayout", "KumikiSupport"], path: "Benchmarks/LayoutBenchmark", swiftSettings: strictSettings),
        // What the test targets share: the repository's paths, temporary
        // sites, page text.
        .target(
            name: "KumikiTestSupport", dependencies: ["KumikiSite", "KumikiSupport"], path: "Tests/KumikiTestSupport",
            swiftSettings: strictSettings
        ),
        .testTarget(name: "KumikiSupportTests", dependencies: ["KumikiSupport"]),
        .testTarget(name: "KumikiMarkdownTests", dependencies: ["KumikiMarkdown", "KumikiSupport"]),
        .testTarget(name: "KumikiSolverTests", dependencies: ["KumikiSolver", "KumikiTestSupport"]),
        .testTarget(name: "KumikiSearchTests", dependencies: ["KumikiSearch", "KumikiSupport", "KumikiTestSupport"]),
        .testTarget(
            name: "KumikiTokensTests", dependencies: ["KumikiTokens", "KumikiSupport", "KumikiTestSupport"],
            exclude: ["Conformance"]),
        .testTarget(name: "KumikiLayoutTests", dependencies: ["KumikiLayoutLanguage", "KumikiLayout", "KumikiDiagram", "KumikiSite", "KumikiSupport", "KumikiTestSupport"]),
        // The golden files are read from the source folder (`expectGolden`), not as resources.
        .testTarget(name: "KumikiDiagramTests", dependencies: ["KumikiDiagram", "KumikiLayoutLanguage", "KumikiLayout", "KumikiSupport", "KumikiTestSupport"],
                    exclude: ["Golden"]),
        .testTarget(name: "KumikiSiteTests", dependencies: ["KumikiSite", "KumikiLayoutLanguage", "KumikiLayout", "KumikiSupport", "KumikiSearch", "KumikiTestSupport"]),
        .testTarget(name: "KumikiLanguageServerTests", dependencies: ["KumikiLanguageServer", "KumikiSupport"]),
        .testTarget(name: "KumikiCLITests", dependencies: ["kumiki", "KumikiTestSupport"]),
        .testTarget(
            name: "KumikiServerTests",
            dependencies: [
                "KumikiServer", "KumikiSite", "KumikiSupport", "KumikiTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]
        ),
    ]
)

// libFuzzer targets, one per input Kumiki reads (`make fuzz`; see the
// README). They exist only when KUMIKI_FUZZ=1, so the normal build and
// `make test` never compile them. Each is built with `-sanitize=fuzzer`
// (libFuzzer) and has a `@main` that hands control to libFuzzer's driver.
if Context.environment["KUMIKI_FUZZ"] == "1" {
    package.targets += [
        .systemLibrary(name: "CLibFuzzer", path: "Fuzz/CLibFuzzer"),
        .target(name: "LibFuzzerDriver", dependencies: ["CLibFuzzer"], path: "Fuzz/Driver", swiftSettings: strictSettings),
        .target(
            name: "KumikiFuzzSupport", dependencies: ["KumikiSite", "KumikiLayout", "KumikiSupport"], path: "Fuzz/Support",
            swiftSettings: strictSettings),
    ]
    let site: [Target.Dependency] = ["LibFuzzerDriver", "KumikiFuzzSupport", "KumikiSite", "KumikiLayout", "KumikiSupport"]
    let fuzzTargets: [(name: String, folder: String, dependencies: [Target.Dependency])] = [
        ("fuzz-layout-block", "LayoutBlock", site),
        ("fuzz-page", "Page", site),
        ("fuzz-site-config", "SiteConfig", site),
        ("fuzz-solve-system", "SolveSystem", ["LibFuzzerDriver", "KumikiSolver"]),
        ("fuzz-tokens", "Tokens", ["LibFuzzerDriver", "KumikiTokens", "KumikiSupport"]),
        ("fuzz-lsp-messages", "LSPMessages", ["LibFuzzerDriver", "KumikiLanguageServer", "KumikiSupport"]),
    ]
    for target in fuzzTargets {
        package.targets.append(.executableTarget(
            name: target.name, dependencies: target.dependencies, path: "Fuzz/\(target.folder)",
            swiftSettings: strictSettings))
    }
}
