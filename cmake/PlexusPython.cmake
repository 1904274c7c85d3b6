# The Python package (python/): a pybind11 extension module over the library and a thin
# pure-Python layer. PLEXUS_BUILD_PYTHON: AUTO builds it when Python 3's headers and pybind11
# are found, ON requires them, OFF leaves it out.
#
# The interpreter is Debian's /usr/bin/python3 where it exists: the packages the module and its
# tests use (python3-pybind11, python3-numpy, python3-pytest, ...) are installed for it, and a
# python3 earlier on PATH (a pyenv shim, a virtual environment) may lack them.
set(PLEXUS_BUILD_PYTHON AUTO CACHE STRING "Build the Python package: AUTO, ON or OFF")
set_property(CACHE PLEXUS_BUILD_PYTHON PROPERTY STRINGS AUTO ON OFF)
set(PLEXUS_PYTHON_ENABLED OFF)
if(NOT PLEXUS_BUILD_PYTHON STREQUAL "OFF")
  if(NOT DEFINED Python_EXECUTABLE AND EXISTS /usr/bin/python3)
    set(Python_EXECUTABLE /usr/bin/python3)
  endif()
  find_package(Python 3.9 COMPONENTS Interpreter Development.Module QUIET)
  if(Python_FOUND)
    set(PYBIND11_FINDPYTHON ON)
    find_package(pybind11 2.6 CONFIG QUIET)
  endif()
  if(Python_FOUND AND pybind11_FOUND)
    set(PLEXUS_PYTHON_ENABLED ON)
    message(STATUS "Plexus Python package: ON (Python ${Python_VERSION}, pybind11 ${pybind11_VERSION})")
  elseif(PLEXUS_BUILD_PYTHON STREQUAL "ON")
    message(FATAL_ERROR "PLEXUS_BUILD_PYTHON=ON needs Python 3 with its headers and pybind11 "
                        "(scripts/setup.sh installs python3-dev and python3-pybind11)")
  else()
    message(STATUS "Plexus Python package: OFF (Python 3 headers or pybind11 not found)")
  endif()
endif()
