#include "config/config.hpp"
#include "spec/experiment_spec.hpp"

#include <gtest/gtest.h>

#include <functional>

#include "config/schema.hpp"

namespace kncsim {
namespace {

// Expects a ConfigError whose message contains every fragment.
void expect_error(const std::function<void()>& f, std::initializer_list<const char*> fragments) {
  try {
    f();
  } catch (const ConfigError& e) {
    const std::string msg = e.what();
    for (const char* frag : fragments) EXPECT_NE(msg.find(frag), std::string::npos) << "'" << frag << "' not in: " << msg;
    return;
  }
  ADD_FAILURE() << "no ConfigError";
}

TEST(Config, DefaultsAreThe8x8MeshAtThreeTenths) {
  Config c;
  EXPECT_EQ(c.integer("network.dims"), 2);
  EXPECT_EQ(c.integer("network.radix"), 8);
  EXPECT_DOUBLE_EQ(c.number("traffic.load"), 0.3);
  EXPECT_EQ(c.text("run.convergence"), "sns4");
  EXPECT_TRUE(c.is_word("router.fifo_packets"));
  EXPECT_TRUE(decode(c).warnings.empty());
}

// A FIFO shorter than a link's round trip (2 x delay) idles the link: a warning, not a refusal.
TEST(Config, FifosShorterThanTheLinkRoundTripAreWarnedAbout) {
  Config c;
  c.apply_set("router.impl=systemc");
  c.apply_set("router.fifo_flits=5");
  c.apply_set("router.flow_control=wormhole");
  c.apply_set("link.delay=[1,3]");
  const std::vector<std::string> w = decode(c).warnings;
  ASSERT_EQ(w.size(), 1u);
  EXPECT_NE(w[0].find("input FIFOs of 5 flits cover less than the round trip"), std::string::npos) << w[0];
  c.apply_set("link.delay=[1,2]");
  EXPECT_TRUE(decode(c).warnings.empty());
}

// Rings take their wire delays from the cube layout, whatever S: the mesh's link checks
// (the reference model's delay of 1) are not theirs.
TEST(Config, RingsOnTheReferenceModelTakeAnyWireRatio) {
  Config c;
  c.apply_set("network.topology=rings");
  c.apply_set("router.model=sci");
  c.apply_set("link.switch_to_wire_ratio=0.5");
  EXPECT_NO_THROW(decode(c));
}

// A layout whose wires would take more than 1000 cycles is refused, naming its keys.
TEST(Config, WiresLongerThanTheDelayBoundAreRefused) {
  Config c;
  c.apply_set("router.impl=systemc");
  c.apply_set("link.switch_to_wire_ratio=0.0001");
  expect_error([&] { decode(c); }, {"link.switch_to_wire_ratio", "at most 1000"});
}

TEST(Config, YamlSectionsAndSetOverrides) {
  Config c;
  c.merge_yaml("network: {dims: 1, radix: 16}\ntraffic:\n  load: .55\nrouter: {fifo_packets: 2}\n", "t.yaml");
  c.apply_set("traffic.load=0.7");
  c.apply_set("router.routing=adaptive");
  EXPECT_EQ(c.integer("network.dims"), 1);
  EXPECT_EQ(c.integer("network.radix"), 16);
  EXPECT_EQ(c.number("traffic.load"), 0.7);
  EXPECT_EQ(c.integer("router.fifo_packets"), 2);
  EXPECT_EQ(c.text("router.routing"), "adaptive");
}

TEST(Config, LoadParsesExactlyAsTheCLiteral) {
  Config c;
  c.apply_set("traffic.load=.55");
  EXPECT_EQ(c.number("traffic.load"), .55);
}

TEST(Config, UnknownKeysNameTheKeyAndSuggest) {
  Config c;
  expect_error([&] { c.apply_set("traffic.lod=0.5"); }, {"traffic.lod", "traffic.load", "allowed keys"});
  expect_error([&] { c.merge_yaml("network: {dimz: 2}", "x.yaml"); }, {"network.dimz", "x.yaml", "network.dims"});
  expect_error([&] { c.merge_yaml("bogus: 1", "x.yaml"); }, {"'bogus'"});
}

TEST(Config, BadValuesNameTheKeyAndTheAllowedValues) {
  Config c;
  expect_error([&] { c.apply_set("traffic.load=-0.1"); }, {"traffic.load", "-0.1", "a number > 0"});
  expect_error([&] { c.apply_set("traffic.load=0"); }, {"traffic.load", "> 0"});
  expect_error([&] { c.apply_set("traffic.load=abc"); }, {"traffic.load", "abc"});
  expect_error([&] { c.apply_set("network.radix=1"); }, {"network.radix", ">= 2"});
  expect_error([&] { c.apply_set("network.radix=2.5"); }, {"network.radix", "an integer"});
  expect_error([&] { c.apply_set("traffic.packet_flits=0"); }, {"traffic.packet_flits", ">= 1"});
  expect_error([&] { c.apply_set("router.routing=west_first"); }, {"router.routing", "dor, adaptive"});
  expect_error([&] { c.apply_set("router.fifo_packets=0"); }, {"router.fifo_packets", "unbounded or an integer >= 1"});
  expect_error([&] { c.apply_set("router.impl=verilog"); }, {"router.impl", "one of: ref, systemc, rtl"});
  expect_error([&] { c.apply_set("router.rtl_binding=fast"); }, {"router.rtl_binding", "direct, signals"});
  expect_error([&] { c.apply_set("verify.monitors=maybe"); }, {"verify.monitors", "maybe", "on, off"});
  expect_error([&] { c.apply_set("network.topology=hypercube"); }, {"network.topology", "mesh, torus, rings"});
  expect_error([&] { c.apply_set("run.convergence=forever"); }, {"run.convergence", "sns4, sns, fixed"});
  expect_error([&] { c.apply_set("traffic.load"); }, {"key=value"});
}

// The scoreboard's and coverage's keys run only where something follows their packets and
// marks their points: each refusal names the key and what is allowed.
TEST(Config, VerifyKeysAreRefusedWhereNothingWouldHonourThem) {
  {
    Config c;  // Pertel's reference model: no flits to follow
    c.apply_set("verify.drain_cycles=100");
    expect_error([&] { decode(c); }, {"verify.drain_cycles = 100", "router.impl systemc or rtl"});
  }
  {
    Config c;
    c.apply_set("network.topology=rings");
    c.apply_set("router.model=sci");
    c.apply_set("verify.starvation_cycles=100");
    expect_error([&] { decode(c); }, {"verify.starvation_cycles = 100", "network.topology mesh or torus"});
  }
  {
    Config c;  // SystemC routers only: no monitor marks a point
    c.apply_set("router.impl=systemc");
    c.apply_set("verify.coverage=on");
    expect_error([&] { decode(c); }, {"verify.coverage on with no RTL routers", "router.impl rtl"});
  }
  {
    Config c;
    c.apply_set("router.impl=rtl");
    c.apply_set("router.fifo_flits=4");
    c.apply_set("verify.coverage=on");
    c.apply_set("verify.monitors=off");
    expect_error([&] { decode(c); }, {"verify.coverage on with verify.monitors off"});
  }
  Config ok;
  ok.apply_set("router.impl=systemc");
  ok.apply_set("verify.drain_cycles=100");
  ok.apply_set("verify.starvation_cycles=50");
  EXPECT_NO_THROW(decode(ok));
}

// Traffic classes: classes.NAME.KEY, in the order declared, each inheriting the traffic keys it
// does not set; the resolved JSON keeps what each set.
TEST(Config, TrafficClassesInheritWhatTheyDoNotSet) {
  Config c;
  c.merge_yaml(
      "router: {impl: systemc}\n"
      "traffic: {packet_flits: 16, load: 0.2}\n"
      "classes:\n"
      "  time_constrained: {interarrival: uniform, interarrival_params: [1500, 1500], packet_flits: 10, nodes: [0, 5]}\n"
      "  best_effort: {packet_length: discrete, packet_length_params: [0.7, 16, 0.3, 12]}\n",
      "test");
  ASSERT_EQ(c.classes(), (std::vector<std::string>{"time_constrained", "best_effort"}));
  const ExperimentSpec s = decode(c);
  const auto& e = std::get<MeshExperiment>(s.topology);
  ASSERT_EQ(e.classes.size(), 2u);
  EXPECT_EQ(e.classes[0].name, "time_constrained");
  EXPECT_EQ(e.classes[0].nodes, (std::vector<uint32_t>{0, 5}));
  EXPECT_EQ(e.classes[0].stream.lengths.max_flits(), 10);
  EXPECT_DOUBLE_EQ(e.classes[0].stream.q, 1.0 / 1500);
  EXPECT_DOUBLE_EQ(e.classes[1].stream.lengths.mean(), 14.8);
  EXPECT_DOUBLE_EQ(e.classes[1].load, 0.2);  // inherited
  // Its own stream: not the network's legacy drand48 order.
  EXPECT_FALSE(e.classes[1].stream.legacy);
  EXPECT_EQ(s.config["classes"]["best_effort"]["packet_length"], "discrete");
  EXPECT_FALSE(s.config["classes"]["best_effort"].contains("load"));
  expect_error([&] { c.apply_set("classes.best_effort.colour=red"); }, {"unknown key 'classes.best_effort.colour'",
                                                                         "KEY one of: nodes"});
  Config bad = c;
  bad.apply_set("classes.time_constrained.nodes=[0, 99]");
  expect_error([&] { decode(bad); }, {"classes.time_constrained.nodes has node 99"});
  Config ref = c;
  ref.apply_set("router.impl=ref");
  expect_error([&] { decode(ref); }, {"traffic class 'time_constrained' with router.impl ref"});
}

TEST(Config, MalformedYamlIsReported) {
  Config c;
  expect_error([&] { c.merge_yaml("network: {dims: 2\n", "broken.yaml"); }, {"malformed YAML", "broken.yaml"});
  expect_error([&] { c.merge_yaml("- a\n- b\n", "list.yaml"); }, {"list.yaml", "mapping"});
  expect_error([&] { c.merge_yaml("traffic: {load: [.1, .2]}", "l.yaml"); }, {"traffic.load", "single value"});
  // An unclosed quote: yaml-cpp reads on to the end of the file, and the run: section would be lost.
  expect_error([&] { c.merge_yaml("traffic:\n  mapping_file: '\"\"\nrun:\n  cycles: 100\n", "q.yaml"); },
               {"malformed YAML in q.yaml", "line 2 opens a quoted value it does not close"});
  expect_error([&] { c.merge_yaml("trace:\n  vcd: \"a.vcd\nrun: {cycles: 100}\n", "d.yaml"); }, {"line 2"});
  // Closed quotes, quotes inside them, comments and flow lists stay fine.
  Config ok;
  ok.merge_yaml("# it's a comment\ntrace:\n  vcd: 'it''s.vcd'  # done\n  flits: \"a\\\"b.log\"\nnetwork: {radix: [4, 4]}\n", "ok.yaml");
  EXPECT_EQ(ok.text("trace.vcd"), "it's.vcd");
  EXPECT_EQ(ok.text("trace.flits"), "a\"b.log");
}

TEST(Config, AMapWhereAValueBelongsIsRefused) {  // found by the config fuzzer: "load: {}" was ignored
  Config c;
  expect_error([&] { c.merge_yaml("traffic:\n  load: {}\n", "m.yaml"); }, {"traffic.load", "m.yaml", "line 2", "not a map"});
  expect_error([&] { c.merge_yaml("traffic: {load: {x: 1}}", "m.yaml"); }, {"traffic.load", "single value"});
  expect_error([&] { c.merge_yaml("nonsense: {}", "m.yaml"); }, {"unknown key 'nonsense'", "m.yaml"});
  expect_error([&] { c.merge_yaml("router: {rtl_nodes: [none]}", "m.yaml"); }, {"router.rtl_nodes", "lists 'none'"});
  expect_error([&] { c.apply_set("router.rtl_nodes=[3, none]"); }, {"router.rtl_nodes", "a word alone"});
  c.merge_yaml("traffic: {}", "m.yaml");  // an empty known section is nothing to set
  EXPECT_DOUBLE_EQ(c.number("traffic.load"), 0.3);
}

TEST(Config, FifoCapacityFitsIn32Bits) {  // found by the config fuzzer: fifo_packets x L overflowed
  Config c;
  c.apply_set("router.fifo_packets=9223372036854775807");
  expect_error([&] { decode(c); }, {"router.fifo_packets = 9223372036854775807", "traffic.packet_flits = 32",
                                       "router.fifo_packets <= 67108863"});
  c.apply_set("router.fifo_packets=67108863");
  decode(c);
  Config f;
  f.apply_set("router.impl=systemc");
  f.apply_set("router.fifo_flits=2147483648");
  expect_error([&] { decode(f); }, {"router.fifo_flits = 2147483648", "1..2147483647"});
}

TEST(Config, RadixPerDimension) {
  Config c;
  c.merge_yaml("network: {dims: 3, radix: [8, 4, 2]}", "r.yaml");
  decode(c);
  EXPECT_EQ(network_radices(c), (std::vector<int>{8, 4, 2}));
  c.apply_set("network.radix=5");
  EXPECT_EQ(network_radices(c), (std::vector<int>{5, 5, 5}));
  c.apply_set("network.radix=[4, 4]");
  expect_error([&] { decode(c); }, {"network.radix", "network.dims = 3"});
  expect_error([&] { c.apply_set("network.radix=[4, 1, 4]"); }, {"network.radix", ">= 2"});
  expect_error([&] { c.apply_set("network.radix=[]"); }, {"network.radix", "empty list"});
}

TEST(Config, RtlRoutersRefuseWhatTheirPinsCannotCarry) {
  Config c;
  c.apply_set("router.impl=rtl");
  expect_error([&] { decode(c); }, {"finite FIFOs only", "router.fifo_flits"});
  c.apply_set("router.fifo_packets=2");
  decode(c);
  c.apply_set("network.radix=300");
  expect_error([&] { decode(c); }, {"network.radix <= 128"});
  c.apply_set("network.radix=8");
  c.apply_set("traffic.packet_flits=2000");
  expect_error([&] { decode(c); }, {"traffic.packet_flits <= 1023"});
  c.apply_set("traffic.packet_flits=32");
  c.apply_set("link.kind=handshake");
  expect_error([&] { decode(c); }, {"link.kind: pipelined"});
  c.apply_set("link.kind=pipelined");
  c.apply_set("router.vcs=5");
  expect_error([&] { decode(c); }, {"at most 4 virtual channels", "router.vcs <= 4"});
}

TEST(Config, RouterAndLinkKeysMustFitTogether) {
  Config c;
  c.apply_set("router.fifo_flits=8");
  expect_error([&] { decode(c); }, {"router.impl ref", "router.fifo_flits", "router.fifo_packets"});
  c.apply_set("router.impl=systemc");
  // the network's own rule, asked by the decoding:
  expect_error([&] { decode(c); }, {"router.fifo_flits = 8 < 32 flits (the longest packet", "wormhole"});
  c.apply_set("router.flow_control=wormhole");
  decode(c);
  c.apply_set("router.fifo_packets=2");
  expect_error([&] { decode(c); }, {"router.fifo_packets = 2 and router.fifo_flits = 8"});
  Config r;
  r.apply_set("link.delay=3");
  expect_error([&] { decode(r); }, {"link.delay = 3", "router.impl: systemc"});
  expect_error([&] { r.apply_set("link.delay=0"); }, {"link.delay", ">= 1"});
  expect_error([&] { r.apply_set("router.fifo_flits=0"); }, {"router.fifo_flits", "unbounded or an integer >= 1"});
  expect_error([&] { r.apply_set("link.kind=serial"); }, {"link.kind", "pipelined, handshake"});
}

TEST(Config, LoadAtOrAboveOneCannotConverge) {
  Config c;
  c.apply_set("traffic.load=1.2");
  expect_error([&] { decode(c); }, {"traffic.load", "can never converge", "run.convergence: fixed"});
  c.apply_set("run.convergence=fixed");
  const auto warnings = decode(c).warnings;
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_NE(warnings[0].find("cannot carry"), std::string::npos);
}

TEST(Config, CrossKeyChecks) {
  Config c;
  c.apply_set("traffic.seed=5000000000");
  expect_error([&] { decode(c); }, {"traffic.seed", "0..4294967295"});
  c.apply_set("traffic.stream=counter");
  EXPECT_NO_THROW(decode(c));

  Config big;
  big.apply_set("network.radix=1000");
  big.apply_set("network.dims=3");
  expect_error([&] { decode(big); }, {"network.radix", "network.dims", "at most"});

  Config fixed;
  fixed.apply_set("run.convergence=fixed");
  fixed.apply_set("run.cycles=100");
  fixed.apply_set("run.max_cycles=50");
  expect_error([&] { decode(fixed); }, {"run.cycles", "run.max_cycles"});
}

TEST(Config, EverySchemaKeyHasADefaultThatParses) {
  for (const auto& s : config_schema()) {
    Config c;
    EXPECT_NO_THROW(c.apply_set(s.key + "=" + s.default_value)) << s.key;
    EXPECT_FALSE(s.doc.empty()) << s.key;
  }
}

}  // namespace
}  // namespace kncsim
