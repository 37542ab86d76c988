import Testing

@testable import DirectoryCore
@testable import DirectoryFiles

@Suite("Recovery journals: the location a journal names")
struct RecoveryLocationTests {
    @Test("a database location loses its password")
    func aDatabaseLocationLosesItsPassword() {
        #expect(
            RecoveryLocation.of("postgresql://kim:s3cret@db.example.com:5432/people?sslmode=require")
                == "postgresql://db.example.com:5432/people?sslmode=require")
        #expect(RecoveryLocation.of("postgresql://db/people") == "postgresql://db/people")
        #expect(RecoveryLocation.hash("a").count == 16)
        #expect(RecoveryLocation.hash("a") != RecoveryLocation.hash("b"))
    }
}
