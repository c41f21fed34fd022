#pragma once
// The public configuration keys: name, kind, allowed values, default, meaning.
#include <string>
#include <vector>

namespace kncsim {

// integers, numbers: one or a list (a word from `choices` stands alone)
enum class KeyKind { integer, number, choice, integer_or_choice, integers, numbers, text };

struct KeySpec {
  std::string key;
  KeyKind kind;
  std::vector<std::string> choices;  // words allowed (choice, integer_or_choice)
  double min = 0;                    // numeric lower bound
  bool min_exclusive = false;
  double max = 0;                    // numeric upper bound (inclusive); ignored if max < min
  std::string default_value;         // YAML scalar text
  std::string doc;
  std::string why = {};              // appended to a bad-value error: the reason for the bound
};

const std::vector<KeySpec>& config_schema();
const KeySpec* find_key(const std::string& key);
// "a number > 0", "one of: dor, adaptive", "unbounded or an integer >= 1", ...
std::string allowed_values(const KeySpec& spec);

}  // namespace kncsim
