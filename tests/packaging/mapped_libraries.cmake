# SPDX-FileCopyrightText: 2026 Mapscape developers
# SPDX-License-Identifier: MIT
# What the programs map (issue 34): the CLI's --help, validate, evaluate and sweep status, and
# the GUI's first window, must map no LibTorch, no OpenCV and no Qt 5; a learner run must map
# LibTorch, opened at run time by the core (the check would otherwise prove nothing). The
# dynamic loader reports every object it maps (LD_DEBUG=files), including those opened later
# with dlopen, so the list is what the process really mapped, not only what ldd predicts.
#
# -DCLI=path -DGUI=path-or-empty -DWITH_TORCH=ON|OFF -DWORK=scratch-dir -DSTUDY=a-study-file
# -DSWEEP=a-sweep-file-without-learners

set(_forbidden "libtorch|libc10|libopencv|libQt5")

# Runs a command with the loader's report on; sets <out_var> to the mapped objects' names.
function(mapped out_var name)
    set(_dir "${WORK}/${name}")
    file(REMOVE_RECURSE "${_dir}")
    file(MAKE_DIRECTORY "${_dir}")
    execute_process(COMMAND ${CMAKE_COMMAND} -E env LD_DEBUG=files "LD_DEBUG_OUTPUT=${_dir}/ld" QT_QPA_PLATFORM=offscreen
                            ${ARGN}
        RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err WORKING_DIRECTORY "${_dir}")
    if(NOT rc EQUAL 0)
        message(FATAL_ERROR "${name}: exit ${rc}\n${out}${err}")
    endif()
    file(GLOB _reports "${_dir}/ld.*")
    if(NOT _reports)
        message(FATAL_ERROR "${name}: the dynamic loader wrote no report (LD_DEBUG unsupported?)")
    endif()
    set(_libs "")
    foreach(_r IN LISTS _reports)
        file(STRINGS "${_r}" _lines REGEX "generating link map")
        foreach(_l IN LISTS _lines)
            if(_l MATCHES "file=([^ ]+) \\[")
                get_filename_component(_n "${CMAKE_MATCH_1}" NAME)
                list(APPEND _libs "${_n}")
            endif()
        endforeach()
    endforeach()
    list(REMOVE_DUPLICATES _libs)
    list(LENGTH _libs _count)
    message(STATUS "${name}: ${_count} shared objects mapped")
    set(${out_var} "${_libs}" PARENT_SCOPE)
endfunction()

function(expect_clean name)
    mapped(_libs ${name} ${ARGN})
    set(_bad "")
    foreach(_l IN LISTS _libs)
        if(_l MATCHES "${_forbidden}")
            list(APPEND _bad "${_l}")
        endif()
    endforeach()
    if(_bad)
        string(REPLACE ";" " " _b "${_bad}")
        message(FATAL_ERROR "${name} maps what only a learner may need: ${_b}")
    endif()
    if(NOT _libs MATCHES "libmapscape_core")
        message(FATAL_ERROR "${name}: the report does not list the core library; the check is not looking at the program")
    endif()
endfunction()

expect_clean(cli-help "${CLI}" --help)
expect_clean(cli-validate "${CLI}" validate "${STUDY}")
expect_clean(cli-evaluate "${CLI}" evaluate -a eyeriss -n resnet50)
file(REMOVE_RECURSE "${WORK}/sweep-results")
expect_clean(cli-sweep-run "${CLI}" sweep run "${SWEEP}" -o "${WORK}/sweep-results" -q)
expect_clean(cli-sweep-status "${CLI}" sweep status "${WORK}/sweep-results")
if(GUI)
    expect_clean(gui-first-window "${GUI}" --exit-when-shown)
    expect_clean(gui-screenshot "${GUI}" --screenshot "${WORK}/first-window.png")
endif()

if(WITH_TORCH)
    # The control: a learner maps LibTorch, through the module the core opens.
    mapped(_libs cli-learner "${CLI}" optimize -O ppo -b 1 -q -n resnet50)
    foreach(_need libmapscape_learners.so libtorch_cpu.so)
        if(NOT _libs MATCHES "${_need}")
            message(FATAL_ERROR "cli-learner: a PPO run did not map ${_need}; mapped: ${_libs}")
        endif()
    endforeach()
endif()
