import DirectoryFiles
import Testing

@testable import DirectoryCore
@testable import DirectoryPostgreSQL

@Suite("Store locations: secrets found as libpq parses the connection string")
struct StoreLocationRedactionTests {
    /// Redaction asks libpq, as the program does.
    init() {
        ConnectionSecrets.install()
    }

    @Test(
        "every spelling of a secret keyword is taken out of a URI, with libpq's list and without it",
        arguments: [
            ("postgresql:///db?host=/tmp&pass%77ord=s3cret-x", "postgresql:///db?host=/tmp"),
            ("postgresql:///db?sslpassword=s3cret-x&sslmode=require", "postgresql:///db?sslmode=require"),
            ("postgresql://u:s3cret-x@h/db?%70%61%73%73%77%6f%72%64=s3cret-y", "postgresql://u@h/db"),
            (
                "postgres://u@h1:5432,h2:5433/db?target_session_attrs=read-write&password=s3cret-x",
                "postgres://u@h1:5432,h2:5433/db?target_session_attrs=read-write"
            ),
        ])
    func uriSecrets(location: String, redacted: String) {
        #expect(StoreLocation.redacted(location) == redacted)
        #expect(StoreLocation.redacted(location, secretKeywords: nil) == redacted)
    }

    @Test("libpq names password and sslpassword as its secrets")
    func libpqKeywords() throws {
        let keywords = try #require(ConnectionSecrets.keywords)
        #expect(keywords.isSuperset(of: ["password", "sslpassword"]))
        #expect(!keywords.contains("user"))
        #expect(ConnectionSecrets.values(in: "postgresql:///db?pass%77ord=s3cret-x") == ["s3cret-x"])
    }

    @Test(
        "keyword/value connection strings are databases, lose their secrets, and are never file names",
        arguments: [
            ("host=/tmp dbname=dept password=s3cret-x user=u", "host=/tmp dbname=dept user=u"),
            ("dbname = dept  password = 's3 cret\\' x' sslpassword=abc", "dbname = dept"),
            ("host=db.example.org dbname=dept", "host=db.example.org dbname=dept"),
        ])
    func keywordValue(location: String, redacted: String) {
        #expect(StoreLocation.isDatabase(location))
        #expect(StoreLocation.redacted(location) == redacted)
        #expect(StoreLocation.redacted(location, secretKeywords: nil) == redacted)
        #expect(StoreLocation.displayName(location) == redacted)
    }

    @Test(
        "file names with an equals sign stay files", arguments: ["a=b.plist", "notes.json", "./host=x", "hosts=1.json"])
    func filesStayFiles(path: String) {
        #expect(!StoreLocation.isDatabase(path))
        #expect(StoreLocation.redacted(path) == path)
    }

    @Test("a history line loses the secrets of a keyword/value string and of every URI spelling")
    func historyLines() {
        #expect(
            StoreLocation.redactingPasswords(in: "open host=/tmp dbname=d password=s3cret-x")
                == "open host=/tmp dbname=d")
        #expect(
            StoreLocation.redactingPasswords(in: "save as postgresql:///d?pass%77ord=s3cret-x&host=/tmp")
                == "save as postgresql:///d?host=/tmp")
    }

    @Test("a recovery journal names a database without any of its secrets")
    func recoveryLocation() {
        #expect(
            RecoveryLocation.of("postgresql://u:pw@h/db?sslpassword=s3cret-x&sslmode=require")
                == "postgresql://h/db?sslmode=require")
        #expect(RecoveryLocation.of("host=h dbname=db password=s3cret-x") == "host=h dbname=db")
    }

    @Test("when a secret would still show elsewhere, only the parts that cannot hold one are kept")
    func distrustedRedaction() {
        #expect(
            StoreLocation.redacted("postgresql://u@h/db?password=x1y2z3&application_name=x1y2z3")
                == "postgresql://h/db")
        #expect(StoreLocation.redacted("host=h dbname=db password=x1y2z3 options=x1y2z3") == "host=h dbname=db")
        #expect(StoreLocation.secrets(of: "postgresql:///db?password=x1y2z3&host=/tmp") == ["x1y2z3"])
    }
}
