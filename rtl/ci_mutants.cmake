# Three fixed mutants of the router for the CI test rtl_mutation_tests (ctest -L mutation): each
# is the router's sources (rtl/wormhole/, and rtl/prim/ in its prim/) with one fragment of one
# file changed, written to a directory of the build tree and registered as rtl_ci_mutants() with the parameter set it is tested on; the
# model cache Verilates it like any architect's RTL. The test requires the lockstep bench to
# catch each one. scripts/rtl_mutants.py generates and scores many more.
# Fields, split by '|': name | file | fragment | mutated fragment | parameter set as in
# KNCSIM_RTL_LINT_SETS. A fragment must occur exactly once in its file (no ';' in it: CMake lists).
set(KNCSIM_CI_MUTANTS
  # a relational swap: a flit needs one slot more of room downstream than it does
  "room_off_by_one|kncsim_router.sv|32'(used) + 32'(flits) <= Depth|32'(used) + 32'(flits) < Depth|2 4 0 0"
  # an inverted condition: Pertel's output pointer moves when it should stay
  "pout_inverted|kncsim_token_alloc.sv|if (o == 0) pout|if (o != 0) pout|2 4 0 0"
  # a stuck-at-1 enable: an output channel stays busy after its packet's tail
  "busy_stuck|kncsim_vc_router.sv|busy_d[bound_out[c]] = 1'b0|busy_d[bound_out[c]] = 1'b1|2 4 0 0 2 1 0"
)

set(mutant_lines "")
foreach(m IN LISTS KNCSIM_CI_MUTANTS)
  string(REPLACE "|" ";" f "${m}")
  list(GET f 0 name)
  list(GET f 1 file)
  list(GET f 2 from)
  list(GET f 3 to)
  list(GET f 4 set)
  kncsim_rtl_variant_fields("${set}")
  set(dir ${CMAKE_CURRENT_BINARY_DIR}/ci_mutants/${name})
  set(sources "")
  foreach(src IN LISTS KNCSIM_RTL_SOURCES KNCSIM_PRIM_RTL_HEADERS)
    get_filename_component(base ${src} NAME)
    file(READ ${src} text)
    if(base STREQUAL file)
      string(REPLACE "${from}" "" without "${text}")
      string(LENGTH "${text}" n_text)
      string(LENGTH "${without}" n_without)
      string(LENGTH "${from}" n_from)
      math(EXPR occurrences "(${n_text} - ${n_without}) / ${n_from}")
      if(NOT occurrences EQUAL 1)
        message(FATAL_ERROR "rtl/ci_mutants.cmake: mutant ${name}: '${from}' occurs ${occurrences} times in ${file}; it must occur once")
      endif()
      string(REPLACE "${from}" "${to}" text "${text}")
      set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${src})
    endif()
    set(to_file ${dir}/${base})
    if(src MATCHES "/prim/")  # the prims keep their folder: the cache takes a sources dir's prim/
      set(to_file ${dir}/prim/${base})
    endif()
    file(WRITE ${to_file}.new "${text}")
    configure_file(${to_file}.new ${to_file} COPYONLY)  # rewritten only if it changed
    list(APPEND sources ${to_file})
  endforeach()
  string(APPEND mutant_lines "KNCSIM_RTL_MUTANT(${name}, \"${dir}\", ${dims}, ${depth}, ${adaptive}, ${cut}, ${vcs}, ${torus}, ${arb})\n")
endforeach()
file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/rtl_ci_mutants.inc.new "${mutant_lines}")
configure_file(${CMAKE_CURRENT_BINARY_DIR}/rtl_ci_mutants.inc.new ${CMAKE_CURRENT_BINARY_DIR}/rtl_ci_mutants.inc COPYONLY)
