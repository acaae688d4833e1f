// Issue 25 item 6: the hand-written XML escaping (reports/escape.hpp xml_escape, used by
// junit.xml, report.html and every SVG) proved against an independent, maintained XML parser
// (libxml2): for arbitrary bytes (control characters, invalid UTF-8, "]]>", quotes, entities),
// the escaped text placed in element content and in an attribute value, a whole junit.xml
// carrying it in every user-text position, and report.html's witness paragraph all parse as
// well-formed XML, and the text read back equals the input with the documented replacement
// (expected() below, written from the XML 1.0 Char production and Unicode's table of well-formed
// UTF-8 byte sequences, not from the escaper).
#include <cstdint>
#include <string>
#include <vector>

#include <libxml/parser.h>
#include <libxml/tree.h>

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "reports/escape.hpp"
#include "reports/writers.hpp"
#include "tests/reports/sample_summary.hpp"

namespace collverify::reports {
namespace {

const std::string kFffd = "\xEF\xBF\xBD";

// The length of the well-formed UTF-8 sequence at s[i] (Unicode Table 3-7), or 0.
std::size_t well_formed_length(const std::string& s, std::size_t i) {
  const auto at = [&](std::size_t k) -> int {
    return k < s.size() ? static_cast<unsigned char>(s[k]) : -1;
  };
  const int b0 = at(i);
  const auto in = [](int b, int lo, int hi) { return b >= lo && b <= hi; };
  if (in(b0, 0x00, 0x7F)) return 1;
  if (in(b0, 0xC2, 0xDF)) return in(at(i + 1), 0x80, 0xBF) ? 2 : 0;
  if (b0 == 0xE0) return in(at(i + 1), 0xA0, 0xBF) && in(at(i + 2), 0x80, 0xBF) ? 3 : 0;
  if (in(b0, 0xE1, 0xEC) || in(b0, 0xEE, 0xEF)) {
    return in(at(i + 1), 0x80, 0xBF) && in(at(i + 2), 0x80, 0xBF) ? 3 : 0;
  }
  if (b0 == 0xED) return in(at(i + 1), 0x80, 0x9F) && in(at(i + 2), 0x80, 0xBF) ? 3 : 0;
  if (b0 == 0xF0) {
    return in(at(i + 1), 0x90, 0xBF) && in(at(i + 2), 0x80, 0xBF) && in(at(i + 3), 0x80, 0xBF)
               ? 4
               : 0;
  }
  if (in(b0, 0xF1, 0xF3)) {
    return in(at(i + 1), 0x80, 0xBF) && in(at(i + 2), 0x80, 0xBF) && in(at(i + 3), 0x80, 0xBF)
               ? 4
               : 0;
  }
  if (b0 == 0xF4) {
    return in(at(i + 1), 0x80, 0x8F) && in(at(i + 2), 0x80, 0xBF) && in(at(i + 3), 0x80, 0xBF)
               ? 4
               : 0;
  }
  return 0;
}

// The documented replacement: every byte outside a well-formed UTF-8 sequence, every character
// the XML 1.0 Char production excludes (controls but tab, newline, carriage return; U+FFFE,
// U+FFFF) and DEL become U+FFFD, one per byte.
std::string expected(const std::string& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size();) {
    const std::size_t n = well_formed_length(s, i);
    const std::string seq = s.substr(i, n == 0 ? 1 : n);
    const auto b0 = static_cast<unsigned char>(s[i]);
    const bool control = n == 1 && ((b0 < 0x20 && b0 != '\t' && b0 != '\n' && b0 != '\r') ||
                                    b0 == 0x7F);
    const bool nonchar = seq == "\xEF\xBF\xBE" || seq == "\xEF\xBF\xBF";
    if (n == 0 || control || nonchar) {
      for (std::size_t k = 0; k < seq.size(); ++k) out += kFffd;  // one per byte
      i += seq.size();
    } else {
      out += seq;
      i += n;
    }
  }
  return out;
}

// A strict parse (no recovery, no network); nullptr when the document is not well-formed.
struct Doc {
  xmlDocPtr doc = nullptr;
  explicit Doc(const std::string& xml) {
    doc = xmlReadMemory(xml.data(), static_cast<int>(xml.size()), "t.xml", "UTF-8",
                        XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  }
  ~Doc() { xmlFreeDoc(doc); }
  Doc(const Doc&) = delete;
  Doc& operator=(const Doc&) = delete;
};

std::string text_of(xmlNodePtr node) {
  xmlChar* t = xmlNodeGetContent(node);
  std::string out = t ? reinterpret_cast<const char*>(t) : "";
  xmlFree(t);
  return out;
}

std::string attribute(xmlNodePtr node, const char* name) {
  xmlChar* t = xmlGetProp(node, reinterpret_cast<const xmlChar*>(name));
  std::string out = t ? reinterpret_cast<const char*>(t) : "<missing>";
  xmlFree(t);
  return out;
}

// Every element named `name` below node, in document order.
void find_all(xmlNodePtr node, const std::string& name, std::vector<xmlNodePtr>& out) {
  for (xmlNodePtr n = node; n != nullptr; n = n->next) {
    if (n->type == XML_ELEMENT_NODE && name == reinterpret_cast<const char*>(n->name)) {
      out.push_back(n);
    }
    find_all(n->children, name, out);
  }
}

// Arbitrary bytes, salted with what breaks hand-written escapers.
rc::Gen<std::string> hostile_text() {
  const std::vector<std::string> salt = {
      "]]>", "\"", "'", "&", "<", ">", "&amp;", "<![CDATA[", "\r\n", "\t", std::string(1, '\0'),
      "\x7f", "\xC3", "\xC3\xA9", "\xE2\x82", "\xED\xA0\x80", "\xEF\xBF\xBE", "\xEF\xBF\xBF",
      "\xF4\x90\x80\x80", "\xC0\xAF", "\xF0\x9F\x98\x80", "\x80", "\xFF", "--", "?>"};
  return rc::gen::map(
      rc::gen::container<std::vector<std::string>>(rc::gen::oneOf(
          rc::gen::map(rc::gen::arbitrary<char>(), [](char c) { return std::string(1, c); }),
          rc::gen::elementOf(salt))),
      [](const std::vector<std::string>& parts) {
        std::string s;
        for (const std::string& p : parts) s += p;
        return s;
      });
}

RC_GTEST_PROP(EscapeXmlProperty, ElementAndAttributeReadBack, ()) {
  const std::string s = *hostile_text();
  const std::string xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<r a=\"" + xml_escape(s) +
                          "\" b='" + xml_escape(s) + "'>" + xml_escape(s) + "</r>\n";
  const Doc d(xml);
  RC_ASSERT(d.doc != nullptr);
  xmlNodePtr root = xmlDocGetRootElement(d.doc);
  RC_ASSERT(text_of(root) == expected(s));
  RC_ASSERT(attribute(root, "a") == expected(s));
  RC_ASSERT(attribute(root, "b") == expected(s));
}

RC_GTEST_PROP(EscapeXmlProperty, JunitCarriesAnyText, ()) {
  const std::string s = *hostile_text();
  RunSummary run = test::sample_summary();
  run.command = s;
  ConstructionSummary& c = run.constructions[1];
  c.name = s;
  c.input = s;
  c.violations[0].property = s;
  c.violations[0].message = s;
  c.cases[2].violation = c.violations[0];
  const Doc d(junit_xml(run, 1));
  RC_ASSERT(d.doc != nullptr);
  std::vector<xmlNodePtr> properties, failures;
  find_all(xmlDocGetRootElement(d.doc), "property", properties);
  find_all(xmlDocGetRootElement(d.doc), "failure", failures);
  int commands = 0;
  for (xmlNodePtr p : properties) {
    if (attribute(p, "name") == "command") {
      RC_ASSERT(attribute(p, "value") == expected(s));
      ++commands;
    }
  }
  RC_ASSERT(commands == 2);
  RC_ASSERT(failures.size() == 1u);
  RC_ASSERT(attribute(failures[0], "type") == expected(s));
  RC_ASSERT(text_of(failures[0]) == expected(s));
}

// report.html as a whole is HTML (a <meta> without its end tag), but every element that holds
// user text is XML: the smallest witness's paragraph reads back as the witness.
RC_GTEST_PROP(EscapeXmlProperty, HtmlWitnessParagraphCarriesAnyText, ()) {
  const std::string s = *hostile_text();
  RunSummary run = test::sample_summary();
  run.constructions[1].violations[0].message = s;
  const std::string html = html_report(run);
  const std::string open = "<p class=\"witness\">";
  const std::size_t begin = html.find(open);
  RC_ASSERT(begin != std::string::npos);
  const std::size_t end = html.find("</p>", begin);
  RC_ASSERT(end != std::string::npos);
  const Doc d(html.substr(begin, end + 4 - begin));
  RC_ASSERT(d.doc != nullptr);
  RC_ASSERT(text_of(xmlDocGetRootElement(d.doc)) ==
            expected("p=4 send_before_receive: " + s + " (rank=3, round=1, block=-2)"));
}

TEST(EscapeXmlProperty, ExpectedReplacementExamples) {
  EXPECT_EQ(expected("a\x01" "b"), "a" + kFffd + "b");
  EXPECT_EQ(expected("\xE2\x82" "a"), kFffd + kFffd + "a");  // truncated: one per byte
  EXPECT_EQ(expected("\xC3\xA9\xF0\x9F\x98\x80"), "\xC3\xA9\xF0\x9F\x98\x80");
  EXPECT_EQ(expected("\xED\xA0\x80"), kFffd + kFffd + kFffd);  // a surrogate
  EXPECT_EQ(xml_escape("\xED\xA0\x80]]>"), kFffd + kFffd + kFffd + "]]&gt;");
  EXPECT_EQ(expected("\xEF\xBF\xBE"), kFffd + kFffd + kFffd);  // U+FFFE
  EXPECT_EQ(xml_escape("\xEF\xBF\xBE"), kFffd + kFffd + kFffd);
}

}  // namespace
}  // namespace collverify::reports
