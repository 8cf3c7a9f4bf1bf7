# SPDX-FileCopyrightText: 2026 Mapscape developers
# SPDX-License-Identifier: MIT
# Installs the build into a scratch prefix and checks what a package would contain: the
# binaries, the core library and the learner module, the desktop file, the icon and the presets,
# which the installed CLI must find next to itself (relocatable, as from a .deb).
file(REMOVE_RECURSE "${PREFIX}")
execute_process(COMMAND ${CMAKE_COMMAND} --install "${BUILD_DIR}" --prefix "${PREFIX}"
    RESULT_VARIABLE rc OUTPUT_QUIET)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "cmake --install failed (${rc})")
endif()
foreach(f bin/mapscape-cli lib/mapscape/libmapscape_core.so share/mapscape/presets/accelerators/eyeriss.json
          share/mapscape/presets/networks/resnet50.json share/mapscape/presets/README.md)
    if(NOT EXISTS "${PREFIX}/${f}")
        message(FATAL_ERROR "missing after install: ${f}")
    endif()
endforeach()
if(WITH_GUI)
    foreach(f bin/mapscape share/applications/io.github.mapscape.Mapscape.desktop
              share/icons/hicolor/scalable/apps/io.github.mapscape.Mapscape.svg)
        if(NOT EXISTS "${PREFIX}/${f}")
            message(FATAL_ERROR "missing after install: ${f}")
        endif()
    endforeach()
endif()
execute_process(COMMAND "${PREFIX}/bin/mapscape-cli" presets
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "eyeriss  \\(${PREFIX}/share/mapscape/presets/accelerators/eyeriss.json\\)")
    message(FATAL_ERROR "the installed CLI does not use its own presets:\n${out}${err}")
endif()
if(WITH_TORCH)
    # The learner module is installed beside the core and the installed CLI opens it.
    execute_process(COMMAND "${PREFIX}/bin/mapscape-cli" optimize -O ppo -b 1 -q -n resnet50
        RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
    if(NOT rc EQUAL 0 OR NOT out MATCHES "Total: energy")
        message(FATAL_ERROR "the installed CLI cannot run a learner:\n${out}${err}")
    endif()
endif()
file(REMOVE_RECURSE "${PREFIX}")
