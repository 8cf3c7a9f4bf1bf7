# SPDX-FileCopyrightText: 2026 Mapscape developers
# SPDX-License-Identifier: MIT

# Test helpers shared by tests/ and every kind's tests/ folder; included by the top-level
# CMakeLists.txt when tests are built.

# Tests that exercise a learner know whether this build has the learner module.
# (MAPSCAPE_HAS_TORCH is defined for every target by the top-level CMakeLists.txt.)

set(MAPSCAPE_TESTS_DIR "${PROJECT_SOURCE_DIR}/tests")
set(MAPSCAPE_TEST_DATA_DIR "${MAPSCAPE_TESTS_DIR}/data")
# The MAESTRO golden cases (one JSON line each after the header line), counted at configure time: the test asserts it
# evaluated exactly this many.
set(MAPSCAPE_MAESTRO_GOLDEN "${MAPSCAPE_TEST_DATA_DIR}/maestro_golden/cases.jsonl")
file(STRINGS "${MAPSCAPE_MAESTRO_GOLDEN}" _maestro_lines REGEX "\"id\"")
list(LENGTH _maestro_lines MAPSCAPE_MAESTRO_GOLDEN_CASES)

# mapscape_add_qtest(<name> SOURCES ... LIBS ... LABELS ... [TIMEOUT s] [NAME ctest-name] [SERIAL])
# One QtTest executable per unit, registered with CTest, headless (offscreen platform).
# SERIAL: the test measures latencies (cancellation within 100 ms, pauses) and must not share
# the 2-core machine with other tests.
function(mapscape_add_qtest target)
    cmake_parse_arguments(T "SERIAL" "TIMEOUT;NAME" "SOURCES;LIBS;LABELS;DEFINITIONS" ${ARGN})
    if(NOT T_SOURCES)
        set(T_SOURCES ${target}.cpp)
    endif()
    if(NOT T_TIMEOUT)
        set(T_TIMEOUT 300)
    endif()
    if(NOT T_NAME)
        set(T_NAME ${target})
    endif()
    qt_add_executable(${target} ${T_SOURCES})
    target_link_libraries(${target} PRIVATE Qt6::Test mapscape_warnings ${T_LIBS})
    target_include_directories(${target} PRIVATE "${MAPSCAPE_TESTS_DIR}")
    target_compile_definitions(${target} PRIVATE
        QT_NO_KEYWORDS QT_NO_CAST_FROM_ASCII QT_NO_CAST_TO_ASCII
        MAPSCAPE_TEST_DATA_DIR="${MAPSCAPE_TEST_DATA_DIR}"
        MAPSCAPE_SOURCE_PRESET_DIR="${PROJECT_SOURCE_DIR}/presets"
        ${T_DEFINITIONS})
    set_target_properties(${target} PROPERTIES AUTOMOC ON)
    add_test(NAME ${T_NAME} COMMAND ${target})
    set_tests_properties(${T_NAME} PROPERTIES
        ENVIRONMENT "QT_QPA_PLATFORM=offscreen;MAPSCAPE_PRESET_DIR=${PROJECT_SOURCE_DIR}/presets"
        LABELS "${T_LABELS}"
        TIMEOUT ${T_TIMEOUT})
    if(T_SERIAL)
        set_tests_properties(${T_NAME} PROPERTIES RUN_SERIAL TRUE)
    endif()
endfunction()

# mapscape_add_screenshot_test(<name> ARGS ... [LABELS ...])
# Starts the real window offscreen with the given arguments and saves a screenshot of it into
# the build tree (<name>.png); fails if the window cannot be shown or the picture saved.
function(mapscape_add_screenshot_test name)
    cmake_parse_arguments(S "" "" "ARGS;LABELS" ${ARGN})
    if(NOT S_LABELS)
        set(S_LABELS gui)
    endif()
    add_test(NAME ${name}
        COMMAND mapscape ${S_ARGS} --screenshot ${CMAKE_CURRENT_BINARY_DIR}/${name}.png)
    set_tests_properties(${name} PROPERTIES LABELS "${S_LABELS}" TIMEOUT 120
        ENVIRONMENT "QT_QPA_PLATFORM=offscreen;MAPSCAPE_PRESET_DIR=${PROJECT_SOURCE_DIR}/presets")
endfunction()

# Runs mapscape-cli with ARGS in the test's build folder and checks its exit code and output.
# mapscape_add_cli_test(<name> RC <exit code> ARGS ... [EXPECT regex...] [REJECT regex...] [ENV VAR=value...])
function(mapscape_add_cli_test name)
    cmake_parse_arguments(T "" "RC" "ARGS;EXPECT;REJECT;ENV" ${ARGN})
    # Lists travel to the script joined with "@@" (semicolons do not survive add_test).
    string(REPLACE ";" "@@" _args "${T_ARGS}")
    string(REPLACE ";" "@@" _expect "${T_EXPECT}")
    string(REPLACE ";" "@@" _reject "${T_REJECT}")
    add_test(NAME cli_${name}
        COMMAND ${CMAKE_COMMAND} -DCLI=$<TARGET_FILE:mapscape-cli> "-DARGS=${_args}" -DEXPECT_RC=${T_RC}
                "-DEXPECT=${_expect}" "-DREJECT=${_reject}" -P ${MAPSCAPE_TESTS_DIR}/cli/run_cli.cmake
        WORKING_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR})
    set_tests_properties(cli_${name} PROPERTIES LABELS cli TIMEOUT 120
        ENVIRONMENT "MAPSCAPE_PRESET_DIR=${PROJECT_SOURCE_DIR}/presets;${T_ENV}")
endfunction()
