# SPDX-FileCopyrightText: 2026 Mapscape developers
# SPDX-License-Identifier: MIT

# A study kind is one folder, kinds/<id>/, whose CMakeLists.txt calls mapscape_kind() once:
#
#   mapscape_kind(<id>
#       FACTORY <function>            std::shared_ptr<const StudyKind> <function>() in namespace mapscape
#       CORE <sources>                Qt-free: model, cost model, optimizers, files, descriptor, jobs
#       [CORE_LIBS <targets>]         libraries the core part needs (linked into mapscape_core)
#       [LEARNERS <sources>]          the LibTorch sources, built into the learner module
#       [WIDGETS <sources>]           its workbench and views (Qt Widgets)
#       [WORKBENCH <Class> <header>]  the workbench class the window makes for the kind's studies
#       [CLI <sources>]               tools of its own beside the shared commands
#       [VERBS <functions>]           cli::Verb <function>() in namespace mapscape::cli, one per tool
#       [HELP <page.md>])             its Help page (Help → Help on this study), shown as :/help/<id>.md
#
# Each part is an object library (mapscape_kind_<id>_core, _learners, _widgets, _cli) whose
# objects go into the shared target of its layer (mapscape_core, mapscape_learners,
# mapscape_widgets, mapscape_cli). The registration files that list the kinds, their
# workbenches and verbs are generated from these calls (kinds/CMakeLists.txt), so adding a kind
# edits nothing outside its folder but its line in kinds/kinds.cmake.

# What every object library of the core layer needs to compile like the core itself.
add_library(mapscape_core_build INTERFACE)
target_include_directories(mapscape_core_build INTERFACE "${PROJECT_SOURCE_DIR}")
target_link_libraries(mapscape_core_build INTERFACE Eigen3::Eigen Threads::Threads nlohmann_json::nlohmann_json
    mapscape_warnings)
target_compile_definitions(mapscape_core_build INTERFACE
    MAPSCAPE_SOURCE_PRESET_DIR="${MAPSCAPE_SOURCE_PRESET_DIR}"
    MAPSCAPE_INSTALL_PRESET_DIR="${MAPSCAPE_INSTALL_PRESET_DIR}")

function(mapscape_kind id)
    cmake_parse_arguments(K "" "FACTORY" "CORE;CORE_LIBS;LEARNERS;WIDGETS;WORKBENCH;CLI;VERBS;HELP" ${ARGN})
    if(NOT K_FACTORY OR NOT K_CORE)
        message(FATAL_ERROR "mapscape_kind(${id}): FACTORY and CORE are required")
    endif()
    set_property(GLOBAL APPEND PROPERTY MAPSCAPE_KIND_IDS ${id})
    set_property(GLOBAL APPEND PROPERTY MAPSCAPE_KIND_FACTORIES ${K_FACTORY})

    # Libraries a kind finds in its own folder are linked into mapscape_core, defined elsewhere:
    # its imported targets must be visible there.
    foreach(lib IN LISTS K_CORE_LIBS)
        if(TARGET ${lib})
            get_target_property(imported ${lib} IMPORTED)
            get_target_property(global ${lib} IMPORTED_GLOBAL)
            if(imported AND NOT global)
                set_target_properties(${lib} PROPERTIES IMPORTED_GLOBAL TRUE)
            endif()
        endif()
    endforeach()
    set(core mapscape_kind_${id}_core)
    add_library(${core} OBJECT ${K_CORE})
    target_link_libraries(${core} PRIVATE mapscape_core_build ${K_CORE_LIBS})
    set_target_properties(${core} PROPERTIES POSITION_INDEPENDENT_CODE ON)
    target_link_libraries(mapscape_core PRIVATE ${core} ${K_CORE_LIBS})

    if(K_LEARNERS AND MAPSCAPE_WITH_TORCH)
        set(learners mapscape_kind_${id}_learners)
        add_library(${learners} OBJECT ${K_LEARNERS})
        target_link_libraries(${learners} PRIVATE mapscape_core_build ${TORCH_LIBRARIES})
        set_target_properties(${learners} PROPERTIES POSITION_INDEPENDENT_CODE ON)
        target_link_libraries(mapscape_learners PRIVATE ${learners})
    endif()

    if(K_WIDGETS AND MAPSCAPE_BUILD_GUI)
        set(widgets mapscape_kind_${id}_widgets)
        add_library(${widgets} OBJECT ${K_WIDGETS})
        target_link_libraries(${widgets} PRIVATE mapscape_runner Qt6::Widgets Qt6::Charts Qt6::Svg Qt6::Concurrent
            mapscape_warnings)
        target_compile_definitions(${widgets} PRIVATE QT_NO_KEYWORDS QT_NO_CAST_FROM_ASCII QT_NO_CAST_TO_ASCII)
        set_target_properties(${widgets} PROPERTIES AUTOMOC ON)
        target_link_libraries(mapscape_widgets PRIVATE ${widgets})
        if(K_WORKBENCH)
            list(GET K_WORKBENCH 0 cls)
            list(GET K_WORKBENCH 1 header)
            set_property(GLOBAL APPEND PROPERTY MAPSCAPE_KIND_WORKBENCHES "${id}|${cls}|${header}")
        endif()
    endif()
    if(K_HELP AND MAPSCAPE_BUILD_GUI)
        get_filename_component(page "${K_HELP}" ABSOLUTE)
        get_filename_component(page_dir "${page}" DIRECTORY)
        get_filename_component(page_name "${page}" NAME)
        if(NOT page_name STREQUAL "${id}.md")
            message(FATAL_ERROR "mapscape_kind(${id}): the help page must be named ${id}.md")
        endif()
        qt_add_resources(mapscape_widgets "mapscape_help_${id}" PREFIX "/help" BASE "${page_dir}" FILES "${page}")
    endif()

    if(K_CLI)
        set(cli mapscape_kind_${id}_cli)
        add_library(${cli} OBJECT ${K_CLI})
        target_link_libraries(${cli} PRIVATE mapscape_core_build mapscape_core)
        target_link_libraries(mapscape_cli PRIVATE ${cli})
        set_property(GLOBAL APPEND PROPERTY MAPSCAPE_KIND_VERBS ${K_VERBS})
    endif()
endfunction()
