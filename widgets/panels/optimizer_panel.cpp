// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "widgets/panels/optimizer_panel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include "widgets/editors/number_edit.h"
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
    // Numbers are read when committed and kept exactly as typed; a refused entry keeps its text
    // and says why (the start button waits until it is fixed).
    case OptionSpec::Type::Integer: {
        auto* e = new NumberEdit(parent);
        constexpr double kLimit = 9.2e18; // within qint64
        e->setRange(qint64(std::max(o.minimum, -kLimit)), qint64(std::min(o.maximum, kLimit)));
        if (!o.minimumText.empty())
            e->setSpecialValue(e->minimum(), qs(o.minimumText));
        e->setValue(qs(o.defaultValue).toLongLong());
        e->setFieldName(qs(o.label));
        w = e;
        break;
    }
    case OptionSpec::Type::Real: {
        auto* e = new RealEdit(parent);
        e->setRange(o.minimum, o.maximum);
        if (!o.minimumText.empty())
            e->setSpecialValue(o.minimum, qs(o.minimumText));
        e->setValue(qs(o.defaultValue).toDouble());
        e->setFieldName(qs(o.label));
        w = e;
        break;
    }
    case OptionSpec::Type::Boolean: {
        auto* c = new QCheckBox(parent);
        c->setChecked(o.defaultValue == "true");
        w = c;
        break;
    }
    case OptionSpec::Type::Text: {
        auto* e = new QLineEdit(parent);
        e->setText(qs(o.defaultValue));
        e->setPlaceholderText(QObject::tr("(empty)"));
        w = e;
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
    if (auto* e = qobject_cast<const NumberEdit*>(w))
        return QString::number(e->value());
    if (auto* e = qobject_cast<const RealEdit*>(w))
        return QString::number(e->value(), 'g', 15); // what was typed, not 0.10000000000000001
    if (auto* c = qobject_cast<const QCheckBox*>(w))
        return c->isChecked() ? QStringLiteral("true") : QStringLiteral("false");
    if (auto* c = qobject_cast<const QComboBox*>(w))
        return c->currentText();
    if (auto* e = qobject_cast<const QLineEdit*>(w))
        return e->text().trimmed();
    return {};
}

bool setEditorText(QWidget* w, const QString& text)
{
    bool ok = true;
    if (auto* e = qobject_cast<NumberEdit*>(w)) {
        const auto v = e->parse(text);
        ok = std::holds_alternative<qint64>(v);
        if (ok)
            e->setValue(std::get<qint64>(v));
    } else if (auto* e = qobject_cast<RealEdit*>(w)) {
        const auto v = e->parse(text);
        ok = std::holds_alternative<double>(v);
        if (ok)
            e->setValue(std::get<double>(v));
    } else if (auto* c = qobject_cast<QCheckBox*>(w)) {
        ok = text == QStringLiteral("true") || text == QStringLiteral("false");
        if (ok)
            c->setChecked(text == QStringLiteral("true"));
    } else if (auto* c = qobject_cast<QComboBox*>(w)) {
        const int i = c->findText(text);
        ok = i >= 0;
        if (ok)
            c->setCurrentIndex(i);
    } else if (auto* e = qobject_cast<QLineEdit*>(w)) {
        e->setText(text);
    }
    return ok;
}

} // namespace

OptimizerPanel::OptimizerPanel(const StudyKind& kind, QWidget* parent)
    : QWidget(parent)
    , m_kind(&kind)
{
    auto* layout = new QVBoxLayout(this);
    auto* top = new QFormLayout;
    m_optimizer = new QComboBox(this);
    auto* items = qobject_cast<QStandardItemModel*>(m_optimizer->model());
    for (const OptimizerInfo& info : kind.optimizers()) {
        m_optimizer->addItem(qs(info.title), qs(info.id));
        const int row = m_optimizer->count() - 1;
        m_optimizer->setItemData(row, qs(info.available ? info.description : info.unavailableReason), Qt::ToolTipRole);
        if (!info.available && items)
            items->item(row)->setEnabled(false);
    }
    m_optimizer->setToolTip(tr("Optimizers that apply to this study's problem"));
    m_objective = new QComboBox(this);
    for (const ObjectiveInfo& o : kind.objectives())
        // By name, as the runs list's Objective column: its values read with engineering prefixes
        // ("2.164 mm²", "12.55 mJ"), so a base unit in the title ("Area (µm²)") contradicts them.
        m_objective->addItem(qs(o.label), qs(o.id));
    m_objective->setToolTip(tr("What the optimizer minimises"));
    // Sized to contents the longest title ("GAMMA-style genetic algorithm ...") made the panel wider
    // than the width the Optimize tab gives it at 1280 pixels, clipping the labels beside
    // (issue 49, item 7); the lists still open as wide as their titles.
    for (QComboBox* c : {m_optimizer, m_objective}) {
        c->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        c->setMinimumContentsLength(14);
    }
    top->addRow(tr("Optimizer"), m_optimizer);
    top->addRow(tr("Objective"), m_objective);
    // The kind's run options (scheduling: fixed or flexible dataflows): one chooser each.
    for (const OptionSpec& spec : kind.info().runOptions) {
        auto* box = new QComboBox(this);
        for (const std::string& c : spec.choices)
            box->addItem(qs(c), qs(c));
        box->setCurrentIndex(std::max(0, box->findData(qs(spec.defaultValue))));
        box->setToolTip(qs(spec.help));
        top->addRow(qs(spec.label), box);
        m_runOptions.emplace_back(spec.key, box);
        connect(box, &QComboBox::currentIndexChanged, this, &OptimizerPanel::settingsChanged);
    }
    m_seed = new NumberEdit(this);
    m_seed->setRange(0, std::numeric_limits<qint64>::max());
    m_seed->setValue(1);
    m_seed->setToolTip(tr("The same seed and inputs give the same run"));
    m_seed->setFieldName(tr("Seed"));
    m_threads = new NumberEdit(this);
    m_threads->setRange(1, std::max(1, QThread::idealThreadCount()));
    m_threads->setValue(std::max(1, QThread::idealThreadCount() - 1)); // leave a core for the GUI
    m_threads->setFieldName(tr("Threads"));
    watchNumbers(m_seed);
    watchNumbers(m_threads);
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
    connect(m_optimizer, &QComboBox::currentIndexChanged, this, &OptimizerPanel::settingsChanged);
    connect(m_objective, &QComboBox::currentIndexChanged, this, &OptimizerPanel::settingsChanged);
    connect(m_seed, &NumberEdit::valueCommitted, this, &OptimizerPanel::settingsChanged);
    connect(m_threads, &NumberEdit::valueCommitted, this, &OptimizerPanel::settingsChanged);
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
    const OptimizerInfo* info = findOptimizer(*m_kind, id.toStdString());
    if (!info)
        return;
    auto& editors = m_editors[id];
    for (const OptionSpec& o : info->options) {
        QWidget*& w = editors[qs(o.key)];
        if (!w) {
            w = makeEditor(o, m_formHost);
            if (auto* ne = qobject_cast<NumberEdit*>(w))
                connect(ne, &NumberEdit::valueCommitted, this, &OptimizerPanel::settingsChanged);
            else if (auto* re = qobject_cast<RealEdit*>(w))
                connect(re, &RealEdit::valueCommitted, this, &OptimizerPanel::settingsChanged);
            else if (auto* cb = qobject_cast<QCheckBox*>(w))
                connect(cb, &QCheckBox::toggled, this, &OptimizerPanel::settingsChanged);
            else if (auto* co = qobject_cast<QComboBox*>(w))
                connect(co, &QComboBox::currentIndexChanged, this, &OptimizerPanel::settingsChanged);
            else if (auto* le = qobject_cast<QLineEdit*>(w))
                connect(le, &QLineEdit::editingFinished, this, &OptimizerPanel::settingsChanged);
            if (auto* ve = qobject_cast<ValueEdit*>(w))
                watchNumbers(ve);
        }
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
    const OptimizerInfo* info = findOptimizer(*m_kind, id.toStdString());
    if (i < 0 || !info || !info->available)
        return false;
    m_optimizer->setCurrentIndex(i);
    return true;
}

bool OptimizerPanel::selectObjective(const QString& id)
{
    const int i = m_objective->findData(id);
    if (i < 0)
        return false;
    m_objective->setCurrentIndex(i);
    return true;
}

QString OptimizerPanel::optimizerId() const { return m_optimizer->currentData().toString(); }

void OptimizerPanel::watchNumbers(ValueEdit* edit)
{
    const auto update = [this] {
        // A run starts from what the form says: not while a typed number is refused.
        const QString refused = firstRefusal(this, true);
        m_start->setEnabled(refused.isEmpty());
        m_start->setToolTip(refused.isEmpty() ? QString() : tr("Fix first: %1").arg(refused));
    };
    connect(edit, &ValueEdit::refused, this, update);
    connect(edit, &ValueEdit::errorCleared, this, update);
}

bool OptimizerPanel::setOption(const QString& key, const QString& value)
{
    auto& editors = m_editors[optimizerId()];
    auto it = editors.find(key);
    return it != editors.end() && *it && setEditorText(*it, value);
}

QString OptimizerPanel::optionText(const QString& key) const
{
    const QWidget* w = m_editors.value(optimizerId()).value(key);
    return w ? editorText(w) : QString();
}

OptimizerSettings OptimizerPanel::settings() const
{
    OptimizerSettings s;
    s.id = optimizerId().toStdString();
    s.objective = m_objective->currentData().toString().toStdString();
    for (const auto& [key, box] : m_runOptions) {
        const std::string v = box->currentData().toString().toStdString();
        for (const OptionSpec& spec : m_kind->info().runOptions)
            if (spec.key == key && v != spec.defaultValue)
                s.runOptions[key] = v;
    }
    s.seed = std::uint64_t(m_seed->value());
    s.threads = int(m_threads->value());
    if (const OptimizerInfo* info = findOptimizer(*m_kind, s.id)) {
        const auto editors = m_editors.value(optimizerId());
        for (const OptionSpec& o : info->options) {
            const QWidget* w = editors.value(qs(o.key));
            if (!w)
                continue;
            const std::string v = editorText(w).toStdString();
            // Compare as numbers where the option is one ("1e+06" and "1000000" are the default alike).
            bool same = v == o.defaultValue;
            if (!same && (o.type == OptionSpec::Type::Integer || o.type == OptionSpec::Type::Real)) {
                bool a = false, b = false;
                const double x = QString::fromStdString(v).toDouble(&a), y = qs(o.defaultValue).toDouble(&b);
                same = a && b && x == y;
            }
            if (!same)
                s.options[o.key] = v;
        }
    }
    return s;
}

QStringList OptimizerPanel::applySettings(const OptimizerSettings& s)
{
    QStringList problems;
    const QString id = QString::fromStdString(s.id);
    if (!selectOptimizer(id))
        problems.append(QStringLiteral("optimizer \"%1\" is unknown or unavailable").arg(id));
    if (!s.objective.empty() && !selectObjective(QString::fromStdString(s.objective)))
        problems.append(QStringLiteral("objective \"%1\"").arg(QString::fromStdString(s.objective)));
    for (const auto& [key, box] : m_runOptions) {
        const auto it = s.runOptions.find(key);
        std::string v = it == s.runOptions.end() ? std::string() : it->second;
        for (const OptionSpec& spec : m_kind->info().runOptions)
            if (spec.key == key && v.empty())
                v = spec.defaultValue;
        box->setCurrentIndex(std::max(0, box->findData(qs(v))));
    }
    m_seed->setValue(qint64(std::min<std::uint64_t>(s.seed, std::uint64_t(m_seed->maximum()))));
    m_threads->setValue(std::clamp<qint64>(s.threads, m_threads->minimum(), m_threads->maximum()));
    if (const OptimizerInfo* info = findOptimizer(*m_kind, s.id)) {
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
