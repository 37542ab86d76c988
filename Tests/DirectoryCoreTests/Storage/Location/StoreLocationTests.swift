import Testing

@testable import DirectoryCore

@Suite("Store locations: files and connection URIs")
struct StoreLocationTests {
    @Test(
        "database URIs are told from paths",
        arguments: [
            ("postgresql://u@host/db", true), ("postgres:///db?host=/tmp", true), ("POSTGRESQL://h/db", true),
            ("directory.plist", false), ("/srv/postgresql/people.json", false), ("postgresql:", false),
            ("~/postgres.plist", false),
        ])
    func detection(location: String, isDatabase: Bool) {
        #expect(StoreLocation.isDatabase(location) == isDatabase)
    }

    @Test(
        "passwords are taken out of URIs, nothing else",
        arguments: [
            ("postgresql://u:secret@host:5432/db", "postgresql://u@host:5432/db"),
            ("postgres://u:p%40ss@h/db?sslmode=require", "postgres://u@h/db?sslmode=require"),
            ("postgresql:///db?host=/tmp/x&password=secret&user=u", "postgresql:///db?host=/tmp/x&user=u"),
            ("postgresql:///db?password=secret", "postgresql:///db"),
            ("postgresql://u@h/db", "postgresql://u@h/db"),
            ("postgresql://u:a:b@c@h/db", "postgresql://u@h/db"),
            ("/tmp/u:secret@file.plist", "/tmp/u:secret@file.plist"),
        ])
    func redaction(location: String, redacted: String) {
        #expect(StoreLocation.redacted(location) == redacted)
    }

    @Test("a history line keeps the command and loses the password")
    func historyLine() {
        #expect(
            StoreLocation.redactingPasswords(in: "open postgresql://u:secret@h/db")
                == "open postgresql://u@h/db")
        #expect(
            StoreLocation.redactingPasswords(in: "save as  'postgres://u:pw@h/db'")
                == "save as  'postgres://u@h/db'")
        #expect(StoreLocation.redactingPasswords(in: "find postgres:secret") == "find postgres:secret")
    }

    @Test("the display name is the redacted URI without its query, and the schema when one is chosen")
    func displayName() {
        #expect(StoreLocation.displayName("/data/directory.plist") == "directory.plist")
        #expect(StoreLocation.displayName("postgresql://u:pw@h/dept?sslmode=require") == "postgresql://u@h/dept")
        #expect(
            StoreLocation.displayName("postgresql:///dept?host=/tmp&options=-csearch_path%3Dsales")
                == "postgresql:///dept:sales")
    }
}
