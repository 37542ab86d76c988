import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A throwaway Syncthing on 127.0.0.1 for the sync tests: its own home with a key made at
/// start, one folder shared with one other device at a fixed address, no discovery, relays,
/// NAT traversal or usage reports; driven through its REST API.
final class SyncthingInstance {
    static let executable = "/usr/bin/syncthing"
    static let apiKey = "directory-test-key"

    let home: String
    let folder: String
    let deviceID: String
    let listenPort: Int
    let guiPort: Int
    private var process: Process?

    /// Makes the home (key and certificate) of an instance whose shared folder is `folder`.
    init(home: String, folder: String) throws {
        self.home = home
        self.folder = folder
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let generated = try Self.run(["generate", "--home=" + home, "--no-default-folder"])
        guard generated.status == 0 else { throw SyncthingProblem("syncthing generate failed: \(generated.output)") }
        let id = try Self.run(["serve", "--home=" + home, "--device-id"])
        deviceID = id.output.trimmingCharacters(in: .whitespacesAndNewlines)
        guard deviceID.count > 50 else { throw SyncthingProblem("no device id from syncthing: \(id.output)") }
        listenPort = try Self.freePort()
        guiPort = try Self.freePort()
    }

    /// Writes the configuration sharing the folder with `other`, and starts Syncthing. Only
    /// the instance that `dials` connects to the other's address (when both dial at once, the
    /// two connections can stall each other's handshake for a long while).
    func start(sharingWith other: SyncthingInstance, dials: Bool) throws {
        let otherAddress = dials ? "tcp://127.0.0.1:\(other.listenPort)" : "dynamic"
        let config = """
            <configuration version="36">
                <folder id="lists" label="lists" path="\(folder)" type="sendreceive" rescanIntervalS="3600" \
            fsWatcherEnabled="false">
                    <device id="\(deviceID)"></device>
                    <device id="\(other.deviceID)"></device>
                    <maxConflicts>10</maxConflicts>
                </folder>
                <device id="\(deviceID)" name="self"><address>dynamic</address></device>
                <device id="\(other.deviceID)" name="other"><address>\(otherAddress)</address></device>
                <gui enabled="true" tls="false"><address>127.0.0.1:\(guiPort)</address><apikey>\(Self.apiKey)</apikey></gui>
                <options>
                    <listenAddress>tcp://127.0.0.1:\(listenPort)</listenAddress>
                    <globalAnnounceEnabled>false</globalAnnounceEnabled>
                    <localAnnounceEnabled>false</localAnnounceEnabled>
                    <relaysEnabled>false</relaysEnabled>
                    <natEnabled>false</natEnabled>
                    <urAccepted>-1</urAccepted>
                    <autoUpgradeIntervalH>0</autoUpgradeIntervalH>
                    <startBrowser>false</startBrowser>
                    <crashReportingEnabled>false</crashReportingEnabled>
                    <reconnectionIntervalS>1</reconnectionIntervalS>
                </options>
            </configuration>

            """
        try config.write(toFile: home + "/config.xml", atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.executable)
        process.arguments = ["serve", "--home=" + home, "--no-browser", "--no-restart", "--no-upgrade"]
        process.environment = ["HOME": home, "PATH": "/usr/bin:/bin", "STNODEFAULTFOLDER": "1", "STNOUPGRADE": "1"]
        _ = FileManager.default.createFile(atPath: home + "/syncthing.log", contents: nil)
        process.standardOutput = FileHandle(forWritingAtPath: home + "/syncthing.log")
        process.standardError = process.standardOutput
        try process.run()
        self.process = process
    }

    /// Stops Syncthing: asks it to shut down, and terminates it if it has not within 20 seconds.
    func stop() {
        guard let process else { return }
        _ = try? request("POST", "/rest/system/shutdown")
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        self.process = nil
    }

    deinit { stop() }

    /// The end of Syncthing's log and the shared folder's files, for a failure's message.
    var state: String {
        let log = (try? String(contentsOfFile: home + "/syncthing.log", encoding: .utf8)) ?? ""
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let status = (try? request("GET", "/rest/db/status?folder=lists")) ?? "no status"
        let file = (try? request("GET", "/rest/db/file?folder=lists&file=directory.plist")) ?? "no file"
        return "files: \(files.sorted())\n\(status)\n\(file)\n"
            + log.split(separator: "\n").suffix(12).joined(separator: "\n")
    }

    /// Whether Syncthing is connected to `other` now.
    func isConnected(to other: SyncthingInstance) -> Bool {
        guard let connections = json("/rest/system/connections")?["connections"] as? [String: Any],
            let device = connections[other.deviceID] as? [String: Any]
        else { return false }
        return device["connected"] as? Bool == true
    }

    /// Whether the folder is idle, needs nothing, and `other` has everything of it (as far
    /// as this instance knows): the two are in step.
    func isInStep(with other: SyncthingInstance) -> Bool {
        guard let status = json("/rest/db/status?folder=lists"),
            let completion = json("/rest/db/completion?folder=lists&device=\(other.deviceID)")
        else { return false }
        return status["state"] as? String == "idle" && (status["needTotalItems"] as? Int) == 0
            && (completion["completion"] as? Double) == 100
    }

    /// Whether the folder is idle (not scanning, not syncing).
    var isIdle: Bool { json("/rest/db/status?folder=lists")?["state"] as? String == "idle" }

    /// A REST answer that is a JSON object, or `nil`.
    private func json(_ path: String) -> [String: Any]? {
        guard let body = try? request("GET", path) else { return nil }
        return (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any]
    }

    /// Pauses (or resumes) the connection to `other`.
    func pause(_ other: SyncthingInstance, _ paused: Bool) throws {
        _ = try request("POST", "/rest/system/\(paused ? "pause" : "resume")?device=\(other.deviceID)")
    }

    /// Asks Syncthing to scan the shared folder now (the test turns the watcher off).
    func scan() throws {
        _ = try request("POST", "/rest/db/scan?folder=lists")
    }

    /// Sends one HTTP/1.0 request to the REST API and returns the body; throws when the API
    /// cannot be reached or answers with an error.
    func request(_ method: String, _ path: String) throws -> String {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw SyncthingProblem("no socket") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(guiPort).bigEndian)
        address.sin_addr.s_addr = unsafe inet_addr("127.0.0.1")
        let connected = unsafe withUnsafePointer(to: &address) {
            unsafe $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                unsafe connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw SyncthingProblem("the REST API on port \(guiPort) does not answer") }
        let head =
            "\(method) \(path) HTTP/1.0\r\nHost: 127.0.0.1\r\nX-API-Key: \(Self.apiKey)\r\nContent-Length: 0\r\n\r\n"
        let bytes = Array(head.utf8)
        guard unsafe write(socket, bytes, bytes.count) == bytes.count else { throw SyncthingProblem("write failed") }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = unsafe read(socket, &buffer, buffer.count)
            if count <= 0 { break }
            answer += buffer[0..<count]
        }
        let text = String(decoding: answer, as: UTF8.self)
        guard text.hasPrefix("HTTP/1.") else { throw SyncthingProblem("no HTTP answer to \(path)") }
        let status = text.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        guard (200..<300).contains(status) else { throw SyncthingProblem("\(path) answered \(status): \(text)") }
        return text.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n")
    }

    /// A TCP port free on 127.0.0.1 now.
    static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = unsafe inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = unsafe withUnsafeMutablePointer(to: &address) {
            unsafe $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                unsafe bind(socket, pointer, length) == 0 && getsockname(socket, pointer, &length) == 0
            }
        }
        guard bound else { throw SyncthingProblem("no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Runs syncthing with `arguments` to the end.
    private static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

/// Why a Syncthing instance could not be set up or driven.
struct SyncthingProblem: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Waits until `condition` holds, checking every 20 ms, for at most `timeout` seconds.
func waitUntil(timeout: Double = 90, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if condition() { return true }
        usleep(20_000)
    }
    return condition()
}
