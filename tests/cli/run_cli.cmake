# SPDX-FileCopyrightText: 2026 Mapscape developers
# SPDX-License-Identifier: MIT
# Runs the CLI with ARGS (a ;-list), checks its exit code against EXPECT_RC and that its
# combined output matches every regex in EXPECT (a ;-list) and none in REJECT.
string(REPLACE "@@" ";" ARGS "${ARGS}")
string(REPLACE "@@" ";" EXPECT "${EXPECT}")
string(REPLACE "@@" ";" REJECT "${REJECT}")
execute_process(COMMAND ${CLI} ${ARGS}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
set(all "${out}${err}")
message("${all}")
if(NOT rc EQUAL EXPECT_RC)
    message(FATAL_ERROR "exit code ${rc}, expected ${EXPECT_RC}")
endif()
foreach(re IN LISTS EXPECT)
    if(NOT all MATCHES "${re}")
        message(FATAL_ERROR "output does not match: ${re}")
    endif()
endforeach()
foreach(re IN LISTS REJECT)
    if(all MATCHES "${re}")
        message(FATAL_ERROR "output must not match: ${re}")
    endif()
endforeach()
