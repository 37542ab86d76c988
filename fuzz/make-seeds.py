#!/usr/bin/env python3
"""Writes the seed corpus in fuzz/corpus/: valid lists in each format and edge cases.

Run once and commit the output; crashing inputs found later are added by hand
(named crash-…) and kept. Re-running rewrites only the seed-… files.
"""
import json, os, plistlib, datetime, pathlib

ROOT = pathlib.Path(__file__).parent / "corpus"
IDS = ["E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "0F2A6C1E-5B7D-4C8E-9A3B-1D2E3F405162",
       "7B1C9D2E-3F4A-4B5C-8D6E-7F8091A2B3C4"]
PEOPLE = [{"id": IDS[0], "name": "Acacia Ackles", "office": "Steitz 131"},
          {"id": IDS[1], "name": "Joe Gregg", "office": "Briggs 413"},
          {"id": IDS[2], "name": "Zoë 高橋 😀", "office": ""}]
BUCKET = [{"id": IDS[0], "name": "See the sea", "note": "soon", "completedDate": -63114076800},
          {"id": IDS[1], "name": "Climb", "note": "", "completedDate": 700000000.25}]
EXTRAS = [{"id": IDS[0], "name": "A", "office": "B", "n": 7, "r": 1.5, "t": True, "f": False,
           "a": [1, "x", [2.5, {"k": "v"}]], "d": {"inner": {"deep": [None]}}, "big": 2**63 - 1,
           "neg": -2**63, "e": 1e308, "tiny": 5e-324}]
LISTS = {"people": PEOPLE, "bucket": BUCKET, "extras": EXTRAS, "empty": [], "one": PEOPLE[:1],
         "missing-fields": [{"id": IDS[0]}], "no-id": [{"name": "x"}],
         "lower-id": [{"id": IDS[0].lower(), "name": "x", "office": "y"}],
         "duplicate-id": [PEOPLE[0], PEOPLE[0]], "wrong-type": [{"id": IDS[0], "name": 5, "office": []}],
         "bad-id": [{"id": "not-a-uuid", "name": "x"}], "top-dict": {"id": IDS[0]},
         "record-not-dict": [1, "two", None]}


def write(target, name, data):
    folder = ROOT / target
    folder.mkdir(parents=True, exist_ok=True)
    (folder / ("seed-" + name)).write_bytes(data if isinstance(data, bytes) else data.encode())


def without_none(value):
    if isinstance(value, list):
        return [without_none(v) for v in value if v is not None]
    if isinstance(value, dict):
        return {k: without_none(v) for k, v in value.items() if v is not None}
    return value


def plist_ready(value, dates):
    """Plist form: no nulls, completedDate as a date when `dates`."""
    value = without_none(value)
    if dates and isinstance(value, list):
        epoch = datetime.datetime(2001, 1, 1)
        value = [dict(r, completedDate=epoch + datetime.timedelta(seconds=r["completedDate"]))
                 if isinstance(r, dict) and "completedDate" in r and r["completedDate"] > -1e10 else r
                 for r in value]
    return value


for name, value in LISTS.items():
    write("json", name + ".json", json.dumps(value, ensure_ascii=False, separators=(",", ":")))
    write("json", name + "-pretty.json", json.dumps(value, indent=2, ensure_ascii=True))
    for fmt, target in ((plistlib.FMT_XML, "xml-plist"), (plistlib.FMT_BINARY, "binary-plist")):
        for dates in (False, True):
            try:
                data = plistlib.dumps(plist_ready(value, dates), fmt=fmt, sort_keys=False)
            except (TypeError, OverflowError):
                continue
            write(target, name + ("-dates" if dates else "") + ".plist", data)

JSON_EDGES = {
    "escapes": r'[{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","name":"a\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00","office":"\u0000"}]',
    "lone-surrogate": r'[{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","name":"\ud800"}]',
    "numbers": '[{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","x":[0,-0,1e400,-1e400,1.0e-400,123456789012345678901234567890,0.1e1,-9223372036854775809]}]',
    "bad-numbers": '[{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","x":[01,1.,.5,+1,1e,--1,NaN,Infinity]}]',
    "deep": "[" * 5000 + "]" * 5000,
    "deep-objects": '[{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","x":' + '{"a":' * 3000 + "1" + "}" * 3000 + "}]",
    "truncated": json.dumps(PEOPLE)[:57],
    "duplicate-key": '[{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","name":"a","name":"b"}]',
    "bom-space": "\ufeff \n\t[ ]\r\n",
    "trailing": "[] []",
    "trailing-comma": '[{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F",},]',
    "control-in-string": '[{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","name":"a\tb"}]',
    "date-string": '[{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","name":"x","completedDate":"2020"}]',
    "date-huge": '[{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","name":"x","completedDate":1e300}]',
}
for name, text in JSON_EDGES.items():
    write("json", name + ".json", text)
write("json", "invalid-utf8.json", b'[{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","name":"\xff\xc0\x80"}]')

HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0">\n'
REC = '<dict><key>id</key><string>E621E1F8-C36C-495A-93FC-0C247A3E6E5F</string>{}</dict>'
XML_EDGES = {
    "entities": HEAD + "<array>" + REC.format("<key>name</key><string>&lt;&amp;&gt;&quot;&apos;&#233;&#x1F600;</string>") + "</array></plist>",
    "bad-entity": HEAD + "<array>" + REC.format("<key>name</key><string>&bogus;&#xFFFFFFFF;&#0;</string>") + "</array></plist>",
    "cdata-comment": HEAD + "<!-- c --><array><!-- c -->" + REC.format("<key>name</key><string><![CDATA[a<b]]></string>") + "</array></plist>",
    "empty-tags": HEAD + "<array>" + REC.format("<key>name</key><string/><key>o</key><dict/><key>a</key><array/><key>t</key><true/>") + "</array></plist>",
    "numbers": HEAD + "<array>" + REC.format("<key>i</key><integer>-9223372036854775808</integer><key>j</key><integer>0x10</integer><key>r</key><real>nan</real><key>s</key><real>-inf</real><key>u</key><integer>18446744073709551616</integer>") + "</array></plist>",
    "dates": HEAD + "<array>" + REC.format("<key>completedDate</key><date>2001-01-01T00:00:00Z</date><key>x</key><date>9999-99-99T99:99:99Z</date><key>y</key><date>0001-01-01T00:00:00Z</date>") + "</array></plist>",
    "data": HEAD + "<array>" + REC.format("<key>d</key><data>\n\tSGVsbG8=\n</data><key>e</key><data>!!!=</data><key>f</key><data>SGV</data>") + "</array></plist>",
    "deep": HEAD + "<array>" * 5000 + "</array>" * 5000 + "</plist>",
    "deep-dict": HEAD + "<array>" + REC.format("<key>x</key>" + "<dict><key>a</key>" * 3000 + "<true/>" + "</dict>" * 3000) + "</array></plist>",
    "duplicate-key": HEAD + "<array>" + REC.format("<key>name</key><string>a</string><key>name</key><string>b</string>") + "</array></plist>",
    "mismatched": HEAD + "<array><dict></array></dict></plist>",
    "truncated": HEAD + "<array>" + REC.format("<key>name</key><str"),
    "no-header": "<plist><array/></plist>",
    "unquoted-attr": "<?xml version=1.0?><plist version=1.0><array/></plist>",
    "encoding-utf16": '<?xml version="1.0" encoding="UTF-16"?><plist><array/></plist>',
    "key-without-value": HEAD + "<array><dict><key>id</key></dict></array></plist>",
}
for name, text in XML_EDGES.items():
    write("xml-plist", name + ".plist", text)

COMMANDS = [
    "list", "ls", "find briggs", "find", "show", "new", "new Joe Gregg II", 'new "Zoë  高橋"',
    "set name Ada", "set office Briggs 200", 'set office ""', 'set name "unbalanced', "set note 'single'",
    "set", "set name", 'set name "a\\"b"', "edit 1", "edit 0", "edit -1", "edit 99999999999999999999999",
    "edit Joe", "edit 1-3", "delete 1 2 3", "delete 1-3", "rm 5", "delete 3-1", "delete -5", "delete 1--2",
    "done", "done today", "done 2024-02-29", "done 2023-02-29", "done 99999-01-01", "done 2024-13-45T25:61",
    "undone", "undo", "changes", "save", "save!", "save as /tmp/x.plist", "save as", 'save as "a b.json"',
    "open x.plist", "open! y.json", "revert", "autosave", "autosave on", "autosave maybe", "help", "help set",
    "? save", "help nope", "quit", "quit!", "exit", "exit!", "history", "history 5", "history -1",
    "# a comment", "   ", "lsit", "sav", "\u00a0list", "list extra", "set  name   spaced   out  ",
    "new \"\\u0041\"", "set name \t tab", "done 1e400", "delete " + "1 " * 200,
]
for index, line in enumerate(COMMANDS):
    write("parser", "%02d.txt" % index, line)


def bplist(objects, offsets=None, count=None, table=None, ref_size=1):
    """A hand-made binary plist of `objects` (bytes each); trailer fields may lie."""
    out = bytearray(b"bplist00")
    real = []
    for obj in objects:
        real.append(len(out))
        out += obj
    offsets = offsets if offsets is not None else real
    table_at = len(out)
    size = 1 if max(offsets + [0]) < 256 else 8
    for offset in offsets:
        out += offset.to_bytes(size, "big")
    out += bytes(6) + bytes([size, ref_size])
    out += (count if count is not None else len(objects)).to_bytes(8, "big") + bytes(8)
    out += (table if table is not None else table_at).to_bytes(8, "big")
    return bytes(out)


def ascii(text):
    data = text.encode()
    return bytes([0x50 | len(data)]) + data if len(data) < 15 else bytes([0x5F, 0x10, len(data)]) + data


RECORD = [b"\xA1\x01", b"\xD2\x02\x04\x03\x05", ascii("id"), ascii(IDS[0]), ascii("name"), ascii("Ada")]
BPLIST_EDGES = {
    "hand-made": bplist(RECORD),
    "self-array": bplist([b"\xA1\x00"]),
    "self-dict": bplist([b"\xA1\x01", b"\xD1\x02\x01", ascii("id")]),
    "offset-past-end": bplist([b"\xA1\x01", ascii("x")], offsets=[8, 200]),
    "offset-in-trailer": bplist([b"\xA1\x01", ascii("x")], offsets=[8, 12]),
    "huge-array-count": bplist([b"\xAF\x13" + (2**63 - 1).to_bytes(8, "big")]),
    "huge-object-count": bplist([b"\xA0"], count=2**64 - 1),
    "table-past-end": bplist([b"\xA0"], table=2**62),
    "missing-ref": bplist([b"\xA1\x07"]),
    "duplicate-key": bplist(RECORD[:1] + [b"\xD3\x02\x04\x04\x03\x05\x05"] + RECORD[2:]),
    "utf16-name": bplist(RECORD[:5] + [b"\x62\xd8\x3d\xde\x00"]),
    "lone-surrogate": bplist(RECORD[:5] + [b"\x61\xd8\x00"]),
    "date-and-real": bplist(RECORD[:5] + [b"\x33" + bytes.fromhex("41d65a0bc0000000")]),
    "nan-real": bplist(RECORD[:5] + [b"\x23\x7f\xf8\x00\x00\x00\x00\x00\x00"]),
    "ref-size-zero": bplist(RECORD, ref_size=0),
    "nested": bplist([bytes([0xA1, (i + 1) >> 8, (i + 1) & 0xFF]) for i in range(2999)] + [b"\xA0"], ref_size=2),
}
for name, data in BPLIST_EDGES.items():
    write("binary-plist", name + ".plist", data)

SESSIONS = [
    "edit 1\nset office Steitz 200\n|edit 2\n|set office Briggs 500\n|save\nsave",
    "edit 2\nset office A\n|edit 2\n|set office B\n|save\nsave\nsave!\n|revert",
    "delete 2\n|edit 2\n|set name X\n|save\nsave\nchanges",
    "new Ada\nnew Bob\n|delete 1-3\n|save\nsave\nundo\nundo\nsave",
    "new A\nundo\nundo\nundo\nset name B\nchanges\nrevert",
    "save as /fuzz/people.json\nnew J\nsave\nopen /fuzz/directory.plist\n|new K\n|save\nopen! /fuzz/people.json",
    "save as /fuzz/x.plist\nopen /fuzz/bucketList.json\nnew Trip\ndone 2024-02-29\nundone\ndone today\nsave",
    "autosave on\nnew A\n|new B\n|save\nset office C\ndelete 1\nautosave off\nundo",
    "edit Joe\nset name \"Zoë 高橋\"\nfind zoë\nshow\n|edit 2\n|delete 2\n|save\nsave",
    "export /fuzz/out.csv\nimport /fuzz/out.csv\nsave\n|import /fuzz/out.csv\n|save",
]
for index, script in enumerate(SESSIONS):
    write("session", "%02d.txt" % index, script)
for index, line in enumerate(COMMANDS[:30]):
    write("session", "line-%02d.txt" % index, line)

# Named rather than numbered, so seeds added by different changes never share a file name.
NAMED_COMMANDS = {
    "refresh": "refresh", "refresh-argument": "refresh now", "save-bang-as": "save! as /tmp/x.plist",
    "save-as-bang": "save as! x.plist", "export-bang": "export! csv x.csv",
    "move": "move 3 to 1", "move-bad": "move 0 to x", "sort": "sort name desc", "sort-bad": "sort name up",
    "list-range": "list 2-3,5", "find-field": "find office:briggs 4", "editor": "editor 1-2", "redo": "redo",
}
for name, line in NAMED_COMMANDS.items():
    write("parser", name + ".txt", line)
NAMED_SESSIONS = {
    "refresh": "edit 1\nset office A\n|edit 2\n|set office B\n|new C\n|save\nrefresh\nundo\nchanges\nsave\n|refresh",
    "refresh-conflict": "edit 2\nset office A\n|edit 2\n|set office B\n|save\nrefresh\nundo\nrefresh\nsave",
    "reorder": "move 3 to 1\nsort name\nundo\nredo\n|new X\n|save\nrefresh\nsave\nchanges\nundo\nundo\nredo\nsave",
    "reorder-merge": "sort office desc\nedit 1\nset office Q\n|move 1 to 3\n|delete 2\n|save\nsave\n|refresh\n"
    + "list 1-2\nfind name:joe\neditor\nmove 2 to 1\nundo\nredo\nsave",
    "no-clobber": "save as /fuzz/x.plist\nsave as /fuzz/directory.plist\nsave! as /fuzz/x.plist\n"
    + "export csv /fuzz/o.csv\nexport csv /fuzz/o.csv\nexport! csv /fuzz/o.csv",
}
for name, script in NAMED_SESSIONS.items():
    write("session", name + ".txt", script)
