// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// The loop-nest workbench: its tabs, the evaluation of the mapping shown, the study, its files
// and exports. The tabs themselves are in loopnest_*_tab.cpp.

#include "kinds/loopnest/widgets/loopnest_workbench.h"

#include "core/io/file_util.h"
#include "core/model/validation.h"
#include "kinds/loopnest/widgets/loopnest_workbench_parts.h"
#include "widgets/document/inputs_document.h"
#include "widgets/panels/optimizer_panel.h"
#include "widgets/panels/runs_panel.h"

#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QMimeData>
#include <QTabWidget>
#include <QTableWidget>
#include <QUrl>
#include <QVBoxLayout>

#include <nlohmann/json.hpp>

#include <algorithm>

namespace mapscape {

using namespace loopnest_wb;
using nlohmann::ordered_json;

namespace {

/// Accepts Timeloop files and folders dropped anywhere on the workbench. GUI thread.
class DropFilter final : public QObject {
public:
    explicit DropFilter(LoopnestWorkbench* wb)
        : QObject(wb)
        , m_wb(wb)
    {
    }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::DragEnter) {
            auto* e = static_cast<QDragEnterEvent*>(event);
            if (e->mimeData()->hasUrls()) {
                e->acceptProposedAction();
                return true;
            }
        } else if (event->type() == QEvent::Drop) {
            auto* e = static_cast<QDropEvent*>(event);
            QStringList paths;
            for (const QUrl& u : e->mimeData()->urls())
                if (u.isLocalFile())
                    paths << u.toLocalFile();
            if (!paths.isEmpty()) {
                e->acceptProposedAction();
                if (const QString error = m_wb->openFiles(paths); !error.isEmpty())
                    Q_EMIT m_wb->errorOccurred(error);
                return true;
            }
        }
        return QObject::eventFilter(watched, event);
    }

private:
    LoopnestWorkbench* m_wb;
};

/// The YAML files of a folder (a spec split over arch.yaml, problem.yaml …), in name order.
QStringList yamlFilesIn(const QString& folder)
{
    QStringList out;
    const QDir dir(folder);
    for (const QString& f : dir.entryList({QStringLiteral("*.yaml"), QStringLiteral("*.yml")}, QDir::Files, QDir::Name))
        out << dir.filePath(f);
    return out;
}

} // namespace

LoopnestWorkbench::LoopnestWorkbench(QWidget* parent)
    : KindWorkbench(loopnestKind(), tr("a loop-nest mapping study"),
                    {tr("Timeloop specs and their parts (*.yaml *.yml)"),
                     tr("JSON (timeloop-model's figures) (*.json);;CSV (*.csv);;Text report (*.txt)"),
                     tr("Timeloop mapping (map.yaml) (*.yaml);;The whole Timeloop spec (*.spec.yaml)")},
                    parent)
{
    buildUi();
    setAcceptDrops(true);
    installEventFilter(new DropFilter(this));
    try {
        m_doc->setInputs(kind().defaultInputs().get<LoopnestInputs>());
    } catch (const std::exception& e) {
        // No presets installed: the workbench stays empty until a spec is opened.
        m_evalError = QString::fromUtf8(e.what());
        documentChanged();
    }
}

LoopnestWorkbench::~LoopnestWorkbench() = default;

void LoopnestWorkbench::buildUi()
{
    m_runs = new RunsPanel(loopnestKind(), this);
    m_tabs = new QTabWidget(this);
    m_tabs->addTab(buildMappingTab(), tr("Mapping"));
    m_tabs->addTab(buildResultsTab(), tr("Results"));
    m_tabs->addTab(buildArchitectureTab(), tr("Architecture"));
    m_tabs->addTab(buildProblemTab(), tr("Problem"));
    m_tabs->addTab(m_runs, tr("Optimize"));
    m_tabs->setTabToolTip(MappingTab, tr("The mapping as Timeloop's loop nest: factors, loop orders and keep / bypass, "
                                         "edited in place and evaluated at once"));
    m_tabs->setTabToolTip(ResultsTab, tr("The model's figures: totals, energy by level and data space, capacity used, "
                                         "per-level statistics"));
    m_tabs->setTabToolTip(ArchitectureTab, tr("The storage levels of the architecture tree and their ERT energies"));
    m_tabs->setTabToolTip(ProblemTab, tr("The problem's dimensions, coefficients and data spaces"));
    m_tabs->setTabToolTip(OptimizeTab, tr("Run the mappers, watch their curves and open their best mappings"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_tabs);

    connectShell();
    connect(m_runs, &RunsPanel::resultRequested, this, [this](const QString& json, const QString& label) {
        if (showResult(json, label))
            showTab(MappingTab);
    });
}

void LoopnestWorkbench::documentChanged()
{
    const LoopnestInputs& in = inputs();
    if (in.parsed)
        m_runs->setInputs(studyName(), in);
    evaluate();
    m_updating = true;
    refreshNest();
    refreshResults();
    refreshArchitecture();
    refreshProblem();
    m_updating = false;
    m_refused.reapply(); // what the user typed and was refused stays until fixed
    Q_EMIT setupChanged();
    Q_EMIT evaluationShown();
    showEvaluationMessage();
}

void LoopnestWorkbench::showEvaluationMessage()
{
    if (m_result && m_result->ok)
        Q_EMIT message(summaryText().section(QLatin1Char('\n'), 0, 0), 0);
    else if (m_result)
        Q_EMIT message(summaryText(), 0);
    else if (!m_evalError.isEmpty())
        Q_EMIT message(m_evalError, 0);
}

void LoopnestWorkbench::evaluate()
{
    m_result.reset();
    const LoopnestInputs& in = inputs();
    if (!in.parsed) {
        m_model.reset();
        m_modelSpec.reset();
        m_mapping = {};
        return;
    }
    const loopnest::Spec& s = *in.parsed;
    m_evalError.clear();
    if (!s.hasArchitecture || !s.hasProblem) {
        m_model.reset();
        m_modelSpec.reset();
        m_mapping = {};
        m_evalError = tr("The spec has no %1: open the files timeloop-model takes (architecture, problem, ERT, mapping).")
                          .arg(!s.hasArchitecture ? tr("architecture") : tr("problem"));
        return;
    }
    m_mapping = s.hasMapping ? s.mapping : trivialMapping(s.architecture, s.problem);
    if (!s.hasErt) {
        m_model.reset();
        m_modelSpec.reset();
        m_evalError = tr("The spec has no ERT (energy reference table): open ERT.yaml to evaluate it.");
        return;
    }
    try {
        // The model depends on the architecture and the problem only: a mapping edit keeps it.
        if (!m_model || !m_modelSpec || (m_modelSpec.get() != in.parsed.get() && !m_mappingEdit))
            m_model = std::make_shared<const loopnest::LoopnestModel>(
                loopnest::LoopnestModel::compile(s.architecture, s.problem, s.env));
        m_modelSpec = in.parsed;
        m_result = m_model->evaluate(m_mapping);
    } catch (const std::exception& e) {
        m_model.reset();
        m_modelSpec.reset();
        m_evalError = QString::fromUtf8(e.what());
    }
}

void LoopnestWorkbench::setMapping(const loopnest::Mapping& mapping, const QString& label)
{
    const LoopnestInputs& in = inputs();
    if (!in.parsed || !in.parsed->hasArchitecture || !in.parsed->hasProblem)
        return;
    const loopnest::Spec& s = *in.parsed;
    // The tree's mapping is rewritten as Timeloop's directives; the parsed spec takes the
    // mapping as it is (the same one reading those directives back gives).
    const std::string yaml = loopnest::writeMappingYaml(s.architecture, s.problem, mapping);
    LoopnestInputs next;
    next.name = in.name;
    next.spec = in.spec;
    next.spec["mapping"] = loopnestTreeFromYaml({{"mapping", yaml}}).at("mapping");
    auto spec = std::make_shared<loopnest::Spec>(s);
    spec->mapping = mapping;
    spec->hasMapping = true;
    next.parsed = std::move(spec);
    // Only the mapping changes: the compiled model stays (undo and redo compile it again).
    m_mappingEdit = m_model && m_modelSpec.get() == in.parsed.get();
    m_doc->apply(std::move(next), label);
    m_mappingEdit = false;
}

QString LoopnestWorkbench::applyTree(ordered_json tree, const QString& label)
{
    try {
        LoopnestInputs next = loopnestInputsFromTree(std::move(tree), inputs().name, tr("spec").toStdString());
        m_doc->apply(std::move(next), label);
        return {};
    } catch (const std::exception& e) {
        return QString::fromUtf8(e.what());
    }
}

bool LoopnestWorkbench::showResult(const QString& resultJson, const QString& label)
{
    try {
        const ordered_json doc = ordered_json::parse(resultJson.toStdString());
        if (!doc.contains("mapping_yaml") || !doc.at("mapping_yaml").is_string())
            throw InputError("the result has no mapping_yaml");
        const LoopnestInputs& in = inputs();
        if (!in.parsed)
            throw InputError("no spec to map");
        const loopnest::Mapping m = loopnest::readMapping({label.toStdString(), doc.at("mapping_yaml").get<std::string>()},
                                                         in.parsed->architecture, in.parsed->problem);
        setMapping(m, tr("Open %1").arg(label));
        Q_EMIT message(tr("%1 shown as the current mapping (Edit ▸ Undo goes back)").arg(label), 8000);
        return true;
    } catch (const std::exception& e) {
        Q_EMIT errorOccurred(tr("%1 cannot be shown: %2").arg(label, QString::fromUtf8(e.what())));
        return false;
    }
}

void LoopnestWorkbench::showCellOutcome(QTableWidget* table, int row, int column, const QString& text, const QString& error)
{
    const bool hadRefusals = !m_refused.empty();
    if (!error.isEmpty()) {
        m_refused.refuse(table, row, column, text, error);
    } else {
        m_refused.accept(table, row, column);
        // Accepted (also when it changed nothing): the cell shows the value in force.
        m_updating = true;
        refreshNest();
        refreshArchitecture();
        refreshProblem();
        m_updating = false;
        m_refused.reapply();
    }
    // The status line names what is still refused; once nothing is, the evaluation's line.
    if (!m_refused.empty())
        updateRefusedStatus();
    else if (hadRefusals)
        showEvaluationMessage();
}

QString LoopnestWorkbench::refusedStatus() const { return m_refused.status(this); }

// ---------------------------------------------------------------------------------------------
// Study, files

QString LoopnestWorkbench::setupText() const { return inputs().parsed ? KindWorkbench::setupText() : QString(); }

QStringList LoopnestWorkbench::tabNames() const
{
    return {QStringLiteral("mapping"), QStringLiteral("results"), QStringLiteral("architecture"),
            QStringLiteral("problem"), QStringLiteral("optimize")};
}

std::optional<Study> LoopnestWorkbench::study() const
{
    if (!inputs().parsed)
        return std::nullopt;
    return KindWorkbench::study();
}

QString LoopnestWorkbench::openFile(const QString& path) { return openFiles({path}); }

QString LoopnestWorkbench::openFiles(const QStringList& paths)
{
    try {
        std::vector<loopnest::YamlSource> sources;
        QString folderName;
        for (const QString& p : paths) {
            const QFileInfo fi(p);
            const QStringList files = fi.isDir() ? yamlFilesIn(p) : QStringList{p};
            if (fi.isDir()) {
                if (files.isEmpty())
                    return tr("%1: no Timeloop .yaml files in this folder").arg(p);
                folderName = fi.fileName();
            }
            for (const QString& f : files)
                sources.emplace_back(f.toStdString(), readTextFile(f.toStdString()));
        }
        if (sources.empty())
            return tr("nothing to open");
        // A later file's key replaces an earlier one's: files with a mapping go last, so that
        // the empty `mapping: []` of Timeloop's parsed-processed-input.yaml does not replace the
        // map.yaml beside it in a reference folder.
        std::stable_partition(sources.begin(), sources.end(), [](const loopnest::YamlSource& s) {
            try {
                const ordered_json t = loopnestTreeFromYaml({s});
                return !(t.contains("mapping") && !t.at("mapping").empty());
            } catch (const std::exception&) {
                return true; // read again below, where the error names the file
            }
        });
        const ordered_json parts = loopnestTreeFromYaml(sources);
        const bool whole = parts.contains("architecture") && parts.contains("problem");
        QString label;
        LoopnestInputs next;
        if (whole) {
            // A whole spec: read as the files are, so that errors name their own lines.
            const std::string name = !folderName.isEmpty() ? folderName.toStdString()
                                     : paths.size() == 1 ? QFileInfo(paths.front()).completeBaseName().toStdString()
                                                         : QFileInfo(paths.front()).absoluteDir().dirName().toStdString();
            next = loopnestInputsFromYaml(sources, name);
        } else {
            // Parts (a map.yaml, an ERT): they replace those parts of the spec shown. A mapping is
            // read against the current architecture and problem first, so that its errors name
            // its own file and line.
            if (parts.contains("mapping") && !parts.contains("architecture") && !parts.contains("problem") &&
                inputs().parsed && inputs().parsed->hasArchitecture && inputs().parsed->hasProblem)
                for (const auto& src : sources)
                    if (loopnestTreeFromYaml({src}).contains("mapping"))
                        (void)loopnest::readMapping(src, inputs().parsed->architecture, inputs().parsed->problem);
            ordered_json tree = inputs().spec;
            for (auto it = parts.begin(); it != parts.end(); ++it)
                tree[it.key()] = it.value();
            next = loopnestInputsFromTree(std::move(tree), inputs().name, sources.front().first);
        }
        QStringList names;
        for (const QString& p : paths)
            names << QFileInfo(p).fileName();
        label = tr("Open %1").arg(names.join(QStringLiteral(", ")));
        if (whole && studyName().isEmpty())
            setStudyName(qs(next.name));
        m_refused = {};
        m_doc->apply(std::move(next), label);
    } catch (const std::exception& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

QString LoopnestWorkbench::exportResults(const QString& path) const
{
    if (!m_result)
        return m_evalError.isEmpty() ? tr("Nothing evaluated yet.") : tr("Not evaluated: %1").arg(m_evalError);
    if (!m_result->ok)
        return tr("The mapping is invalid at %1: %2").arg(qs(m_result->errorLevel), qs(m_result->error));
    try {
        std::string text;
        if (path.endsWith(QStringLiteral(".json"), Qt::CaseInsensitive)) {
            text = loopnest::resultToJson(*m_result, inputs().parsed->problem).dump(2) + "\n";
        } else {
            // The kind's own report of the spec's mapping (the one shown: edits are in the spec).
            LoopnestInputs in = inputs();
            if (!in.parsed->hasMapping) {
                auto spec = std::make_shared<loopnest::Spec>(*in.parsed);
                spec->mapping = m_mapping;
                spec->hasMapping = true;
                in.parsed = std::move(spec);
            }
            const OutputFormat fmt = path.endsWith(QStringLiteral(".csv"), Qt::CaseInsensitive) ? OutputFormat::Csv
                                                                                                 : OutputFormat::Text;
            text = kind().evaluate(StudyInputs(std::move(in)), fmt, {}).text;
        }
        writeTextFileAtomic(path.toStdString(), text);
    } catch (const std::exception& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

QString LoopnestWorkbench::writeMapping(const QString& path) const
{
    const LoopnestInputs& in = inputs();
    if (!in.parsed || !in.parsed->hasArchitecture || !in.parsed->hasProblem)
        return tr("The spec has no architecture and problem to write a mapping for.");
    try {
        const QString file = QFileInfo(path).fileName();
        std::string text;
        if (file.contains(QStringLiteral("spec"), Qt::CaseInsensitive)) {
            ordered_json tree = in.spec;
            if (!in.parsed->hasMapping) // the trivial mapping shown
                tree["mapping"] = loopnestTreeFromYaml(
                    {{"mapping", loopnest::writeMappingYaml(in.parsed->architecture, in.parsed->problem, m_mapping)}})
                                      .at("mapping");
            text = "# " + in.name + ": the whole spec, written by Mapscape\n" + loopnestTreeToYaml(tree);
        } else {
            text = "# " + in.name + ": written by Mapscape for timeloop-model\n" +
                   loopnest::writeMappingYaml(in.parsed->architecture, in.parsed->problem, m_mapping);
        }
        writeTextFileAtomic(path.toStdString(), text);
    } catch (const std::exception& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

} // namespace mapscape
