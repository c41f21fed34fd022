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
// listing's order; each input and each output is granted at most once.
template <class Route, class Grant>
inline void assign_channels(PriorityToken& tok, int nports, unsigned ready, Route&& route, unsigned free,
                            Grant&& grant) {
  const unsigned all = (1u << nports) - 1;
  auto wrap = [nports](int x) { return x >= nports ? x - nports : x; };
  auto rotate = [nports, all](unsigned mask, int by) {  // bit (by+i) mod P -> bit i
    return ((mask >> by) | (mask << (nports - by))) & all;
  };
  auto findpin = [&] {  // keep the token unless its input has nothing ready
    if (ready) tok.pin = wrap(tok.pin + __builtin_ctz(rotate(ready, tok.pin)));
  };
  if (!ready) return;
  findpin();
  for (int i = 0;;) {
    int in = wrap(tok.pin + i);
    for (int o = 0; ready >> in & 1;) {
      const unsigned cand = rotate(route(in) & free, tok.pout) & (all << o);
      if (!cand) break;
      o = __builtin_ctz(cand);
      const int out = wrap(tok.pout + o);
      grant(in, out);
      ready &= ~(1u << in);
      free &= ~(1u << out);
      if (i == 0) {
        tok.pin = wrap(tok.pin + 1);
        findpin();
      }
      if (o == 0) tok.pout = wrap(tok.pout + 1);
      ++o;
      in = wrap(tok.pin + i);
    }
    const unsigned later = rotate(ready, tok.pin) & (all << (i + 1));
    if (!later) return;
    i = __builtin_ctz(later);
  }
}

}  // namespace kncsim
