#pragma once
// A whole file's bytes ("" if it cannot be read): logs, sources to hash, manifests.
#include <fstream>
#include <iterator>
#include <string>

namespace kncsim {

inline std::string read_text_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

}  // namespace kncsim
