# plexus_add_dsl(target program.sp ...) compiles graph programs written in the DSL (docs/dsl.md)
# at build time: `plexus dsl compile` turns each into <build>/dsl_generated/<target>/<stem>.hpp,
# a header of function templates over the execution space, which the target's sources include
# as "<stem>.hpp" and instantiate for the back ends they are compiled for. A program is
# compiled again when it changes; a program with errors fails the build with its diagnostics.
function(plexus_add_dsl target)
  if(TARGET plexus_cli)
    set(compiler $<TARGET_FILE:plexus_cli>)
  else()
    find_program(PLEXUS_DSL_COMPILER plexus REQUIRED)
    set(compiler ${PLEXUS_DSL_COMPILER})
  endif()
  set(folder ${CMAKE_CURRENT_BINARY_DIR}/dsl_generated/${target})
  set(headers "")
  foreach(program IN LISTS ARGN)
    get_filename_component(path ${program} ABSOLUTE)
    get_filename_component(stem ${program} NAME_WE)
    set(header ${folder}/${stem}.hpp)
    add_custom_command(OUTPUT ${header}
      COMMAND ${compiler} dsl compile ${path} -o ${header}
      DEPENDS ${path} ${compiler}
      COMMENT "Compiling the graph program ${program}"
      VERBATIM)
    list(APPEND headers ${header})
  endforeach()
  add_custom_target(${target}_dsl DEPENDS ${headers})
  add_dependencies(${target} ${target}_dsl)
  target_include_directories(${target} PRIVATE ${folder})
endfunction()
