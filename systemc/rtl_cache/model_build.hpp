#pragma once
// Builds one model of the cache into a fresh directory: Verilator turns the sources into C++
// (--cc for the direct binding, --sc for signals), the compiler turns that and the ABI glue
// (rtl/glue/kncsim_model_glue.cpp) into objects, `jobs` at once and through ccache when it is
// there, and links them into model.so. Verilator's runtime is not in it: the process that
// loads the model has it once (rtl/CMakeLists.txt), and every model uses that one.
#include <string>
#include <vector>

#include "rtl_cache/model_cache.hpp"
#include "rtl_cache/model_spec.hpp"

namespace kncsim {

// The Verilator command line for `spec` into `obj_dir` (without the program).
std::vector<std::string> verilator_arguments(const ModelSpec& spec, const std::string& obj_dir);
// Verilator's arguments for the XML view of the design (its instances and their modules), to
// `xml_path`: what a model that counts its toggles counts them by (model_toggles.hpp).
std::vector<std::string> verilator_xml_arguments(const ModelSpec& spec, const std::string& xml_path);
// The compiler's flags for the model's objects: `fast` for the evaluation code (-O3), else
// the once-only code (-O1, which compiles several times faster).
std::vector<std::string> model_compile_flags(const ModelSpec& spec, const std::string& obj_dir, bool fast);

// The link's flags (model.so holds no runtime: the loading process has it).
std::vector<std::string> model_link_flags();

// The environment the builds' tools run in; build_model sets it itself, and a program that
// builds models from several threads calls it first, before any thread starts.
void model_build_environment();

// Builds `spec` in `dir` (which exists and is empty): dir/model.so, with everything the
// tools said in dir/build.log. Throws RtlSourceError when Verilator refuses the sources (its
// messages, with file:line), std::runtime_error for any other failure.
void build_model(const ModelSpec& spec, const std::string& dir, int jobs, BuildProgress* progress);

}  // namespace kncsim
