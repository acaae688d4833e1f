#include "families/fractional/fractional_svg.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace collverify {
namespace {

constexpr double kLeft = 70, kTop = 60, kWidth = 720, kHeight = 420;
constexpr double kYMin = 0.8, kYMax = 2.0;

const char* colour(std::size_t i) {
  static const char* kColours[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e"};
  return kColours[i % 5];
}

struct Axes {
  double x_lo = 0, x_hi = 1;  // log10 k/t
  double x(double kappa) const {
    return kLeft + (std::log10(kappa) - x_lo) / (x_hi - x_lo) * kWidth;
  }
  static double y(double v) {
    const double c = std::clamp(v, kYMin, kYMax);
    return kTop + kHeight - (c - kYMin) / (kYMax - kYMin) * kHeight;
  }
};

std::string frame(const Axes& a) {
  std::string out = fmt::format(
      "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#333\"/>\n",
      kLeft, kTop, kWidth, kHeight);
  for (int e = static_cast<int>(std::ceil(a.x_lo)); e <= static_cast<int>(std::floor(a.x_hi)); ++e) {
    const double x = a.x(std::pow(10.0, e));
    out += fmt::format(
        "<line x1=\"{0:.1f}\" y1=\"{1}\" x2=\"{0:.1f}\" y2=\"{2}\" stroke=\"#ddd\"/>"
        "<text x=\"{0:.1f}\" y=\"{3}\" font-family=\"sans-serif\" font-size=\"12\" "
        "text-anchor=\"middle\">1e{4}</text>\n",
        x, kTop, kTop + kHeight, kTop + kHeight + 18, e);
  }
  for (int i = 0; i <= 12; ++i) {
    const double v = kYMin + 0.1 * i;
    const double y = Axes::y(v);
    out += fmt::format(
        "<line x1=\"{0}\" y1=\"{1:.1f}\" x2=\"{2}\" y2=\"{1:.1f}\" stroke=\"{3}\"/>"
        "<text x=\"{4}\" y=\"{5:.1f}\" font-family=\"sans-serif\" font-size=\"12\" "
        "text-anchor=\"end\">{6:.1f}</text>\n",
        kLeft, y, kLeft + kWidth, std::abs(v - 1.0) < 1e-9 ? "#999" : "#eee", kLeft - 6, y + 4, v);
  }
  out += fmt::format(
      "<text x=\"{:.1f}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"13\" "
      "text-anchor=\"middle\">k/t (message length over start-up time)</text>\n"
      "<text x=\"18\" y=\"{:.1f}\" font-family=\"sans-serif\" font-size=\"13\" "
      "transform=\"rotate(-90 18 {:.1f})\" text-anchor=\"middle\">speed-up over min(chain, "
      "binary tree)</text>\n",
      kLeft + kWidth / 2, kTop + kHeight + 40, kTop + kHeight / 2, kTop + kHeight / 2);
  return out;
}

std::string polyline(const Axes& a, const fractional::SpeedupCurve& c, bool integer,
                     const char* stroke) {
  std::string pts;
  for (const auto& p : c.points) {
    pts += fmt::format("{:.1f},{:.1f} ", a.x(p.kappa),
                       Axes::y(integer ? p.integer_speedup : p.continuous_speedup));
  }
  return fmt::format("<polyline fill=\"none\" stroke=\"{}\" stroke-width=\"{}\"{} points=\"{}\"/>\n",
                     stroke, integer ? 2.5 : 1.5, integer ? "" : " stroke-dasharray=\"6 4\"", pts);
}

std::string legend(const std::vector<fractional::SpeedupCurve>& curves) {
  std::string out;
  double y = kTop + 16;
  for (std::size_t i = 0; i < curves.size(); ++i, y += 18) {
    const auto& c = curves[i];
    const auto& m = c.points[c.integer_max];
    out += fmt::format(
        "<line x1=\"{0}\" y1=\"{1:.1f}\" x2=\"{2}\" y2=\"{1:.1f}\" stroke=\"{3}\" "
        "stroke-width=\"2.5\"/><text x=\"{4}\" y=\"{5:.1f}\" font-family=\"sans-serif\" "
        "font-size=\"12\">P = {6}: max {7:.3f} at k/t = {8:.3g} (r = {9})</text>\n",
        kLeft + 12, y, kLeft + 40, colour(i), kLeft + 46, y + 4, c.P, m.integer_speedup, m.kappa,
        m.integer_r);
  }
  out += fmt::format(
      "<line x1=\"{0}\" y1=\"{1:.1f}\" x2=\"{2}\" y2=\"{1:.1f}\" stroke=\"#555\" "
      "stroke-dasharray=\"6 4\"/><text x=\"{3}\" y=\"{4:.1f}\" font-family=\"sans-serif\" "
      "font-size=\"12\">dashed: the paper's real-s formulas; solid: integer s, exact search</text>\n",
      kLeft + 12, y, kLeft + 40, kLeft + 46, y + 4);
  return out;
}

// The paper's stated maxima, as grey ticks on the right edge.
std::string paper_claims() {
  std::string out;
  const std::pair<const char*, double> claims[] = {{"paper: 1.29 (P = 64)", 1.29},
                                                   {"paper: 1.8 (P = 16384)", 1.8}};
  for (const auto& [label, v] : claims) {
    const double y = Axes::y(v);
    out += fmt::format(
        "<line x1=\"{0}\" y1=\"{1:.1f}\" x2=\"{2}\" y2=\"{1:.1f}\" stroke=\"#888\" "
        "stroke-width=\"2\"/><text x=\"{3}\" y=\"{4:.1f}\" font-family=\"sans-serif\" "
        "font-size=\"11\" fill=\"#666\">{5}</text>\n",
        kLeft + kWidth - 30, y, kLeft + kWidth, kLeft + kWidth + 4, y + 4, label);
  }
  return out;
}

}  // namespace

std::string speedup_svg(const std::vector<fractional::SpeedupCurve>& curves) {
  Axes a;
  bool first = true;
  for (const auto& c : curves) {
    for (const auto& p : c.points) {
      const double e = std::log10(p.kappa);
      a.x_lo = first ? e : std::min(a.x_lo, e);
      a.x_hi = first ? e : std::max(a.x_hi, e);
      first = false;
    }
  }
  if (a.x_hi <= a.x_lo) a.x_hi = a.x_lo + 1;
  std::string body = frame(a);
  for (std::size_t i = 0; i < curves.size(); ++i) {
    body += polyline(a, curves[i], false, colour(i));
    body += polyline(a, curves[i], true, colour(i));
  }
  body += legend(curves) + paper_claims();
  const double width = kLeft + kWidth + 150, height = kTop + kHeight + 60;
  const std::string title = "Figure 3: fractional tree over the best of chain and binary tree";
  return fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0:.0f}\" height=\"{1:.0f}\" "
      "viewBox=\"0 0 {0:.0f} {1:.0f}\" role=\"img\"><title>{2}</title>\n"
      "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
      "<text x=\"20\" y=\"22\" font-family=\"sans-serif\" font-size=\"15\" "
      "font-weight=\"bold\">{2}</text>\n"
      "<text x=\"20\" y=\"40\" font-family=\"sans-serif\" font-size=\"12\" fill=\"#444\">seed "
      "002, duplex model, T = (d + s(1 + 1/r))(t + k/s); each layout at its best s (and r)</text>\n"
      "{3}</svg>\n",
      width, height, title, body);
}

std::string speedup_csv(const std::vector<fractional::SpeedupCurve>& curves) {
  std::string out = "P,k_over_t,speedup_integer,r_integer,speedup_continuous,r_continuous\n";
  for (const auto& c : curves) {
    for (const auto& p : c.points) {
      out += fmt::format("{},{:.6g},{:.6f},{},{:.6f},{}\n", c.P, p.kappa, p.integer_speedup,
                         p.integer_r, p.continuous_speedup, p.continuous_r);
    }
  }
  return out;
}

}  // namespace collverify
