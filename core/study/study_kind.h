// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Study kinds: the design problems a study can be about. A kind is one descriptor (a
/// `StudyKind`) that says everything the rest of Mapscape needs to know about it — its id and
/// objectives, its inputs (their JSON, study files, presets and command-line arguments), its
/// optimizers and a factory for study jobs that run them. Shared code (projects, the runner, the
/// CLI, sweeps, the GUI's runs panel) asks the descriptor and never names a kind; a kind's own
/// code lives in its folder (kinds/<kind>/: core/, learners/, widgets/, cli/, tests/)
/// and is registered once (its line in kinds/kinds.cmake, or `registerStudyKind` for kinds
/// outside the tree). docs/architecture.md lists the files a new kind touches.

#include "core/io/preset_library.h"
#include "core/optim/options.h"
#include "core/optim/space/design_space.h"
#include "core/util/output_format.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <typeindex>
#include <typeinfo>
#include <vector>

namespace mapscape {

class StudyKind;
class StudyJob;
struct OptimizerSettings;
struct Study;

/// The kind registered for an inputs type (registers the built-in kinds on first use); throws
/// std::logic_error when none is (a programmer error: the kind was never registered).
const StudyKind& studyKindForInputs(std::type_index type);

/// The inputs of a study: one value of its kind's inputs type (SchedulingInputs, ...), held
/// immutably and shared, so copies are cheap and safe to hand to other threads. Changing the
/// inputs means assigning a new value.
class StudyInputs {
public:
    StudyInputs() = default;
    /// Wraps a value of a registered kind's inputs type.
    template <typename T>
        requires(!std::is_same_v<std::decay_t<T>, StudyInputs>)
    StudyInputs(T value) // NOLINT(google-explicit-constructor): inputs read as values of their kind
        : m_kind(&studyKindForInputs(typeid(std::decay_t<T>)))
        , m_value(std::make_shared<const std::decay_t<T>>(std::move(value)))
    {
    }

    bool empty() const { return !m_value; }
    /// The kind of the inputs (std::logic_error when empty).
    const StudyKind& kind() const;
    template <typename T>
    const T* getIf() const
    {
        return m_value && m_kind && matches(typeid(T)) ? static_cast<const T*>(m_value.get()) : nullptr;
    }
    /// The value as its type; std::logic_error naming the kind when it is another kind's.
    template <typename T>
    const T& get() const
    {
        if (const T* v = getIf<T>())
            return *v;
        throw std::logic_error(mismatch(typeid(T)));
    }
    const void* raw() const { return m_value.get(); }

    friend bool operator==(const StudyInputs& a, const StudyInputs& b);

private:
    bool matches(const std::type_info& type) const;
    std::string mismatch(const std::type_info& type) const;

    const StudyKind* m_kind = nullptr;
    std::shared_ptr<const void> m_value;
};

/// A command-line argument a kind understands beside --study (scheduling: -a/--accelerator;
/// dataflow: --hardware; accelerator sizing: --design). Several kinds may share one.
struct StudyArgument {
    std::string flags;  ///< CLI11 spelling: "-a,--accelerator" (the long name is the key)
    std::string help;   ///< "Accelerator preset name or file"
    bool isFlag = false; ///< takes no value ("true" when given)
    enum class Use : std::uint8_t {
        Input,    ///< builds or changes the study (evaluate, optimize, convert)
        Evaluate, ///< only changes what `evaluate` prints (--tables)
        Output,   ///< an extra export after `optimize` (--maestro DIR)
    } use = Use::Input;
    /// The long name without dashes ("accelerator").
    std::string key() const;
};
/// Arguments given on a command line (or by a sweep's variation): long name → value.
using ArgumentValues = std::map<std::string, std::string>;

/// How a run's metric reads on a chart (titles, unit, axis choices, help).
struct MetricInfo {
    std::string title;     ///< "Best latency so far"
    std::string unit;      ///< "cycles" (before engineering prefixes)
    std::string xTitle;    ///< "Samples (cost-model evaluations)"
    bool logY = false;     ///< best-so-far values span decades: log by default
    bool integerX = true;  ///< steps are counts
    std::string help;      ///< a tooltip sentence
    std::string yAxis;     ///< short y-axis title ("Energy")
    /// A best-so-far value recorded at each improvement, its step the run's samples: it holds
    /// until the next point and up to the run's last sample (charts draw steps to that sample).
    bool bestSoFar = false;
};

/// What a command produced: `text` goes to standard output (or to the --out file), `notes` to
/// standard error, and `exitCode` is the command's (0 ok, 1 the design is invalid or nothing
/// was found, 2 bad input).
struct CommandOutput {
    std::string text;
    std::vector<std::string> notes;
    int exitCode = 0;
};

/// What a study kind is, for menus, files and views.
struct StudyKindInfo {
    std::string id;          ///< "scheduling" (files, CLI)
    std::string title;       ///< "Scheduling tables"
    std::string description; ///< one sentence for menus and tooltips
    std::string costModel;   ///< "NeuroSpector-compatible scheduling-table model"
    std::vector<ObjectiveInfo> objectives;
    std::string defaultObjective;   ///< empty: the first objective
    std::string defaultOptimizer;   ///< a new study's and the CLI's optimizer (empty: the first available)
    /// The GUI's word for a run's result: "mapping", "design", "policy", "map".
    std::string resultNoun = "design";
    /// The metric charted by default: the best objective so far.
    std::string progressMetric = "search/best";
    /// Whether a lower progress metric is better (false for speed-ups and PPW).
    bool progressLowerIsBetter = true;
    /// Runs report the objective vectors they evaluate (the Pareto view); policy learners do not.
    bool evaluatesPoints = true;
    /// Objective indices on the Pareto view's x and y axes at first.
    int paretoX = 0, paretoY = 1;
    /// Evaluated points and best results come per group (scheduling: per layer): the chooser's label.
    std::string pointGroupLabel;
    /// Settings of a run beside the optimizer's own options (scheduling: fixed or flexible
    /// dataflows); saved with the run's settings.
    std::vector<OptionSpec> runOptions;
    /// The job figures worth a column in summaries (the CLI's seed tables); the rest stay in
    /// the results files.
    std::vector<std::string> summaryFigures;
    /// Opened in a new window beside the default study (the GUI's launch project).
    bool inLaunchProject = false;
    /// Preset folders of the kind (for `mapscape-cli presets`).
    std::vector<PresetFolder> presetFolders;
    /// Preset folders whose files are whole studies of this kind ("accel-studies").
    std::vector<PresetFolder> studyPresetFolders;

    const std::string& primaryObjective() const { return defaultObjective.empty() ? objectives.front().id : defaultObjective; }
};

/// Labels and context a job writes into its result ("gamma run #3").
struct JobContext {
    std::string label;
    /// Report every evaluated objective vector to the sink (the GUI's Pareto view); the CLI and
    /// sweeps turn it off.
    bool reportPoints = true;
};

/// The descriptor of one study kind. Implementations are stateless singletons registered once;
/// every member may be called from any thread.
class StudyKind {
public:
    virtual ~StudyKind() = default;

    virtual const StudyKindInfo& info() const = 0;
    const std::string& id() const { return info().id; }
    const std::string& title() const { return info().title; }
    std::span<const ObjectiveInfo> objectives() const { return info().objectives; }
    const ObjectiveInfo* findObjective(std::string_view id) const;
    /// An objective id as files and users may spell it ("cycles" for "cycle"); "" if none.
    virtual std::string normalizeObjective(std::string_view text) const
    {
        return findObjective(text) ? std::string(text) : std::string();
    }
    int objectiveIndex(std::string_view id) const;

    // Inputs.
    /// The C++ type of the kind's inputs and their equality (see TypedStudyKind).
    virtual std::type_index inputsType() const = 0;
    virtual bool inputsEqual(const void* a, const void* b) const = 0;
    /// The inputs of a new study of this kind (the launch preset).
    virtual StudyInputs defaultInputs() const = 0;
    /// "Eyeriss / ResNet-50", "VGG16 row 2 on ArchGym default (1024 PEs)".
    virtual std::string setupLabel(const StudyInputs& inputs) const = 0;
    /// A fingerprint of what runs optimise (hardware and workload, not the design shown): runs
    /// with the same key are comparable.
    virtual std::string setupKey(const StudyInputs& inputs) const = 0;
    /// Names of the groups evaluated points come in (scheduling: the layers); empty: none.
    virtual std::vector<std::string> pointGroups(const StudyInputs&) const { return {}; }

    // Files.
    /// The members of a study object that hold the inputs ("accelerator", "network", ...).
    virtual std::vector<std::string> inputMembers() const = 0;
    /// The inputs as a JSON object of those members (project files and "mapscape/study" files).
    virtual std::string inputsToJson(const StudyInputs& inputs) const = 0;
    /// Reads them back from a study object (members other than inputMembers() are ignored).
    /// Throws InputError "source: prefix.field: message".
    virtual StudyInputs inputsFromJson(std::string_view objectJson, const std::string& source,
                                       const std::string& prefix) const = 0;
    /// A study from a file in one of the kind's own formats ("mapscape/dataflow-study", a
    /// MAESTRO .m file, ...); nullopt when the file is not one of them. `schema` is the file's
    /// "schema" member ("" when it has none or is not JSON).
    virtual std::optional<Study> readStudyFile(const std::string& path, std::string_view text,
                                               std::string_view schema) const;
    /// A study given as several files ({path, text}: `--study a.yaml --study b.yaml`, or the
    /// files of a folder), or nullopt when they are not one study of this kind (the default).
    virtual std::optional<Study> readStudyFiles(const std::vector<std::pair<std::string, std::string>>& files) const;

    // Command line.
    /// Arguments beside --study that build or change a study of this kind.
    virtual std::vector<StudyArgument> studyArguments() const { return {}; }
    /// A study built from arguments alone, when no --study is given (scheduling: -a / -n);
    /// nullopt when none of the kind's source arguments is given and `fallback` is false.
    /// Remarks for the user ("the file has 3 layers; using the first") go to `notes`.
    virtual std::optional<Study> studyFromArguments(const ArgumentValues& args, bool fallback,
                                                    std::vector<std::string>& notes) const;
    /// Applies the Input arguments the kind understands to a loaded study (overrides such as
    /// --hardware); throws InputError naming the argument.
    virtual void applyArguments(Study& study, const ArgumentValues& args) const;
    /// `evaluate`: the study's current design evaluated, as text, JSON or CSV.
    virtual CommandOutput evaluate(const StudyInputs& inputs, OutputFormat format, const ArgumentValues& args) const = 0;
    /// `convert --to <format>`: the study in another tool's format. Formats that are one file
    /// come back as `text` (the CLI writes it to --out or standard output); formats that are a
    /// folder are written to `out` by the kind, which says so in `notes`. Throws InputError for
    /// formats the kind cannot write ("study" is handled by the CLI when the kind does not).
    virtual CommandOutput convert(const Study& study, std::string_view format, const std::string& out) const;
    /// `validate FILE`: what the file is, when it is one of the kind's own files other than a
    /// study (an accelerator, a table, reference lines); nullopt when it is not. Throws
    /// InputError saying what is wrong with it.
    virtual std::optional<CommandOutput> validateFile(const std::string& path, std::string_view text,
                                                      std::string_view schema, const ArgumentValues& args) const;
    /// After `optimize`: writes the Output arguments given (--maestro DIR) for the best result;
    /// returns lines saying what it wrote.
    virtual std::vector<std::string> writeOutputs(const StudyInputs& inputs, std::string_view resultDocument,
                                                  const ArgumentValues& args) const;

    // Runs.
    virtual std::span<const OptimizerInfo> optimizers() const = 0;
    /// Builds a job: validates the inputs and the settings and creates the optimizer, so bad
    /// input fails here (InputError naming the field or option), before any thread starts.
    virtual std::unique_ptr<StudyJob> makeJob(const StudyInputs& inputs, const OptimizerSettings& settings,
                                              const JobContext& context) const = 0;
    /// A readable account of a result document (the runs panel's best view).
    virtual std::string describeResult(std::string_view document, const StudyInputs* inputs) const;
    /// Chart labels for the kind's own metrics; nullopt for metrics it does not know (shared
    /// optimizer metrics are described by describeMetric below).
    virtual std::optional<MetricInfo> metricInfo(std::string_view name, const ObjectiveInfo& objective) const;
    /// Adjusts the label of a shared metric for this kind (the DPU agent's PPO steps are
    /// environment steps); called after the label is found.
    virtual void refineMetric(std::string_view /*name*/, MetricInfo& /*metric*/) const {}

    /// Kinds are singletons: equal when they are the same descriptor.
    friend bool operator==(const StudyKind& a, const StudyKind& b) { return &a == &b; }
};

/// A kind whose inputs are a value type `Inputs` with operator==.
template <typename Inputs>
class TypedStudyKind : public StudyKind {
public:
    std::type_index inputsType() const final { return typeid(Inputs); }
    bool inputsEqual(const void* a, const void* b) const final
    {
        return *static_cast<const Inputs*>(a) == *static_cast<const Inputs*>(b);
    }
};

/// A kind's one descriptor, `K`: made on first use and kept for the life of the process (what a
/// kind's `xKind()` returns).
template <class K>
const StudyKind& studyKindInstance()
{
    static const K kind;
    return kind;
}

/// The registry's handle to a descriptor kept for the life of the process (a kind's instance):
/// a handle that never deletes it (a kind's `makeXKind()`).
inline std::shared_ptr<const StudyKind> unownedStudyKind(const StudyKind& kind)
{
    return std::shared_ptr<const StudyKind>(&kind, [](const StudyKind*) {});
}

// Registry.

/// Registers a kind (kept for the life of the process). Throws std::logic_error when the id or
/// the inputs type is taken. The built-in kinds register themselves on first use of the registry.
void registerStudyKind(std::shared_ptr<const StudyKind> kind);
/// Every kind, in registration (menu) order; the first is the default kind.
std::vector<const StudyKind*> studyKinds();
/// nullptr if unknown.
const StudyKind* findStudyKind(std::string_view id);
/// "scheduling, dataflow, accel, dpu or placement": the kinds' ids for messages.
std::string studyKindIds();
/// Throws InputError listing the known ids.
const StudyKind& requireStudyKind(std::string_view id, const std::string& what = "kind");

/// The optimizer `id` of a kind, or null.
const OptimizerInfo* findOptimizer(const StudyKind& kind, std::string_view id);
/// Throws InputError naming the optimizer (unknown for the kind, or unavailable in this build).
const OptimizerInfo& requireOptimizer(const StudyKind& kind, std::string_view id);

/// Chart labels of a metric of a run of `kind` optimising `objectiveId`: the kind's own
/// metrics, then the shared optimizer metrics ("search/best", "ga/generation_best", "ppo/…").
/// Unknown metrics keep their recorded name.
MetricInfo describeMetric(std::string_view name, const StudyKind& kind, std::string_view objectiveId);

} // namespace mapscape
