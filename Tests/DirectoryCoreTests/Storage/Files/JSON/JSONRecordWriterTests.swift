import Testing

@testable import DirectoryCore

/// The exact bytes `JSONRecordWriter` writes, and that reading them gives the records back.
struct JSONRecordWriterTests {
    private let id = RecordID(high: 0xE621_E1F8_C36C_495A, low: 0x93FC_0C24_7A3E_6E5F)

    @Test("writes id first, then the fields, then the extras, compactly")
    func writesIdFirstThenFieldsThenExtrasCompactly() {
        let records = [
            Record(id: id, values: [.text("Acacia Ackles"), .text("Steitz 131")]),
            Record(
                id: id, values: [.text(""), .text("")], extras: [KeyedValue("z", .integer(1)), KeyedValue("a", .null)]),
        ]
        let text = JSONTestSupport.text(JSONRecordWriter.write(records, kind: .person))
        #expect(
            text == #"""
                [{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","name":"Acacia Ackles","office":"Steitz 131"},\#
                {"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","name":"","office":"","z":1,"a":null}]
                """#)
    }

    @Test("writes an empty list")
    func writesAnEmptyList() {
        #expect(JSONRecordWriter.write([], kind: .bucket) == Array("[]".utf8))
    }

    @Test("writes dates as JSONEncoder does")
    func writesDatesAsJSONEncoderDoes() {
        let dates: [Double] = [
            ListKind.distantPast, 0, -0.0, 694_224_000.5, 1e-7, 1e20, 9_007_199_254_740_992, 0.1,
        ]
        let records = dates.map { Record(id: id, values: [.text("n"), .text(""), .date($0)]) }
        let text = JSONTestSupport.text(JSONRecordWriter.write(records, kind: .bucket))
        let written = text.split(separator: "completedDate\":").dropFirst().map { $0.prefix { $0 != "}" } }
        #expect(written == ["-63114076800", "0", "-0", "694224000.5", "1e-07", "1e+20", "9007199254740992", "0.1"])
    }

    @Test("escapes strings as JSONEncoder does")
    func escapesStringsAsJSONEncoderDoes() {
        var control = ""
        for value in 0..<0x20 { control.unicodeScalars.append(Unicode.Scalar(UInt8(value))) }
        let record = Record(id: id, values: [.text(control + "/\"\\\u{7F}\u{2028}é😀"), .text("a/b")])
        let text = JSONTestSupport.text(JSONRecordWriter.write([record], kind: .person))
        #expect(
            text.contains(
                #"""
                "name":"\u0000\u0001\u0002\u0003\u0004\u0005\u0006\u0007\b\t\n\u000b\f\r\u000e\u000f\#
                \u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017\u0018\u0019\u001a\u001b\u001c\u001d\u001e\u001f\#
                \/\"\\\#u{7F}\#u{2028}é😀","office":"a\/b"
                """#))
    }

    @Test("writes every kind of extra")
    func writesEveryKindOfExtra() {
        let extras = [
            KeyedValue("s", .string("x/y")),
            KeyedValue("i", .integer(Int64.min)),
            KeyedValue("j", .integer(Int64.max)),
            KeyedValue("r", .real(1)),
            KeyedValue("f", .real(-2.5e-8)),
            KeyedValue("nan", .real(.nan)),
            KeyedValue("b", .bool(true)),
            KeyedValue("d", .date(12.25)),
            KeyedValue("data", .data([1, 2, 3, 255])),
            KeyedValue("data2", .data([0xFB, 0xFF])),
            KeyedValue("n", .null),
            KeyedValue("a", .array([.array([]), .dictionary([]), .bool(false)])),
            KeyedValue("o", .dictionary([KeyedValue("k/\u{1}", .integer(-3))])),
        ]
        let text = JSONTestSupport.text(
            JSONRecordWriter.write([Record(id: id, values: [], extras: extras)], kind: .person))
        #expect(
            text.hasSuffix(
                #"""
                "name":"","office":"","s":"x\/y","i":-9223372036854775808,"j":9223372036854775807,"r":1.0,"f":-2.5e-08,\#
                "nan":null,"b":true,"d":12.25,"data":"AQID\/w==","data2":"+\/8=","n":null,"a":[[],{},false],\#
                "o":{"k\/\u0001":-3}}]
                """#))
    }

    @Test("writes base64 of every length")
    func writesBase64OfEveryLength() {
        let bytes: [UInt8] = Array(0...255)
        for length in 0..<8 {
            var output: [UInt8] = []
            JSONValueWriter.appendBase64(Array(bytes[0..<length]), to: &output)
            let expected = ["", "AA==", "AAE=", "AAEC", "AAECAw==", "AAECAwQ=", "AAECAwQF", "AAECAwQFBg=="][length]
            #expect(JSONTestSupport.text(output) == expected)
        }
    }

    @Test("reads back random records exactly as written")
    func roundTripsRandomRecordsExactly() throws {
        var generator = JSONTestGenerator(seed: 7)
        for kind in [ListKind.person, .bucket] {
            let records = (0..<300).map { _ in
                Record(
                    id: .random(using: &generator),
                    values: kind.fields.map { field in
                        field.isText
                            ? .text(JSONTestSupport.hostileString(using: &generator))
                            : .date(JSONTestSupport.seconds(using: &generator))
                    },
                    extras: (0..<Int.random(in: 0...3, using: &generator)).map { index in
                        KeyedValue("extra\(index)", JSONTestSupport.propertyValue(using: &generator))
                    })
            }
            let bytes = JSONRecordWriter.write(records, kind: kind)
            let (readKind, read) = try JSONTestSupport.read(bytes)
            #expect(readKind == kind)
            #expect(JSONTestSupport.numbersAsReals(read) == records)
            for (original, copy) in zip(records, read) {
                for (a, b) in zip(original.values, copy.values) {
                    if case .date(let x) = a, case .date(let y) = b { #expect(x.bitPattern == y.bitPattern) }
                }
            }
            #expect(JSONRecordWriter.write(read, kind: kind) == bytes)
        }
    }

    @Test("table rows with and without escapes write what the same records written whole write")
    func tableRowsWriteAsRecordsWhole() throws {
        // Every length of name and office up to 20 bytes, with a byte that needs an escape (or
        // none) at each place, so the row's check of its words and its overlapping last word
        // meet an escape everywhere.
        var records: [Record] = []
        var generator = JSONTestGenerator(seed: 11)
        for length in 0...20 {
            for place in -1..<length {
                for escaped in ["\"", "\\", "/", "\u{01}", "\n"] {
                    var name = Array(repeating: "a", count: length)
                    if place >= 0 { name[place] = escaped }
                    let office = length % 3 == 0 ? "é" + name.joined() : "Briggs \(length)"
                    records.append(
                        Record(id: .random(using: &generator), values: [.text(name.joined()), .text(office)]))
                }
            }
        }
        let whole = JSONRecordWriter.write(records, kind: .person)
        let decoded = try RecordCodec.decode(RawSpan(_elements: whole.span), format: .json, kind: nil)
        #expect(decoded.records.table?.count == records.count)
        #expect(JSONRecordWriter.write(decoded.records, kind: .person) == whole)
    }
}
