// Which reading of the seed's pseudo-code to run where a literal transcription has a gap
// (docs/ERRATA.md). `literal` follows the published lines; `corrected` is the resolution the
// suite verified. The default is corrected everywhere; the literal readings exist so that the
// suite can show each gap with its smallest counterexample.
#pragma once

namespace collverify::circulant {

enum class Transcription { literal, corrected };

struct Transcriptions {
  Transcription alg3_line20 = Transcription::corrected;  // RangeBlocks: small homeranges (E2)
  Transcription alg4_line2 = Transcription::corrected;   // recvsched: B starts empty (E3)

  static Transcriptions literal() { return {Transcription::literal, Transcription::literal}; }
  static Transcriptions corrected() { return {}; }
};

}  // namespace collverify::circulant
