// The fast routed checker's state (internal to checkers/network: routed_check.cpp drives one
// whole check with it, routed_split.cpp one part per origin range). Layout and contract:
// The fast routed checker (contract: routed_check.hpp). Every table is laid out so that a
// producer which walks the nodes of a round in order, or all translations of a tree in lock step
// (node parent ^ t sends packet t for t = 0, 1, ...), touches each cache line for many sends in a
// row (docs/PERFORMANCE.md "Routed checker"):
//   holdings  P bits per node in tiles of R = min(64, bit_ceil(N)) nodes x 64 packets: the
//             word of tile row r for packets 64k..64k+63 lies at block * R * W + k * height + r,
//             W = ceil(P / 64) words per node, height = R but for a shorter last block, and its
//             bit j belongs to node r ^ (j & mask) (mask R - 1; 0 in a short last block). So
//             the 64 sends of nodes u ^ x with packets of origin x (x in one 64-block: the
//             translations of one tree edge) read one word, and their receivers write one;
//   arcs      direction-major (arc id = direction * N + node): a one-byte round stamp and the
//             index of the first packet on the arc this round; targets in the same order (none
//             on a hypercube, where they are computed); one direction's sends stream through;
//   ports     per node a send and a receive word (round stamp, transmissions left).
// Port stamps count begin_round calls from 1; arc stamps run 1..127 and are zeroed when they
// start over: 2 * stamp is "used once in this round", 2 * stamp + 1 "collision reported".
// Causality is judged at the send, against the holdings at the start of the round: deliveries
// are OR-ed into a small table of holdings words and applied at end_round, so a packet received
// in round t is held from round t + 1. One-hop one-packet sends are judged in stream order with
// their lines prefetched ahead (a short queue for send(), the batch itself for send_hops()).
#pragma once

#include <sys/mman.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <memory>
#include <new>
#include <type_traits>

#include <fmt/format.h>

#include "checkers/network/routed_check.hpp"
#include "model/error.hpp"


namespace collverify::network {

namespace routed_detail {

struct FreeDeleter {
  void operator()(void* p) const { std::free(p); }
};

// `count` zeroed values of a trivial type whose all-zero bytes are its default. From 2 MiB on,
// on 2 MiB-aligned memory marked for transparent huge pages: the holdings of a large all-to-all
// are hundreds of MiB and the arc tables several, read in a scattered order, and 4 KiB pages
// would add a TLB miss to most sends.
template <typename T>
class Zeroed {
 public:
  Zeroed() = default;
  explicit Zeroed(std::size_t count) : size_(count) {
    static_assert(std::is_trivially_copyable_v<T>);
    constexpr std::size_t kHuge = std::size_t{2} << 20;
    const std::size_t want = std::max<std::size_t>(count * sizeof(T), 1);
    const std::size_t align = want >= kHuge ? kHuge : 64;
    const std::size_t bytes = (want + align - 1) / align * align;
    void* p = std::aligned_alloc(align, bytes);
    if (p == nullptr) throw std::bad_alloc();
    if (align == kHuge) (void)madvise(p, bytes, MADV_HUGEPAGE);  // advice only
    std::memset(p, 0, bytes);
    data_.reset(p);
  }
  T& operator[](std::size_t i) { return static_cast<T*>(data_.get())[i]; }
  const T& operator[](std::size_t i) const { return static_cast<const T*>(data_.get())[i]; }
  T* get() { return static_cast<T*>(data_.get()); }
  const T* get() const { return static_cast<const T*>(data_.get()); }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }

 private:
  std::unique_ptr<void, FreeDeleter> data_;
  std::size_t size_ = 0;
};

}  // namespace routed_detail

struct RoutedCheckState {
  struct PortRound {
    std::uint32_t stamp = 0;
    std::int32_t left = 0;  // transmissions still allowed in round `stamp`
  };

  const Network& net;
  RoutedHeader h;
  RoutedCheckOptions options;
  std::int64_t n = 0;
  std::int64_t width = 0;
  std::int64_t packets = 0;      // packets this state holds: the indices base .. base + packets - 1
  std::int64_t base = 0;         // a part of a split check (routed_split.hpp): its first packet
  std::int64_t all_packets = 0;  // P: the collective's packets
  // A part: arc exclusivity, ports and simplex couple the parts, so they are not judged here but
  // by RoutedSplitCheck from the tables below, the collisions inside the part and port_over.
  bool part = false;
  struct Collision {
    std::size_t id = 0;      // arc id
    std::int64_t first = 0;  // global packet indices of the first two transmissions on it
    std::int64_t second = 0;
  };
  std::vector<Collision> collisions;  // this round's, in the part
  bool port_over = false;             // some node over its limit in the part alone, this round
  bool halted = false;                // a witness is known: later sends are counted only
  std::int64_t words = 0;        // W: holdings words per node
  int tile_shift = 0;            // R = 2^tile_shift nodes per tile block
  std::int64_t block_words = 0;  // R * W
  std::int64_t last_block = 0;
  std::int64_t last_height = 0;  // nodes in the last block (R unless N % R != 0)
  std::int64_t last_mask = 0;    // the row xor mask of the last block: R - 1 if it is full, else 0
  std::vector<std::uint64_t> diagonal;  // bits j of a word with (j & (R - 1)) == m, by m
  routed_detail::Zeroed<std::uint64_t> holds;   // n * words, tiled (see the top of the file)
  routed_detail::Zeroed<std::int32_t> targets;  // direction * n + node -> target, -1: no arc (empty if xor_cube)
  bool xor_cube = false;         // target(v, dir) == v ^ 2^dir for every arc
  // Per arc id (direction * n + node): a one-byte round stamp, 2 * arc_stamp for "used once in
  // this round" and 2 * arc_stamp + 1 for "collision already reported", where arc_stamp runs
  // 1..127 and the stamps are zeroed when it starts over; and the index of the first packet on
  // the arc this round (low and, only if P > 2^32, high 32 bits), written on its first use.
  routed_detail::Zeroed<std::uint8_t> arc_used;
  routed_detail::Zeroed<std::uint32_t> first_low;
  routed_detail::Zeroed<std::uint32_t> first_high;
  std::uint32_t arc_stamp = 0;
  routed_detail::Zeroed<PortRound> send_round, recv_round;
  // Simplex channels: per arc id, 1 + the first round the arc was used (0: never).
  routed_detail::Zeroed<std::int32_t> first_use;
  std::vector<std::int32_t> send_limit, recv_limit;
  // The round's deliveries, OR-ed into a small direct-mapped table of holdings words (the
  // deliveries of one tree cursor fall into one word) and spilled to `pending` on a conflict.
  struct Combined {
    std::uint64_t word = ~std::uint64_t{0};  // holdings word index; ~0: empty
    std::uint64_t bits = 0;
  };
  static constexpr int kCombineBits = 10;
  std::vector<Combined> combine;
  std::vector<Combined> pending;
  // Queued one-hop one-packet sends (enqueue): sends queued and judged so far, this round.
  struct Queued {
    std::int64_t from = 0;
    std::int64_t i = 0;           // packet index
    std::uint64_t held_bit = 0;   // holdings bit of (from, i)
    std::size_t id = 0;           // arc id
    Direction dir = 0;
  };
  static constexpr std::uint64_t kQueue = 16;
  std::array<Queued, kQueue> queue{};
  std::uint64_t queued = 0;
  std::uint64_t judged = 0;
  struct Hop {
    std::int64_t id = 0;  // arc id
    Arc arc;
  };
  std::vector<Hop> route;                    // the arcs of the current transmission
  std::vector<std::int64_t> indices;         // packet indices of the current transmission
  std::optional<RoutedWitness> best;         // smallest candidate of the current round
  std::optional<RoutedWitness> witness;
  std::uint32_t stamp = 0;
  std::int64_t round = -1;
  std::int64_t rounds = 0;
  std::int64_t transmissions = 0;
  std::int64_t deliveries = 0;
  bool finished = false;
  bool sf = true;

  // The whole check, or (first, count) the part of a split check holding packets first ..
  // first + count - 1 (validated by RoutedSplitCheck).
  RoutedCheckState(const Network& network, const RoutedHeader& header, RoutedCheckOptions o,
                   std::int64_t first = 0, std::int64_t count = -1)
      : net(network), h(header), options(o), n(network.nodes()), width(network.width()) {
    if (count < 0) validate_header(net, h);
    sf = h.model.switching == Switching::store_and_forward;
    all_packets = packet_count(h, n);
    part = count >= 0;
    base = first;
    packets = part ? count : all_packets;
    words = (packets + 63) / 64;
    const auto rows = std::min<std::uint64_t>(64, std::bit_ceil(static_cast<std::uint64_t>(n)));
    tile_shift = std::countr_zero(rows);
    block_words = static_cast<std::int64_t>(rows) * words;
    last_block = (n - 1) >> tile_shift;
    last_height = n - (last_block << tile_shift);
    last_mask = last_height == static_cast<std::int64_t>(rows) ? last_height - 1 : 0;
    diagonal.assign(rows, 0);
    for (std::uint64_t j = 0; j < 64; ++j) diagonal[j & (rows - 1)] |= std::uint64_t{1} << j;
    combine.assign(std::size_t{1} << kCombineBits, Combined{});
    holds = routed_detail::Zeroed<std::uint64_t>(static_cast<std::size_t>(n * words));
    // A node starts with the packets whose origin it is.
    for (std::int64_t i = 0; i < packets; ++i) set(bit_of(packet_at(i).origin, i));
    const auto arcs = static_cast<std::size_t>(n * width);
    // A hypercube's arcs (every target(v, dir) == v ^ 2^dir, checked here) need no table.
    xor_cube = width < 31;
    for (std::int64_t v = 0; v < n && xor_cube; ++v) {
      for (Direction dir = 0; dir < width && xor_cube; ++dir) {
        xor_cube = net.target(v, dir) == (v ^ (std::int64_t{1} << dir));
      }
    }
    if (!xor_cube) {
      targets = routed_detail::Zeroed<std::int32_t>(arcs);
      std::fill(targets.get(), targets.get() + arcs, -1);
      for (std::int64_t v = 0; v < n; ++v) {
        for (Direction dir = 0; dir < width; ++dir) {
          if (const auto t = net.target(v, dir)) targets[id_of(v, dir)] = static_cast<std::int32_t>(*t);
        }
      }
    }
    arc_used = routed_detail::Zeroed<std::uint8_t>(arcs);
    first_low = routed_detail::Zeroed<std::uint32_t>(arcs);
    if (all_packets > std::int64_t{1} << 32) first_high = routed_detail::Zeroed<std::uint32_t>(arcs);
    if (h.model.duplex == Duplex::simplex_channel) first_use = routed_detail::Zeroed<std::int32_t>(arcs);
    send_round = routed_detail::Zeroed<PortRound>(static_cast<std::size_t>(n));
    recv_round = routed_detail::Zeroed<PortRound>(static_cast<std::size_t>(n));
    const auto all = h.model.ports == CommModel::kAllPorts;
    for (std::int64_t v = 0; v < n; ++v) {
      send_limit.push_back(static_cast<std::int32_t>(all ? net.out_degree(v) : h.model.ports));
      recv_limit.push_back(static_cast<std::int32_t>(all ? net.in_degree(v) : h.model.ports));
    }
  }

  // The packet of local index i (the whole check: i itself).
  Packet packet_at(std::int64_t i) const { return packet_of(h, n, base + i); }
  // The local index of p, -1 if the collective has no such packet; a part is only given its own.
  std::int64_t local_index(const Packet& p) const {
    const std::int64_t g = packet_index(h, n, p);
    if (g < 0) return -1;
    CV_ASSERT(g >= base && g - base < packets, "a part of a split check is given only its packets");
    return g - base;
  }

  void begin_round(std::int64_t r) {
    CV_ASSERT(round + 1 == r, "rounds are streamed in order from 0");
    round = r;
    rounds = r + 1;
    ++stamp;
    if (++arc_stamp == 128) {  // the one-byte arc stamps start over
      std::memset(arc_used.get(), 0, arc_used.size());
      arc_stamp = 1;
    }
    collisions.clear();
    port_over = false;
  }

  std::size_t id_of(std::int64_t v, Direction dir) const {
    return static_cast<std::size_t>(dir * n + v);
  }
  // The target of arc `id` = (v, dir) (in range), -1 if there is no such arc.
  std::int64_t target_of(std::int64_t v, Direction dir, std::size_t id) const {
    return xor_cube ? v ^ (std::int64_t{1} << dir) : targets[id];
  }

  // The holdings bit of (node v, packet index i), and back: row r = v % R of the tile holds
  // the word of node r ^ (j & mask) for bit j (mask R - 1, or 0 in a short last block), so the
  // sends of nodes u ^ x with packets of origin x (all translations of one tree edge) share a word.
  std::uint64_t bit_of(std::int64_t v, std::int64_t i) const {
    const std::int64_t block = v >> tile_shift;
    const bool last = block == last_block;
    const std::int64_t height = last ? last_height : std::int64_t{1} << tile_shift;
    const std::int64_t mask = last ? last_mask : (std::int64_t{1} << tile_shift) - 1;
    const std::int64_t row = (v - (block << tile_shift)) ^ (i & mask);
    const auto word = static_cast<std::uint64_t>(block * block_words + (i >> 6) * height + row);
    return word * 64 + static_cast<std::uint64_t>(i & 63);
  }
  std::int64_t index_of_bit(std::uint64_t bit) const {
    const auto word = static_cast<std::int64_t>(bit / 64);
    const std::int64_t block = word / block_words;
    const std::int64_t height = block == last_block ? last_height : std::int64_t{1} << tile_shift;
    return (word - block * block_words) / height * 64 + static_cast<std::int64_t>(bit % 64);
  }
  bool held(std::uint64_t bit) const { return (holds[bit / 64] >> (bit % 64)) & 1U; }
  void set(std::uint64_t bit) { holds[bit / 64] |= std::uint64_t{1} << (bit % 64); }
  bool held(std::int64_t v, std::int64_t i) const { return held(bit_of(v, i)); }

  // A delivery, applied at end_round.
  [[gnu::always_inline]] void deliver(std::uint64_t bit) {
    const std::uint64_t word = bit / 64;
    Combined& c = combine[(word * 0x9E3779B97F4A7C15ULL) >> (64 - kCombineBits)];
    if (c.word != word) [[unlikely]] {
      if (c.bits != 0) pending.push_back(c);
      c.word = word;
      c.bits = 0;
    }
    c.bits |= std::uint64_t{1} << (bit % 64);
  }

  // The (global) index of the first packet on arc `id` in this round.
  std::int64_t first_on(std::size_t id) const {
    const std::int64_t low = first_low[id];
    return first_high.empty() ? low : low | std::int64_t{first_high[id]} << 32;
  }

  void consider(RoutedWitness w) {
    w.round = round;
    if (!best || w < *best) best = std::move(w);
  }

  RoutedWitness make(RoutedProperty p, std::int64_t node, std::int64_t detail) const {
    RoutedWitness w;
    w.property = p;
    w.node = node;
    w.detail = detail;
    return w;
  }

  // The first five properties; false: the transmission is skipped.
  bool shape_ok(std::int64_t from, std::span<const Direction> hops,
                std::span<const Packet> ps) {
    if (from < 0 || from >= n) {
      consider(make(RoutedProperty::node_in_network, from, 0));
      return false;
    }
    if (hops.empty() || (sf && hops.size() != 1)) {
      consider(make(RoutedProperty::route_length, from, static_cast<std::int64_t>(hops.size())));
      return false;
    }
    route.clear();
    std::int64_t u = from;
    for (const Direction dir : hops) {
      const auto t = net.target(u, dir);
      if (!t) {
        auto w = make(RoutedProperty::hop_exists, u, dir);
        w.arc = Arc{u, -1, dir};
        consider(std::move(w));
        return false;
      }
      route.push_back({static_cast<std::int64_t>(id_of(u, dir)), Arc{u, *t, dir}});
      u = *t;
    }
    if (ps.empty()) {
      consider(make(RoutedProperty::empty_transmission, from, 0));
      return false;
    }
    indices.clear();
    for (const Packet& p : ps) {
      const std::int64_t i = local_index(p);
      if (i < 0) {
        auto w = make(RoutedProperty::packet_in_collective, from, 0);
        w.packets = {p};
        consider(std::move(w));
        return false;
      }
      indices.push_back(i);
    }
    return true;
  }

  // `first`: the local index of the transmission's first packet.
  [[gnu::always_inline]] void use_arc(const Hop& hop, std::int64_t first) {
    const auto id = static_cast<std::size_t>(hop.id);
    std::uint8_t& mine = arc_used[id];
    // Stamps of earlier rounds are below 2 * arc_stamp: this is "used before in this round".
    if (mine >= 2 * arc_stamp) [[unlikely]] {
      arc_again(hop, first);
    } else {
      mine = static_cast<std::uint8_t>(2 * arc_stamp);
      const std::int64_t g = base + first;
      first_low[id] = static_cast<std::uint32_t>(g);
      if (!first_high.empty()) first_high[id] = static_cast<std::uint32_t>(g >> 32);
    }
    if (h.model.duplex == Duplex::half && !part) half_duplex(hop);
    if (h.model.duplex == Duplex::simplex_channel && !part) [[unlikely]] one_way(hop, first);
  }

  // Simplex channels: this arc's reverse used in this round or before (report this arc); and
  // when the reverse was used in this very round before this arc, it breaks the rule too.
  [[gnu::noinline]] void one_way(const Hop& hop, std::int64_t first) {
    const auto id = static_cast<std::size_t>(hop.id);
    if (first_use[id] == 0) first_use[id] = static_cast<std::int32_t>(round + 1);
    const Arc& arc = hop.arc;
    const Direction back = net.reverse_direction(arc.from, arc.direction);
    const std::size_t reverse = id_of(arc.to, back);
    if (first_use[reverse] == 0) return;
    auto w = make(RoutedProperty::one_way_channel, arc.from, arc.direction);
    w.arc = arc;
    w.packets = {packet_at(first)};
    consider(std::move(w));
    if (arc_used[reverse] >= 2 * arc_stamp) {  // the reverse arc is used in this round as well
      auto r = make(RoutedProperty::one_way_channel, arc.to, back);
      r.arc = Arc{arc.to, arc.from, back};
      r.packets = {packet_of(h, n, first_on(reverse))};
      consider(std::move(r));
    }
  }

  // A second transmission on an arc in this round: reported once per arc and round.
  [[gnu::noinline, gnu::cold]] void arc_again(const Hop& hop, std::int64_t first) {
    const auto id = static_cast<std::size_t>(hop.id);
    if (arc_used[id] != 2 * arc_stamp) return;
    if (part) {
      collisions.push_back({id, first_on(id), base + first});
      arc_used[id] = static_cast<std::uint8_t>(2 * arc_stamp + 1);
      return;
    }
    auto w = make(RoutedProperty::arc_exclusivity, hop.arc.from, hop.arc.direction);
    w.arc = hop.arc;
    w.packets = {packet_of(h, n, first_on(id)), packet_at(first)};
    consider(std::move(w));
    arc_used[id] = static_cast<std::uint8_t>(2 * arc_stamp + 1);
  }

  // Half duplex: the reverse arc used in this round too.
  [[gnu::noinline]] void half_duplex(const Hop& hop) {
    const Arc& arc = hop.arc;
    const Direction back = net.reverse_direction(arc.from, arc.direction);
    const std::size_t reverse = id_of(arc.to, back);
    if (arc_used[reverse] < 2 * arc_stamp) return;
    const bool mine_first = arc.from < arc.to;
    const Arc low = mine_first ? arc : Arc{arc.to, arc.from, back};
    auto w = make(RoutedProperty::arc_exclusivity, low.from, low.direction);
    w.arc = low;
    w.reverse = true;
    const Packet a = packet_of(h, n, first_on(static_cast<std::size_t>(hop.id)));
    const Packet b = packet_of(h, n, first_on(reverse));
    w.packets = mine_first ? std::vector<Packet>{a, b} : std::vector<Packet>{b, a};
    consider(std::move(w));
  }

  [[gnu::always_inline]] void check_held(std::int64_t from, std::int64_t i) {
    if (!held(from, i)) [[unlikely]] unheld(from, i);
  }
  [[gnu::noinline, gnu::cold]] void unheld(std::int64_t from, std::int64_t i) {
    auto w = make(RoutedProperty::causality, from, 0);
    w.packets = {packet_at(i)};
    consider(std::move(w));
  }

  [[gnu::always_inline]] void send(std::int64_t from, std::span<const Direction> hops,
                                  std::span<const Packet> ps) {
    ++transmissions;
    deliveries += static_cast<std::int64_t>(ps.size());
    if (halted) return;
    if (sf && hops.size() == 1 && ps.size() == 1 && enqueue(from, hops[0], ps[0])) return;
    flush();  // the queued sends come first: the first packets on an arc follow the stream
    send_general(from, hops, ps);
  }

  // Every other transmission: the first five properties, then the rest per hop and packet.
  [[gnu::noinline]] void send_general(std::int64_t from, std::span<const Direction> hops,
                                      std::span<const Packet> ps) {
    if (!shape_ok(from, hops, ps)) return;
    for (const std::int64_t i : indices) check_held(from, i);
    if (!h.model.combining && ps.size() > 1) {
      const Arc arc = route.front().arc;
      auto w = make(RoutedProperty::non_combining, from, arc.direction);
      w.arc = arc;
      w.packets = {ps[0], ps[1]};
      consider(std::move(w));
    }
    for (const Hop& hop : route) use_arc(hop, indices.front());
    const std::int64_t to = route.back().arc.to;
    ports_and_simplex(from, to);
    for (const std::int64_t i : indices) deliver(bit_of(to, i));
    if (h.model.intermediate_reception) {  // wormhole (validate_header): the nodes passed
      for (std::size_t k = 0; k + 1 < route.size(); ++k) {
        for (const std::int64_t i : indices) deliver(bit_of(route[k].arc.to, i));
      }
    }
  }

  // The common case, one hop and one packet in store-and-forward, is queued: its lines are
  // prefetched when it arrives and it is judged kQueue sends later, in arrival order, so the
  // misses of a producer that jumps between nodes (all translated trees of a round) overlap.
  // A sender or direction out of range or a foreign packet goes the general way (false).
  [[gnu::always_inline]] bool enqueue(std::int64_t from, Direction dir, const Packet& p) {
    if (!in_range(from, dir)) return false;
    const std::int64_t i = local_index(p);
    if (i < 0) return false;
    const std::size_t id = id_of(from, dir);
    const std::uint64_t bit = bit_of(from, i);
    if (!xor_cube) __builtin_prefetch(&targets[id]);
    __builtin_prefetch(&arc_used[id], 1);
    __builtin_prefetch(&first_low[id], 1);
    __builtin_prefetch(&holds[bit / 64]);
    __builtin_prefetch(&send_round[static_cast<std::size_t>(from)], 1);
    queue[queued % kQueue] = Queued{from, i, bit, id, dir};
    ++queued;
    // Halfway through the queue the target is known: prefetch its receive word.
    if (queued - judged > kQueue / 2) {
      const Queued& q = queue[(queued - kQueue / 2 - 1) % kQueue];
      const std::int64_t to = target_of(q.from, q.dir, q.id);
      if (to >= 0) __builtin_prefetch(&recv_round[static_cast<std::size_t>(to)], 1);
    }
    if (queued - judged == kQueue) judge(queue[judged++ % kQueue]);
    return true;
  }

  void flush() {
    while (judged < queued) judge(queue[judged++ % kQueue]);
  }

  // A batch: each send judged as send() would, the lines of the sends kAhead further prefetched
  // (and the receive word of those kAhead / 2 further, whose target is in the cache by then).
  void send_hops(std::span<const SingleHop> batch) {
    transmissions += static_cast<std::int64_t>(batch.size());
    deliveries += static_cast<std::int64_t>(batch.size());
    if (halted) return;
    flush();  // sends queued by send() come first
    constexpr std::size_t kAhead = 32;
    for (std::size_t k = 0; k < batch.size(); ++k) {
      if (k + kAhead < batch.size()) prefetch_lines(batch[k + kAhead]);
      if (k + kAhead / 2 < batch.size()) prefetch_receiver(batch[k + kAhead / 2]);
      const SingleHop& x = batch[k];
      if (!sf || !in_range(x.from, x.direction)) {
        send_general(x.from, {&x.direction, 1}, {&x.packet, 1});
        continue;
      }
      const std::int64_t i = local_index(x.packet);
      if (i < 0) {
        send_general(x.from, {&x.direction, 1}, {&x.packet, 1});
        continue;
      }
      judge(Queued{x.from, i, bit_of(x.from, i), id_of(x.from, x.direction), x.direction});
    }
  }

  bool in_range(std::int64_t from, Direction dir) const {
    return from >= 0 && from < n && dir >= 0 && dir < width;
  }
  void prefetch_lines(const SingleHop& x) const {
    if (!in_range(x.from, x.direction)) return;
    const std::size_t id = id_of(x.from, x.direction);
    if (!xor_cube) __builtin_prefetch(&targets[id]);
    __builtin_prefetch(&arc_used[id], 1);
    __builtin_prefetch(&first_low[id], 1);
    __builtin_prefetch(&send_round[static_cast<std::size_t>(x.from)], 1);
  }
  void prefetch_receiver(const SingleHop& x) const {
    if (!in_range(x.from, x.direction)) return;
    const std::int64_t to = target_of(x.from, x.direction, id_of(x.from, x.direction));
    if (to >= 0) __builtin_prefetch(&recv_round[static_cast<std::size_t>(to)], 1);
  }

  [[gnu::always_inline]] void judge(const Queued& q) {
    const std::int64_t to = target_of(q.from, q.dir, q.id);
    if (to < 0) [[unlikely]] {
      const Packet p = packet_at(q.i);
      send_general(q.from, {&q.dir, 1}, {&p, 1});
      return;
    }
    if (!held(q.held_bit)) [[unlikely]] unheld(q.from, q.i);
    use_arc(Hop{static_cast<std::int64_t>(q.id), Arc{q.from, to, q.dir}}, q.i);
    ports_and_simplex(q.from, to);
    deliver(bit_of(to, q.i));
  }

  [[gnu::always_inline]] void ports_and_simplex(std::int64_t from, std::int64_t to) {
    const auto f = static_cast<std::size_t>(from), t = static_cast<std::size_t>(to);
    PortRound& s = send_round[f];
    if (s.stamp != stamp) s.stamp = stamp, s.left = send_limit[f];
    if (--s.left < 0) [[unlikely]] over_limit(from, 0);
    PortRound& r = recv_round[t];
    if (r.stamp != stamp) r.stamp = stamp, r.left = recv_limit[t];
    if (--r.left < 0) [[unlikely]] over_limit(to, 1);
    if (h.model.duplex == Duplex::simplex && !part) [[unlikely]] simplex(from, to);
  }
  [[gnu::noinline, gnu::cold]] void over_limit(std::int64_t node, std::int64_t detail) {
    if (part) {
      port_over = true;
      return;
    }
    consider(make(RoutedProperty::port_limit, node, detail));
  }
  [[gnu::noinline]] void simplex(std::int64_t from, std::int64_t to) {
    if (recv_round[static_cast<std::size_t>(from)].stamp == stamp) {
      consider(make(RoutedProperty::simplex, from, 0));
    }
    if (send_round[static_cast<std::size_t>(to)].stamp == stamp) {
      consider(make(RoutedProperty::simplex, to, 0));
    }
  }

  // The round's deliveries, in the order they were sent (the producer's order is the one the
  // tiles are laid out for).
  void end_round() {
    apply_deliveries();
    if (best && !witness) {
      describe_witness(net, *best);
      witness = std::move(best);
      halted = true;
    }
    best.reset();
  }

  // The round's queued sends judged and its deliveries applied (a part: the whole of its
  // end_round; RoutedSplitCheck judges the round).
  void apply_deliveries() {
    flush();
    queued = judged = 0;
    for (Combined& c : combine) {
      if (c.bits != 0) pending.push_back(c);
      c = Combined{};
    }
    constexpr std::size_t kAhead = 16;
    for (std::size_t k = 0; k < pending.size(); ++k) {
      if (k + kAhead < pending.size()) __builtin_prefetch(&holds[pending[k + kAhead].word], 1);
      holds[pending[k].word] |= pending[k].bits;
    }
    pending.clear();
  }

  RoutedWitness missing_at(std::int64_t v, std::int64_t i) const {
    RoutedWitness w;
    w.property = RoutedProperty::completeness;
    w.node = v;
    w.packets = {packet_at(i)};
    return w;
  }

  // Bits of word k a node must hold when it must hold every packet.
  std::uint64_t want(std::int64_t k) const {
    return k + 1 < words || packets % 64 == 0 ? ~std::uint64_t{0}
                                              : (std::uint64_t{1} << (packets % 64)) - 1;
  }

  // Node v's smallest missing packet when it must hold every packet: its bits of word k lie in
  // the rows r ^ m of the tile, bits j with (j & mask) == m.
  std::optional<RoutedWitness> missing_all(std::int64_t v) const {
    const std::int64_t mask = (v >> tile_shift) == last_block ? last_mask
                                                              : (std::int64_t{1} << tile_shift) - 1;
    for (std::int64_t k = 0; k < words; ++k) {
      std::uint64_t lack = 0;
      for (std::int64_t m = 0; m <= mask; ++m) {
        const std::uint64_t word = bit_of(v, k * 64 + m) / 64;
        const std::uint64_t mine = mask == 0 ? ~std::uint64_t{0} : diagonal[static_cast<std::size_t>(m)];
        lack |= mine & ~holds[word];
      }
      lack &= want(k);
      if (lack != 0) return missing_at(v, k * 64 + std::countr_zero(lack));
    }
    return std::nullopt;
  }

  // The smallest node missing a packet it must end with, and its smallest such packet.
  std::optional<RoutedWitness> missing() const {
    switch (h.collective) {
      case Collective::reduce: return missing_all(h.root);
      case Collective::oab:
      case Collective::bcast:
      case Collective::aab:
        // One pass over each tile block in memory order: which of its nodes lack anything.
        for (std::int64_t block = 0; block <= last_block; ++block) {
          const std::int64_t height =
              block == last_block ? last_height : std::int64_t{1} << tile_shift;
          const std::uint64_t* tile = holds.get() + block * block_words;
          const std::int64_t mask =
              block == last_block ? last_mask : (std::int64_t{1} << tile_shift) - 1;
          std::uint64_t lacking = 0;  // bit r: node block * R + r lacks a packet
          for (std::int64_t k = 0; k < words; ++k) {
            const std::uint64_t w = want(k);
            for (std::int64_t row = 0; row < height; ++row) {
              // Bit j of this word belongs to node row ^ (j & mask).
              for (std::uint64_t lack = w & ~tile[k * height + row]; lack != 0; lack &= lack - 1) {
                const auto j = static_cast<std::int64_t>(std::countr_zero(lack));
                lacking |= std::uint64_t{1} << (row ^ (j & mask));
              }
            }
          }
          if (lacking != 0) return missing_all((block << tile_shift) + std::countr_zero(lacking));
        }
        return std::nullopt;
      case Collective::oas:  // never split: base = 0
        for (std::int64_t v = 0; v < n; ++v) {
          if (!held(v, v)) return missing_at(v, v);
        }
        return std::nullopt;
      case Collective::aas:  // a part: the origins j of its packets
        for (std::int64_t v = 0; v < n; ++v) {
          for (std::int64_t j = base / n; j < (base + packets) / n; ++j) {
            if (!held(v, j * n + v - base)) return missing_at(v, j * n + v - base);
          }
        }
        return std::nullopt;
    }
    return std::nullopt;
  }
};

}  // namespace collverify::network
