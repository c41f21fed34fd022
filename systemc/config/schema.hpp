#pragma once
// The public configuration keys: name, kind, allowed values, default, meaning.
#include <string>
#include <utility>
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
// A key of the schema, or of a traffic class: classes.NAME.KEY takes either a class's own key
// (class_key_schema(), written classes.*.KEY) or a traffic key it inherits (traffic.KEY, with that
// key's values).
const KeySpec* find_key(const std::string& key);

// Traffic classes (PP-MESS-SIM's tasks): the keys only a class has, as classes.*.KEY, and the
// traffic keys a class may set for itself (without "traffic.").
const std::vector<KeySpec>& class_key_schema();
const std::vector<std::string>& class_traffic_keys();
// The router keys a class may set for itself: (its key, the network's key it inherits).
const std::vector<std::pair<std::string, std::string>>& class_router_keys();
// For classes.NAME.KEY: NAME and KEY; false for any other key.
bool split_class_key(const std::string& key, std::string& name, std::string& sub);
// "a number > 0", "one of: dor, adaptive", "unbounded or an integer >= 1", ...
std::string allowed_values(const KeySpec& spec);

}  // namespace kncsim
