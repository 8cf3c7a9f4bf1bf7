# SPDX-FileCopyrightText: 2026 Mapscape developers
# SPDX-License-Identifier: MIT
# Installs the build into a scratch prefix and checks what a package would contain: the
# binaries, the desktop file, the icon and the presets, which the installed CLI must find next
# to itself (relocatable, as from a .deb).
file(REMOVE_RECURSE "${PREFIX}")
execute_process(COMMAND ${CMAKE_COMMAND} --install "${BUILD_DIR}" --prefix "${PREFIX}"
    RESULT_VARIABLE rc OUTPUT_QUIET)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "cmake --install failed (${rc})")
endif()
foreach(f bin/mapscape-cli share/mapscape/presets/accelerators/eyeriss.json
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
file(REMOVE_RECURSE "${PREFIX}")
