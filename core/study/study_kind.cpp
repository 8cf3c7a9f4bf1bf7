// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "core/study/study_kind.h"

#include "core/model/validation.h"
#include "core/study/project_io.h"
#include "core/study/builtin_kinds.h"
#include "core/study/study.h"

#include <algorithm>
#include <mutex>

namespace mapscape {

namespace {

struct Registry {
    std::mutex mutex;
    std::vector<std::shared_ptr<const StudyKind>> kinds;
    bool builtinsAdded = false;
};

Registry& registry()
{
    static Registry r;
    return r;
}

/// Adds under the lock; the caller holds it.
void addLocked(Registry& r, std::shared_ptr<const StudyKind> kind)
{
    if (!kind)
        throw std::logic_error("registerStudyKind: null kind");
    for (const auto& k : r.kinds) {
        if (k->id() == kind->id())
            throw std::logic_error("registerStudyKind: a kind \"" + kind->id() + "\" is registered already");
        if (k->inputsType() == kind->inputsType())
            throw std::logic_error("registerStudyKind: kinds \"" + k->id() + "\" and \"" + kind->id() +
                                   "\" have the same inputs type");
    }
    if (kind->info().objectives.empty())
        throw std::logic_error("registerStudyKind: kind \"" + kind->id() + "\" has no objectives");
    r.kinds.push_back(std::move(kind));
}

/// The built-in kinds come first, whoever touches the registry first.
Registry& ready()
{
    Registry& r = registry();
    std::lock_guard lock(r.mutex);
    if (!r.builtinsAdded) {
        r.builtinsAdded = true;
        for (auto& k : builtinStudyKinds())
            addLocked(r, std::move(k));
    }
    return r;
}

} // namespace

std::string StudyArgument::key() const
{
    const std::size_t dd = flags.find("--");
    std::string k = dd == std::string::npos ? flags : flags.substr(dd + 2);
    if (const std::size_t comma = k.find(','); comma != std::string::npos)
        k = k.substr(0, comma);
    return k;
}

void registerStudyKind(std::shared_ptr<const StudyKind> kind)
{
    Registry& r = ready();
    std::lock_guard lock(r.mutex);
    addLocked(r, std::move(kind));
}

std::vector<const StudyKind*> studyKinds()
{
    Registry& r = ready();
    std::lock_guard lock(r.mutex);
    std::vector<const StudyKind*> out;
    for (const auto& k : r.kinds)
        out.push_back(k.get());
    return out;
}

const StudyKind* findStudyKind(std::string_view id)
{
    for (const StudyKind* k : studyKinds())
        if (k->id() == id)
            return k;
    return nullptr;
}

std::string studyKindIds()
{
    const std::vector<const StudyKind*> kinds = studyKinds();
    std::string list;
    for (std::size_t i = 0; i < kinds.size(); ++i)
        list += (i == 0 ? "" : i + 1 == kinds.size() ? " or " : ", ") + kinds[i]->id();
    return list;
}

const StudyKind& requireStudyKind(std::string_view id, const std::string& what)
{
    if (const StudyKind* k = findStudyKind(id))
        return *k;
    throw InputError(what + ": expected " + studyKindIds() + ", got \"" + std::string(id) + "\"");
}

const StudyKind& studyKindForInputs(std::type_index type)
{
    for (const StudyKind* k : studyKinds())
        if (k->inputsType() == type)
            return *k;
    throw std::logic_error(std::string("no study kind is registered for inputs of type ") + type.name());
}

const StudyKind& StudyInputs::kind() const
{
    if (!m_kind)
        throw std::logic_error("StudyInputs::kind: the inputs are empty");
    return *m_kind;
}

bool StudyInputs::matches(const std::type_info& type) const { return m_kind->inputsType() == std::type_index(type); }

std::string StudyInputs::mismatch(const std::type_info& type) const
{
    return std::string("StudyInputs: asked for ") + type.name() + " but the inputs are " +
           (m_kind ? "a " + m_kind->id() + " study's" : std::string("empty"));
}

bool operator==(const StudyInputs& a, const StudyInputs& b)
{
    if (a.m_kind != b.m_kind)
        return false;
    if (a.m_value == b.m_value)
        return true;
    if (!a.m_value || !b.m_value)
        return false;
    return a.m_kind->inputsEqual(a.m_value.get(), b.m_value.get());
}

const ObjectiveInfo* StudyKind::findObjective(std::string_view id) const
{
    for (const ObjectiveInfo& o : info().objectives)
        if (o.id == id)
            return &o;
    return nullptr;
}

int StudyKind::objectiveIndex(std::string_view id) const
{
    const auto& objs = info().objectives;
    for (std::size_t i = 0; i < objs.size(); ++i)
        if (objs[i].id == id)
            return int(i);
    return -1;
}

std::optional<Study> StudyKind::readStudyFile(const std::string&, std::string_view, std::string_view) const
{
    return std::nullopt;
}

std::optional<Study> StudyKind::readStudyFiles(const std::vector<std::pair<std::string, std::string>>&) const
{
    return std::nullopt;
}

std::optional<Study> StudyKind::studyFromArguments(const ArgumentValues&, bool fallback, std::vector<std::string>&) const
{
    if (!fallback)
        return std::nullopt;
    return makeStudy(info().title, defaultInputs());
}

void StudyKind::applyArguments(Study&, const ArgumentValues& args) const
{
    for (const StudyArgument& a : studyArguments())
        if (a.use == StudyArgument::Use::Input && args.count(a.key()))
            throw std::logic_error(id() + ": argument --" + a.key() + " is declared but not applied");
}

CommandOutput StudyKind::convert(const Study& study, std::string_view format, const std::string&) const
{
    if (format != "study")
        throw InputError("--to: " + info().title + " studies convert only to \"study\", got \"" + std::string(format) + "\"");
    CommandOutput out;
    out.text = studyToJson(study);
    return out;
}

std::optional<CommandOutput> StudyKind::validateFile(const std::string&, std::string_view, std::string_view,
                                                     const ArgumentValues&) const
{
    return std::nullopt;
}

std::vector<std::string> StudyKind::writeOutputs(const StudyInputs&, std::string_view, const ArgumentValues&) const
{
    return {};
}

std::string StudyKind::describeResult(std::string_view document, const StudyInputs*) const
{
    return std::string(document);
}

std::optional<MetricInfo> StudyKind::metricInfo(std::string_view, const ObjectiveInfo&) const { return std::nullopt; }

const OptimizerInfo* findOptimizer(const StudyKind& kind, std::string_view id)
{
    for (const OptimizerInfo& o : kind.optimizers())
        if (o.id == id)
            return &o;
    return nullptr;
}

const OptimizerInfo& requireOptimizer(const StudyKind& kind, std::string_view id)
{
    const OptimizerInfo* info = findOptimizer(kind, id);
    if (!info) {
        std::string list;
        for (const OptimizerInfo& o : kind.optimizers())
            list += (list.empty() ? "" : ", ") + o.id;
        throw InputError("optimizer \"" + std::string(id) + "\" is unknown for " + kind.title() + " studies; available: " + list);
    }
    if (!info->available)
        throw InputError("optimizer \"" + info->id + "\" is not available: " + info->unavailableReason);
    return *info;
}

} // namespace mapscape
