import Testing

@testable import DirectoryCLI

extension Interactive {
    /// What the pager is given, so that colours reach the screen as colours.
    struct PagerEnvironmentTests {
        @Test(
            "LESS without R gets -R for the pager; LESS with R or r is left alone; no LESS gives FRXK",
            arguments: [("-i", "-i -R"), ("", "R"), ("FRX", "FRX"), ("-r", "-r"), (nil, "FRXK")] as [(String?, String)])
        func lessAlwaysShowsColours(less: String?, given: String) {
            var environment: [String: String] = ["PATH": "/usr/bin"]
            if let less { environment["LESS"] = less }
            #expect(Pager(choice: .auto, environment: environment).pagerEnvironment["LESS"] == given)
        }
    }
}
