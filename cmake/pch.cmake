# Precompiled headers: build time only, no effect on what is built (docs/testing.md, "Build
# time"). The Qt, nlohmann_json and standard-library headers are parsed once per target (or,
# for the test suites, once per kind of suite: each suite is a single source file, so they
# share a donor's PCH with REUSE_FROM) instead of once per source file. Configure with
# -DHEADROOM_PCH=OFF to build without them (every source must then still include what it uses:
# the clang14 label's front-end check compiles each engine source on its own).
option(HEADROOM_PCH "Precompile the Qt, nlohmann_json and standard headers" ON)

set(HEADROOM_PCH_STD <algorithm> <array> <cmath> <cstdint> <filesystem> <functional> <map>
                     <memory> <optional> <set> <string> <string_view> <utility> <vector>)
set(HEADROOM_PCH_JSON <nlohmann/json.hpp>)
set(HEADROOM_PCH_QT_CORE <QtCore/QtCore>)
set(HEADROOM_PCH_QT_WIDGETS <QtWidgets/QtWidgets> <QtCharts/QtCharts>)

# headroom_pch(target header...): the target's sources include these headers precompiled.
function(headroom_pch target)
    if(HEADROOM_PCH)
        target_precompile_headers(${target} PRIVATE ${ARGN})
    endif()
endfunction()

# headroom_pch_reuse(target donor): the target reuses the donor's precompiled headers (same
# compile flags and definitions; a target whose flags differ gets its own through headroom_pch).
function(headroom_pch_reuse target donor)
    if(HEADROOM_PCH)
        target_precompile_headers(${target} REUSE_FROM ${donor})
    endif()
endfunction()
