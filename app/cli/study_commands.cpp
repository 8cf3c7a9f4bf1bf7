// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "app/cli/study_commands.h"

#include "core/study/project_io.h"

#include "app/cli/cli_output.h"
#include "app/cli/cli_sink.h"
#include "core/io/file_util.h"
#include "core/model/validation.h"
#include "core/study/study_file.h"
#include "core/sweep/sweep.h"
#include "core/util/statistics.h"
#include "core/util/strings.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <memory>
#include <cmath>
#include <iostream>
#include <set>
#include <sstream>
#include <thread>

namespace mapscape::cli {

namespace {

std::vector<StudyArgument> argumentsOfUse(std::initializer_list<StudyArgument::Use> uses)
{
    std::vector<StudyArgument> out;
    std::set<std::string> seen;
    for (const StudyKind* k : studyKinds())
        for (const StudyArgument& a : k->studyArguments())
            if (std::find(uses.begin(), uses.end(), a.use) != uses.end() && seen.insert(a.key()).second)
                out.push_back(a);
    return out;
}

void printNotes(const std::vector<std::string>& notes)
{
    for (const std::string& n : notes)
        std::cerr << "note: " << n << "\n";
}

/// The study of a command: --study or the kinds' source arguments.
Study commandStudy(const StudyCommandArgs& a, const ArgumentValues& args)
{
    std::vector<std::string> notes;
    Study st = studyFromCommandLine(a.studies, args, notes);
    printNotes(notes);
    return st;
}

/// The first sample at which a best-so-far curve reached its final value.
double samplesToBest(const std::vector<std::pair<double, double>>& curve)
{
    if (curve.empty())
        return 0;
    const double final = curve.back().second;
    for (const auto& [x, y] : curve)
        if (y == final)
            return x;
    return curve.back().first;
}

std::string meanStdText(const std::vector<double>& v, int digits)
{
    const auto [m, s] = meanStd(v);
    return formatSig(m, digits) + " ± " + formatSig(s, 3);
}

/// The runs of one optimizer, seed by seed, and their mean ± std (text).
void printSeeds(std::ostream& out, const StudyKind& kind, const Study& study,
                const std::vector<const sweep::ShardResult*>& runs)
{
    const sweep::ShardResult& first = *runs.front();
    const int k = std::max(0, kind.objectiveIndex(first.objective));
    const ObjectiveInfo& obj = kind.objectives()[std::size_t(k)];
    out << "optimizer " << first.optimizer << (first.options.empty() ? "" : " (" + first.options + ")") << " on "
        << setupLabel(study.inputs) << ", objective " << obj.id << ", " << runs.size() << " seeds\n";
    // The kind's summary figures every run has, as extra columns.
    std::vector<std::string> figures;
    for (const std::string& name : kind.info().summaryFigures)
        if (std::all_of(runs.begin(), runs.end(), [&name](const sweep::ShardResult* r) { return r->figure(name); }))
            figures.push_back(name);
    out << "seed  best " << obj.id << " (" << obj.unit << ")  samples to best  samples  seconds";
    for (const std::string& f : figures)
        out << "  " << f;
    out << "\n";
    std::vector<double> bests, reach, secs;
    std::map<std::string, std::vector<double>> figureValues;
    for (const sweep::ShardResult* r : runs) {
        const std::optional<double> v = r->objectiveValue(obj.id);
        if (!v) {
            out << r->seed << "  no result" << (r->failure.empty() ? "" : ": " + r->failure) << "\n";
            continue;
        }
        bests.push_back(*v);
        reach.push_back(samplesToBest(r->curve));
        secs.push_back(r->seconds);
        out << r->seed << "  " << formatSig(*v, 6) << "  " << formatSig(reach.back(), 6) << "  " << r->evaluations << "  "
            << formatSig(r->seconds, 3);
        for (const std::string& f : figures) {
            const std::optional<double> x = r->figure(f);
            if (!x || !std::isfinite(*x)) {
                out << "  –";
                continue;
            }
            figureValues[f].push_back(*x);
            out << "  " << formatSig(*x, 6);
        }
        out << "\n";
    }
    if (bests.empty()) {
        out << "no valid result with any seed\n";
        return;
    }
    out << "mean ± std over " << bests.size() << " seeds: best " << obj.id << " " << meanStdText(bests, 6) << " " << obj.unit
        << ", samples to best " << meanStdText(reach, 4) << ", " << meanStdText(secs, 3) << " s";
    for (const std::string& f : figures)
        out << ", " << f << " " << (figureValues[f].empty() ? std::string("–") : meanStdText(figureValues[f], 6));
    out << "\n";
}

} // namespace

void StudyArgumentOptions::add(CLI::App& command, std::initializer_list<StudyArgument::Use> uses)
{
    for (const StudyArgument& a : argumentsOfUse(uses)) {
        auto slot = std::make_unique<Slot>();
        slot->flags = a.flags;
        slot->isFlag = a.isFlag;
        if (a.isFlag)
            command.add_flag(a.flags, slot->flag, a.help);
        else
            command.add_option(a.flags, slot->value, a.help);
        m_slots[a.key()] = std::move(slot);
    }
}

ArgumentValues StudyArgumentOptions::given(const CLI::App& command) const
{
    ArgumentValues out;
    for (const auto& [key, slot] : m_slots)
        if (command.count("--" + key) > 0)
            out[key] = slot->isFlag ? std::string("true") : slot->value;
    return out;
}

std::vector<std::uint64_t> parseSeeds(const std::string& text)
{
    std::vector<std::uint64_t> out;
    for (const std::string& part : split(text, ',')) {
        const auto dash = part.find('-', 1);
        const auto a = parseInt(dash == std::string::npos ? part : part.substr(0, dash));
        const auto b = dash == std::string::npos ? a : parseInt(part.substr(dash + 1));
        if (!a || !b || *a < 0 || *b < *a || *b - *a > 10000)
            throw InputError("--seeds: expected seeds such as 1,2,3 or 1-5, got \"" + text + "\"");
        // Counted before anything is allocated: a run per seed, at most as many as a sweep's shards.
        constexpr std::int64_t kMaxSeeds = 100000;
        if (std::int64_t(out.size()) + (*b - *a + 1) > kMaxSeeds)
            throw InputError("--seeds: more than " + std::to_string(kMaxSeeds) + " seeds (the limit of runs of one command)");
        for (auto s = *a; s <= *b; ++s)
            out.push_back(std::uint64_t(s));
    }
    if (out.empty())
        throw InputError("--seeds: no seed in \"" + text + "\"");
    return out;
}

CLI::App* addEvaluateCommand(CLI::App& app, StudyCommandArgs& a)
{
    CLI::App* c = app.add_subcommand("evaluate", "Evaluate a study's current design (its mapping, design, policy or map)");
    c->add_option("--study", a.studies, "Study file, folder, study preset or study kind (default: built from the kinds' arguments); "
                                         "several files when they are the parts of one study (a Timeloop spec)");
    c->add_option("-f,--format", a.format, "text, json or csv")->capture_default_str();
    c->add_option("-o,--out", a.out, "Write to a file instead of standard output");
    c->add_option("-s,--seed", a.seed, "Seed of measurement noise (tensor placement)");
    a.arguments.add(*c, {StudyArgument::Use::Input, StudyArgument::Use::Evaluate});
    return c;
}

int runEvaluate(const CLI::App& command, const StudyCommandArgs& a)
{
    const auto fmt = parseOutputFormat(a.format);
    if (!fmt)
        throw InputError("--format: expected text, json or csv, got \"" + a.format + "\"");
    ArgumentValues args = a.arguments.given(command);
    const Study st = commandStudy(a, args);
    if (command.count("--seed"))
        args["seed"] = std::to_string(a.seed);
    const CommandOutput out = st.kind().evaluate(st.inputs, *fmt, args);
    printNotes(out.notes);
    writeOut(out.text, a.out);
    return out.exitCode;
}

CLI::App* addConvertCommand(CLI::App& app, StudyCommandArgs& a)
{
    CLI::App* c = app.add_subcommand(
        "convert", "Write a study in another tool's format: neurospector, json, csv, timeloop (scheduling), maestro "
                   "(dataflow, accelerator sizing) or study");
    c->add_option("--study", a.studies, "Study file, folder, study preset or study kind (default: built from the kinds' arguments); "
                                         "several files when they are the parts of one study (a Timeloop spec)");
    c->add_option("--to", a.to, "The format (see above)")->required();
    c->add_option("-o,--out", a.out, "Output file, or folder for formats that are several files");
    a.arguments.add(*c, {StudyArgument::Use::Input});
    return c;
}

int runConvert(const CLI::App& command, const StudyCommandArgs& a)
{
    const Study st = commandStudy(a, a.arguments.given(command));
    const CommandOutput out = st.kind().convert(st, a.to, a.out);
    if (!out.text.empty())
        writeOut(out.text, a.out);
    for (const std::string& n : out.notes)
        std::cerr << n << "\n";
    return out.exitCode;
}

CLI::App* addValidateCommand(CLI::App& app, StudyCommandArgs& a)
{
    CLI::App* c = app.add_subcommand("validate", "Check a file (a study, or a kind's own file) and explain what is wrong with it");
    c->add_option("file", a.file, "The file")->required();
    a.arguments.add(*c, {StudyArgument::Use::Input});
    return c;
}

int runValidate(const CLI::App& command, const StudyCommandArgs& a)
{
    const std::string text = readTextFile(a.file);
    const std::string schema = documentSchema(text); // "" for cfg files and reference lines
    if (schema == "mapscape/project") {
        // A project: every study checked as opening it would; every part the GUI would leave out
        // is reported (each message names the line and the field), and then the project is not OK.
        std::vector<std::string> skipped;
        const Project p = projectFromJson(text, a.file, &skipped);
        if (!skipped.empty()) {
            for (const std::string& s : skipped)
                std::cerr << "error: " << s << "\n";
            std::cerr << a.file << ": " << skipped.size() << " part" << (skipped.size() == 1 ? "" : "s")
                      << " cannot be read; the GUI opens the other " << p.studies.size() << " stud"
                      << (p.studies.size() == 1 ? "y" : "ies") << " without them\n";
            return kExitBadInput;
        }
        std::cout << a.file << ": OK: project with " << p.studies.size() << " stud" << (p.studies.size() == 1 ? "y" : "ies")
                  << " (";
        for (std::size_t i = 0; i < p.studies.size(); ++i)
            std::cout << (i ? ", " : "") << p.studies[i].kind().id() << " \"" << p.studies[i].name << "\"";
        std::cout << "), showing study " << p.active + 1 << "\n";
        return kExitOk;
    }
    try {
        const Study st = loadStudyFile(a.file);
        std::cout << a.file << ": OK: " << st.kind().title() << " study \"" << st.name << "\" (" << setupLabel(st.inputs)
                  << ")\n";
        return kExitOk;
    } catch (const InputError& e) {
        // A study file that is wrong says so; anything else may be another kind of file.
        if (schema == "mapscape/study" || std::string(e.what()).find("not a study file") == std::string::npos)
            throw;
    }
    const ArgumentValues args = a.arguments.given(command);
    for (const StudyKind* k : studyKinds())
        if (std::optional<CommandOutput> out = k->validateFile(a.file, text, schema, args)) {
            for (const std::string& n : out->notes)
                std::cerr << n << "\n";
            std::cout << out->text;
            return out->exitCode;
        }
    if (schema.empty())
        checkJsonSyntax(text, a.file); // a truncated or malformed JSON file: the parser's reason
    throw InputError(a.file + ": not a file Mapscape reads: " +
                     (schema.empty() ? std::string("no \"schema\" member, and not a NeuroSpector cfg")
                                     : "unknown schema \"" + schema + "\"") +
                     " (projects, studies, accelerators, networks, mappings and each study kind's own files)");
}

CLI::App* addOptimizeCommand(CLI::App& app, StudyCommandArgs& a)
{
    CLI::App* c = app.add_subcommand("optimize", "Run optimizers on a study and write the best result");
    std::string list;
    for (const StudyKind* k : studyKinds()) {
        std::string ids;
        for (const OptimizerInfo& i : k->optimizers())
            ids += (ids.empty() ? "" : "|") + i.id;
        list += (list.empty() ? "" : "; ") + k->id() + " studies: " + ids;
    }
    c->add_option("--study", a.studies, "Study file, folder, study preset or study kind (default: built from the kinds' arguments); "
                                         "several files when they are the parts of one study (a Timeloop spec)");
    c->add_option("-O,--optimizer", a.optimizers,
                  "Optimizer, or several separated by commas (default: the kind's flagship); " + list);
    c->add_option("--option", a.options, "Optimizer option key=value (repeatable)");
    c->add_option("-s,--seed", a.seed, "Random seed")->capture_default_str();
    c->add_option("--seeds", a.seeds, "Several seeds (1,2,3 or 1-5), summarised as mean ± std");
    c->add_option("-b,--budget", a.budget, "The optimizer's budget option (episodes, samples, iterations, ...)");
    c->add_option("--objective", a.objective, "The objective (default: the study's)");
    c->add_option("-j,--threads", a.threads, "Worker threads (default: all cores)");
    c->add_option("-o,--out", a.out, "Write the best result as the kind's JSON document");
    c->add_option("-f,--format", a.format, "text, json or csv (the runs' results)")->capture_default_str();
    c->add_option("--metrics-csv", a.metricsCsv, "Write every recorded metric (name,step,value) of a single run");
    c->add_flag("-q,--quiet", a.quiet, "No progress line");
    a.arguments.add(*c, {StudyArgument::Use::Input, StudyArgument::Use::Output});
    return c;
}

int runOptimize(const CLI::App& command, const StudyCommandArgs& a)
{
    const auto fmt = parseOutputFormat(a.format);
    if (!fmt)
        throw InputError("--format: expected text, json or csv, got \"" + a.format + "\"");
    const ArgumentValues args = a.arguments.given(command);
    const Study study = commandStudy(a, args); // also refuses other kinds' arguments
    const StudyKind& kind = study.kind();

    // One study × optimizers × seeds: a sweep run here, shard by shard.
    sweep::SweepSpec spec;
    spec.name = "optimize";
    sweep::StudyEntry entry;
    entry.name = study.name;
    for (const std::string& s : a.studies) // the label; the study itself is passed loaded
        entry.study += (entry.study.empty() ? "" : ",") + s;
    for (const StudyArgument& arg : kind.studyArguments())
        if (arg.use == StudyArgument::Use::Input && args.count(arg.key()))
            entry.arguments[arg.key()] = args.at(arg.key());
    entry.kind = kind.id();
    entry.objective = study.optimizer.objective;
    if (entry.study.empty() && entry.arguments.empty())
        entry.study = kind.id(); // the default study, as the kinds' arguments would build it
    entry.loaded = std::make_shared<const Study>(study); // read once, not once per shard
    spec.studies.push_back(entry);
    if (!a.objective.empty()) {
        if (kind.normalizeObjective(a.objective).empty()) {
            std::string ids;
            for (const ObjectiveInfo& o : kind.objectives())
                ids += (ids.empty() ? "" : ", ") + o.id;
            throw InputError("--objective: expected " + ids + ", got \"" + a.objective + "\"");
        }
        spec.objective = a.objective;
    }
    std::vector<std::string> ids = a.optimizers.empty() ? std::vector<std::string>{} : split(a.optimizers, ',');
    if (ids.empty()) {
        ids.push_back(defaultOptimizerSettings(kind).id);
    }
    for (std::string id : ids) {
        id = std::string(trim(id));
        const OptimizerInfo& info = requireOptimizer(kind, id);
        sweep::OptimizerChoice c;
        c.kind = kind.id();
        c.id = info.id;
        for (const std::string& o : a.options) {
            OptionValues one;
            parseOptionAssignment(o, one);
            // Several optimizers: each takes the options it has (one optimizer takes them all,
            // so that a misspelt option is refused by name).
            if (ids.size() == 1 || info.option(one.begin()->first))
                c.options.insert(one.begin(), one.end());
        }
        if (!a.budget.empty()) {
            // With several optimizers, those without a budget (a fixed baseline) run as they are.
            if (info.budgetKey.empty() && ids.size() == 1)
                throw InputError("--budget: optimizer \"" + info.id + "\" has no budget (it always runs to completion)");
            if (!info.budgetKey.empty())
                c.options[info.budgetKey] = a.budget;
        }
        spec.optimizers.push_back(std::move(c));
    }
    for (const std::string& o : a.options) {
        OptionValues one;
        parseOptionAssignment(o, one);
        const std::string& key = one.begin()->first;
        if (std::none_of(spec.optimizers.begin(), spec.optimizers.end(),
                         [&](const sweep::OptimizerChoice& c) { return c.options.count(key) > 0; }))
            throw InputError("--option " + key + ": none of the optimizers " + a.optimizers + " has this option");
    }
    spec.seeds = a.seeds.empty() ? std::vector<std::uint64_t>{a.seed} : parseSeeds(a.seeds);
    sweep::checkSweepInputs(spec, false); // bad options fail now, naming the option
    const std::vector<sweep::Shard> shards = sweep::planSweep(spec);
    if (!a.metricsCsv.empty() && shards.size() > 1)
        throw InputError("--metrics-csv: one run at a time (one optimizer and one seed)");

    sweep::ShardRun how;
    how.threads = a.threads > 0 ? a.threads : int(std::max(1u, std::thread::hardware_concurrency()));
    std::vector<sweep::ShardResult> results;
    std::vector<std::string> documents;
    std::ostringstream csv;
    for (const sweep::Shard& shard : shards) {
        CliSink sink(a.quiet || *fmt != OutputFormat::Text || shards.size() > 1, a.metricsCsv.empty() ? nullptr : &csv,
                     kind.info().progressMetric);
        std::string document;
        how.sink = &sink;
        how.document = &document;
        results.push_back(sweep::runShard(spec, shard, {}, how));
        documents.push_back(std::move(document));
        if (results.back().status == "failed")
            throw InputError(results.back().failure);
    }
    if (!a.metricsCsv.empty())
        writeTextFileAtomic(a.metricsCsv, csv.str());

    // The best run by the study's objective.
    const int k = std::max(0, kind.objectiveIndex(results.front().objective));
    const ObjectiveInfo& obj = kind.objectives()[std::size_t(k)];
    int best = -1;
    for (std::size_t i = 0; i < results.size(); ++i) {
        const std::optional<double> v = results[i].objectiveValue(obj.id);
        if (!v || documents[i].empty())
            continue;
        const std::optional<double> b = best < 0 ? std::nullopt : results[std::size_t(best)].objectiveValue(obj.id);
        if (!b || (obj.higherIsBetter ? *v > *b : *v < *b))
            best = int(i);
    }

    if (*fmt == OutputFormat::Json) {
        std::cout << sweep::collectJson(results);
    } else if (*fmt == OutputFormat::Csv) {
        std::cout << sweep::collectCsv(results);
    } else if (results.size() == 1) {
        const sweep::ShardResult& r = results.front();
        std::cout << "optimizer " << r.optimizer << " on " << setupLabel(study.inputs) << ", objective " << r.objective
                  << ", seed " << r.seed << ": " << r.evaluations << " samples, " << formatSig(r.seconds) << " s\n";
        for (const sweep::ShardResult::Objective& o : r.objectives) {
            const ObjectiveInfo* info = kind.findObjective(o.id);
            std::cout << "  " << (info ? info->label : o.id) << ": " << formatSig(o.value, 6) << " " << o.unit << "\n";
        }
        for (const auto& [name, value] : r.figures)
            std::cout << "  " << name << ": " << formatSig(value, 6) << "\n";
        if (r.status == "ok" && !documents.front().empty())
            std::cout << kind.describeResult(documents.front(), &study.inputs);
        else
            std::cout << "no valid result" << (r.failure.empty() ? "" : ": " + r.failure) << "\n";
    } else {
        for (const sweep::OptimizerChoice& o : spec.optimizers) {
            std::vector<const sweep::ShardResult*> runs;
            for (const sweep::ShardResult& r : results)
                if (r.optimizer == o.id)
                    runs.push_back(&r);
            printSeeds(std::cout, kind, study, runs);
        }
    }
    if (best >= 0) {
        if (!a.out.empty())
            writeTextFileAtomic(a.out, documents[std::size_t(best)]);
        for (const std::string& n : kind.writeOutputs(study.inputs, documents[std::size_t(best)], args))
            std::cerr << n << "\n";
    } else if (!a.out.empty()) {
        throw InputError("--out: no run found a valid result, nothing to write");
    }
    return best >= 0 ? kExitOk : kExitFailure;
}

} // namespace mapscape::cli
