// The escaping helpers behind every writer (reports/escape.hpp).
#include <string>

#include <gtest/gtest.h>

#include "reports/escape.hpp"

namespace collverify::reports {
namespace {

TEST(Escape, Xml) {
  EXPECT_EQ(xml_escape("<a href=\"x\">&'</a>"),
            "&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;");
  EXPECT_EQ(xml_escape("a\tb\nc\rd"), "a&#9;b&#10;c&#13;d");
  EXPECT_EQ(xml_escape(std::string("x\x01y", 3)), "x\xEF\xBF\xBDy");
  EXPECT_EQ(xml_escape("caf\xC3\xA9"), "caf\xC3\xA9");  // UTF-8 passes through
}

TEST(Escape, Markdown) {
  EXPECT_EQ(markdown_escape("a|b *c* _d_ `e` <f> & \\"),
            "a\\|b \\*c\\* \\_d\\_ \\`e\\` \\<f\\> \\& \\\\");
  EXPECT_EQ(markdown_escape("one\ntwo\r\n"), "one two  ");
}

TEST(Escape, MarkdownCode) {
  EXPECT_EQ(markdown_code("send_before_receive"), "`send_before_receive`");
  EXPECT_EQ(markdown_code("a`b"), "``a`b``");
  EXPECT_EQ(markdown_code("`x"), "`` `x ``");
  EXPECT_EQ(markdown_code("a|b"), "`a\\|b`");
}

TEST(Escape, Github) {
  EXPECT_EQ(github_escape_data("50%\r\n: ,"), "50%25%0D%0A: ,");
  EXPECT_EQ(github_escape_property("50%\r\n: ,"), "50%25%0D%0A%3A %2C");
}

}  // namespace
}  // namespace collverify::reports
