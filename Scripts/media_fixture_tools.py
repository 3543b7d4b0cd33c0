#!/usr/bin/env python3
"""Byte-level helpers for Scripts/make-media-fixtures.sh.

FFmpeg 5.1 cannot write several fields the inspector checks (MP4 tkhd alternate_group, tagc,
elng, tx3g display flags, tref/forc; Matroska FlagEnabled and LanguageBCP47), and it has no
filter that injects ATSC A/53 captions into H.264. These helpers patch or build those bytes.

MP4 edits assume `moov` follows `mdat` (FFmpeg's default without +faststart), so growing `moov`
moves no sample data and no chunk offset changes.
"""
import struct
import sys

CONTAINERS = {b"moov", b"trak", b"mdia", b"minf", b"stbl", b"udta", b"edts", b"dinf", b"tref"}


def parse(buf):
    """Parses a box list into [type, payload-or-children] lists."""
    out = []
    i = 0
    while i + 8 <= len(buf):
        size, typ = struct.unpack(">I4s", buf[i:i + 8])
        if size < 8 or i + size > len(buf):
            raise ValueError("bad box size")
        body = buf[i + 8:i + size]
        out.append([typ, parse(body) if typ in CONTAINERS else bytearray(body)])
        i += size
    return out


def serialize(boxes):
    out = bytearray()
    for typ, body in boxes:
        b = serialize(body) if isinstance(body, list) else bytes(body)
        out += struct.pack(">I4s", len(b) + 8, typ) + b
    return out


def child(boxes, typ):
    for b in boxes:
        if b[0] == typ:
            return b
    return None


class MP4:
    def __init__(self, path):
        self.path = path
        data = bytearray(open(path, "rb").read())
        top = parse(data)
        types = [b[0] for b in top]
        if types.index(b"moov") < types.index(b"mdat"):
            raise SystemExit("moov before mdat: cannot grow moov safely")
        self.top = top
        self.moov = child(top, b"moov")[1]
        self.traks = [b[1] for b in self.moov if b[0] == b"trak"]

    def save(self):
        open(self.path, "wb").write(serialize(self.top))

    def tkhd(self, t):
        return child(self.traks[t], b"tkhd")[1]

    def set_enabled(self, t, on):
        body = self.tkhd(t)
        flags = int.from_bytes(body[1:4], "big")
        flags = (flags | 1) if on else (flags & ~1)
        body[1:4] = flags.to_bytes(3, "big")

    def set_alt_group(self, t, group):
        body = self.tkhd(t)
        # version 0: ver/flags 4, ctime 4, mtime 4, track_ID 4, reserved 4, duration 4,
        # reserved 8, layer 2, alternate_group 2
        off = 4 + 4 + 4 + 4 + 4 + 4 + 8 + 2 if body[0] == 0 else 4 + 8 + 8 + 4 + 4 + 8 + 8 + 2
        body[off:off + 2] = struct.pack(">h", group)

    def track_id(self, t):
        body = self.tkhd(t)
        off = 12 if body[0] == 0 else 20
        return struct.unpack(">I", body[off:off + 4])[0]

    def stsd(self, t):
        mdia = child(self.traks[t], b"mdia")[1]
        stbl = child(child(mdia, b"minf")[1], b"stbl")[1]
        return child(stbl, b"stsd")[1]

    def set_tx3g_flags(self, t, flags):
        body = self.stsd(t)
        # stsd: ver/flags 4, count 4; entry: size 4, 'tx3g' 4, reserved 6, dref 2, displayFlags 4
        assert body[12:16] == b"tx3g", body[12:16]
        body[24:28] = struct.pack(">I", flags)

    def add_tagc(self, t, values):
        trak = self.traks[t]
        udta = child(trak, b"udta")
        if udta is None:
            udta = [b"udta", []]
            trak.append(udta)
        for v in values:
            udta[1].append([b"tagc", bytearray(v.encode())])

    def add_elng(self, t, tag):
        mdia = child(self.traks[t], b"mdia")[1]
        idx = [b[0] for b in mdia].index(b"mdhd")
        mdia.insert(idx + 1, [b"elng", bytearray(b"\0\0\0\0" + tag.encode() + b"\0")])

    def add_tref(self, t, kind, target):
        trak = self.traks[t]
        idx = [b[0] for b in trak].index(b"tkhd")
        trak.insert(idx + 1, [b"tref", [[kind.encode(), bytearray(struct.pack(">I", self.track_id(target)))]]])


def mp4_cmd(args):
    m = MP4(args[0])
    for op in args[1:]:
        name, _, rest = op.partition("=")
        parts = rest.split(",")
        t = int(parts[0])
        if name == "enabled":
            m.set_enabled(t, parts[1] == "1")
        elif name == "altgroup":
            m.set_alt_group(t, int(parts[1]))
        elif name == "tx3gflags":
            m.set_tx3g_flags(t, int(parts[1], 16))
        elif name == "tagc":
            m.add_tagc(t, parts[1:])
        elif name == "elng":
            m.add_elng(t, parts[1])
        elif name == "tref":
            m.add_tref(t, parts[1], int(parts[2]))
        else:
            raise SystemExit("unknown op " + name)
    m.save()


def replace_same_size(path, old, new, occurrence=0):
    """Replaces the n-th occurrence of `old` with `new` (same length)."""
    assert len(old) == len(new), (old, new)
    data = bytearray(open(path, "rb").read())
    i = -1
    for _ in range(occurrence + 1):
        i = data.find(old, i + 1)
        if i < 0:
            raise SystemExit("pattern not found: %r" % old)
    data[i:i + len(old)] = new
    open(path, "wb").write(data)


def ebml_string(eid, text, total):
    """An EBML string element of exactly `total` bytes (value NUL-padded)."""
    head = bytes(eid)
    n = total - len(head) - 1
    assert 0 <= len(text) <= n < 127
    return head + bytes([0x80 | n]) + text.encode() + b"\0" * (n - len(text))


def mkv_cmd(args):
    path = args[0]
    for op in args[1:]:
        name, _, rest = op.partition("=")
        if name == "title-to-bcp47":
            # Replace the Name element holding `title` with a LanguageBCP47 element of the same size.
            title, tag = rest.split(",")
            old = bytes([0x53, 0x6E, 0x80 | len(title)]) + title.encode()
            replace_same_size(path, old, ebml_string([0x22, 0xB5, 0x9D], tag, len(old)))
        elif name == "flagdefault0-to-flagenabled0":
            # The n-th explicit FlagDefault=0 becomes FlagEnabled=0 (FlagDefault then defaults to 1).
            replace_same_size(path, bytes([0x88, 0x81, 0x00]), bytes([0xB9, 0x81, 0x00]), int(rest))
        else:
            raise SystemExit("unknown op " + name)


def escape_rbsp(b):
    out = bytearray()
    zeros = 0
    for x in b:
        if zeros >= 2 and x <= 3:
            out.append(3)
            zeros = 0
        out.append(x)
        zeros = zeros + 1 if x == 0 else 0
    return bytes(out)


def a53_sei(pair):
    payload = bytes([0xB5, 0x00, 0x31]) + b"GA94" + bytes([0x03, 0xC0 | 1, 0xFF, 0xFC, pair[0], pair[1], 0xFF])
    sei = bytes([0x06, 0x04, len(payload)]) + payload + bytes([0x80])
    return b"\x00\x00\x00\x01" + escape_rbsp(sei)


def parse_scc(path, fps):
    """SCC words keyed by frame number, one byte pair per frame from the cue's timecode on."""
    frames = {}
    for line in open(path):
        line = line.strip()
        if not line or line.startswith("Scenarist"):
            continue
        tc, words = line.split("\t")
        h, m, s, f = (int(x) for x in tc.replace(";", ":").split(":"))
        frame = round((h * 3600 + m * 60 + s) * fps) + f
        for w in words.split():
            while frame in frames:
                frame += 1
            frames[frame] = bytes.fromhex(w)
            frame += 1
    return frames


def sei_cmd(args):
    src, scc, dst = args
    data = open(src, "rb").read()
    pairs = parse_scc(scc, 30000 / 1001)
    # Split Annex B into NAL units (start code kept with each unit).
    starts = []
    i = 0
    while True:
        j = data.find(b"\x00\x00\x01", i)
        if j < 0:
            break
        s = j - 1 if j > 0 and data[j - 1] == 0 else j
        starts.append((s, j + 3))
        i = j + 3
    out = bytearray()
    frame = -1
    pending = False
    for k, (s, h) in enumerate(starts):
        end = starts[k + 1][0] if k + 1 < len(starts) else len(data)
        nal_type = data[h] & 0x1F
        if nal_type == 9:
            frame += 1
            pending = True
        if nal_type in (1, 5) and pending:
            out += a53_sei(pairs.get(frame, b"\x80\x80"))
            pending = False
        out += data[s:end]
    open(dst, "wb").write(out)


if __name__ == "__main__":
    {"mp4": mp4_cmd, "mkv": mkv_cmd, "sei": sei_cmd}[sys.argv[1]](sys.argv[2:])
