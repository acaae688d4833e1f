// parse_report_formats: exactly the listed formats; bad tokens named in the error.
#include <string>

#include <gtest/gtest.h>

#include "model/error.hpp"
#include "reports/writers.hpp"

namespace collverify {
namespace {

// The InputError message for list, or "" if it parses.
std::string error_for(const std::string& list) {
  try {
    parse_report_formats(list);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(ReportFormats, DefaultsAreJsonJunitMarkdown) {
  const ReportFormats f;
  EXPECT_TRUE(f.json && f.junit && f.markdown);
  EXPECT_FALSE(f.html);
  EXPECT_EQ(f.junit_chunk, 1);
}

TEST(ReportFormats, SelectsExactlyTheListed) {
  const ReportFormats all = parse_report_formats("json,junit,md,html");
  EXPECT_TRUE(all.json && all.junit && all.markdown && all.html);
  const ReportFormats md = parse_report_formats("markdown");
  EXPECT_TRUE(md.markdown);
  EXPECT_FALSE(md.json || md.junit || md.html);
  const ReportFormats spaced = parse_report_formats(" html , json,html ");
  EXPECT_TRUE(spaced.html && spaced.json);
  EXPECT_FALSE(spaced.junit || spaced.markdown);
  EXPECT_EQ(spaced.junit_chunk, 1);
}

TEST(ReportFormats, RejectsUnknownTokenNamingIt) {
  EXPECT_THROW(parse_report_formats("json,pdf"), InputError);
  const std::string message = error_for("json,pdf");
  EXPECT_NE(message.find("'pdf'"), std::string::npos) << message;
  for (const char* accepted : {"json", "junit", "md", "markdown", "html"}) {
    EXPECT_NE(message.find(accepted), std::string::npos) << accepted;
  }
  EXPECT_NE(error_for("JSON").find("'JSON'"), std::string::npos);
}

TEST(ReportFormats, RejectsEmptyEntries) {
  EXPECT_NE(error_for(""), "");
  EXPECT_NE(error_for("json,,md"), "");
  EXPECT_NE(error_for("json,"), "");
}

}  // namespace
}  // namespace collverify
