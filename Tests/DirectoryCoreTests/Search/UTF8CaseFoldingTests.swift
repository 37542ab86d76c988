import Testing

@testable import DirectoryCore

@Suite("UTF8CaseFolding: folding bytes gives ScalarCaseFolding's folding of the text")
struct UTF8CaseFoldingTests {
    /// `text` folded from its bytes, with ASCII lowered as the index does.
    static func folded(_ bytes: [UInt8], with folding: inout UTF8CaseFolding) -> [UInt8] {
        var output: [UInt8] = []
        folding.append(folding: bytes.span, to: &output)
        UTF8CaseFolding.lowerASCII(&output)
        return output
    }

    @Test("every scalar of the first planes, and a sample of the rest, folds as ScalarCaseFolding folds it")
    func scalarsFoldAlike() {
        var folding = UTF8CaseFolding()
        let reference = ScalarCaseFolding()
        let values = Array(0..<0x3400) + Array(stride(from: 0x3400, to: 0x11_0000, by: 37))
        for chunk in stride(from: 0, to: values.count, by: 512) {
            var text = ""
            for value in values[chunk..<min(chunk + 512, values.count)] {
                if let scalar = Unicode.Scalar(UInt32(value)) { text.unicodeScalars.append(scalar) }
            }
            #expect(Self.folded(Array(text.utf8), with: &folding) == reference.fold(text), "from \(values[chunk])")
        }
    }

    @Test(
        "ill-formed UTF-8 folds as String(decoding:) repairs it",
        arguments: [
            [0xC3], [0x5A, 0xC3, 0x28], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xF4, 0x90, 0x80, 0x80],
            [0xF0, 0x9F, 0x99], [0x80, 0x41], [0xFF], [0x41, 0xC3, 0xAB, 0xE9, 0x42],
        ] as [[UInt8]])
    func illFormed(bytes: [UInt8]) {
        var folding = UTF8CaseFolding()
        #expect(Self.folded(bytes, with: &folding) == ScalarCaseFolding().fold(String(decoding: bytes, as: UTF8.self)))
    }
}
