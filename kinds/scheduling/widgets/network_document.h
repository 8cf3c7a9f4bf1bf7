// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// The network being edited, with its undo stack: every change goes through a QUndoCommand and
/// is announced by a change signal the table model mirrors.

#include "core/network/layer.h"

#include <QObject>
#include <QUndoStack>

#include <vector>

namespace mapscape {

/// Editable fields of a layer, in table order.
enum class LayerField { Name, K, B, P, Q, C, R, S, G, Stride, Repeat, Count };
/// "name", "K", ..., "stride", "repeat" (as validateLayer names them).
QString layerFieldName(LayerField f);
/// Value of a field as text.
QString layerFieldText(const Layer& layer, LayerField f);

/// GUI thread only.
class NetworkDocument : public QObject {
    Q_OBJECT

public:
    explicit NetworkDocument(QObject* parent = nullptr);

    const Network& network() const { return m_network; }
    /// Replaces the whole network (e.g. a preset was opened). With its own undo stack, clears
    /// that history; on a shared one (setUndoStack) the owner's command is the step.
    void setNetwork(Network network);
    QUndoStack* undoStack() { return m_stack; }
    /// Edits go on `stack` (the study's one history) instead of the document's own.
    void setUndoStack(QUndoStack* stack) { m_stack = stack ? stack : &m_undo; }

    /// Parses and sets one field through the undo stack. Returns an empty string on success,
    /// otherwise why the text was rejected ("K: expected a whole number, got \"x\""). Values
    /// that parse but make the layer invalid (K not divisible by G, ...) are accepted and
    /// reported by `issues` so that no input is lost.
    QString setField(int row, LayerField field, const QString& text);
    void insertLayers(int row, std::vector<Layer> layers, const QString& text = {});
    void removeLayers(int row, int count);
    /// Inserts copies of the given rows after the last of them, with unique names.
    void duplicateLayers(std::vector<int> rows);
    /// A new layer name not used yet ("CONV_NEW", "CONV_NEW_2", ...).
    std::string uniqueName(const std::string& base) const;

    /// Problems of one layer by field (empty when valid), duplicate names included.
    FieldIssues issues(int row) const;

Q_SIGNALS:
    void layerChanged(int row);
    void layersAboutToBeInserted(int first, int count);
    void layersInserted(int first, int count);
    void layersAboutToBeRemoved(int first, int count);
    void layersRemoved(int first, int count);
    void networkAboutToBeReset();
    void networkReset();
    /// Any change (after the specific signal).
    void changed();

private:
    friend class SetLayerFieldCommand;
    friend class InsertLayersCommand;
    friend class RemoveLayersCommand;
    void applyLayer(int row, const Layer& layer);
    void applyInsert(int row, const std::vector<Layer>& layers);
    void applyRemove(int row, int count);

    Network m_network;
    QUndoStack m_undo;
    QUndoStack* m_stack = &m_undo;
};

} // namespace mapscape
