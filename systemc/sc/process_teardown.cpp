#include "sc/process_teardown.hpp"

#include <vector>

namespace kncsim {

void kill_processes(sc_core::sc_object& object) {
  if (sc_core::sc_get_status() == sc_core::SC_ELABORATION) return;
  const std::vector<sc_core::sc_object*> children = object.get_child_objects();  // a kill changes the list
  for (auto it = children.rbegin(); it != children.rend(); ++it) {
    sc_core::sc_process_handle process(*it);
    if (!process.valid()) {
      kill_processes(**it);
    } else if (!process.terminated()) {
      process.kill();
    }
  }
}

}  // namespace kncsim
