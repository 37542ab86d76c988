// swift-tools-version:6.2
import Foundation
import PackageDescription

// The commit `directory --version` names: scripts/build-release passes it in the environment
// (DIRECTORY_COMMIT=1a2b3c4d5e6f swift build …). Without it, as in a plain `swift build` or a
// copy that is not a git clone, the program says "unknown commit". Only letters, digits and
// `.-+` are taken, so the value is always a plain C string literal.
let commit = ProcessInfo.processInfo.environment["DIRECTORY_COMMIT"] ?? ""
let commitCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-+")
let commitSettings: [CSetting] =
    !commit.isEmpty && commit.allSatisfy(commitCharacters.contains)
    ? [.define("DIRECTORY_COMMIT", to: "\"\(commit)\"")] : []

// Strict memory safety, and the lifetimes that let a type hold a `Span` of bytes it does not
// own (a reader's cursor over a file's bytes) instead of a pointer: the feature the standard
// library's own `Span` is built with (`@_lifetime`), not yet a language default in 6.2/6.3.
let safety: [SwiftSetting] = [.strictMemorySafety(), .enableExperimentalFeature("Lifetimes")]

// The core's hot loops (a JSON file's records, read a window at a time by DirectoryFiles)
// are inlined into the modules that call them, as they were when the file store was part
// of the core: release builds optimize across the module boundary.
let crossModule: [SwiftSetting] = [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]

let package = Package(
    name: "directory",
    products: [
        .executable(name: "directory", targets: ["directory"]),
        .library(name: "DirectoryCore", targets: ["DirectoryCore"]),
        .library(name: "DirectoryFiles", targets: ["DirectoryFiles"]),
        .executable(name: "directory-bench", targets: ["directory-bench"]),
        .executable(name: "directory-floor", targets: ["directory-floor"]),
        .executable(name: "directory-bound", targets: ["directory-bound"]),
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
        // PostgreSQL's client library, libpq: its header (Debian: libpq-dev) at build time, and
        // libpq.so.5 loaded with dlopen only when a database is opened, so other runs start faster.
        .target(name: "CPostgreSQL", linkerSettings: [.linkedLibrary("dl")]),
        // The commit the program was built from, for `directory --version`.
        .target(name: "CBuildCommit", cSettings: commitSettings),
        // The file system a file is on (`fstatfs`, which Glibc's Swift module lacks), for the
        // rule that decides when a file's status proves its contents.
        .target(name: "CFileSystem"),
        // The pure core: model, command language, session, the file formats, the storage
        // interface. No terminal I/O, no system calls, no libpq.
        .target(name: "DirectoryCore", swiftSettings: safety + crossModule),
        // The file backend of `ListStore`: atomic replace, locks, leases, the recovery folder.
        .target(name: "DirectoryFiles", dependencies: ["DirectoryCore", "CFileSystem"], swiftSettings: safety),
        // The PostgreSQL backend of `ListStore`: a connection URI works wherever a file does.
        .target(
            name: "DirectoryPostgreSQL", dependencies: ["DirectoryCore", "CPostgreSQL"],
            swiftSettings: safety),
        // The front end: command line, the one input loop, the interactive line editor.
        .target(
            name: "DirectoryCLI",
            dependencies: ["DirectoryCore", "DirectoryFiles", "DirectoryPostgreSQL", "CLibEdit", "CBuildCommit"],
            swiftSettings: safety),
        // The thin executable.
        .executableTarget(name: "directory", dependencies: ["DirectoryCLI"], swiftSettings: safety),
        // The benchmark against sqlite3 and Python (docs/performance.md); not run by the tests but for a smoke run.
        .executableTarget(
            name: "directory-bench", dependencies: ["DirectoryCore", "DirectoryFiles", "DirectoryPostgreSQL"],
            swiftSettings: safety),
        // The benchmark's floor: read a file, write it whole beside itself, fsync, rename (C, so
        // that its start-up costs nothing worth counting).
        .executableTarget(name: "directory-floor"),
        // The binary plist row's least parse: the floor, and between its read and its write the
        // least a program that keeps the list can do (C, threads of its own).
        .executableTarget(name: "directory-bound", linkerSettings: [.linkedLibrary("pthread")]),
        .testTarget(
            name: "DirectoryCoreTests",
            dependencies: ["DirectoryCore"],
            resources: [.copy("Fixtures")],
            swiftSettings: safety
        ),
        .testTarget(
            name: "DirectoryFilesTests",
            dependencies: ["DirectoryCore", "DirectoryFiles"],
            swiftSettings: safety
        ),
        .testTarget(
            name: "DirectoryPostgreSQLTests",
            dependencies: ["DirectoryCore", "DirectoryFiles", "DirectoryPostgreSQL"],
            swiftSettings: safety
        ),
        .testTarget(
            name: "DirectoryEndToEndTests",
            dependencies: ["DirectoryCore", "DirectoryFiles", "DirectoryCLI", "DirectoryPostgreSQL"],
            swiftSettings: safety
        ),
    ]
)
