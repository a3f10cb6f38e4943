#!/usr/bin/env python3
"""Writes the PDFs of tests/pdf and tests/convert: small documents laid out by hand, with the
standard fonts (nothing embedded), so that each test knows where every line is.

    make_fixtures.py [OUT_DIR]   (default: this directory)

  article.pdf        two pages, one column: title, headings, paragraphs continuing across the page
                     break, a line-end hyphen, a bullet list with a hanging indent, a numbered list,
                     code in Courier, a link annotation, a ruled-free table, a footnote, and a
                     running header and page number on both pages; Info Title "Microsoft Word -
                     draft3.docx" (not a real title), Author and CreationDate.
  two-columns.pdf    one page: a full-width title over two columns of text.
  layout-cues.pdf    one page of what only positions show: list items whose bullets are drawn discs
                     (no text), one of them wrapping under its first line; items that all start
                     with the same word; a table without rules whose columns are 3 pt apart (its
                     second column right-aligned); one whose first two columns are 3 pt apart and
                     the third 30 pt, with a cell on two lines; a quote indented on both sides; a
                     script in Courier whose first line names its interpreter.
  cjk.pdf            Chinese, Japanese and Korean lines in CID fonts that are not embedded and map
                     their codes through poppler-data's CMaps (UniGB-UCS2-H, UniJIS-UCS2-H,
                     UniKS-UCS2-H), with no ToUnicode: text only poppler's data files can read.
  cjk-other-cmaps.pdf
                     the same with eight other CMaps of the four collections (UTF-16 and the legacy
                     GBK, Big5, Shift-JIS and UHC encodings): more than poppler keeps at once.
  hebrew-word.pdf    a line of English with a Hebrew word in it, drawn right to left as a
                     typesetter draws it (a font whose ToUnicode maps its glyphs to Hebrew letters),
                     and a line after it.
  right-to-left.pdf  right-to-left.html (Hebrew, then Arabic: headings, paragraphs of several lines,
                     a list, a number and a link in a Hebrew line) printed by chromium-headless-shell
                     --print-to-pdf (needs it): whole pages that read right to left, as a browser
                     prints them.
  right-to-left-columns.pdf
                     the same in two columns under the title (the right column reads first).
  big-font.pdf       a line of text beside a font program of 2 MiB (FontFile2, Flate), as a CJK
                     font embedded whole inflates to: font programs have a bound of their own.
  image-only.pdf     a page with an image and no text (a scan).
  partly-scanned.pdf a page of text, then a page with an image only.
  blank-pages.pdf    600 empty pages (more than max_pages' 500).
  encrypted.pdf      article.pdf encrypted with a user password by qpdf (needs qpdf).
  truncated.pdf      the first half of article.pdf.
  bad-xref.pdf       article.pdf with its cross-reference offsets garbled.
  deep-nesting.pdf   a page whose content stream opens 100,000 arrays.
  flate-bomb.pdf     a content stream that inflates to 100 MiB of zero bytes (past the 64 MiB bound;
                     its /Length, about 100,000, starts with 1).
"""

import os
import subprocess
import tempfile
import sys
import zlib

OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
FONTS = {"R": "Helvetica", "B": "Helvetica-Bold", "I": "Helvetica-Oblique", "C": "Courier"}
W, H = 612, 792


# Helvetica's advance widths (per 1000 units of the font size), from its AFM file: enough to wrap
# lines as a typesetter would, so that a line ends where the next word would not fit.
HELVETICA = dict(zip("abcdefghijklmnopqrstuvwxyz", [556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222,
                                                     833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500,
                                                     500, 500]))
HELVETICA.update(zip("ABCDEFGHIJKLMNOPQRSTUVWXYZ", [667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556,
                                                     833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667,
                                                     667, 611]))
HELVETICA.update({" ": 278, ".": 278, ",": 278, ";": 278, ":": 278, "-": 333, "'": 191, "(": 333, ")": 333})


def width(text, size):
    return sum(HELVETICA.get(c, 556) for c in text) * size / 1000


def wrap(text, size, measure, hyphenate=None):
    """Greedy line breaking; `hyphenate` maps a word to the two parts it may break into."""
    lines, line = [], ""
    for word in text.split(" "):
        candidate = (line + " " + word) if line else word
        if line and width(candidate, size) > measure:
            bare = word.rstrip(";,.")
            if hyphenate and bare in hyphenate and width(line + " " + hyphenate[bare][0], size) <= measure:
                head, tail = hyphenate[bare]
                lines.append(line + " " + head)
                line = tail + word[len(bare):]
            else:
                lines.append(line)
                line = word
        else:
            line = candidate
    return lines + [line]


def esc(text):
    return text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


class Page:
    def __init__(self):
        self.ops = []
        self.links = []  # (x0, y0, x1, y1, uri) in PDF space

    def text(self, x, y_top, size, font, text):
        """Sets text with its top-left at (x, y_top) from the page's top."""
        self.ops.append("BT /%s %g Tf %g %g Td (%s) Tj ET" % (font, size, x, H - y_top - size, esc(text)))

    def link(self, x, y_top, width, size, uri):
        self.links.append((x, H - y_top - size * 1.2, x + width, H - y_top + size * 0.1, uri))


def write_pdf(path, pages, info=None, raw_content=None):
    objects = []

    def add(body):
        objects.append(body)
        return len(objects)

    font_ids = {key: add(b"<</Type/Font/Subtype/Type1/BaseFont/%s/Encoding/WinAnsiEncoding>>" % name.encode())
                for key, name in FONTS.items()}
    fonts = b"<<" + b"".join(b"/%s %d 0 R" % (k.encode(), i) for k, i in font_ids.items()) + b">>"
    pages_id = add(None)
    kids = []
    streams = {}  # identical content streams are written once (600 blank pages share one)
    for n, page in enumerate(pages):
        content = raw_content[n] if raw_content else "\n".join(page.ops).encode("latin-1")
        if content in streams:
            stream_id = streams[content]
        elif isinstance(content, tuple):  # (filter name, encoded bytes)
            stream_id = add(b"<</Length %d/Filter/%s>>stream\n" % (len(content[1]), content[0]) + content[1]
                            + b"\nendstream")
        else:
            stream_id = add(b"<</Length %d>>stream\n" % len(content) + content + b"\nendstream")
        streams[content] = stream_id
        annots = []
        for (x0, y0, x1, y1, uri) in (page.links if page else []):
            annots.append(add(b"<</Type/Annot/Subtype/Link/Rect[%g %g %g %g]/Border[0 0 0]"
                              b"/A<</S/URI/URI(%s)>>>>" % (x0, y0, x1, y1, esc(uri).encode())))
        resources = b"<</Font " + fonts + b">>"
        if page is not None and getattr(page, "image", False):
            # 64 KiB of samples, Flate-compressed: images never count against the inflate bound.
            samples = zlib.compress(bytes((x ^ y) & 0xFF for y in range(256) for x in range(256)), 9)
            image = add(b"<</Type/XObject/Subtype/Image/Width 256/Height 256/ColorSpace/DeviceGray"
                        b"/BitsPerComponent 8/Filter/FlateDecode/Length %d>>stream\n" % len(samples) + samples
                        + b"\nendstream")
            resources = b"<</XObject<</Im1 %d 0 R>>>>" % image
        kid = add(b"<</Type/Page/Parent %d 0 R/Contents %d 0 R/Resources %s%s>>"
                  % (pages_id, stream_id, resources,
                     (b"/Annots[" + b" ".join(b"%d 0 R" % a for a in annots) + b"]") if annots else b""))
        kids.append(kid)
    objects[pages_id - 1] = b"<</Type/Pages/MediaBox[0 0 %d %d]/Kids[%s]/Count %d>>" % (
        W, H, b" ".join(b"%d 0 R" % k for k in kids), len(kids))
    info_id = None
    if info:
        info_id = add(b"<<" + b"".join(b"/%s(%s)" % (k.encode(), esc(v).encode()) for k, v in info.items())
                      + b">>")
    catalog = add(b"<</Type/Catalog/Pages %d 0 R>>" % pages_id)
    return write_objects(path, objects, catalog, info_id)


def write_objects(path, objects, catalog, info_id=None):
    """Objects numbered from 1, an exact cross-reference table and the trailer."""
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for i, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<</Size %d/Root %d 0 R%s>>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1, catalog, (b"/Info %d 0 R" % info_id) if info_id else b"", xref)
    with open(path, "wb") as f:
        f.write(out)
    return bytes(out)


def running_lines(page, number):
    page.text(72, 30, 8, "R", "Quarterly Field Notes")
    page.text(300, 750, 8, "R", str(number))


MEASURE = W - 144


def article():
    p1, p2 = Page(), Page()
    running_lines(p1, 1)
    running_lines(p2, 2)
    y = 72
    p1.text(72, y, 22, "B", "Growing Onions in Cold Frames")
    y += 40
    p1.text(72, y, 16, "B", "Why a cold frame")
    y += 26
    intro = ("A cold frame keeps the soil warm through the first weeks of spring, when seedlings are most at "
             "risk. Gardeners who start early use one to harden young plants before they go into open beds. The "
             "frame needs light, shelter from the wind and a lid that opens on warm afternoons; a well-made lid "
             "lasts for years and years.")
    for line in wrap(intro, 11, MEASURE - 20, {"afternoons": ("after-", "noons")}):
        p1.text(72, y, 11, "R", line)
        y += 14
    y += 10
    p1.text(72, y, 13, "B", "Materials")
    y += 20
    for item in ["First item about timber that runs long enough to wrap onto a second line, which starts "
                 "where the text of the first line does: a hanging indent.", "Second item: glass panes."]:
        p1.text(80, y, 11, "R", "\x95")
        for line in wrap(item, 11, MEASURE - 20):
            p1.text(92, y, 11, "R", line)
            y += 14
    y += 8
    for n, text in enumerate(["Measure the bed.", "Cut the boards."], 1):
        p1.text(80, y, 11, "R", "%d." % n)
        p1.text(96, y, 11, "R", text)
        y += 14
    y += 10
    p1.text(72, y, 11, "R", "Read the")
    p1.text(72 + width("Read the ", 11), y, 11, "R", "planting guide")
    p1.link(72 + width("Read the ", 11), y, width("planting guide", 11), 11, "https://garden.example/guide")
    p1.text(72 + width("Read the planting guide ", 11), y, 11, "R", "before you start.")
    y += 24
    for line in ["frame = build(width=120)", "frame.open(hours=3)"]:
        p1.text(72, y, 10, "C", line)
        y += 12
    y += 14
    for row in [("Month", "Task"), ("March", "Sow"), ("April", "Thin")]:
        p1.text(72, y, 11, "B" if row[0] == "Month" else "R", row[0])
        p1.text(250, y, 11, "B" if row[0] == "Month" else "R", row[1])
        y += 16
    y += 10
    # The paragraph goes on on the next page.
    lines = wrap("Onions sown in the frame in late winter are ready to plant out in spring, when the soil has "
                 "warmed and the nights are mild.", 11, MEASURE - 8)
    for line in lines[:-1]:
        p1.text(72, y, 11, "R", line)
        y += 14
    p1.text(72, 700, 8, "R", "1 Frames face south in the northern hemisphere.")
    p2.text(72, 72, 11, "R", lines[-1])
    p2.text(72, 100, 16, "B", "Harvest")
    p2.text(72, 126, 11, "R", "Lift the bulbs when the tops fall over, and dry them in the sun for a week.")
    return [p1, p2]


def two_columns():
    page = Page()
    page.text(72, 60, 20, "B", "Two Column Report")
    measure = 220
    left = wrap("The left column starts here and continues with its second line and ends with a third line "
                "of its first paragraph.", 11, measure) + [None] + wrap(
        "More left text in a new paragraph goes on below it.", 11, measure)
    right = wrap("The right column begins only after the left one is read, whatever the lines of the two "
                 "columns share.", 11, measure) + [None] + wrap(
        "Its last paragraph closes the report at the bottom.", 11, measure)
    for x, lines in ((72, left), (320, right)):
        y = 100
        for line in lines:
            if line is None:
                y += 8
                continue
            page.text(x, y, 11, "R", line)
            y += 14
    return [page]


def layout_cues():
    """Structure a browser prints without text to show it: drawn bullets, 3 pt table gaps."""
    page = Page()
    page.text(72, 60, 18, "B", "Layout Cues")
    y = 96
    intro = ("A browser draws the discs of a bulleted list as shapes, and sets the cells of a table without "
             "rules only a few points apart, so that the text layer alone shows neither; the positions of "
             "the words do.")
    for line in wrap(intro, 11, MEASURE):
        page.text(72, y, 11, "R", line)
        y += 14
    y += 10

    def bullet(y_top):
        # A filled circle of radius 2 left of the item's text, as Chromium draws list-style: disc.
        cx, cy, r, k = 92, H - y_top - 4, 2, 1.1
        page.ops.append("%g %g m %g %g %g %g %g %g c %g %g %g %g %g %g c %g %g %g %g %g %g c %g %g %g %g %g %g c f"
                        % (cx + r, cy, cx + r, cy + k, cx + k, cy + r, cx, cy + r, cx - k, cy + r, cx - r, cy + k,
                           cx - r, cy, cx - r, cy - k, cx - k, cy - r, cx, cy - r, cx + k, cy - r, cx + r, cy - k,
                           cx + r, cy))

    long_item = ("Collect the loaves at the end of the week, when the bakery sells what is left at half the "
                 "price it asked in the morning")
    for item in ["Plan two schedules before winter", long_item, "Visit the market first"]:
        bullet(y)
        for line in wrap(item, 11, MEASURE - 28):
            page.text(100, y, 11, "R", line)
            y += 14
    y += 10
    for item in ["Keep the seeds dry", "Keep a notebook of sowings", "Keep the frame shut at night",
                 "Keep the labels"]:
        bullet(y)
        page.text(100, y, 11, "R", item)
        y += 14
    y += 10
    rows = [("Crop", "Weeks", "Notes"), ("Onion", "12", "sow thinly"), ("Leek", "16", "transplant in June"),
            ("Garlic", "30", "plant cloves in autumn"), ("Shallot", "9", "sets, not seed")]
    first = max(width(r[0], 11) for r in rows)
    second = max(width(r[1], 11) for r in rows)
    for n, (crop, weeks, notes) in enumerate(rows):
        page.text(72, y, 11, "B" if n == 0 else "R", crop)
        # The second column right-aligned, 3 pt after the first; the third 3 pt after it.
        page.text(72 + first + 3 + second - width(weeks, 11), y, 11, "B" if n == 0 else "R", weeks)
        page.text(72 + first + 3 + second + 3, y, 11, "B" if n == 0 else "R", notes)
        y += 16
    y += 12
    # Cells 3 pt apart beside a column 30 pt away, one of whose cells wraps onto a second line.
    rows = [("Bed", "Size", ["Crop"]), ("North", "2x4", ["onions"]), ("South", "3x3", ["leeks, then", "winter kale"]),
            ("East", "1x2", ["garlic"]), ("West", "2x2", ["shallots"])]
    first = max(width(r[0], 11) for r in rows)
    second = max(width(r[1], 11) for r in rows)
    for n, (bed, size, crop) in enumerate(rows):
        font = "B" if n == 0 else "R"
        page.text(72, y, 11, font, bed)
        page.text(72 + first + 3, y, 11, font, size)
        for k, line in enumerate(crop):
            page.text(72 + first + 3 + second + 30, y + 13 * k, 11, font, line)
        y += 16 + 13 * (len(crop) - 1)
    y += 12
    quote = ("Sow in the dark of the moon and reap in the light of it, as the old almanac says; nobody has "
             "ever shown that it matters, but nobody has shown that it does not either.")
    for line in wrap(quote, 11, MEASURE - 80):
        page.text(112, y, 11, "I", line)
        y += 14
    y += 10
    page.text(72, y, 11, "R", "That is all the frame needs.")
    y += 24
    # A script that names its interpreter on its first line.
    for line in ["#!/usr/bin/env python3", "print('sown')"]:
        page.text(72, y, 10, "C", line)
        y += 12
    return [page]


CJK_LINES = [("GB1", "STSong-Light", "UniGB-UCS2-H", "\u4e2d\u6587\u6587\u672c", "utf-16-be"),  # 中文文本
             ("Japan1", "HeiseiMin-W3", "UniJIS-UCS2-H", "\u65e5\u672c\u8a9e\u306e\u6587\u66f8", "utf-16-be"),  # 日本語の文書
             ("Korea1", "HYSMyeongJo-Medium", "UniKS-UCS2-H", "\ud55c\uad6d\uc5b4 \ubb38\uc11c", "utf-16-be")]  # 한국어 문서

# CMaps other than the four that workers read before their jail, more of them than poppler keeps at
# once (four): Unicode in UTF-16 and the legacy encodings Chinese, Japanese and Korean PDFs were made in.
CJK_OTHER_CMAP_LINES = [
    ("GB1", "STSong-Light", "UniGB-UTF16-H", "\u7b80\u4f53\u4e2d\u6587", "utf-16-be"),  # 简体中文
    ("GB1", "STSong-Light", "GBK-EUC-H", "\u4e2d\u6587\u6587\u6863", "gbk"),  # 中文文档
    ("CNS1", "MSung-Light", "UniCNS-UTF16-H", "\u7e41\u9ad4\u4e2d\u6587", "utf-16-be"),  # 繁體中文
    ("CNS1", "MSung-Light", "ETenms-B5-H", "\u53f0\u7063\u6587\u4ef6", "big5"),  # 台灣文件
    ("Japan1", "HeiseiMin-W3", "UniJIS-UTF16-H", "\u65e5\u672c\u8a9e", "utf-16-be"),  # 日本語
    ("Japan1", "HeiseiMin-W3", "90ms-RKSJ-H", "\u6587\u66f8\u3067\u3059", "shift_jis"),  # 文書です
    ("Korea1", "HYSMyeongJo-Medium", "UniKS-UTF16-H", "\ud55c\uad6d\uc5b4", "utf-16-be"),  # 한국어
    ("Korea1", "HYSMyeongJo-Medium", "KSCms-UHC-H", "\ubb38\uc11c\uc785\ub2c8\ub2e4", "cp949"),  # 문서입니다
]


def cjk(path, lines=CJK_LINES):
    """One line per entry of `lines`, each in a non-embedded CID font whose codes go through a CMap."""
    objects = [None, None]  # 1: catalog, 2: pages
    fonts = []
    for ordering, name, cmap, _, _ in lines:
        descriptor = len(objects) + 1
        objects.append(b"<</Type/FontDescriptor/FontName/%s/Flags 6/FontBBox[0 -200 1000 900]/ItalicAngle 0"
                       b"/Ascent 880/Descent -120/CapHeight 880/StemV 80>>" % name.encode())
        cid_font = len(objects) + 1
        objects.append(b"<</Type/Font/Subtype/CIDFontType0/BaseFont/%s/CIDSystemInfo<</Registry(Adobe)"
                       b"/Ordering(%s)/Supplement 2>>/FontDescriptor %d 0 R/DW 1000>>"
                       % (name.encode(), ordering.encode(), descriptor))
        fonts.append(len(objects) + 1)
        objects.append(b"<</Type/Font/Subtype/Type0/BaseFont/%s/Encoding/%s/DescendantFonts[%d 0 R]>>"
                       % (name.encode(), cmap.encode(), cid_font))
    ops = ["BT /F0 18 Tf 72 720 Td (CJK) Tj ET"]
    for n, (_, _, _, text, encoding) in enumerate(lines):
        ops.append("BT /F%d 14 Tf 72 %d Td <%s> Tj ET" % (n + 1, 680 - 30 * n, text.encode(encoding).hex()))
    content = "\n".join(ops).encode()
    objects.append(b"<</Length %d>>stream\n" % len(content) + content + b"\nendstream")
    helvetica = len(objects) + 1
    objects.append(b"<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>")
    resources = b"<</Font<</F0 %d 0 R" % helvetica + b"".join(
        b"/F%d %d 0 R" % (n + 1, f) for n, f in enumerate(fonts)) + b">>>>"
    page = len(objects) + 1
    objects.append(b"<</Type/Page/Parent 2 0 R/MediaBox[0 0 %d %d]/Contents %d 0 R/Resources %s>>"
                   % (W, H, page - 2, resources))
    objects[0] = b"<</Type/Catalog/Pages 2 0 R>>"
    objects[1] = b"<</Type/Pages/Kids[%d 0 R]/Count 1>>" % page
    write_objects(path, objects, 1)


def hebrew_word(path):
    """An English line with the Hebrew word for peace in it, its letters drawn right to left."""
    letters = ["\u05e9", "\u05dc", "\u05d5", "\u05dd"]  # shin, lamed, vav, final mem: in reading order
    to_unicode = ("/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /Hebrew def "
                  "1 begincodespacerange <0000> <FFFF> endcodespacerange %d beginbfchar " % len(letters)
                  + " ".join("<%04x> <%04x>" % (n + 1, ord(c)) for n, c in enumerate(letters))
                  + " endbfchar endcmap CMapName currentdict /CMap defineresource pop end end").encode()
    before, after = "The word ", " means peace, and the line goes on after it."
    x = 72 + width(before, 11)
    # The leftmost glyph is the word's last letter: a right-to-left word is drawn from its end.
    drawn = "".join("%04x" % (len(letters) - n) for n in range(len(letters)))
    ops = ["BT /F1 11 Tf 72 700 Td (%s) Tj ET" % before,
           "BT /F9 11 Tf %g 700 Td <%s> Tj ET" % (x, drawn),
           "BT /F1 11 Tf %g 700 Td (%s) Tj ET" % (x + len(letters) * 6.6 + width(" ", 11), after.lstrip()),
           "BT /F1 11 Tf 72 684 Td (A second line follows.) Tj ET"]
    content = "\n".join(ops).encode()
    objects = [b"<</Type/Catalog/Pages 2 0 R>>", b"<</Type/Pages/Kids[3 0 R]/Count 1>>",
               b"<</Type/Page/Parent 2 0 R/MediaBox[0 0 %d %d]/Contents 4 0 R/Resources<</Font<</F1 5 0 R/F9 6 0 R>>>>>>"
               % (W, H),
               b"<</Length %d>>stream\n" % len(content) + content + b"\nendstream",
               b"<</Type/Font/Subtype/Type1/BaseFont/Helvetica/Encoding/WinAnsiEncoding>>",
               b"<</Type/Font/Subtype/Type0/BaseFont/Hebrew/Encoding/Identity-H/DescendantFonts[7 0 R]/ToUnicode 9 0 R>>",
               b"<</Type/Font/Subtype/CIDFontType2/BaseFont/Hebrew/CIDSystemInfo<</Registry(Adobe)/Ordering(Identity)"
               b"/Supplement 0>>/FontDescriptor 8 0 R/DW 600/CIDToGIDMap/Identity>>",
               b"<</Type/FontDescriptor/FontName/Hebrew/Flags 4/FontBBox[0 -200 600 800]/ItalicAngle 0/Ascent 800"
               b"/Descent -200/CapHeight 700/StemV 80>>",
               b"<</Length %d>>stream\n" % len(to_unicode) + to_unicode + b"\nendstream"]
    write_objects(path, objects, 1)


def right_to_left(path, columns=False):
    """right-to-left.html as Chromium prints it, without its running header and footer; in two
    columns under its title with `columns`."""
    html = os.path.join(os.path.dirname(os.path.abspath(__file__)), "right-to-left.html")
    with tempfile.TemporaryDirectory() as scratch:
        if columns:
            with open(html, encoding="utf-8") as f:
                page = f.read().replace("max-width: 40em; margin: 0 auto; }",
                                        "column-count: 2; column-gap: 2em; } h1 { column-span: all; }")
            html = os.path.join(scratch, "right-to-left.html")
            with open(html, "w", encoding="utf-8") as f:
                f.write(page)
        subprocess.run(["chromium-headless-shell", "--headless", "--disable-gpu", "--no-sandbox",
                        "--disable-background-networking", "--no-first-run", "--proxy-server=127.0.0.1:9",
                        "--no-pdf-header-footer", "--print-to-pdf=" + os.path.abspath(path), "file://" + html],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)


def big_font(path):
    """A page of Helvetica text whose resources also hold a TrueType font program of 2 MiB."""
    program = zlib.compress(b"\0" * (2 << 20), 9)
    content = b"BT /F1 11 Tf 72 700 Td (Text beside a large font program.) Tj ET"
    objects = [b"<</Type/Catalog/Pages 2 0 R>>", b"<</Type/Pages/Kids[3 0 R]/Count 1>>",
               b"<</Type/Page/Parent 2 0 R/MediaBox[0 0 %d %d]/Contents 4 0 R/Resources<</Font<</F1 5 0 R/F2 6 0 R>>>>>>"
               % (W, H),
               b"<</Length %d>>stream\n" % len(content) + content + b"\nendstream",
               b"<</Type/Font/Subtype/Type1/BaseFont/Helvetica/Encoding/WinAnsiEncoding>>",
               b"<</Type/Font/Subtype/TrueType/BaseFont/Whole/FirstChar 32/LastChar 32/Widths[500]"
               b"/FontDescriptor 7 0 R>>",
               b"<</Type/FontDescriptor/FontName/Whole/Flags 32/FontBBox[0 -200 1000 900]/ItalicAngle 0/Ascent 880"
               b"/Descent -120/CapHeight 700/StemV 80/FontFile2 8 0 R>>",
               b"<</Length %d/Length1 %d/Filter/FlateDecode>>stream\n" % (len(program), 2 << 20) + program
               + b"\nendstream"]
    write_objects(path, objects, 1)


def main():
    os.makedirs(OUT, exist_ok=True)
    path = lambda name: os.path.join(OUT, name)
    info = {"Title": "Microsoft Word - draft3.docx", "Author": "Ada Gardener",
            "CreationDate": "D:20240131120000Z"}
    data = write_pdf(path("article.pdf"), article(), info)
    write_pdf(path("two-columns.pdf"), two_columns(), {"Title": "Two Column Report"})
    write_pdf(path("layout-cues.pdf"), layout_cues())
    cjk(path("cjk.pdf"))
    cjk(path("cjk-other-cmaps.pdf"), CJK_OTHER_CMAP_LINES)
    hebrew_word(path("hebrew-word.pdf"))
    right_to_left(path("right-to-left.pdf"))
    right_to_left(path("right-to-left-columns.pdf"), columns=True)
    big_font(path("big-font.pdf"))
    scan = Page()
    scan.image = True
    scan.ops = ["q 200 0 0 200 100 400 cm /Im1 Do Q"]
    write_pdf(path("image-only.pdf"), [scan])
    write_pdf(path("partly-scanned.pdf"), [two_columns()[0], scan])
    write_pdf(path("blank-pages.pdf"), [Page() for _ in range(600)])
    subprocess.run(["qpdf", "--encrypt", "user", "owner", "256", "--", path("article.pdf"), path("encrypted.pdf")],
                   check=True)
    with open(path("truncated.pdf"), "wb") as f:
        f.write(data[: len(data) // 2])
    xref = data.rindex(b"xref\n")
    garbled = data[:xref] + data[xref:].replace(b"0000", b"9999")
    garbled = garbled.replace(b"startxref\n", b"startxref\n9")
    with open(path("bad-xref.pdf"), "wb") as f:
        f.write(garbled)
    write_pdf(path("deep-nesting.pdf"), [Page()], raw_content=[(b"FlateDecode", zlib.compress(b"[" * 100000 + b"]" * 100000, 9))])
    bomb = zlib.compress(b"\0" * (100 << 20), 9)
    write_pdf(path("flate-bomb.pdf"), [Page()], raw_content=[(b"FlateDecode", bomb)])


if __name__ == "__main__":
    main()
