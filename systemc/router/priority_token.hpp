#pragma once
// Pertel's channel assignment (SNS listing: simulate / findpin / allowed), shared by the
// reference model and the SystemC router so both assign channels identically.
//
// The listing's double loop runs over in = PIN+i, out = POUT+o with PIN and POUT moving
// inside it: PIN (the priority token) stays on an input until that input is served, then
// passes to the next input with a ready head (findpin); POUT advances whenever the output
// it points at is taken. Positions whose input is not ready do nothing, so they are skipped.
namespace kncsim {

struct PriorityToken {
  int pin = 0;   // input holding the priority
  int pout = 0;  // output the search starts from
};

// ready: inputs with a head that may be forwarded this cycle; route(in): outputs input `in`
// may use; free: outputs that can take a head this cycle. grant(in, out) is called in the
// listing's order; each input and each output is granted at most once. With virtual
// channels, an input is an input channel and an output an output channel (port * vcs + vc),
// in masks of up to 64 (Mask = uint64_t).
template <class Mask>
inline int lowest_bit(Mask m) {
  return sizeof(Mask) > sizeof(unsigned) ? __builtin_ctzll(m) : __builtin_ctz(unsigned(m));
}

template <class Mask, class Route, class Grant>
inline void assign_channels(PriorityToken& tok, int nports, Mask ready, Route&& route, Mask free, Grant&& grant) {
  const Mask all = nports >= int(8 * sizeof(Mask)) ? ~Mask(0) : (Mask(1) << nports) - 1;
  auto wrap = [nports](int x) { return x >= nports ? x - nports : x; };
  auto rotate = [nports, all](Mask mask, int by) {  // bit (by+i) mod P -> bit i
    return by == 0 ? mask & all : ((mask >> by) | (mask << (nports - by))) & all;
  };
  auto findpin = [&] {  // keep the token unless its input has nothing ready
    if (ready) tok.pin = wrap(tok.pin + lowest_bit(rotate(ready, tok.pin)));
  };
  if (!ready) return;
  findpin();
  for (int i = 0;;) {
    int in = wrap(tok.pin + i);
    for (int o = 0; ready >> in & 1;) {
      const Mask cand = rotate(Mask(route(in)) & free, tok.pout) & (all << o);
      if (!cand) break;
      o = lowest_bit(cand);
      const int out = wrap(tok.pout + o);
      grant(in, out);
      ready &= ~(Mask(1) << in);
      free &= ~(Mask(1) << out);
      if (i == 0) {
        tok.pin = wrap(tok.pin + 1);
        findpin();
      }
      if (o == 0) tok.pout = wrap(tok.pout + 1);
      ++o;
      in = wrap(tok.pin + i);
    }
    const Mask later = rotate(ready, tok.pin) & (all << (i + 1));
    if (!later) return;
    i = lowest_bit(later);
  }
}

}  // namespace kncsim
