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
        elif name == "codecid":
            # Replace a CodecID string with another, NUL-padded to the same element size.
            old_id, new_id = rest.split(",")
            old = bytes([0x86, 0x80 | len(old_id)]) + old_id.encode()
            replace_same_size(path, old, bytes([0x86, 0x80 | len(old_id)]) + new_id.encode() + b"\0" * (len(old_id) - len(new_id)))
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


def sup_cmd(args):
    """A minimal HDMV PGS (.sup) stream: one 8x2 white bar from 0.1 s, cleared at 0.9 s.

    FFmpeg converts subtitles only bitmap-to-bitmap, so DVB subtitles need a bitmap source; the
    dvbsub encoder takes the decoded PGS. Segments: PCS 0x16, WDS 0x17, PDS 0x14, ODS 0x15,
    END 0x80, each with the "PG" header (pts/dts in 90 kHz).
    """
    width, height = 64, 48

    def seg(pts, typ, body):
        return b"PG" + struct.pack(">IIBH", pts, 0, typ, len(body)) + body

    def display(pts, comp, show):
        out = seg(pts, 0x16, struct.pack(">HHBHBBBB", width, height, 0x10, comp, 0x80, 0, 0, 1 if show else 0)
                  + (struct.pack(">HBBHH", 0, 0, 0, 8, 40) if show else b""))
        if show:
            out += seg(pts, 0x17, struct.pack(">BBHHHH", 1, 0, 8, 40, 8, 2))
            out += seg(pts, 0x14, bytes([0, 0, 1, 235, 128, 128, 255]))
            rle = (bytes([0, 0x88, 1]) + bytes([0, 0])) * 2  # 8 pixels of colour 1, end of line
            out += seg(pts, 0x15, struct.pack(">HBB", 0, 0, 0xC0) + (len(rle) + 4).to_bytes(3, "big")
                       + struct.pack(">HH", 8, 2) + rle)
        return out + seg(pts, 0x80, b"")

    open(args[0], "wb").write(display(9000, 0, True) + display(81000, 1, False))


def crc32_mpeg2(data):
    crc = 0xFFFFFFFF
    for byte in data:
        crc ^= byte << 24
        for _ in range(8):
            crc = ((crc << 1) ^ 0x04C11DB7) & 0xFFFFFFFF if crc & 0x80000000 else (crc << 1) & 0xFFFFFFFF
    return crc


def pmt_cc_cmd(args):
    """Adds an ATSC A/65 caption_service_descriptor (0x86) to the first (video) ES of every PMT.

    args: TS file, language, line21_field (0 = field 1 / CC1, 1 = field 2 / CC3). FFmpeg never
    writes this descriptor; the PMT section grows by 9 bytes inside its one TS packet.
    """
    path, lang, field = args[0], args[1], int(args[2])
    data = bytearray(open(path, "rb").read())
    body = bytes([0xE0 | 1]) + lang.encode() + bytes([0x40 | field, 0x3F, 0xFF])  # one 608 service
    desc = bytes([0x86, len(body)]) + body
    pmt_pids = set()
    for off in range(0, len(data) - 187, 188):
        pkt = data[off:off + 188]
        pid = ((pkt[1] & 0x1F) << 8) | pkt[2]
        if not pkt[1] & 0x40:
            continue
        start = 4 + 1 + pkt[4]
        if pid == 0:
            sec_len = ((pkt[start + 1] & 0x0F) << 8) | pkt[start + 2]
            for i in range(start + 8, start + 3 + sec_len - 4, 4):
                if (pkt[i] << 8 | pkt[i + 1]) != 0:
                    pmt_pids.add(((pkt[i + 2] & 0x1F) << 8) | pkt[i + 3])
        elif pid in pmt_pids and pkt[start] == 0x02:
            sec_len = ((pkt[start + 1] & 0x0F) << 8) | pkt[start + 2]
            section = bytearray(pkt[start:start + 3 + sec_len - 4])
            prog_info = ((section[10] & 0x0F) << 8) | section[11]
            es = 12 + prog_info
            es_info = ((section[es + 3] & 0x0F) << 8) | section[es + 4]
            section[es + 3:es + 5] = bytes([0xF0 | ((es_info + len(desc)) >> 8), (es_info + len(desc)) & 0xFF])
            section[es + 5 + es_info:es + 5 + es_info] = desc
            new_len = len(section) - 3 + 4
            section[1:3] = bytes([(section[1] & 0xF0) | (new_len >> 8), new_len & 0xFF])
            section += struct.pack(">I", crc32_mpeg2(section))
            body = bytes(pkt[:start]) + bytes(section)
            assert len(body) <= 188
            data[off:off + 188] = body + b"\xff" * (188 - len(body))
    open(path, "wb").write(data)


if __name__ == "__main__":
    {"mp4": mp4_cmd, "mkv": mkv_cmd, "sei": sei_cmd, "sup": sup_cmd, "pmt-cc": pmt_cc_cmd}[sys.argv[1]](sys.argv[2:])
