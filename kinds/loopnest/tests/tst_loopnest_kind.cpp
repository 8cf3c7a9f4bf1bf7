// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

// The loop-nest kind as the rest of Mapscape sees it: registered, its presets open and
// evaluate, its inputs survive a project's JSON and a sweep's JSON-pointer variation, a spec
// split over several files is the same study, and its mappers find valid mappings, the same
// ones for the same seed.

#include "support/jobs.h"
#include "core/model/validation.h"
#include "core/optim/run_control.h"
#include "core/study/study_file.h"
#include "core/study/study_job.h"
#include "core/study/study_kind.h"
#include "kinds/loopnest/core/loopnest_model.h"
#include "kinds/loopnest/core/loopnest_space.h"
#include "kinds/loopnest/core/loopnest_study.h"

#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <fstream>

using namespace mapscape;
using test::runJob;
using nlohmann::ordered_json;

namespace {

std::string presetPath(const std::string& name)
{
    return std::string(MAPSCAPE_SOURCE_PRESET_DIR) + "/loopnest/" + name + ".yaml";
}

nlohmann::json evaluateJson(const StudyInputs& inputs)
{
    const CommandOutput out = inputs.kind().evaluate(inputs, OutputFormat::Json, {});
    return nlohmann::json::parse(out.text);
}

void writeFile(const QString& path, const std::string& text)
{
    std::ofstream(path.toStdString()) << text;
}

} // namespace

class TestLoopnestKind : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void registeredByItsFolder()
    {
        const StudyKind* k = findStudyKind("loopnest");
        QVERIFY(k != nullptr);
        QCOMPARE(k->info().title, std::string("Loop-nest mapping (Timeloop)"));
        QVERIFY(!k->optimizers().empty());
    }

    void everyPresetEvaluates_data()
    {
        QTest::addColumn<QString>("preset");
        for (const char* p : {"ex_eyeriss_like", "ex_simba_like", "ex_simple_output_stationary", "ex_simple_weight_stationary",
                              "ispass_1level", "ispass_2level", "ispass_3level", "ispass_3level_spatial",
                              "ispass_eyeriss_mapper"})
            QTest::newRow(p) << QString::fromLatin1(p);
    }
    void everyPresetEvaluates()
    {
        QFETCH(QString, preset);
        const Study st = resolveStudy(preset.toStdString());
        QCOMPARE(st.kind().id(), std::string("loopnest"));
        const nlohmann::json r = evaluateJson(st.inputs);
        QVERIFY2(r.at("energy_pJ").get<double>() > 0, r.dump().c_str());
        QVERIFY(r.at("cycles").get<double>() > 0);
        QVERIFY(r.at("levels").is_array() && !r.at("levels").empty());
    }

    /// A project saves the spec as a tree and reads it back to the same inputs and figures.
    void inputsSurviveTheirJson()
    {
        const StudyInputs in = resolveStudy("ex_eyeriss_like").inputs;
        const StudyKind& k = in.kind();
        const std::string json = k.inputsToJson(in);
        const StudyInputs back = k.inputsFromJson(json, "project.json", "studies[0]");
        QVERIFY(back == in);
        QCOMPARE(evaluateJson(back).dump(), evaluateJson(in).dump());
        QCOMPARE(k.setupKey(back), k.setupKey(in));
    }

    /// A sweep varies an attribute by JSON pointer: a smaller global buffer changes the figures
    /// or is refused naming the level.
    void aJsonPointerVariesTheSpec()
    {
        const StudyInputs in = resolveStudy("ispass_3level").inputs;
        const StudyKind& k = in.kind();
        ordered_json j = ordered_json::parse(k.inputsToJson(in));
        const auto& local = j["loopnest"]["spec"]["architecture"]["subtree"][0]["local"];
        int buffer = -1;
        for (std::size_t i = 0; i < local.size(); ++i)
            if (local[i]["name"].get<std::string>().rfind("GlobalBuffer", 0) == 0 ||
                local[i]["name"].get<std::string>().rfind("Buffer", 0) == 0)
                buffer = int(i);
        QVERIFY2(buffer >= 0, local.dump().substr(0, 400).c_str());
        const std::string pointer = "/loopnest/spec/architecture/subtree/0/local/" + std::to_string(buffer) + "/attributes/depth";
        const ordered_json::json_pointer ptr(pointer);
        QVERIFY2(j.contains(ptr), pointer.c_str());
        j[ptr] = 1; // one row: the mapping's tiles no longer fit
        const StudyInputs small = k.inputsFromJson(j.dump(), "sweep", "variation depth=1");
        const CommandOutput out = k.evaluate(small, OutputFormat::Json, {});
        QCOMPARE(out.exitCode, 2);
        QVERIFY2(out.notes.front().find("capacity") != std::string::npos ||
                         out.notes.front().find("exceeds") != std::string::npos,
                 out.notes.front().c_str());
    }

    /// The parts of a spec in separate files, or a folder of them, make the same study.
    void aSpecSplitOverFilesIsOneStudy()
    {
        QTemporaryDir dir;
        const StudyInputs whole = resolveStudy("ispass_3level_spatial").inputs;
        const ordered_json spec = whole.get<LoopnestInputs>().spec;
        std::vector<std::string> paths;
        for (const char* part : {"architecture", "problem", "mapping", "ERT", "ART"}) {
            ordered_json one = ordered_json::object();
            one[part] = spec.at(part);
            if (std::string(part) == "architecture" && spec.contains("architecture_constraints"))
                one["architecture_constraints"] = spec.at("architecture_constraints");
            const QString path = dir.filePath(QString::fromLatin1(part) + QStringLiteral(".yaml"));
            writeFile(path, loopnestTreeToYaml(one));
            paths.push_back(path.toStdString());
        }
        const Study split = loadStudyFiles(paths);
        QCOMPARE(evaluateJson(split.inputs).dump(), evaluateJson(whole).dump());
        const Study folder = resolveStudy(dir.path().toStdString());
        QCOMPARE(evaluateJson(folder.inputs).dump(), evaluateJson(whole).dump());
    }

    void aTypoNamesFileAndLine()
    {
        QTemporaryDir dir;
        std::string text;
        {
            std::ifstream in(presetPath("ispass_3level"));
            text.assign(std::istreambuf_iterator<char>(in), {});
        }
        const std::size_t at = text.find("factors:");
        QVERIFY(at != std::string::npos);
        const std::size_t end = text.find('\n', at);
        text.replace(at, end - at, "factors: Pp=3");
        const QString path = dir.filePath(QStringLiteral("typo.yaml"));
        writeFile(path, text);
        try {
            (void)loadStudyFile(path.toStdString());
            QFAIL("no error");
        } catch (const InputError& e) {
            const std::string m = e.what();
            QVERIFY2(m.find("typo.yaml:") != std::string::npos && m.find("Pp") != std::string::npos, m.c_str());
        }
    }

    /// The mappers search Timeloop's map space: valid mappings found, the same for the same seed.
    void mappersFindValidMappings_data()
    {
        QTest::addColumn<QString>("optimizer");
        QTest::newRow("random") << QStringLiteral("random");
        QTest::newRow("gamma") << QStringLiteral("gamma");
    }
    void mappersFindValidMappings()
    {
        QFETCH(QString, optimizer);
        const StudyInputs in = resolveStudy("ispass_3level_spatial").inputs;
        std::string doc1, doc2;
        const JobResult a = runJob(in, optimizer.toStdString(), 3, {{"samples", "3000"}}, &doc1);
        const JobResult b = runJob(in, optimizer.toStdString(), 3, {{"samples", "3000"}}, &doc2);
        QVERIFY2(a.found, a.failure.c_str());
        QCOMPARE(a.best, b.best);
        QCOMPARE(doc1, doc2);
        // The best mapping, written as Timeloop YAML, evaluates to the figures the search reported.
        const std::string yaml = nlohmann::json::parse(doc1).at("mapping_yaml").get<std::string>();
        const auto& base = in.get<LoopnestInputs>();
        const loopnest::Mapping m = loopnest::readMapping({"best.yaml", yaml}, base.parsed->architecture, base.parsed->problem);
        const loopnest::EvalResult r =
                loopnest::LoopnestModel::compile(base.parsed->architecture, base.parsed->problem, base.parsed->env).evaluate(m);
        QVERIFY2(r.ok, r.error.c_str());
        QCOMPARE(r.energy * double(r.cycles), a.best[2]);
    }
};

QTEST_APPLESS_MAIN(TestLoopnestKind)
#include "tst_loopnest_kind.moc"
