// dilated_diagonal (reference/torus/wormhole_broadcast.hpp): the three phases.
#include <algorithm>
#include <array>
#include <optional>

#include <fmt/format.h>

#include "model/error.hpp"
#include "reference/torus/wormhole_broadcast.hpp"

namespace collverify::torus {

namespace net = network;

namespace {

// A strip [lo, hi) of linear positions holding the packet at h; a child strip with its target
// (the middle position) and its slot: -K..-1 below the holder's part, 1..K above.
struct Strip {
  std::int64_t lo = 0;
  std::int64_t hi = 0;
  std::int64_t h = 0;
};
struct Child {
  int slot = 0;
  Strip strip;
};

// Splits [lo, hi) into 2K + 1 consecutive parts of at most ceil(s / (2K + 1)) positions, the part
// holding h in the middle, K parts on each side (the ones next to the holder's part first filled).
// Feasible whenever h is the middle position of the strip (docs/RESULTS-tori-cycles.md).
std::vector<Child> split(const Strip& s, int K, Strip& own) {
  const std::int64_t size = s.hi - s.lo;
  const std::int64_t m = (size + 2 * K) / (2 * K + 1);
  const std::int64_t below = s.h - s.lo;
  const std::int64_t above = s.hi - 1 - s.h;
  const std::int64_t l = std::max<std::int64_t>(0, below - K * m);
  const std::int64_t u = std::max<std::int64_t>(0, above - K * m);
  CV_ASSERT(l + u + 1 <= m, "strip split: the holder is too far from the middle");
  own = {s.h - l, s.h + u + 1, s.h};
  std::vector<Child> out;
  auto fill = [&](std::int64_t rest, int sign, std::int64_t edge) {
    // `rest` positions beyond `edge` (exclusive) on side `sign`, in K parts, nearest first.
    std::int64_t pos = edge;
    for (int j = 1; j <= K && rest > 0; ++j) {
      const std::int64_t parts_left = K - j + 1;
      const std::int64_t len = (rest + parts_left - 1) / parts_left;
      Strip c;
      if (sign > 0) {
        c.lo = pos;
        c.hi = pos + len;
        pos += len;
      } else {
        c.hi = pos;
        c.lo = pos - len;
        pos -= len;
      }
      c.h = c.lo + (len - 1) / 2;
      out.push_back({sign * j, c});
      rest -= len;
    }
  };
  fill(above - u, +1, own.hi);
  fill(below - l, -1, own.lo);
  return out;
}

// Logical axes: Y is the dimension of the larger side R (phase I runs over its rows), X the other.
struct Axes {
  std::int64_t a = 0;  // side of dimension 0
  std::int64_t R = 0;
  std::int64_t C = 0;
  bool y_is_dim1 = true;
  std::int64_t rx = 0;  // root in logical coordinates
  std::int64_t ry = 0;
  net::Direction xp() const { return y_is_dim1 ? 0 : 2; }
  net::Direction xm() const { return y_is_dim1 ? 1 : 3; }
  net::Direction yp() const { return y_is_dim1 ? 2 : 0; }
  net::Direction ym() const { return y_is_dim1 ? 3 : 1; }
  // Node of logical (x, y) relative to the root.
  std::int64_t node(std::int64_t x, std::int64_t y) const {
    const std::int64_t X = ring_mod(x + rx, C);
    const std::int64_t Y = ring_mod(y + ry, R);
    return y_is_dim1 ? X + a * Y : Y + a * X;
  }
};

void worm(net::Round& round, std::int64_t from, std::initializer_list<std::pair<net::Direction, std::int64_t>> legs,
          std::int64_t root) {
  net::Transmission t;
  t.from = from;
  for (const auto& [d, n] : legs) {
    for (std::int64_t i = 0; i < n; ++i) t.hops.push_back(d);
  }
  t.packets = {{root, 0}};
  round.push_back(std::move(t));
}

// Orders a round's transmissions by sender, ties kept in the order they were added.
void sort_by_sender(net::Round& round) {
  std::stable_sort(
      round.begin(), round.end(),
      [](const net::Transmission& u, const net::Transmission& v) { return u.from < v.from; });
}

// Whether some strip still holds more than one position (there is a phase round left).
bool any_wide(const std::vector<Strip>& holders) {
  return std::any_of(holders.begin(), holders.end(),
                     [](const Strip& h) { return h.hi - h.lo > 1; });
}

// InputError unless a x b is a torus with sides >= 3, at most 2^24 nodes, and root one of them.
void require_dilated_diagonal_input(std::int64_t a, std::int64_t b, std::int64_t root) {
  for (std::int64_t side : {a, b}) {
    if (side < 3) {
      throw InputError(fmt::format(
          "--sides: side {} is below 3 (the dilated-diagonal broadcast needs links in both "
          "directions of both dimensions)",
          side));
    }
  }
  if (a > (std::int64_t{1} << 24) / b) {
    throw InputError(fmt::format("--sides {}x{}: more than 2^24 nodes", a, b));
  }
  const std::int64_t N = a * b;
  if (root < 0 || root >= N) {
    throw InputError(
        fmt::format("--root {} is not a node 0..{} of the {}x{} torus", root, N - 1, a, b));
  }
}

// The logical axes of the a x b torus with the root at logical (0, 0).
Axes logical_axes(std::int64_t a, std::int64_t b, std::int64_t root) {
  Axes ax;
  ax.a = a;
  ax.y_is_dim1 = b >= a;
  ax.R = std::max(a, b);
  ax.C = std::min(a, b);
  ax.rx = ax.y_is_dim1 ? root % a : root / a;
  ax.ry = ax.y_is_dim1 ? root / a : root % a;
  return ax;
}

// Phase I: from the root, one holder per row, five strips of rows a round (slots +-2 step one
// column aside). Returns column[y], the x of row y's holder.
std::vector<std::int64_t> phase_one(const Axes& ax, std::int64_t root, net::RoutedSchedule& s) {
  const std::int64_t R = ax.R;
  const std::int64_t C = ax.C;
  std::vector<std::int64_t> column(static_cast<std::size_t>(R), 0);
  // Rows linear in [lo, lo + R), taken mod R; each strip with the column of its holder.
  const std::int64_t lo = -((R - 1) / 2);
  std::vector<std::pair<Strip, std::int64_t>> holders = {{{lo, lo + R, 0}, 0}};
  while (std::any_of(holders.begin(), holders.end(),
                     [](const auto& h) { return h.first.hi - h.first.lo > 1; })) {
    net::Round round;
    std::vector<std::pair<Strip, std::int64_t>> next;
    for (const auto& [strip, c] : holders) {
      Strip own;
      if (strip.hi - strip.lo == 1) {
        next.push_back({strip, c});
        continue;
      }
      const std::int64_t from = ax.node(c, strip.h);
      for (const Child& ch : split(strip, 2, own)) {
        const std::int64_t dy = ch.strip.h - strip.h;
        std::int64_t col = c;
        switch (ch.slot) {
          case 1:
            worm(round, from, {{ax.yp(), dy}}, root);
            break;
          case 2:
            worm(round, from, {{ax.xp(), 1}, {ax.yp(), dy}}, root);
            col = c + 1;
            break;
          case -1:
            worm(round, from, {{ax.ym(), -dy}}, root);
            break;
          default:
            worm(round, from, {{ax.xm(), 1}, {ax.ym(), -dy}}, root);
            col = c - 1;
            break;
        }
        next.push_back({ch.strip, col});
      }
      next.push_back({own, c});
    }
    holders = std::move(next);
    s.rounds.push_back(std::move(round));
  }
  for (const auto& [strip, c] : holders) {
    column[static_cast<std::size_t>(ring_mod(strip.h, R))] = ring_mod(c, C);
  }
  return column;
}

// Phase III without a diagonal (C does not divide R): every row along itself, three strips a
// round, the same offsets relative to each row's holder.
void phase_three_rows(const Axes& ax, const std::vector<std::int64_t>& column, std::int64_t root,
                      net::RoutedSchedule& s) {
  const std::int64_t R = ax.R;
  const std::int64_t C = ax.C;
  std::vector<Strip> holders;
  const std::int64_t lo = -((C - 1) / 2);
  holders.push_back({lo, lo + C, 0});
  while (any_wide(holders)) {
    net::Round round;
    std::vector<Strip> next;
    for (const Strip& st : holders) {
      if (st.hi - st.lo == 1) {
        next.push_back(st);
        continue;
      }
      Strip own;
      const auto children = split(st, 1, own);
      for (std::int64_t y = 0; y < R; ++y) {
        const std::int64_t x0 = column[static_cast<std::size_t>(y)] + st.h;
        for (const Child& ch : children) {
          const std::int64_t dx = ch.strip.h - st.h;
          worm(round, ax.node(x0, y), {{dx > 0 ? ax.xp() : ax.xm(), std::abs(dx)}}, root);
        }
      }
      for (const Child& ch : children) next.push_back(ch.strip);
      next.push_back(own);
    }
    holders = std::move(next);
    sort_by_sender(round);
    s.rounds.push_back(std::move(round));
  }
}

// informed[y][x] in logical coordinates relative to the root.
class Informed {
 public:
  Informed(std::int64_t R, std::int64_t C)
      : R_(R), C_(C), cells_(static_cast<std::size_t>(R * C), 0) {}
  std::uint8_t& at(std::int64_t x, std::int64_t y) {
    return cells_[static_cast<std::size_t>(ring_mod(y, R_) * C_ + ring_mod(x, C_))];
  }

 private:
  std::int64_t R_;
  std::int64_t C_;
  std::vector<std::uint8_t> cells_;
};

// Phase II: align row y's holder with the diagonal column y mod C.
void phase_two(const Axes& ax, const std::vector<std::int64_t>& column, std::int64_t root,
               Informed& informed, net::RoutedSchedule& s) {
  const std::int64_t C = ax.C;
  net::Round round;
  for (std::int64_t y = 0; y < ax.R; ++y) {
    const std::int64_t c = column[static_cast<std::size_t>(y)];
    const std::int64_t delta = ring_mod(y - c, C);
    if (delta == 0) continue;
    const bool forward = delta <= C / 2;
    worm(round, ax.node(c, y), {{forward ? ax.xp() : ax.xm(), forward ? delta : C - delta}}, root);
    informed.at(y, y) = 1;
  }
  sort_by_sender(round);
  if (!round.empty()) s.rounds.push_back(std::move(round));
}

// One phase-III round of strip st on every row's diagonal holder: a worm to each child's target
// (slots +-1 along the row, +-2 along the column) not already informed; the targets go to newly.
void diagonal_worms(const Axes& ax, Informed& informed, const Strip& st,
                    const std::vector<Child>& children, std::int64_t root, net::Round& round,
                    std::vector<std::pair<std::int64_t, std::int64_t>>& newly) {
  for (std::int64_t y = 0; y < ax.R; ++y) {
    const std::int64_t x0 = y + st.h;
    const std::int64_t from = ax.node(x0, y);
    for (const Child& ch : children) {
      const std::int64_t e = std::abs(ch.strip.h - st.h);
      std::int64_t tx = x0;
      std::int64_t ty = y;
      net::Direction d = 0;
      switch (ch.slot) {
        case 1:
          d = ax.xp();
          tx = x0 + e;
          break;
        case 2:
          d = ax.ym();
          ty = y - e;
          break;
        case -1:
          d = ax.xm();
          tx = x0 - e;
          break;
        default:
          d = ax.yp();
          ty = y + e;
          break;
      }
      if (informed.at(tx, ty) != 0)
        continue;  // a phase-I holder: it forwards without a second copy
      worm(round, from, {{d, e}}, root);
      newly.emplace_back(tx, ty);
    }
  }
}

// Phase III on the diagonal offsets t = x - y mod C: five strips a round.
void phase_three_diagonal(const Axes& ax, std::int64_t root, Informed& informed,
                          net::RoutedSchedule& s) {
  std::vector<Strip> holders;
  const std::int64_t lo = -((ax.C - 1) / 2);
  holders.push_back({lo, lo + ax.C, 0});
  while (any_wide(holders)) {
    net::Round round;
    std::vector<Strip> next;
    std::vector<std::pair<std::int64_t, std::int64_t>> newly;
    for (const Strip& st : holders) {
      if (st.hi - st.lo == 1) {
        next.push_back(st);
        continue;
      }
      Strip own;
      const auto children = split(st, 2, own);
      diagonal_worms(ax, informed, st, children, root, round, newly);
      for (const Child& ch : children) next.push_back(ch.strip);
      next.push_back(own);
    }
    for (const auto& [x, y] : newly) informed.at(x, y) = 1;
    holders = std::move(next);
    sort_by_sender(round);
    s.rounds.push_back(std::move(round));
  }
}

}  // namespace

std::int64_t dilated_diagonal_rounds(std::int64_t a, std::int64_t b) {
  const std::int64_t R = std::max(a, b);
  const std::int64_t C = std::min(a, b);
  if (R % C == 0) return ceil_log(5, R) + (C > 1 ? 1 : 0) + ceil_log(5, C);
  return ceil_log(5, R) + ceil_log(3, C);
}

net::RoutedSchedule dilated_diagonal(std::int64_t a, std::int64_t b, std::int64_t root) {
  require_dilated_diagonal_input(a, b, root);
  const Axes ax = logical_axes(a, b, root);

  net::RoutedSchedule s;
  s.network = {net::NetworkKind::torus, {a, b}};
  s.model = CommModel{CommModel::kAllPorts, Duplex::full, Switching::wormhole, false};
  s.collective = net::Collective::oab;
  s.root = root;
  s.pieces = 1;

  const std::vector<std::int64_t> column = phase_one(ax, root, s);
  if (ax.R % ax.C != 0) {
    phase_three_rows(ax, column, root, s);
    return s;
  }
  Informed informed(ax.R, ax.C);
  for (std::int64_t y = 0; y < ax.R; ++y) informed.at(column[static_cast<std::size_t>(y)], y) = 1;
  phase_two(ax, column, root, informed, s);
  phase_three_diagonal(ax, root, informed, s);
  return s;
}

}  // namespace collverify::torus
