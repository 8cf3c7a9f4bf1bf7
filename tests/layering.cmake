# SPDX-FileCopyrightText: 2026 Mapscape developers
# SPDX-License-Identifier: MIT
#
# The layering rules, checked over the source tree (cmake -DSOURCE_DIR=... -P layering.cmake):
#  1. Core code — core/ (but core/runner, the Qt Core runner) and every kinds/<id>/core/ and
#     kinds/<id>/learners/ — includes no Qt and no widgets/ or app/ header.
#  2. LibTorch is included only by learners: core/optim/rl/ (the shared learners, but its
#     torch-free module interface core/optim/rl/module/) and kinds/<id>/learners/.
#  3. The shared code (core/, widgets/, app/) includes no kind: kinds plug in through their
#     registration, never the other way.
#  4. No kind includes another kind.
#  5. A kind's core includes none of its own widgets/ or cli/ (its core is usable without them).
#  6. Inside the shared core, no include runs from a lower layer to a higher one:
#     util < model < io < network, maestro < optim < study < sweep < runner
#     (network and maestro are siblings and include neither each other).
file(GLOB_RECURSE _files RELATIVE "${SOURCE_DIR}"
     "${SOURCE_DIR}/core/*.h" "${SOURCE_DIR}/core/*.cpp"
     "${SOURCE_DIR}/widgets/*.h" "${SOURCE_DIR}/widgets/*.cpp"
     "${SOURCE_DIR}/app/*.h" "${SOURCE_DIR}/app/*.cpp"
     "${SOURCE_DIR}/kinds/*.h" "${SOURCE_DIR}/kinds/*.cpp")
set(_layers util model io network maestro optim study sweep runner)
set(_rank_util 0)
set(_rank_model 1)
set(_rank_io 2)
set(_rank_network 3)
set(_rank_maestro 3)
set(_rank_optim 4)
set(_rank_study 5)
set(_rank_sweep 6)
set(_rank_runner 7)
set(_bad "")
set(_core_checked 0)
set(_kinds "")
foreach(_f IN LISTS _files)
    set(_kind "")
    set(_part "")
    if(_f MATCHES "^kinds/([a-z0-9_]+)/([a-z]+)/")
        set(_kind "${CMAKE_MATCH_1}")
        set(_part "${CMAKE_MATCH_2}")
        list(APPEND _kinds "${_kind}")
    endif()
    set(_is_core FALSE)
    if((_f MATCHES "^core/" AND NOT _f MATCHES "^core/runner/") OR _part STREQUAL "core" OR _part STREQUAL "learners")
        set(_is_core TRUE)
        math(EXPR _core_checked "${_core_checked} + 1")
    endif()
    set(_may_torch FALSE)
    if((_f MATCHES "^core/optim/rl/" AND NOT _f MATCHES "^core/optim/rl/module/") OR _part STREQUAL "learners")
        set(_may_torch TRUE)
    endif()
    file(STRINGS "${SOURCE_DIR}/${_f}" _incs REGEX "^[ \t]*#[ \t]*include")
    foreach(_i IN LISTS _incs)
        if(_is_core AND (_i MATCHES "<Q[A-Za-z]*>" OR _i MATCHES "<Qt" OR _i MATCHES "\"(widgets|app)/"))
            list(APPEND _bad "rule 1 (no Qt, widgets or app in core code): ${_f}: ${_i}")
        endif()
        if(NOT _may_torch AND _i MATCHES "<(torch|ATen|c10)/")
            list(APPEND _bad "rule 2 (LibTorch only in learners): ${_f}: ${_i}")
        endif()
        if(_f MATCHES "^core/([a-z]+)/" AND _i MATCHES "\"core/([a-z]+)/")
            set(_to_layer "${CMAKE_MATCH_1}")
            string(REGEX MATCH "^core/([a-z]+)/" _m "${_f}")
            set(_from_layer "${CMAKE_MATCH_1}")
            if(DEFINED _rank_${_from_layer} AND DEFINED _rank_${_to_layer} AND NOT _from_layer STREQUAL _to_layer)
                if(_rank_${_to_layer} GREATER _rank_${_from_layer}
                   OR (_rank_${_to_layer} EQUAL _rank_${_from_layer}))
                    list(APPEND _bad "rule 6 (no upward include in the core, ${_layers}): ${_f}: ${_i}")
                endif()
            elseif(NOT DEFINED _rank_${_from_layer} OR NOT DEFINED _rank_${_to_layer})
                list(APPEND _bad "rule 6: core/${_from_layer} or core/${_to_layer} has no place in the layer order (tests/layering.cmake): ${_f}: ${_i}")
            endif()
        endif()
        if(_i MATCHES "\"kinds/([a-z0-9_]+)/([a-z]+)/")
            set(_to_kind "${CMAKE_MATCH_1}")
            set(_to_part "${CMAKE_MATCH_2}")
            if(NOT _kind)
                list(APPEND _bad "rule 3 (shared code includes no kind): ${_f}: ${_i}")
            elseif(NOT _to_kind STREQUAL _kind)
                list(APPEND _bad "rule 4 (no kind includes another kind): ${_f}: ${_i}")
            elseif((_part STREQUAL "core" OR _part STREQUAL "learners") AND (_to_part STREQUAL "widgets" OR _to_part STREQUAL "cli"))
                list(APPEND _bad "rule 5 (a kind's core includes none of its widgets or cli): ${_f}: ${_i}")
            endif()
        endif()
    endforeach()
endforeach()
list(REMOVE_DUPLICATES _kinds)
list(LENGTH _kinds _nkinds)
if(_core_checked LESS 10 OR _nkinds LESS 1)
    message(FATAL_ERROR "layering check found only ${_core_checked} core files and ${_nkinds} kinds under ${SOURCE_DIR}")
endif()
if(_bad)
    string(REPLACE ";" "\n" _msg "${_bad}")
    message(FATAL_ERROR "layering rules broken:\n${_msg}")
endif()
message(STATUS "layering OK: ${_core_checked} core files and ${_nkinds} kinds (${_kinds}) checked")
