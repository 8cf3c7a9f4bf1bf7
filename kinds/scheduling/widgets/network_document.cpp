// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "kinds/scheduling/widgets/network_document.h"
#include "kinds/scheduling/core/scheduling_model.h"

#include "core/util/strings.h"

#include <QUndoCommand>

#include <algorithm>

namespace mapscape {

QString layerFieldName(LayerField f)
{
    switch (f) {
    case LayerField::Name:
        return QStringLiteral("name");
    case LayerField::K:
        return QStringLiteral("K");
    case LayerField::B:
        return QStringLiteral("B");
    case LayerField::P:
        return QStringLiteral("P");
    case LayerField::Q:
        return QStringLiteral("Q");
    case LayerField::C:
        return QStringLiteral("C");
    case LayerField::R:
        return QStringLiteral("R");
    case LayerField::S:
        return QStringLiteral("S");
    case LayerField::G:
        return QStringLiteral("G");
    case LayerField::Stride:
        return QStringLiteral("stride");
    case LayerField::Repeat:
        return QStringLiteral("repeat");
    case LayerField::Count:
        break;
    }
    return {};
}

namespace {

std::int64_t* integerField(Layer& l, LayerField f)
{
    switch (f) {
    case LayerField::K:
        return &l.k;
    case LayerField::B:
        return &l.b;
    case LayerField::P:
        return &l.p;
    case LayerField::Q:
        return &l.q;
    case LayerField::C:
        return &l.c;
    case LayerField::R:
        return &l.r;
    case LayerField::S:
        return &l.s;
    case LayerField::G:
        return &l.g;
    case LayerField::Stride:
        return &l.stride;
    case LayerField::Repeat:
        return &l.repeat;
    case LayerField::Name:
    case LayerField::Count:
        break;
    }
    return nullptr;
}

} // namespace

QString layerFieldText(const Layer& layer, LayerField f)
{
    if (f == LayerField::Name)
        return QString::fromStdString(layer.name);
    Layer copy = layer;
    const std::int64_t* v = integerField(copy, f);
    return v ? QString::number(*v) : QString();
}

class SetLayerFieldCommand final : public QUndoCommand {
public:
    SetLayerFieldCommand(NetworkDocument* doc, int row, Layer before, Layer after, const QString& text)
        : QUndoCommand(text)
        , m_doc(doc)
        , m_row(row)
        , m_before(std::move(before))
        , m_after(std::move(after))
    {
    }
    void redo() override { m_doc->applyLayer(m_row, m_after); }
    void undo() override { m_doc->applyLayer(m_row, m_before); }

private:
    NetworkDocument* m_doc;
    int m_row;
    Layer m_before, m_after;
};

class InsertLayersCommand final : public QUndoCommand {
public:
    InsertLayersCommand(NetworkDocument* doc, int row, std::vector<Layer> layers, const QString& text)
        : QUndoCommand(text)
        , m_doc(doc)
        , m_row(row)
        , m_layers(std::move(layers))
    {
    }
    void redo() override { m_doc->applyInsert(m_row, m_layers); }
    void undo() override { m_doc->applyRemove(m_row, int(m_layers.size())); }

private:
    NetworkDocument* m_doc;
    int m_row;
    std::vector<Layer> m_layers;
};

class RemoveLayersCommand final : public QUndoCommand {
public:
    RemoveLayersCommand(NetworkDocument* doc, int row, std::vector<Layer> removed, const QString& text)
        : QUndoCommand(text)
        , m_doc(doc)
        , m_row(row)
        , m_removed(std::move(removed))
    {
    }
    void redo() override { m_doc->applyRemove(m_row, int(m_removed.size())); }
    void undo() override { m_doc->applyInsert(m_row, m_removed); }

private:
    NetworkDocument* m_doc;
    int m_row;
    std::vector<Layer> m_removed;
};

NetworkDocument::NetworkDocument(QObject* parent)
    : QObject(parent)
{
}

void NetworkDocument::setNetwork(Network network)
{
    Q_EMIT networkAboutToBeReset();
    m_network = std::move(network);
    if (m_stack == &m_undo)
        m_undo.clear();
    Q_EMIT networkReset();
    Q_EMIT changed();
}

QString NetworkDocument::setField(int row, LayerField field, const QString& text)
{
    if (row < 0 || row >= int(m_network.layers.size()))
        return QStringLiteral("row %1 does not exist").arg(row + 1);
    const Layer& before = m_network.layers[std::size_t(row)];
    Layer after = before;
    const QString name = layerFieldName(field);
    if (field == LayerField::Name) {
        const QString trimmed = text.trimmed();
        if (trimmed.isEmpty())
            return QStringLiteral("name: must not be empty");
        after.name = trimmed.toStdString();
    } else {
        bool ok = false;
        const qlonglong v = text.trimmed().toLongLong(&ok);
        if (!ok)
            return QStringLiteral("%1: expected a whole number, got \"%2\"").arg(name, text);
        *integerField(after, field) = v;
    }
    if (after == before)
        return {};
    m_stack->push(new SetLayerFieldCommand(this, row, before, after,
                                         QStringLiteral("Set %1.%2 = %3")
                                             .arg(QString::fromStdString(before.name), name, text.trimmed())));
    return {};
}

void NetworkDocument::insertLayers(int row, std::vector<Layer> layers, const QString& text)
{
    if (layers.empty())
        return;
    row = std::clamp(row, 0, int(m_network.layers.size()));
    const QString label = text.isEmpty() ? QStringLiteral("Insert %1 layer(s)").arg(layers.size()) : text;
    m_stack->push(new InsertLayersCommand(this, row, std::move(layers), label));
}

void NetworkDocument::removeLayers(int row, int count)
{
    if (row < 0 || count <= 0 || row + count > int(m_network.layers.size()))
        return;
    std::vector<Layer> removed(m_network.layers.begin() + row, m_network.layers.begin() + row + count);
    m_stack->push(new RemoveLayersCommand(this, row, std::move(removed), QStringLiteral("Remove %1 layer(s)").arg(count)));
}

std::string NetworkDocument::uniqueName(const std::string& base) const
{
    if (m_network.indexOf(base) < 0)
        return base;
    for (int i = 2;; ++i) {
        const std::string n = base + "_" + std::to_string(i);
        if (m_network.indexOf(n) < 0)
            return n;
    }
}

void NetworkDocument::duplicateLayers(std::vector<int> rows)
{
    std::sort(rows.begin(), rows.end());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    std::vector<Layer> copies;
    Network scratch = m_network; // names must also be unique among the new copies
    for (int r : rows) {
        if (r < 0 || r >= int(m_network.layers.size()))
            continue;
        Layer l = m_network.layers[std::size_t(r)];
        std::string name = l.name + "_copy";
        for (int i = 2; scratch.indexOf(name) >= 0; ++i)
            name = l.name + "_copy" + std::to_string(i);
        l.name = name;
        scratch.layers.push_back(l);
        copies.push_back(std::move(l));
    }
    if (!copies.empty())
        insertLayers(rows.back() + 1, std::move(copies), QStringLiteral("Duplicate %1 layer(s)").arg(rows.size()));
}

FieldIssues NetworkDocument::issues(int row) const
{
    if (row < 0 || row >= int(m_network.layers.size()))
        return {};
    const Layer& l = m_network.layers[std::size_t(row)];
    FieldIssues out = schedulingLayerIssues(l);
    for (std::size_t i = 0; i < m_network.layers.size(); ++i) {
        if (int(i) != row && iequals(m_network.layers[i].name, l.name)) {
            out.push_back({"name", "another layer (row " + std::to_string(i + 1) + ") has the same name"});
            break;
        }
    }
    return out;
}

void NetworkDocument::applyLayer(int row, const Layer& layer)
{
    m_network.layers[std::size_t(row)] = layer;
    Q_EMIT layerChanged(row);
    Q_EMIT changed();
}

void NetworkDocument::applyInsert(int row, const std::vector<Layer>& layers)
{
    Q_EMIT layersAboutToBeInserted(row, int(layers.size()));
    m_network.layers.insert(m_network.layers.begin() + row, layers.begin(), layers.end());
    Q_EMIT layersInserted(row, int(layers.size()));
    Q_EMIT changed();
}

void NetworkDocument::applyRemove(int row, int count)
{
    Q_EMIT layersAboutToBeRemoved(row, count);
    m_network.layers.erase(m_network.layers.begin() + row, m_network.layers.begin() + row + count);
    Q_EMIT layersRemoved(row, count);
    Q_EMIT changed();
}

} // namespace mapscape
