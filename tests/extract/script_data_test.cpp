#include "markup/script_data.hpp"

#include <gtest/gtest.h>

#include <string>
#include <string_view>

namespace pagemd::extract::html {
namespace {

constexpr std::size_t npos = std::string_view::npos;

// The script content before its end tag, or "<no end>".
std::string content(std::string_view script) {
  const std::size_t end = script_data_end(script, 0);
  return end == npos ? std::string("<no end>") : std::string(script.substr(0, end));
}

TEST(ScriptData, EndsAtTheFirstScriptEndTagOutsideAComment) {
  EXPECT_EQ(content("var a = 1;</script>"), "var a = 1;");
  EXPECT_EQ(content("x</scripts></SCRIPT >"), "x</scripts>");
  EXPECT_EQ(content("x</script/>y"), "x");
  EXPECT_EQ(content("no end tag"), "<no end>");
  EXPECT_EQ(content("x</script"), "<no end>");  // the input ends inside the name
}

TEST(ScriptData, AnEscapedScriptEndsAtItsEndTagWhenNothingIsDoubleEscaped) {
  EXPECT_EQ(content("<!-- x </script> -->"), "<!-- x ");
  EXPECT_EQ(content("<!--> y</script>"), "<!--> y");  // "<!-->" closes at once
}

TEST(ScriptData, AScriptWrittenInsideACommentIsDoubleEscaped) {
  EXPECT_EQ(content("<!-- w('<script>x</script>'); --></script>tail"), "<!-- w('<script>x</script>'); -->");
  EXPECT_EQ(content("<!--<script type=a>--></script>"), "<!--<script type=a>-->");
  // Still inside the double-escaped run: the second end tag ends that run, the third the element.
  EXPECT_EQ(content("<!--<script></script></script>"), "<!--<script></script>");
  // "<scripts" is another name: no double escape.
  EXPECT_EQ(content("<!--<scripts></script>x"), "<!--<scripts>");
  // A run that is never closed runs to the end of the input.
  EXPECT_EQ(content("<!--<script>--></script>"), "<!--<script>-->");
  EXPECT_EQ(content("<!--<script> a </script"), "<no end>");
}

TEST(ScriptData, DashesBeforeTheCommentsEndAreCounted) {
  EXPECT_EQ(content("<!-- a --- b ---> </script>"), "<!-- a --- b ---> ");
  EXPECT_EQ(content("<!-- a - > <script> --> </script></script>"), "<!-- a - > <script> --> ");
}

}  // namespace
}  // namespace pagemd::extract::html
