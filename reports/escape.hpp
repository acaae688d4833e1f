// Escaping for the text formats the writers emit (internal to reports/). Each function makes
// arbitrary text (messages, commands, construction names) safe to place verbatim in one
// syntactic position of one format; none of them reflows or truncates.
#pragma once

#include <string>
#include <string_view>

namespace collverify::reports {

// XML 1.0 / HTML / SVG text and attribute values: & < > " ' become entities; tab, newline and
// carriage return become character references (so attribute values keep them); what XML 1.0
// cannot hold becomes U+FFFD, one per byte: the other control characters (and DEL), and every
// byte that does not begin a well-formed UTF-8 sequence of a character XML allows (a stray or
// truncated sequence, an overlong form, a surrogate, U+FFFE, U+FFFF). So any bytes give a
// well-formed document that reads back as the input with those replacements
// (tests/reports/escape_xml_property_test.cpp checks it with libxml2; docs/FORMATS.md).
std::string xml_escape(std::string_view text);

// Markdown inline text, including table cells: backslash-escapes the characters that could
// start emphasis, code, HTML or a cell boundary (\ ` * _ | < > &), and turns line breaks into
// spaces so a cell or list item stays on one line.
std::string markdown_escape(std::string_view text);

// A Markdown code span holding text verbatim: fenced by one more backtick than the longest run
// of backticks inside, with | escaped for tables and line breaks turned into spaces.
std::string markdown_code(std::string_view text);

// One line of plain text for stdout or stderr, where a CI runner reads lines (GitHub executes a
// line that starts with "::" as a workflow command): \n \r and the other control characters
// become the visible escapes \n, \r and \xNN, and a backslash becomes \\, so a user's text
// (a file name with a newline) can never end the line and start one of its own. Used by cli/
// for every message that may carry a user's text.
std::string one_line(std::string_view text);

// GitHub workflow command data (after "::"): % \r \n become %25 %0D %0A.
std::string github_escape_data(std::string_view text);

// GitHub workflow command property values (title=...): as data, and also : , become %3A %2C.
std::string github_escape_property(std::string_view text);

}  // namespace collverify::reports
