// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "widgets/panels/optimizer_panel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QThread>
#include <QVBoxLayout>

#include <cmath>

namespace mapscape {

namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }

QWidget* makeEditor(const OptionSpec& o, QWidget* parent)
{
    const QString tip = qs(o.help);
    QWidget* w = nullptr;
    switch (o.type) {
    case OptionSpec::Type::Integer: {
        auto* s = new QSpinBox(parent);
        s->setRange(int(std::max(o.minimum, -2e9)), int(std::min(o.maximum, 2e9)));
        s->setValue(qs(o.defaultValue).toInt());
        w = s;
        break;
    }
    case OptionSpec::Type::Real: {
        auto* s = new QDoubleSpinBox(parent);
        s->setDecimals(6);
        s->setRange(o.minimum, o.maximum);
        const double v = qs(o.defaultValue).toDouble();
        s->setSingleStep(v != 0 ? std::pow(10.0, std::floor(std::log10(std::abs(v)))) : 0.01);
        s->setValue(v);
        w = s;
        break;
    }
    case OptionSpec::Type::Boolean: {
        auto* c = new QCheckBox(parent);
        c->setChecked(o.defaultValue == "true");
        w = c;
        break;
    }
    case OptionSpec::Type::Choice: {
        auto* c = new QComboBox(parent);
        for (const std::string& ch : o.choices)
            c->addItem(qs(ch));
        c->setCurrentText(qs(o.defaultValue));
        w = c;
        break;
    }
    }
    w->setToolTip(tip);
    w->setObjectName(qs(o.key));
    return w;
}

QString editorText(const QWidget* w)
{
    if (auto* s = qobject_cast<const QSpinBox*>(w))
        return QString::number(s->value());
    if (auto* s = qobject_cast<const QDoubleSpinBox*>(w))
        return QString::number(s->value(), 'g', 12);
    if (auto* c = qobject_cast<const QCheckBox*>(w))
        return c->isChecked() ? QStringLiteral("true") : QStringLiteral("false");
    if (auto* c = qobject_cast<const QComboBox*>(w))
        return c->currentText();
    return {};
}

bool setEditorText(QWidget* w, const QString& text)
{
    bool ok = true;
    if (auto* s = qobject_cast<QSpinBox*>(w)) {
        const int v = text.toInt(&ok);
        if (ok)
            s->setValue(v);
    } else if (auto* s = qobject_cast<QDoubleSpinBox*>(w)) {
        const double v = text.toDouble(&ok);
        if (ok)
            s->setValue(v);
    } else if (auto* c = qobject_cast<QCheckBox*>(w)) {
        ok = text == QStringLiteral("true") || text == QStringLiteral("false");
        if (ok)
            c->setChecked(text == QStringLiteral("true"));
    } else if (auto* c = qobject_cast<QComboBox*>(w)) {
        const int i = c->findText(text);
        ok = i >= 0;
        if (ok)
            c->setCurrentIndex(i);
    }
    return ok;
}

} // namespace

OptimizerPanel::OptimizerPanel(QWidget* parent)
    : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    auto* top = new QFormLayout;
    m_optimizer = new QComboBox(this);
    auto* items = qobject_cast<QStandardItemModel*>(m_optimizer->model());
    for (const OptimizerInfo& info : optimizerRegistry()) {
        m_optimizer->addItem(qs(info.title), qs(info.id));
        const int row = m_optimizer->count() - 1;
        m_optimizer->setItemData(row, qs(info.available ? info.description : info.unavailableReason), Qt::ToolTipRole);
        if (!info.available && items)
            items->item(row)->setEnabled(false);
    }
    m_metric = new QComboBox(this);
    m_metric->addItem(tr("energy"), int(Metric::Energy));
    m_metric->addItem(tr("cycles"), int(Metric::Cycles));
    m_metric->addItem(tr("EDP"), int(Metric::Edp));
    m_dataflow = new QComboBox(this);
    m_dataflow->addItem(tr("fixed (as configured)"), int(DataflowMode::Fixed));
    m_dataflow->addItem(tr("flexible (try allowed)"), int(DataflowMode::Flexible));
    m_seed = new QSpinBox(this);
    m_seed->setRange(0, 1'000'000'000);
    m_seed->setValue(1);
    m_threads = new QSpinBox(this);
    m_threads->setRange(1, std::max(1, QThread::idealThreadCount()));
    m_threads->setValue(std::max(1, QThread::idealThreadCount() - 1)); // leave a core for the GUI
    top->addRow(tr("Optimizer"), m_optimizer);
    top->addRow(tr("Metric"), m_metric);
    top->addRow(tr("Dataflow"), m_dataflow);
    top->addRow(tr("Seed"), m_seed);
    top->addRow(tr("Threads"), m_threads);
    layout->addLayout(top);

    m_formHost = new QWidget;
    m_form = new QFormLayout(m_formHost);
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setWidget(m_formHost);
    layout->addWidget(scroll, 1);

    m_start = new QPushButton(tr("Start run"), this);
    layout->addWidget(m_start);
    connect(m_start, &QPushButton::clicked, this, &OptimizerPanel::startRequested);
    connect(m_optimizer, &QComboBox::currentIndexChanged, this, &OptimizerPanel::rebuildForm);
    rebuildForm();
}

void OptimizerPanel::rebuildForm()
{
    // Hide the previous optimizer's editors (kept, so values survive switching back).
    while (m_form->rowCount() > 0) {
        QFormLayout::TakeRowResult row = m_form->takeRow(0);
        if (row.labelItem) {
            delete row.labelItem->widget();
            delete row.labelItem;
        }
        if (row.fieldItem) {
            if (QWidget* w = row.fieldItem->widget())
                w->hide();
            delete row.fieldItem;
        }
    }
    const QString id = optimizerId();
    const OptimizerInfo* info = findOptimizer(id.toStdString());
    if (!info)
        return;
    auto& editors = m_editors[id];
    for (const OptionSpec& o : info->options) {
        QWidget*& w = editors[qs(o.key)];
        if (!w)
            w = makeEditor(o, m_formHost);
        w->show();
        auto* label = new QLabel(qs(o.label), m_formHost);
        label->setToolTip(qs(o.help));
        m_form->addRow(label, w);
    }
    if (info->options.empty())
        m_form->addRow(new QLabel(tr("No options."), m_formHost));
    m_start->setEnabled(info->available);
}

bool OptimizerPanel::selectOptimizer(const QString& id)
{
    const int i = m_optimizer->findData(id);
    const OptimizerInfo* info = findOptimizer(id.toStdString());
    if (i < 0 || !info || !info->available)
        return false;
    m_optimizer->setCurrentIndex(i);
    return true;
}

QString OptimizerPanel::optimizerId() const { return m_optimizer->currentData().toString(); }

bool OptimizerPanel::setOption(const QString& key, const QString& value)
{
    auto& editors = m_editors[optimizerId()];
    auto it = editors.find(key);
    return it != editors.end() && *it && setEditorText(*it, value);
}

RunSettings OptimizerPanel::settings() const
{
    RunSettings s;
    s.optimizer = optimizerId().toStdString();
    s.metric = Metric(m_metric->currentData().toInt());
    s.dataflow = DataflowMode(m_dataflow->currentData().toInt());
    s.seed = std::uint64_t(m_seed->value());
    s.threads = m_threads->value();
    if (const OptimizerInfo* info = findOptimizer(s.optimizer)) {
        const auto editors = m_editors.value(optimizerId());
        for (const OptionSpec& o : info->options) {
            const QWidget* w = editors.value(qs(o.key));
            if (!w)
                continue;
            const std::string v = editorText(w).toStdString();
            if (v != o.defaultValue)
                s.options[o.key] = v;
        }
    }
    return s;
}

} // namespace mapscape

namespace mapscape {

QStringList OptimizerPanel::applySettings(const RunSettings& s)
{
    QStringList problems;
    const QString id = QString::fromStdString(s.optimizer);
    if (!selectOptimizer(id))
        problems.append(QStringLiteral("optimizer \"%1\" is unknown or unavailable").arg(id));
    m_metric->setCurrentIndex(std::max(0, m_metric->findData(int(s.metric))));
    m_dataflow->setCurrentIndex(std::max(0, m_dataflow->findData(int(s.dataflow))));
    m_seed->setValue(int(std::min<std::uint64_t>(s.seed, std::uint64_t(m_seed->maximum()))));
    m_threads->setValue(std::clamp(s.threads, m_threads->minimum(), m_threads->maximum()));
    if (const OptimizerInfo* info = findOptimizer(s.optimizer)) {
        for (const OptionSpec& o : info->options)
            setOption(QString::fromStdString(o.key), QString::fromStdString(o.defaultValue));
    }
    for (const auto& [key, value] : s.options) {
        if (!setOption(QString::fromStdString(key), QString::fromStdString(value)))
            problems.append(QStringLiteral("%1.%2 = %3").arg(id, QString::fromStdString(key), QString::fromStdString(value)));
    }
    return problems;
}

} // namespace mapscape
