// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "directory",
    products: [
        .executable(name: "directory", targets: ["directory"]),
        .library(name: "DirectoryCore", targets: ["DirectoryCore"]),
        .executable(name: "directory-bench", targets: ["directory-bench"]),
    ],
    targets: [
        // libedit, found through pkg-config (Debian: libedit-dev).
        .systemLibrary(
            name: "CEditLine",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"])]
        ),
        // Non-variadic wrappers around libedit and the C stdio globals.
        .target(name: "CLibEdit", dependencies: ["CEditLine"]),
        // The pure core: model, command language, session, storage. No terminal I/O.
        .target(name: "DirectoryCore"),
        // Front ends: command line, script runner, interactive line editor.
        .target(name: "DirectoryCLI", dependencies: ["DirectoryCore", "CLibEdit"]),
        // The thin executable.
        .executableTarget(name: "directory", dependencies: ["DirectoryCLI"]),
        // The benchmark against sqlite3 and Python (docs/performance.md); not run by the tests but for a smoke run.
        .executableTarget(name: "directory-bench", dependencies: ["DirectoryCore"]),
        .testTarget(
            name: "DirectoryCoreTests",
            dependencies: ["DirectoryCore"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "DirectoryEndToEndTests",
            dependencies: ["DirectoryCore", "DirectoryCLI"]
        ),
    ]
)
