// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The maps a run evaluated, in two dimensions (the paper's Fig. 5): the first two principal
/// components of their one-hot encodings, each dot coloured by its speed-up bucket, the compiler's
/// map as a black cross and the run's best map as a star; hovering names a map's speed-up and
/// the iteration it was found at. Only runs of this session keep their maps.

#include <QComboBox>
#include <QWidget>

#include <memory>

class QLabel;

namespace mapscape {

class RunsPanel;
namespace placement {
class PlacementModel;
struct MapEmbedding;
struct VisitedMap;
}

/// GUI thread only.
class MapEmbeddingView final : public QWidget {
    Q_OBJECT

public:
    MapEmbeddingView(RunsPanel* runs, QWidget* parent = nullptr);
    ~MapEmbeddingView() override;
    /// Re-lists the ended runs and projects the chosen one's maps against `model` (its inputs).
    void refresh(std::shared_ptr<const placement::PlacementModel> model);
    bool showRun(int runId);
    int pointCount() const;
    QString caption() const;

private:
    class Plot;
    RunsPanel* m_runs;
    QComboBox* m_chooser = nullptr;
    QLabel* m_caption = nullptr;
    Plot* m_plot = nullptr;
    std::shared_ptr<const placement::PlacementModel> m_model;
    int m_shownRun = -1;
};

} // namespace mapscape
