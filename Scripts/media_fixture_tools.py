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


# --- DVB teletext (ETSI EN 300 472 / EN 300 706) ------------------------------------------------
# FFmpeg has no teletext encoder, so the teletext fixture is written here from scratch: a PAT, a
# PMT whose streams carry a teletext_descriptor (0x56), and PES packets (stream_type 0x06,
# private_stream_1) holding EBU teletext subtitle data units.

HAMMING_84 = [0x15, 0x02, 0x49, 0x5E, 0x64, 0x73, 0x38, 0x2F, 0xD0, 0xC7, 0x8C, 0x9B, 0xA1, 0xB6, 0xFD, 0xEA]


def bit_reverse(b):
    return int("{:08b}".format(b)[::-1], 2)


def odd_parity(c):
    return c | (0x80 if bin(c).count("1") % 2 == 0 else 0)


def ttx_unit(magazine, row, payload40, line=7):
    """One 46-byte EBU teletext subtitle data unit (data_unit_id 0x03), bits in EN 300 472 order;
    `line` is the VBI line offset (each unit of a PES needs its own)."""
    m = magazine & 7
    data = [0xE4, HAMMING_84[m | ((row & 1) << 3)], HAMMING_84[row >> 1]] + list(payload40)
    assert len(data) == 43
    return bytes([0x03, 0x2C, 0xC0 | 0x20 | line]) + bytes(bit_reverse(b) if i > 0 else b for i, b in enumerate(data))


def ttx_header(magazine, page, erase):
    """Packet X/0 of a subtitle page: page number, C4 erase, C6 subtitle, C7 suppress header."""
    units = [HAMMING_84[page & 0xF], HAMMING_84[page >> 4], HAMMING_84[0], HAMMING_84[8 if erase else 0],
             HAMMING_84[0], HAMMING_84[0x8], HAMMING_84[0x1], HAMMING_84[0]]
    return ttx_unit(magazine, 0, units + [odd_parity(0x20)] * 32, line=7)


def ttx_row(magazine, row, text):
    chars = [0x0D, 0x0B, 0x0B] + [ord(c) for c in text] + [0x0A, 0x0A]
    chars += [0x20] * (40 - len(chars))
    return ttx_unit(magazine, row, [odd_parity(c) for c in chars[:40]], line=8)


def ttx_stuffing():
    return bytes([0xFF, 0x2C]) + b"\xff" * 44


def pes_teletext(pts, units):
    """A private_stream_1 PES with PES_header_data_length 0x24, as EN 300 472 requires."""
    data = bytes([0x10]) + b"".join(units)  # data_identifier 0x10: EBU data
    header = bytes([0x84, 0x80, 0x24]) + bytes([0x21 | ((pts >> 29) & 0x0E), (pts >> 22) & 0xFF, 0x01 | ((pts >> 14) & 0xFE),
                                                 (pts >> 7) & 0xFF, 0x01 | ((pts << 1) & 0xFE)]) + b"\xff" * 31
    body = header + data
    return b"\x00\x00\x01\xbd" + struct.pack(">H", len(body)) + body


def psi_section(table_id, ext, body):
    length = 5 + len(body) + 4
    sec = bytes([table_id, 0xB0 | (length >> 8), length & 0xFF]) + struct.pack(">H", ext) + bytes([0xC1, 0, 0]) + body
    return sec + struct.pack(">I", crc32_mpeg2(sec))


class TSWriter:
    def __init__(self):
        self.out = bytearray()
        self.cc = {}

    def packet(self, pid, payload, start):
        """Writes `payload` in as many packets as needed; the last one is padded with an
        adaptation field (PSI is padded with 0xFF after the pointer field instead)."""
        first = True
        while True:
            cc = self.cc.get(pid, 0)
            self.cc[pid] = (cc + 1) & 15
            head = bytes([0x47, (0x40 if (start and first) else 0) | (pid >> 8), pid & 0xFF])
            chunk = payload[:184]
            payload = payload[184:]
            if len(chunk) == 184:
                self.out += head + bytes([0x10 | cc]) + chunk
            else:
                pad = 184 - len(chunk)
                af = bytes([pad - 1]) + (bytes([0x00]) + b"\xff" * (pad - 2) if pad > 1 else b"")
                self.out += head + bytes([0x30 | cc]) + af + chunk
            first = False
            if not payload:
                return

    def psi(self, pid, section):
        sec = b"\x00" + section
        self.out_psi(pid, sec + b"\xff" * (184 - len(sec)))

    def pcr(self, pid, base):
        """An adaptation-field-only packet carrying a PCR (90 kHz base, extension 0)."""
        field = bytes([0x10]) + struct.pack(">IH", base >> 1, ((base & 1) << 15) | 0x7E00)
        af = bytes([183]) + field + b"\xff" * (183 - len(field))
        cc = self.cc.get(pid, 0)
        self.out += bytes([0x47, pid >> 8, pid & 0xFF, 0x20 | cc]) + af

    def out_psi(self, pid, payload):
        cc = self.cc.get(pid, 0)
        self.cc[pid] = (cc + 1) & 15
        self.out += bytes([0x47, 0x40 | (pid >> 8), pid & 0xFF, 0x10 | cc]) + payload


def ts_teletext_cmd(args):
    """A tiny MPEG-TS with teletext subtitle streams.

    args: OUT LANG:TYPE:PAGE... (e.g. eng:5:888 deu:2:150). One stream per argument on PIDs
    0x100, 0x101, …; each gets a teletext_descriptor (ISO 639 language, teletext_type,
    magazine, page) and a subtitle page shown at 0.1 s and erased at 0.9 s.
    """
    out = args[0]
    streams = []
    for k, spec in enumerate(args[1:]):
        lang, typ, page = spec.split(":")
        magazine, page_no = int(page[0]) % 8, int(page[1:], 16)
        streams.append((0x100 + k, lang, int(typ), magazine, page_no))
    pmt_pid = 0x1000
    pat = psi_section(0x00, 1, struct.pack(">HH", 1, 0xE000 | pmt_pid))
    es = b""
    for pid, lang, typ, magazine, page_no in streams:
        desc = bytes([0x56, 5]) + lang.encode() + bytes([(typ << 3) | magazine, page_no])
        es += bytes([0x06, 0xE0 | (pid >> 8), pid & 0xFF, 0xF0, len(desc)]) + desc
    # The PCR rides alone on its own PID (FFmpeg ignores PTS until it has seen a PCR).
    pcr_pid = 0x1F0
    pmt = psi_section(0x02, 1, struct.pack(">HH", 0xE000 | pcr_pid, 0xF000) + es)
    w = TSWriter()
    texts = {"eng": "(MUSIC PLAYING)", "deu": "Hallo.", "fra": "Bonjour."}  # teletext G0 sets have no [ ]
    for pts, show in ((9000, True), (45000, None), (81000, False)):
        w.psi(0, pat)
        w.psi(pmt_pid, pmt)
        w.pcr(pcr_pid, pts - 900)
        if show is None:
            continue
        for pid, lang, typ, magazine, page_no in streams:
            units = [ttx_header(magazine, page_no, True)]
            units.append(ttx_row(magazine, 22, texts.get(lang, "Text")) if show else ttx_stuffing())
            # A header of page xFF ("time filling") ends the page, so decoders complete it now.
            units.append(ttx_header(magazine, 0xFF, False))
            w.packet(pid, pes_teletext(pts, units), True)
    # Repeat the tables so that probing sees enough packets to recognise MPEG-TS.
    while len(w.out) < 188 * 12:
        w.psi(0, pat)
        w.psi(pmt_pid, pmt)
    open(out, "wb").write(w.out)


def fragment_cmd(args):
    """Turns a progressive one-track MP4 (FFmpeg cannot fragment TTML) into an fMP4 init segment
    (ftyp + moov with empty sample tables and mvex/trex) and one media segment (moof + mdat with
    every sample), as an HLS or DASH IMSC rendition carries them.

    args: SRC INIT SEGMENT.
    """
    src, init, seg = args
    data = open(src, "rb").read()
    top = parse(bytearray(data))
    moov = child(top, b"moov")[1]
    trak = child(moov, b"trak")[1]
    track_id = struct.unpack(">I", child(trak, b"tkhd")[1][12:16])[0]
    stbl = child(child(child(trak, b"mdia")[1], b"minf")[1], b"stbl")[1]
    stsz = child(stbl, b"stsz")[1]
    fixed, count = struct.unpack(">II", stsz[4:12])
    sizes = [fixed] * count if fixed else list(struct.unpack(">%dI" % count, stsz[12:12 + 4 * count]))
    stts = child(stbl, b"stts")[1]
    durations = []
    for k in range(struct.unpack(">I", stts[4:8])[0]):
        n, d = struct.unpack(">II", stts[8 + 8 * k:16 + 8 * k])
        durations += [d] * n
    stco = child(stbl, b"stco")[1]
    chunks = list(struct.unpack(">%dI" % struct.unpack(">I", stco[4:8])[0], stco[8:]))
    assert len(chunks) in (1, count), "one chunk, or one sample per chunk"
    offsets = [chunks[0] + sum(sizes[:k]) for k in range(count)] if len(chunks) == 1 else chunks
    samples = b"".join(data[o:o + n] for o, n in zip(offsets, sizes))
    for typ in (b"stts", b"stsc", b"stco"):
        child(stbl, typ)[1][:] = b"\0" * 8
    child(stbl, b"stsz")[1][:] = b"\0" * 12
    moov.append([b"mvex", [[b"trex", bytearray(struct.pack(">IIIIII", 0, track_id, 1, 0, 0, 0))]]])
    open(init, "wb").write(serialize([child(top, b"ftyp"), child(top, b"moov")]))

    def moof(data_offset):
        trun = struct.pack(">II i", 0x000301, count, data_offset) + b"".join(struct.pack(">II", d, n) for d, n in zip(durations, sizes))
        return serialize([[b"moof", [[b"mfhd", bytearray(struct.pack(">II", 0, 1))],
                                     [b"traf", [[b"tfhd", bytearray(struct.pack(">II", 0x020000, track_id))],
                                                [b"tfdt", bytearray(struct.pack(">IQ", 0x01000000, 0))],
                                                [b"trun", bytearray(trun)]]]]]])
    head = moof(0)
    open(seg, "wb").write(moof(len(head) + 8) + serialize([[b"mdat", bytearray(samples)]]))


def split_init_cmd(args):
    """Splits a fragmented MP4 into its init segment (ftyp, moov) and one media segment (the rest)."""
    src, init, media = args
    data = open(src, "rb").read()
    i = 0
    while i + 8 <= len(data):
        size, typ = struct.unpack(">I4s", data[i:i + 8])
        if typ in (b"moof", b"styp", b"sidx"):
            break
        i += size
    open(init, "wb").write(data[:i])
    open(media, "wb").write(data[i:])


if __name__ == "__main__":
    {"mp4": mp4_cmd, "mkv": mkv_cmd, "sei": sei_cmd, "sup": sup_cmd, "pmt-cc": pmt_cc_cmd,
     "ts-teletext": ts_teletext_cmd, "split-init": split_init_cmd, "fragment": fragment_cmd}[sys.argv[1]](sys.argv[2:])
