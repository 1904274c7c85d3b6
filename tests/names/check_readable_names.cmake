# Every test's name reads as words: a parameter GoogleTest cannot print shows in the name (and in
# failure messages) as its bytes, "GetParam() = 40-byte object <CE-40 ...>"; give its type a
# PrintTo(const T&, std::ostream*) beside it, as tests/datasets/graph_datasets_test.cpp does.
# Usage: cmake -DCTEST=<ctest> -DBUILD_DIR=<build folder> -P check_readable_names.cmake
cmake_minimum_required(VERSION 3.25)

execute_process(COMMAND ${CTEST} --test-dir ${BUILD_DIR} -N
                OUTPUT_VARIABLE listing RESULT_VARIABLE rc)
if(rc)
  message(FATAL_ERROR "ctest -N failed (${rc})")
endif()
string(REGEX MATCHALL "[^\n]*-byte object <[^\n]*" unreadable "${listing}")
list(LENGTH unreadable count)
if(count)
  list(JOIN unreadable "\n" lines)
  message(FATAL_ERROR "${count} test names show a parameter as its bytes; give its type a PrintTo:\n${lines}")
endif()
string(REGEX MATCHALL "Test +#[0-9]+:" tests "${listing}")
list(LENGTH tests listed)
if(listed EQUAL 0)
  message(FATAL_ERROR "ctest -N listed no tests in ${BUILD_DIR}")
endif()
message(STATUS "${listed} test names, none showing a parameter as bytes")
