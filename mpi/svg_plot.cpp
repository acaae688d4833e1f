#include "mpi/svg_plot.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <fmt/format.h>

namespace collverify::mpiexec {

namespace {

constexpr double kWidth = 560;
constexpr double kHeight = 320;
constexpr double kLeft = 70;
constexpr double kRight = 130;
constexpr double kTop = 30;
constexpr double kBottom = 45;
constexpr const char* kColours[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd"};

std::string escape(const std::string& s) {
  std::string out;
  for (const char c : s) {
    if (c == '<') out += "&lt;";
    else if (c == '>') out += "&gt;";
    else if (c == '&') out += "&amp;";
    else out += c;
  }
  return out;
}

std::string human_bytes(double b) {
  if (b >= 1024.0 * 1024) return fmt::format("{:g}M", b / (1024.0 * 1024));
  if (b >= 1024.0) return fmt::format("{:g}K", b / 1024.0);
  return fmt::format("{:g}", b);
}

}  // namespace

std::string svg_plot(const std::string& title, const std::vector<Series>& series) {
  double x0 = std::numeric_limits<double>::infinity(), x1 = -x0, y0 = x0, y1 = -x0;
  for (const Series& s : series) {
    for (const auto& [x, y] : s.points) {
      if (x <= 0 || y <= 0) continue;
      x0 = std::min(x0, std::log2(x));
      x1 = std::max(x1, std::log2(x));
      y0 = std::min(y0, std::log2(y));
      y1 = std::max(y1, std::log2(y));
    }
  }
  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" "
      "viewBox=\"0 0 {0} {1}\" font-family=\"sans-serif\" font-size=\"11\">\n"
      "<text x=\"{2}\" y=\"18\" font-size=\"13\">{3}</text>\n",
      kWidth, kHeight, kLeft, escape(title));
  if (!(x0 <= x1)) return svg + "<text x=\"70\" y=\"60\">no data</text>\n</svg>\n";
  if (x1 == x0) x1 = x0 + 1;
  if (y1 == y0) y1 = y0 + 1;
  const double pw = kWidth - kLeft - kRight;
  const double ph = kHeight - kTop - kBottom;
  const auto px = [&](double x) { return kLeft + (std::log2(x) - x0) / (x1 - x0) * pw; };
  const auto py = [&](double y) { return kTop + ph - (std::log2(y) - y0) / (y1 - y0) * ph; };
  svg += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" "
                     "stroke=\"#888\"/>\n", kLeft, kTop, pw, ph);
  for (double e = std::ceil(x0); e <= x1; e += std::max(1.0, std::floor((x1 - x0) / 8))) {
    const double x = kLeft + (e - x0) / (x1 - x0) * pw;
    svg += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\">{}</text>\n", x,
                       kTop + ph + 15, human_bytes(std::exp2(e)));
  }
  for (double e = std::ceil(y0); e <= y1; e += std::max(1.0, std::floor((y1 - y0) / 6))) {
    const double y = kTop + ph - (e - y0) / (y1 - y0) * ph;
    svg += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"end\">{:.3g}</text>\n",
                       kLeft - 5, y + 4, std::exp2(e) * 1e6);
  }
  svg += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\">message size "
                     "(bytes, log scale)</text>\n", kLeft + pw / 2, kHeight - 8);
  svg += fmt::format("<text x=\"14\" y=\"{:.1f}\" transform=\"rotate(-90 14 {:.1f})\" "
                     "text-anchor=\"middle\">time (us, log scale)</text>\n",
                     kTop + ph / 2, kTop + ph / 2);
  for (std::size_t i = 0; i < series.size(); ++i) {
    const char* colour = kColours[i % 4];
    std::string pts;
    std::string dots;
    for (const auto& [x, y] : series[i].points) {
      if (x <= 0 || y <= 0) continue;
      pts += fmt::format("{:.1f},{:.1f} ", px(x), py(y));
      dots += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"2.5\" fill=\"{}\"/>\n", px(x),
                          py(y), colour);
    }
    svg += fmt::format("<polyline fill=\"none\" stroke=\"{}\" stroke-width=\"1.5\" points=\"{}\"/>\n",
                       colour, pts);
    svg += dots;
    const double ly = kTop + 14 + 16 * static_cast<double>(i);
    svg += fmt::format("<line x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{2:.1f}\" y2=\"{1:.1f}\" "
                       "stroke=\"{3}\" stroke-width=\"2\"/><text x=\"{4:.1f}\" y=\"{5:.1f}\">{6}"
                       "</text>\n",
                       kLeft + pw + 10, ly, kLeft + pw + 28, colour, kLeft + pw + 32, ly + 4,
                       escape(series[i].name));
  }
  return svg + "</svg>\n";
}

}  // namespace collverify::mpiexec
