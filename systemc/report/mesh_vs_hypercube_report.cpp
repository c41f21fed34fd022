#include "report/mesh_vs_hypercube_report.hpp"

#include <fmt/format.h>

#include <cmath>

#include "analytic/mesh_vs_hypercube.hpp"

namespace kncsim {

using ojson = nlohmann::ordered_json;

ojson mesh_vs_hypercube_report(const std::vector<long>& nodes, const std::vector<double>& messages) {
  ojson rows = ojson::array();
  for (long n : nodes) {
    const int lg = int(std::lround(std::log2(double(n))));
    // An odd lg N gets the rectangular mesh laid out row-major along its shorter side, the
    // narrower of its two identity layouts.
    const long cols = 1L << (lg / 2), mesh_rows = n / cols;
    const LayoutPeak hyper = hypercube_layout_peak(lg), mesh = mesh_layout_peak(mesh_rows, cols);
    const ChittorDistances d = chittor_distances(double(n));
    ojson rate = ojson::object(), bandwidth = ojson::object(), average = ojson::object(), worst = ojson::object(),
          contended = ojson::object();
    for (WireDelayModel m : kWireDelayModels) {
      rate[to_string(m)] = chittor_rate_ratio(m, double(n));
      bandwidth[to_string(m)] = chittor_bandwidth_ratio(m, double(n));
      contended[to_string(m)] = chittor_speedup_under_contention(m, double(n));
      ojson a = ojson::array(), w = ojson::array();
      for (double l : messages) {
        a.push_back(chittor_speedup_average(m, double(n), l));
        w.push_back(chittor_speedup_worst(m, double(n), l));
      }
      average[to_string(m)] = a;
      worst[to_string(m)] = w;
    }
    rows.push_back(ojson{
        {"nodes", n},
        {"log2_nodes", lg},
        {"nodes_per_log2", double(n) / lg},
        {"hypercube_peak_width", hyper.width},
        {"hypercube_peak_cut", hyper.cut},
        {"mesh_shape", {mesh_rows, cols}},
        {"mesh_peak_width", mesh.width},
        {"width_ratio", chittor_width_ratio(double(n))},
        {"width_ratio_layouts", double(hyper.width) / double(mesh.width)},
        {"wire_length_ratio", chittor_wire_length_ratio(double(n))},
        {"rate_ratio", rate},
        {"bandwidth_ratio", bandwidth},
        {"distances",
         {{"mesh_mean", d.mesh_mean}, {"mesh_max", d.mesh_max}, {"hypercube_mean", d.hypercube_mean},
          {"hypercube_max", d.hypercube_max}}},
        {"speedup_average", average},
        {"speedup_worst", worst},
        {"speedup_under_contention", contended}});
  }
  return ojson{{"analytic", "mesh_vs_hypercube"},
               {"source", "Chittor 1991, chapter 2: Theorems 1-7, Tables 2.1-2.2, eqs 2.20-2.23; section 3.6: Lemma 8"},
               {"message_lengths", messages},
               {"sizes", rows}};
}

std::string mesh_vs_hypercube_summary(const ojson& r) {
  std::string s =
      "2D mesh against binary hypercube at equal peak wire density (Chittor, chapter 2)\n"
      "peak widths of the identity layouts counted edge by edge (Theorems 1-3; the cut in brackets);\n"
      "W^m/W^h = 2 sqrt(N)/3 (Theorem 4) and from the layouts; l^h/l^m >= (sqrt(2N) - sqrt(2))/lg N (Theorem 5)\n\n";
  s += fmt::format("{:>8} {:>16} {:>6} {:>7} {:>9} {:>9} {:>8}\n", "N", "hypercube (cut)", "mesh", "shape",
                   "W 2rtN/3", "W layout", "l^h/l^m");
  for (const auto& row : r["sizes"]) {
    const auto shape = row["mesh_shape"];
    s += fmt::format("{:>8} {:>9} ({:>5}) {:>6} {:>3}x{:<3} {:>9.2f} {:>9.2f} {:>8.2f}\n", row["nodes"].get<long>(),
                     row["hypercube_peak_width"].get<long>(), row["hypercube_peak_cut"].get<long>(),
                     row["mesh_peak_width"].get<long>(), shape[0].get<long>(), shape[1].get<long>(),
                     row["width_ratio"].get<double>(), row["width_ratio_layouts"].get<double>(),
                     row["wire_length_ratio"].get<double>());
  }
  s += "\nchannel bandwidth ratio R_b = speedup R_e of contention-free adjacent-node communication "
       "(Table 2.1 as Table 2.2 prints it)\n";
  s += fmt::format("{:>8} {:>8} {:>10} {:>12} {:>10}\n", "N", "N/lg N", "linear", "logarithmic", "constant");
  for (const auto& row : r["sizes"]) {
    const auto& b = row["bandwidth_ratio"];
    s += fmt::format("{:>8} {:>8.1f} {:>10.1f} {:>12.1f} {:>10.1f}\n", row["nodes"].get<long>(),
                     row["nodes_per_log2"].get<double>(), b["linear"].get<double>(), b["logarithmic"].get<double>(),
                     b["constant"].get<double>());
  }
  s += "\nspeedup R_e of communication-intensive programs under random mapping (Lemma 8): lambda_sat R_b, "
       "lambda_sat = 2/sqrt(N) (Corollary 5)\n";
  s += fmt::format("{:>8} {:>10} {:>12} {:>10}\n", "N", "linear", "logarithmic", "constant");
  for (const auto& row : r["sizes"]) {
    const auto& c = row["speedup_under_contention"];
    s += fmt::format("{:>8} {:>10.2f} {:>12.2f} {:>10.2f}\n", row["nodes"].get<long>(), c["linear"].get<double>(),
                     c["logarithmic"].get<double>(), c["constant"].get<double>());
  }
  const auto messages = r["message_lengths"].get<std::vector<double>>();
  if (!messages.empty()) {
    s += "\nspeedup R_e of contention-free non-adjacent communication, constant delay model (Fig. 2.3): "
         "average node (eq 2.22) / worst node (eq 2.23); L' = message length / header length\n";
    s += fmt::format("{:>8} {:>7}", "N", "R_b");
    for (double l : messages) s += fmt::format(" {:>15}", fmt::format("L'={:g}", l));
    s += "\n";
    for (const auto& row : r["sizes"]) {
      s += fmt::format("{:>8} {:>7.2f}", row["nodes"].get<long>(), row["bandwidth_ratio"]["constant"].get<double>());
      for (std::size_t i = 0; i < messages.size(); ++i)
        s += fmt::format(" {:>15}", fmt::format("{:.2f} / {:.2f}", row["speedup_average"]["constant"][i].get<double>(),
                                                 row["speedup_worst"]["constant"][i].get<double>()));
      s += "\n";
    }
  }
  return s;
}

}  // namespace kncsim
