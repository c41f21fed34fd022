#pragma once
// A unidirectional link between an output of one router and an input FIFO of the next.
// Pin view, cycle t: the sender drives valid/flit (send); after `delay` cycles of wire
// registers the flit is written into the receiver's FIFO, usable from t + delay. The
// receiver drives a credit (or ack) line back, seen by the sender `delay` cycles later.
// Every write lands strictly in a later cycle, so the order in which routers evaluate
// within a cycle can never change what they see. With virtual channels the link carries
// the flit's VC: it lands in that VC's FIFO, and credits are kept per VC.
#include <array>
#include <algorithm>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <vector>

#include "flit/flit_fifo.hpp"
#include "link/flit_tap.hpp"
#include "link/link_params.hpp"
#include "link/wire_words.hpp"
#include "sched/wake_target.hpp"
#include "sched/wakeable.hpp"

namespace kncsim {

class FlitLink {
 public:
  static constexpr int kMaxVcs = 8;  // router.vcs's bound

  FlitLink(const LinkParams& p, CreditPolicy policy, FlitFifo& dest_fifo, Wakeable& dest, Wakeable& src)
      : p_(p), policy_(policy), dest_(dest), src_(src),
        pending_(policy == CreditPolicy::none ? 0 : size_t(p.delay) + 1) {
    add_vc(dest_fifo);
  }
  // The receiver's FIFO of the next virtual channel (VC 0's was given at construction).
  void add_vc(FlitFifo& dest_fifo) {
    if (vcs_ == kMaxVcs) throw std::logic_error("FlitLink: more than kMaxVcs virtual channels");
    if (vcs_ == 1) more_ = std::make_unique<std::array<Vc, kMaxVcs - 1>>();
    vc(vcs_++) = Vc{&dest_fifo, policy_ == CreditPolicy::none ? 0 : dest_fifo.capacity()};
    // A credit per channel and cycle at most (each of an input's channels can free a slot in
    // one cycle: one by the crossbar, the others by stripping a hop-count header), each on the
    // wire for `delay` cycles.
    if (policy_ != CreditPolicy::none) pending_.resize((size_t(p_.delay) + 1) * size_t(vcs_));
  }
  int vcs() const { return vcs_; }

  int delay() const { return p_.delay; }

  // Sender side, cycle t. `whole`: with per-flit credits, the head needs room for its whole
  // packet (virtual cut-through on virtual channels: the room is reserved, and comes back flit by
  // flit as they leave).
  bool admits_head(int64_t t, int packet_flits, int vc = 0, bool whole = false) {
    if (!ack_ok(t)) return false;
    absorb(t);
    switch (policy_) {
      case CreditPolicy::none: return true;
      case CreditPolicy::per_flit: return this->vc(vc).credits >= (whole ? packet_flits : 1);
      case CreditPolicy::per_packet: return this->vc(vc).credits >= packet_flits;
    }
    return false;
  }
  bool admits_body(int64_t t, int vc = 0) {
    if (!ack_ok(t)) return false;
    if (policy_ != CreditPolicy::per_flit) return true;  // cut-through reserved the room
    absorb(t);
    return this->vc(vc).credits >= 1;
  }
  void send(const Flit& f, int64_t t, int packet_flits) {
    Vc& c = vc(f.vc);
    ++sent_[f.kind & 3];
    if (tap_) tap_->sent(tap_link_, f, t);
    if (policy_ == CreditPolicy::per_flit) --c.credits;
    if (policy_ == CreditPolicy::per_packet && f.head) c.credits -= packet_flits;
    // The next flit waits: a handshake's ack (req there, ack back), a narrow wire's k words.
    if (paced_) ack_at_ = std::max(p_.kind == LinkKind::handshake ? t + 2 * int64_t(p_.delay) : 0, t + p_.cycles_per_flit);
    c.fifo->push(t + landing_, f);
    dest_.wake_at(t + landing_);
  }
  // Between two RTL nodes of one flit format (the network's choice, before it connects
  // them): flits cross as the wire's words (link/wire_words.hpp), each landing `delay` cycles
  // after it was sent. The sender sends them, and the receiver takes them, on words();
  // `receiver` wakes the receiving RTL node.
  void carry_words(const EdgeWake& receiver) {
    words_ = std::make_unique<WireWords>(p_.delay, receiver);
    words_->set_tapped(tap_ != nullptr);
  }
  bool carries_words() const { return words_ != nullptr; }
  WireWords* words() { return words_.get(); }
  // With a flit log, a word's sender shows it the flit the word carries (a flit log sees the
  // same data path as a run without one); the sender asks words()->tapped(), in the lines it
  // touches anyway.
  void show(const Flit& f, int64_t t) const { tap_->sent(tap_link_, f, t); }
  void show_unslotted(const Flit& f, uint64_t packet_id, int64_t t) const {
    tap_->sent_unslotted(tap_link_, f, packet_id, t);
  }

  // The earliest cycle after t at which something the sender waits for arrives (a credit or
  // the ack), or -1 if nothing is on its way.
  int64_t next_change(int64_t t) const {
    int64_t c = ack_at_ > t ? ack_at_ : -1;
    if (npending_ && (c < 0 || pending_[first_].at < c)) c = pending_[first_].at;
    return c;
  }

  // Receiver side: flit f left the receiver's FIFO in cycle t. Returns whether a credit went back.
  bool departed(const Flit& f, int64_t t, int packet_flits) {
    int amount = 0;
    if (policy_ == CreditPolicy::per_flit) amount = 1;
    if (policy_ == CreditPolicy::per_packet && f.head) amount = packet_flits;
    if (!amount) return false;
    credit(amount, t, f.vc);
    return true;
  }
  // Receiver side, pin level: `amount` flits of room freed in cycle t (an RTL receiver's credit_o).
  void credit(int amount, int64_t t, int vc = 0) {
    if (!rtl_sender_) absorb(t);  // what the sender would see now anyway
    // At most a credit per channel and cycle, each landing within `delay` cycles: the ring
    // (sized so by add_vc) never fills. A receiver freeing more is a bug: stop, do not
    // overwrite.
    if (npending_ == pending_.size())
      throw std::logic_error("FlitLink: more credits on the wire than one per channel and cycle");
    size_t at = first_ + npending_++;
    if (at >= pending_.size()) at -= pending_.size();  // a ring: no division on the hot path
    pending_[at] = Credit{t + p_.delay, amount, vc};
    if (credit_mask_) *credit_mask_ |= credit_bit_;
    src_.wake_at(t + p_.delay);
  }

  // An RTL sender keeps its own credit counter: it takes, on its credit_i pins, the credits
  // landing at `at` (it registers them at the clock edge before cycle `at`). `mask`: its mask
  // of outputs with credits on the wire, and this link's bit in it (take_credits clears it).
  void set_rtl_sender(uint64_t* mask, uint64_t bit) {
    rtl_sender_ = true;
    credit_mask_ = mask;
    credit_bit_ = bit;
  }
  // Every flit sent from now on is shown to `tap` as link number `link` (a flit log).
  void set_tap(FlitTap* tap, uint32_t link) {
    tap_ = tap;
    tap_link_ = link;
    if (words_) words_->set_tapped(tap != nullptr);
  }
  // The credits' VC goes to *vc: one credit lands per cycle at most (a flit leaves an input
  // per cycle), and the sender takes them the cycle before they land.
  int64_t take_credits(int64_t at, int* vc = nullptr) {
    int64_t sum = 0;
    while (npending_ && pending_[first_].at <= at) {
      if (vc) {
        if (sum && *vc != pending_[first_].vc)
          throw std::logic_error("FlitLink: credits of two virtual channels on one RTL credit pin");
        *vc = pending_[first_].vc;
      }
      sum += pending_[first_].amount;
      if (++first_ == pending_.size()) first_ = 0;
      --npending_;
    }
    if (!npending_ && credit_mask_) *credit_mask_ &= ~credit_bit_;
    return sum;
  }

  // Flits sent so far, by the flit's kind (SCI: address, data, echo, nack; wormhole: all kind 0).
  std::array<int64_t, 4> flits_sent() const { return words_ ? words_->sent() : sent_; }

  int64_t credits(int64_t t, int vc = 0) {
    absorb(t);
    return this->vc(vc).credits;
  }

 private:
  struct Credit {
    int64_t at;
    int amount;
    int vc;
  };
  bool ack_ok(int64_t t) const { return ack_at_ <= t; }
  void absorb(int64_t t) {
    while (npending_ && pending_[first_].at <= t) {
      vc(pending_[first_].vc).credits += pending_[first_].amount;
      if (++first_ == pending_.size()) first_ = 0;
      --npending_;
    }
  }

  LinkParams p_;
  CreditPolicy policy_;
  // Per virtual channel: the receiver's FIFO, and its free flit slots as the sender knows them.
  // VC 0 inline, the others apart (a link of one channel stays small: thousands are walked).
  struct Vc {
    FlitFifo* fifo;
    int64_t credits;
  };
  Vc& vc(int v) { return v == 0 ? vc0_ : (*more_)[size_t(v - 1)]; }
  Vc vc0_{};
  std::unique_ptr<std::array<Vc, kMaxVcs - 1>> more_;
  int vcs_ = 0;
  // A flit lands `landing_` cycles after it was sent (a narrow wire's last word: delay + k - 1).
  int landing_ = p_.delay + p_.cycles_per_flit - 1;
  WakeTarget dest_;
  WakeTarget src_;
  int64_t ack_at_ = 0;     // handshake: cycle the previous flit's ack arrives (a narrow wire: its last word leaves)
  std::vector<Credit> pending_;  // ring of credits on the wire back
  size_t first_ = 0, npending_ = 0;
  // Paced (a handshake or a narrow wire): a flit holds the link past its cycle.
  bool paced_ = p_.kind == LinkKind::handshake || p_.cycles_per_flit > 1;
  bool rtl_sender_ = false;
  uint64_t* credit_mask_ = nullptr;  // an RTL sender's outputs with credits on the wire
  uint64_t credit_bit_ = 0;
  FlitTap* tap_ = nullptr;
  uint32_t tap_link_ = 0;
  std::array<int64_t, 4> sent_{};  // per-channel utilisation
  std::unique_ptr<WireWords> words_;  // set: flits cross as words
};

// Four cache lines: every flit's send and credit touch a link, and thousands are walked.
static_assert(sizeof(FlitLink) <= 256, "a link's state fits four cache lines");

}  // namespace kncsim
