#include "decode/encoding.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <string>
#include <string_view>

namespace pagemd::extract {
namespace {

using namespace std::string_literals;

// ---------------------------------------------------------------------------------------------
// canonical_encoding

TEST(CanonicalEncoding, MapsLabelsAfterTrimmingAndLowerCasing) {
  EXPECT_EQ(canonical_encoding(" utf8 "), "UTF-8");
  EXPECT_EQ(canonical_encoding("\t\n\f\rUnicode-1-1-UTF-8\r\n"), "UTF-8");
  EXPECT_EQ(canonical_encoding("x-unicode20utf8"), "UTF-8");
  EXPECT_EQ(canonical_encoding("X-SJIS"), "Shift_JIS");
  EXPECT_EQ(canonical_encoding("ms932"), "Shift_JIS");
  EXPECT_EQ(canonical_encoding("windows-31j"), "Shift_JIS");
  EXPECT_EQ(canonical_encoding("866"), "IBM866");
  EXPECT_EQ(canonical_encoding("iso_8859-2:1987"), "ISO-8859-2");
  EXPECT_EQ(canonical_encoding("cyrillic"), "ISO-8859-5");
  EXPECT_EQ(canonical_encoding("asmo-708"), "ISO-8859-6");
  EXPECT_EQ(canonical_encoding("sun_eu_greek"), "ISO-8859-7");
  EXPECT_EQ(canonical_encoding("visual"), "ISO-8859-8");
  EXPECT_EQ(canonical_encoding("logical"), "ISO-8859-8-I");
  EXPECT_EQ(canonical_encoding("latin6"), "ISO-8859-10");
  EXPECT_EQ(canonical_encoding("iso885913"), "ISO-8859-13");
  EXPECT_EQ(canonical_encoding("iso8859-14"), "ISO-8859-14");
  EXPECT_EQ(canonical_encoding("l9"), "ISO-8859-15");
  EXPECT_EQ(canonical_encoding("iso-8859-16"), "ISO-8859-16");
  EXPECT_EQ(canonical_encoding("koi"), "KOI8-R");
  EXPECT_EQ(canonical_encoding("koi8-ru"), "KOI8-U");
  EXPECT_EQ(canonical_encoding("x-mac-roman"), "macintosh");
  EXPECT_EQ(canonical_encoding("tis-620"), "windows-874");
  EXPECT_EQ(canonical_encoding("dos-874"), "windows-874");
  EXPECT_EQ(canonical_encoding("x-cp1250"), "windows-1250");
  EXPECT_EQ(canonical_encoding("cp1251"), "windows-1251");
  EXPECT_EQ(canonical_encoding("windows-1253"), "windows-1253");
  EXPECT_EQ(canonical_encoding("cp1255"), "windows-1255");
  EXPECT_EQ(canonical_encoding("x-cp1256"), "windows-1256");
  EXPECT_EQ(canonical_encoding("windows-1257"), "windows-1257");
  EXPECT_EQ(canonical_encoding("cp1258"), "windows-1258");
  EXPECT_EQ(canonical_encoding("x-mac-ukrainian"), "x-mac-cyrillic");
  EXPECT_EQ(canonical_encoding("GB2312"), "GBK");
  EXPECT_EQ(canonical_encoding("chinese"), "GBK");
  EXPECT_EQ(canonical_encoding("gb18030"), "gb18030");
  EXPECT_EQ(canonical_encoding("big5-hkscs"), "Big5");
  EXPECT_EQ(canonical_encoding("x-euc-jp"), "EUC-JP");
  EXPECT_EQ(canonical_encoding("csiso2022jp"), "ISO-2022-JP");
  EXPECT_EQ(canonical_encoding("ks_c_5601-1987"), "EUC-KR");
  EXPECT_EQ(canonical_encoding("windows-949"), "EUC-KR");
  EXPECT_EQ(canonical_encoding("hz-gb-2312"), "replacement");
  EXPECT_EQ(canonical_encoding("iso-2022-kr"), "replacement");
  EXPECT_EQ(canonical_encoding("unicodefffe"), "UTF-16BE");
  EXPECT_EQ(canonical_encoding("utf-16"), "UTF-16LE");
  EXPECT_EQ(canonical_encoding("ucs-2"), "UTF-16LE");
  EXPECT_EQ(canonical_encoding("x-user-defined"), "x-user-defined");
}

TEST(CanonicalEncoding, TreatsLatin1AndAsciiAsWindows1252) {
  for (const char* label : {"iso-8859-1", "latin1", "l1", "ascii", "us-ascii", "ANSI_X3.4-1968", "cp819", "ibm819",
                            "iso_8859-1:1987", "windows-1252"}) {
    EXPECT_EQ(canonical_encoding(label), "windows-1252") << label;
  }
}

TEST(CanonicalEncoding, TreatsLatin5AsWindows1254) {
  EXPECT_EQ(canonical_encoding("iso-8859-9"), "windows-1254");
  EXPECT_EQ(canonical_encoding("latin5"), "windows-1254");
  EXPECT_EQ(canonical_encoding("iso_8859-9:1989"), "windows-1254");
}

TEST(CanonicalEncoding, RejectsUnknownLabels) {
  for (const char* label : {"", " ", "utf-7", "utf 8", "utf-8x", "latin-1", "iso-8859-12", "iso-8859-9-x", "utf-32",
                            "\vutf-8", "utf-8\v", "a-label-longer-than-any-real-one"}) {
    EXPECT_EQ(canonical_encoding(label), "") << label;
  }
  EXPECT_EQ(canonical_encoding("utf-8\0"s), "");
  EXPECT_EQ(canonical_encoding("\xC2\xA0utf-8"), "");
}

// ---------------------------------------------------------------------------------------------
// sniff_encoding

TEST(SniffEncoding, ByteOrderMarkBeatsDeclaredAndMeta) {
  const std::string meta = "<meta charset=koi8-r>";
  EXPECT_EQ(sniff_encoding("\xEF\xBB\xBF" + meta, "iso-8859-2"), "UTF-8");
  EXPECT_EQ(sniff_encoding("\xFE\xFF" + meta, "iso-8859-2"), "UTF-16BE");
  EXPECT_EQ(sniff_encoding("\xFF\xFE" + meta, "iso-8859-2"), "UTF-16LE");
  EXPECT_EQ(sniff_encoding("\xEF\xBB" + meta, ""), "KOI8-R");
}

TEST(SniffEncoding, DeclaredCharsetBeatsMeta) {
  EXPECT_EQ(sniff_encoding("<meta charset=utf-8>", "ISO-8859-2"), "ISO-8859-2");
  EXPECT_EQ(sniff_encoding("<meta charset=utf-8>", " Shift_JIS "), "Shift_JIS");
}

TEST(SniffEncoding, IgnoresUnknownDeclaredCharset) {
  EXPECT_EQ(sniff_encoding("<meta charset=euc-kr>", "klingon"), "EUC-KR");
  EXPECT_EQ(sniff_encoding("<p>hi</p>", "klingon"), "windows-1252");
}

TEST(SniffEncoding, UnlabelledValidUtf8IsUtf8) {
  EXPECT_EQ(sniff_encoding("<p>caf\xC3\xA9</p>", ""), "UTF-8");
  // Not valid UTF-8 throughout, so the detector decides: mostly legacy bytes are a legacy page...
  EXPECT_EQ(sniff_encoding("<p>Le caf\xE9 de l'\xE9t\xE9 est na\xEF"
                           "f et tr\xE8s fran\xE7"
                           "ais.</p>",
                           ""),
            "windows-1252");
  // ...and UTF-8 with a stray legacy byte is still UTF-8, which loses one character instead of all.
  EXPECT_EQ(sniff_encoding("<p>Caf\xC3\xA9, cr\xC3\xA8me br\xC3\xBBl\xC3\xA9"
                           "e, d\xC3\xA9j\xC3\xA0 vu \xE9</p>",
                           ""),
            "UTF-8");
  EXPECT_EQ(sniff_encoding("<p>plain ascii</p>", ""), "windows-1252");
}

TEST(SniffEncoding, UnlabelledTextIsReadAsItIsOnlyWhenAllOfItIsUtf8) {
  // The sniffing reads every byte of unlabelled text; the decoding then copies what it found UTF-8
  // or ASCII. A legacy or broken byte anywhere, past any run of ASCII, still goes to the detector
  // or becomes U+FFFD.
  for (std::size_t offset = 0; offset < 72; ++offset) {
    const std::string ascii(offset, 'a');
    EXPECT_EQ(decode_to_utf8(ascii + "<p>caf\xC3\xA9</p>" + ascii, ""), ascii + "<p>caf\xC3\xA9</p>" + ascii) << offset;
    EXPECT_EQ(decode_to_utf8(ascii + "<p>plain</p>", ""), ascii + "<p>plain</p>") << offset;
    EXPECT_EQ(decode_to_utf8(ascii + "<p>Le caf\xE9 de l'\xE9t\xE9 est na\xEF"
                                     "f</p>",
                             ""),
              ascii +
                  "<p>Le caf\xC3\xA9 de l'\xC3\xA9t\xC3\xA9 est na\xC3\xAF"
                  "f</p>")
        << offset;
    EXPECT_EQ(decode_to_utf8(ascii + "<p>Caf\xC3\xA9, cr\xC3\xA8me, d\xC3\xA9j\xC3\xA0 vu \xE9</p>", ""),
              ascii + "<p>Caf\xC3\xA9, cr\xC3\xA8me, d\xC3\xA9j\xC3\xA0 vu \uFFFD</p>")
        << offset;
  }
}

TEST(SniffEncoding, TakesDeclaredOrMetaUtf16WithoutBomAsUtf8) {
  EXPECT_EQ(sniff_encoding("<p>hi</p>", "utf-16"), "UTF-8");
  EXPECT_EQ(sniff_encoding("<p>hi</p>", "utf-16be"), "UTF-8");
  EXPECT_EQ(sniff_encoding("<meta charset=utf-16le>", ""), "UTF-8");
  EXPECT_EQ(sniff_encoding("<meta charset=unicodeFFFE>", ""), "UTF-8");
}

TEST(SniffEncoding, TakesMetaXUserDefinedAsWindows1252) {
  EXPECT_EQ(sniff_encoding("<meta charset=x-user-defined>", ""), "windows-1252");
  EXPECT_EQ(sniff_encoding("<p>", "x-user-defined"), "x-user-defined");
}

TEST(SniffEncoding, DefaultsToWindows1252) {
  EXPECT_EQ(sniff_encoding("", ""), "windows-1252");
  EXPECT_EQ(sniff_encoding("<html><body>caf\xE9</body></html>", ""), "windows-1252");
}

TEST(SniffEncoding, ReadsMetaCharsetQuotedUnquotedAndAnyCase) {
  EXPECT_EQ(sniff_encoding(R"(<meta charset="utf-8">)", ""), "UTF-8");
  EXPECT_EQ(sniff_encoding("<meta charset='iso-8859-5'>", ""), "ISO-8859-5");
  EXPECT_EQ(sniff_encoding("<meta charset=koi8-r>", ""), "KOI8-R");
  EXPECT_EQ(sniff_encoding("<META CHARSET=EUC-JP>", ""), "EUC-JP");
  EXPECT_EQ(sniff_encoding("<meta/charset=big5>", ""), "Big5");
  EXPECT_EQ(sniff_encoding("<meta\ncharset = \" gbk \" >", ""), "GBK");
  // An unquoted value runs up to whitespace or '>', so the slash makes the label unknown.
  EXPECT_EQ(sniff_encoding("<meta charset=windows-1251/>", ""), "windows-1252");
}

TEST(SniffEncoding, FindsMetaAfterOtherMarkup) {
  const std::string head =
      "<!DOCTYPE html><?xml-stylesheet href=x?><html lang=en><head>"
      "<title>T</title><link rel=stylesheet href='a.css'>";
  EXPECT_EQ(sniff_encoding(head + "<meta charset=\"windows-1251\"></head>", ""), "windows-1251");
}

TEST(SniffEncoding, ReadsHttpEquivContentType) {
  EXPECT_EQ(sniff_encoding(R"(<meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS">)", ""),
            "Shift_JIS");
  EXPECT_EQ(sniff_encoding(R"(<meta content="text/html;charset=euc-kr" http-equiv=content-type>)", ""), "EUC-KR");
  EXPECT_EQ(sniff_encoding(R"(<meta http-equiv='content-type' content='text/html; charset="koi8-u"'>)", ""), "KOI8-U");
  EXPECT_EQ(sniff_encoding(R"(<meta http-equiv=content-type content="charset = latin2 ; x">)", ""), "ISO-8859-2");
  EXPECT_EQ(sniff_encoding(R"(<meta http-equiv=content-type content="charsetx charset=l5">)", ""), "windows-1254");
}

TEST(SniffEncoding, IgnoresContentWithoutHttpEquiv) {
  EXPECT_EQ(sniff_encoding(R"(<meta content="text/html; charset=koi8-r">)", ""), "windows-1252");
  EXPECT_EQ(sniff_encoding(R"(<meta http-equiv=refresh content="0; charset=koi8-r">)", ""), "windows-1252");
}

TEST(SniffEncoding, IgnoresUnusableContentCharset) {
  EXPECT_EQ(sniff_encoding(R"(<meta http-equiv=content-type content="text/html; charset=">)", ""), "windows-1252");
  EXPECT_EQ(sniff_encoding(R"(<meta http-equiv=content-type content="charset='koi8-r">)", ""), "windows-1252");
  EXPECT_EQ(sniff_encoding(R"(<meta http-equiv=content-type content="text/html">)", ""), "windows-1252");
}

TEST(SniffEncoding, CharsetAttributeWinsOverContent) {
  EXPECT_EQ(sniff_encoding(R"(<meta http-equiv=content-type content="charset=koi8-r" charset="euc-jp">)", ""),
            "EUC-JP");
}

TEST(SniffEncoding, SkipsMetaWithUnknownCharsetAndUsesTheNextOne) {
  EXPECT_EQ(sniff_encoding("<meta charset=bogus><meta charset=euc-kr>", ""), "EUC-KR");
}

TEST(SniffEncoding, IgnoresRepeatedAttributes) {
  EXPECT_EQ(sniff_encoding(R"(<meta charset="bogus" charset="utf-8">)", ""), "windows-1252");
}

TEST(SniffEncoding, SkipsComments) {
  EXPECT_EQ(sniff_encoding("<!-- <meta charset=koi8-r> --><meta charset=utf-8>", ""), "UTF-8");
  // "<!-->" is already a complete comment, so the meta after it counts.
  EXPECT_EQ(sniff_encoding("<!--><meta charset=koi8-r>-->", ""), "KOI8-R");
  EXPECT_EQ(sniff_encoding("<!-- unterminated <meta charset=koi8-r>", ""), "windows-1252");
}

TEST(SniffEncoding, SkipsMetaInsideAttributeValues) {
  EXPECT_EQ(sniff_encoding(R"(<div title="<meta charset=koi8-r>"><meta charset=iso-8859-5>)", ""), "ISO-8859-5");
}

TEST(SniffEncoding, DoesNotTakeLookalikeTagsForMeta) {
  EXPECT_EQ(sniff_encoding("<metadata charset=koi8-r>", ""), "windows-1252");
  EXPECT_EQ(sniff_encoding("<xmeta charset=koi8-r>", ""), "windows-1252");
}

TEST(SniffEncoding, OnlyPrescansTheFirst1024Bytes) {
  const std::string meta = "<meta charset=koi8-r>";
  EXPECT_EQ(sniff_encoding(std::string(1024 - meta.size(), ' ') + meta, ""), "KOI8-R");
  EXPECT_EQ(sniff_encoding(std::string(1024 - meta.size() + 1, ' ') + meta, ""), "windows-1252");
  EXPECT_EQ(sniff_encoding(std::string(2000, ' ') + meta, ""), "windows-1252");
}

// ---------------------------------------------------------------------------------------------
// decode_to_utf8: UTF-8

TEST(DecodeUtf8, KeepsValidTextAndNulBytes) {
  const std::string text = "a\0b caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80 \xF4\x8F\xBF\xBF"s;
  EXPECT_EQ(decode_to_utf8(text, "utf-8"), text);
}

TEST(DecodeUtf8, SkipsTheBom) {
  EXPECT_EQ(decode_to_utf8("\xEF\xBB\xBFhi", ""), "hi");
  EXPECT_EQ(decode_to_utf8("\xEF\xBB\xBF", "windows-1252"), "");
  // Only one BOM is removed; a second one is content (U+FEFF).
  EXPECT_EQ(decode_to_utf8("\xEF\xBB\xBF\xEF\xBB\xBFx", ""), "\xEF\xBB\xBFx");
}

TEST(DecodeUtf8, ReplacesLoneContinuationBytes) {
  EXPECT_EQ(decode_to_utf8("\x80", "utf-8"), "\uFFFD");
  EXPECT_EQ(decode_to_utf8("a\x80\xBF"
                           "b",
                           "utf-8"),
            "a\uFFFD\uFFFDb");
}

TEST(DecodeUtf8, ReplacesTruncatedSequenceAtEndOnce) {
  EXPECT_EQ(decode_to_utf8("a\xC3", "utf-8"), "a\uFFFD");
  EXPECT_EQ(decode_to_utf8("a\xE2\x82", "utf-8"), "a\uFFFD");
  EXPECT_EQ(decode_to_utf8("a\xF0\x9F\x98", "utf-8"), "a\uFFFD");
}

TEST(DecodeUtf8, ReplacesInterruptedSequenceOnceAndKeepsTheNextByte) {
  EXPECT_EQ(decode_to_utf8("\xE2\x82x", "utf-8"), "\uFFFDx");
  EXPECT_EQ(decode_to_utf8("\xF0\x9F\x98\xC3\xA9", "utf-8"), "\uFFFD\xC3\xA9");
}

TEST(DecodeUtf8, ReplacesOverlongsByteByByte) {
  EXPECT_EQ(decode_to_utf8("\xC0\x80", "utf-8"), "\uFFFD\uFFFD");
  EXPECT_EQ(decode_to_utf8("\xC1\xBF", "utf-8"), "\uFFFD\uFFFD");
  EXPECT_EQ(decode_to_utf8("\xE0\x80\x80", "utf-8"), "\uFFFD\uFFFD\uFFFD");
  EXPECT_EQ(decode_to_utf8("\xF0\x80\x80\x80", "utf-8"), "\uFFFD\uFFFD\uFFFD\uFFFD");
}

TEST(DecodeUtf8, ReplacesSurrogatesByteByByte) {
  EXPECT_EQ(decode_to_utf8("\xED\xA0\x80", "utf-8"), "\uFFFD\uFFFD\uFFFD");
  EXPECT_EQ(decode_to_utf8("\xED\xBF\xBF", "utf-8"), "\uFFFD\uFFFD\uFFFD");
  EXPECT_EQ(decode_to_utf8("\xED\x9F\xBF", "utf-8"), "\xED\x9F\xBF");  // U+D7FF is fine
}

TEST(DecodeUtf8, ReplacesBytesThatNeverStartASequence) {
  EXPECT_EQ(decode_to_utf8("\xF4\x90\x80\x80", "utf-8"), "\uFFFD\uFFFD\uFFFD\uFFFD");
  EXPECT_EQ(decode_to_utf8("\xF5\x80\x80\x80", "utf-8"), "\uFFFD\uFFFD\uFFFD\uFFFD");
  EXPECT_EQ(decode_to_utf8("\xF8\x88\x80\x80\x80", "utf-8"), "\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD");
  // (FE FF at the very start would be a UTF-16BE byte order mark.)
  EXPECT_EQ(decode_to_utf8("a\xFE\xFF", "utf-8"), "a\uFFFD\uFFFD");
}

TEST(DecodeUtf8, FollowsTheMaximalSubpartExampleOfTheUnicodeStandard) {
  EXPECT_EQ(decode_to_utf8("\x61\xF1\x80\x80\xE1\x80\xC2\x62\x80\x63\x80\xBF\x64", "utf-8"),
            "a\uFFFD\uFFFD\uFFFDb\uFFFDc\uFFFD\uFFFDd");
}

TEST(DecodeUtf8, FindsErrorsAtEveryOffsetOfTheWordLoop) {
  // Past 64 bytes of ASCII: the 32-byte steps, the 8-byte steps after them, the bytes one by one.
  for (std::size_t offset = 0; offset < 72; ++offset) {
    const std::string ascii(offset, 'a');
    const std::string tail(19, 'z');
    EXPECT_EQ(decode_to_utf8(ascii + "\xC3\xA9\xFF" + tail + "\xE2\x82\xAC", "utf-8"),
              ascii + "\xC3\xA9\uFFFD" + tail + "\xE2\x82\xAC")
        << offset;
    EXPECT_EQ(decode_to_utf8(ascii + "\x80", "utf-8"), ascii + "\uFFFD") << offset;
  }
}

// ---------------------------------------------------------------------------------------------
// decode_to_utf8: windows-1252 and x-user-defined

TEST(DecodeWindows1252, MapsC1RangeToPunctuation) {
  EXPECT_EQ(decode_to_utf8("\x80 \x93x\x94 \x85 \x99", ""), "€ “x” … ™");
  EXPECT_EQ(decode_to_utf8("\x8A\x9F", "latin1"), "\xC5\xA0\xC5\xB8");
}

TEST(DecodeWindows1252, MapsWholeC1RangeLikeTheWhatwgIndex) {
  std::string bytes;
  for (int b = 0x80; b <= 0x9F; ++b) {
    bytes += static_cast<char>(b);
  }
  EXPECT_EQ(decode_to_utf8(bytes, "windows-1252"),
            "€\xC2\x81‚ƒ„…†‡ˆ‰Š‹Œ\xC2\x8DŽ\xC2\x8F"
            "\xC2\x90‘’“”•–—˜™š›œ\xC2\x9DžŸ");
}

TEST(DecodeWindows1252, MapsUndefinedBytesToC1Controls) {
  EXPECT_EQ(decode_to_utf8("\x81\x8D\x8F\x90\x9D", "windows-1252"), "\xC2\x81\xC2\x8D\xC2\x8F\xC2\x90\xC2\x9D");
}

TEST(DecodeWindows1252, MapsUpperHalfLikeLatin1AndKeepsNul) {
  EXPECT_EQ(decode_to_utf8("caf\xE9\xA0\xFF\0!"s, "iso-8859-1"), "caf\xC3\xA9\xC2\xA0\xC3\xBF\0!"s);
}

TEST(DecodeWindows1252, DecodesLongAsciiRunsUnchanged) {
  const std::string ascii(1000, 'q');
  EXPECT_EQ(decode_to_utf8(ascii + "\xE9" + ascii, ""), ascii + "\xC3\xA9" + ascii);
}

TEST(DecodeXUserDefined, MapsHighBytesToPrivateUse) {
  EXPECT_EQ(decode_to_utf8("a\x80\xFF", "x-user-defined"), "a\xEF\x9E\x80\xEF\x9F\xBF");
}

TEST(DecodeReplacement, ReplacesWholeInputWithOneCharacter) {
  EXPECT_EQ(decode_to_utf8("\x1B$)C\x0E!!", "iso-2022-kr"), "\uFFFD");
  EXPECT_EQ(decode_to_utf8("", "iso-2022-kr"), "");
  EXPECT_EQ(decode_to_utf8("<meta charset=hz-gb-2312>abc", ""), "\uFFFD");
}

// ---------------------------------------------------------------------------------------------
// decode_to_utf8: UTF-16

TEST(DecodeUtf16, DecodesBothByteOrdersAfterBom) {
  EXPECT_EQ(decode_to_utf8("\xFF\xFEh\0i\0\xAC\x20"s, ""), "hi\xE2\x82\xAC");
  EXPECT_EQ(decode_to_utf8("\xFE\xFF\0h\0i\x20\xAC"s, ""), "hi\xE2\x82\xAC");
}

TEST(DecodeUtf16, JoinsSurrogatePairs) {
  EXPECT_EQ(decode_to_utf8("\xFF\xFE\x3D\xD8\x00\xDE"s, ""), "\xF0\x9F\x98\x80");
  EXPECT_EQ(decode_to_utf8("\xFE\xFF\xD8\x3D\xDE\x00"s, ""), "\xF0\x9F\x98\x80");
  EXPECT_EQ(decode_to_utf8("\xFE\xFF\xDB\xFF\xDF\xFF"s, ""), "\xF4\x8F\xBF\xBF");
}

TEST(DecodeUtf16, ReplacesLoneSurrogates) {
  // Lead without trail: the following unit is still decoded.
  EXPECT_EQ(decode_to_utf8("\xFF\xFE\x3D\xD8"
                           "a\0"s,
                           ""),
            "\uFFFDa");
  EXPECT_EQ(decode_to_utf8("\xFF\xFE\x3D\xD8\x3D\xD8\x00\xDE"s, ""), "\uFFFD\xF0\x9F\x98\x80");
  EXPECT_EQ(decode_to_utf8("\xFF\xFE\x00\xDE"
                           "a\0"s,
                           ""),
            "\uFFFDa");
  EXPECT_EQ(decode_to_utf8("\xFF\xFE"
                           "a\0\x3D\xD8"s,
                           ""),
            "a\uFFFD");
}

TEST(DecodeUtf16, ReplacesOddTrailingByteOnce) {
  EXPECT_EQ(decode_to_utf8("\xFF\xFE"
                           "a\0b"s,
                           ""),
            "a\uFFFD");
  EXPECT_EQ(decode_to_utf8("\xFF\xFE\x3D\xD8\x00"s, ""), "\uFFFD");
}

// ---------------------------------------------------------------------------------------------
// decode_to_utf8: legacy encodings through iconv

TEST(DecodeLegacy, DecodesShiftJis) {
  // あ日本, the last kanji with an ASCII-range trail byte.
  EXPECT_EQ(decode_to_utf8("\x82\xA0\x93\xFA\x96\x7B", "shift_jis"), "\xE3\x81\x82\xE6\x97\xA5\xE6\x9C\xAC");
  // ① is an NEC extension that browsers decode as Shift_JIS.
  EXPECT_EQ(decode_to_utf8("\x87\x40", "sjis"), "\xE2\x91\xA0");
}

TEST(DecodeLegacy, ReplacesInvalidShiftJisAndKeepsGoing) {
  EXPECT_EQ(decode_to_utf8("a\x82", "shift_jis"), "a\uFFFD");
  EXPECT_EQ(decode_to_utf8("\xA0"
                           "b\x82\xA0",
                           "shift_jis"),
            "\uFFFDb\xE3\x81\x82");
  EXPECT_EQ(decode_to_utf8("x\0y"s, "shift_jis"), "x\0y"s);
}

TEST(DecodeLegacy, DecodesIso8859_2FromMeta) {
  EXPECT_EQ(decode_to_utf8("<meta charset=iso-8859-2>\xB1\xE6\xA9", ""),
            "<meta charset=iso-8859-2>\xC4\x85\xC4\x87\xC5\xA0");
}

TEST(DecodeLegacy, DecodesOtherSingleByteEncodings) {
  EXPECT_EQ(decode_to_utf8("\xCF\xF0\xE8", "windows-1251"), "\xD0\x9F\xD1\x80\xD0\xB8");
  EXPECT_EQ(decode_to_utf8("\xAE\xBE", "koi8-u"), "\xD1\x9E\xD0\x8E");
  EXPECT_EQ(decode_to_utf8("\xDB", "macintosh"), "\xE2\x82\xAC");
  EXPECT_EQ(decode_to_utf8("\xFD", "latin5"), "\xC4\xB1");
}

TEST(DecodeLegacy, DecodesChineseAndKorean) {
  EXPECT_EQ(decode_to_utf8("\xC4\xE3\xBA\xC3", "gb2312"), "\xE4\xBD\xA0\xE5\xA5\xBD");
  EXPECT_EQ(decode_to_utf8("\x80", "gbk"), "\xE2\x82\xAC");
  EXPECT_EQ(decode_to_utf8("\xA4\xA4", "big5"), "\xE4\xB8\xAD");
  // A UHC (windows-949) syllable outside plain EUC-KR.
  EXPECT_EQ(decode_to_utf8("\x81\x41", "euc-kr"), "\xEA\xB0\x82");
}

TEST(DecodeLegacy, DecodesJapaneseVariants) {
  EXPECT_EQ(decode_to_utf8("\xA4\xA2", "euc-jp"), "\xE3\x81\x82");
  EXPECT_EQ(decode_to_utf8("\x1B$B$\"\x1B(Bx", "iso-2022-jp"), "\xE3\x81\x82x");
}

}  // namespace
}  // namespace pagemd::extract
