#pragma once
// The drag cases both UI benchmarks run (bench_ui offscreen, bench_xdrag in a real X window):
// a model, a layout, a bar view, a cliff mode and the slider dragged over its range.

#include "ui/cliffchart.h"
#include "ui/controlspanel.h"
#include "ui/dashboard.h"
#include "ui/mainwindow.h"
#include "ui/scenariocontroller.h"
#include "ui/scenarioedits.h"
#include "ui/sliderfield.h"
#include "ui/vrambarchart.h"

#include <QCoreApplication>

#include <string>
#include <utility>

namespace headroom::bench {

struct DragCase {
    const char* name;
    const char* model;
    int pp;
    bool perStage;
    ui::CliffChart::Mode mode;
    const char* slider; ///< "mb" or "seq"
};

inline constexpr DragCase kDragCases[] = {
    {"llama-3.1-8b, micro-batch drag, stacked cliff", "llama-3.1-8b", 1, false,
     ui::CliffChart::Mode::Stacked, "mb"},
    {"llama-3.1-8b, sequence drag, stacked cliff", "llama-3.1-8b", 1, false,
     ui::CliffChart::Mode::Stacked, "seq"},
    {"llama-3.1-8b, micro-batch drag, total line", "llama-3.1-8b", 1, false,
     ui::CliffChart::Mode::Total, "mb"},
    {"llama-3.1-70b PP=8 per-stage bars, micro-batch drag", "llama-3.1-70b", 8, true,
     ui::CliffChart::Mode::Stacked, "mb"},
};

/// Sets @p w up for @p c (model, TP 8 x PP stages or one GPU, bar view, cliff mode) and
/// returns the dragged slider's field with the slider positions of its range: micro-batch
/// 1..64 or sequence length 512..65536 tokens.
inline std::pair<ui::SliderField*, std::pair<int, int>> setUpDrag(ui::MainWindow& w,
                                                                  const DragCase& c) {
    using namespace headroom::ui;
    ScenarioController* ctl = w.controller();
    ctl->edit(Field::Model, QStringLiteral("bench"), [&](Scenario& s) {
        edits::setModelPreset(s, c.model);
        s.gpuCount = c.pp * 8;
        s.workload.parallel.tp = 8;
        s.workload.parallel.pp = c.pp;
        s.workload.parallel.dp = 1;
        if (c.pp == 1) {
            s.gpuCount = 1;
            s.workload.parallel.tp = 1;
        }
    });
    Dashboard* d = w.dashboard();
    d->setBarView(c.perStage ? VramBarChart::View::PerStage : VramBarChart::View::WorstRank);
    d->cliffChart()->setMode(c.mode);
    QCoreApplication::processEvents();
    ctl->flush();
    const bool mb = std::string(c.slider) == "mb";
    SliderField* field = mb ? w.controls()->microBatchField() : w.controls()->sequenceField();
    const int lo = mb ? field->positionOf(1) : field->positionOf(512);
    const int hi = mb ? field->positionOf(64) : field->positionOf(65536);
    return {field, {lo, hi}};
}

} // namespace headroom::bench
