#pragma once
// Experiment configuration: dotted keys ("traffic.load") from a YAML file and --set
// overrides, checked against the schema; every key resolved (defaults filled in). This is the
// bottom floor: each key's own values are checked here, and the rules between keys are
// spec/'s (decode), which turns a Config into the typed spec everything else reads.
#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

namespace kncsim {

// Bad input: the message names the key and the allowed values.
class ConfigError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

using ConfigValue = std::variant<int64_t, double, std::string, std::vector<int64_t>, std::vector<double>>;

class Config {
 public:
  // Schema defaults only.
  Config();
  // Parses YAML text (a file's contents); `origin` names it in errors.
  void merge_yaml(const std::string& text, const std::string& origin);
  void merge_file(const std::string& path);
  // One key from a raw string (no YAML parsing), e.g. a path given on the command line.
  void set_value(const std::string& key, const std::string& scalar, const std::string& origin);
  // "key=value", the value read as a YAML scalar.
  void apply_set(const std::string& assignment);

  int64_t integer(const std::string& key) const;
  double number(const std::string& key) const;
  const std::string& text(const std::string& key) const;
  // For keys that take one integer or a list of them.
  std::vector<int64_t> integers(const std::string& key) const;
  // For keys that take one number or a list of them; a word ("none") gives none.
  std::vector<double> numbers(const std::string& key) const;
  // For keys that take an integer or a word ("unbounded", "default", "auto").
  bool is_word(const std::string& key) const;

  const std::map<std::string, ConfigValue>& values() const { return values_; }
  // Whether a key has a value: every schema key has (its default); a class's key only if given.
  bool has(const std::string& key) const;
  // The traffic classes (classes.NAME.*), in the order their first key was given.
  const std::vector<std::string>& classes() const { return classes_; }

 private:
  void note_class(const std::string& key, const std::string& origin);
  void set_scalar(const std::string& key, const std::string& scalar, const std::string& origin);
  void set_list(const std::string& key, const std::vector<std::string>& items, const std::string& origin);
  const ConfigValue& at(const std::string& key) const;
  std::map<std::string, ConfigValue> values_;
  std::vector<std::string> classes_;
};

// network.radix expanded to one radix per dimension (a scalar applies to every dimension).
std::vector<int> network_radices(const Config& c);
// The value of a number or integer key named at run time (a sweep's load axis); none if the
// key is not a numeric one.
std::optional<double> numeric_key(const Config& c, const std::string& key);

}  // namespace kncsim
