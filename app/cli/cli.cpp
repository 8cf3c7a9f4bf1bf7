// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#include "app/cli/cli.h"

#include "app/cli/builtin_verbs.h"
#include "app/cli/cli_output.h"
#include "app/cli/import_cli.h"
#include "app/cli/study_commands.h"
#include "app/cli/sweep_cli.h"
#include "core/io/input_limits.h"
#include "core/model/validation.h"
#include "core/study/study_file.h"

#include <CLI/CLI.hpp>

#include <iostream>
#include <set>

namespace mapscape::cli {

namespace {

int runPresets()
{
    std::set<std::string> listed;
    for (const StudyKind* k : studyKinds())
        for (const PresetFolder& f : k->info().presetFolders) {
            if (!listed.insert(std::string(f.folder)).second)
                continue;
            std::cout << f.folder << ":\n";
            for (const PresetInfo& p : listPresets(f))
                std::cout << "  " << p.name << "  (" << p.path << ")\n";
        }
    std::cout << "studies (--study):\n";
    for (const StudyPreset& p : studyPresets())
        std::cout << "  " << p.name << "  [" << p.kind << "]  (" << p.path << ")\n";
    for (const StudyKind* k : studyKinds())
        std::cout << "  " << k->id() << "  [" << k->id() << "]  (the kind's default study)\n";
    return kExitOk;
}

std::string hexByte(unsigned char ch)
{
    static constexpr char kDigits[] = "0123456789ABCDEF";
    return {kDigits[ch >> 4], kDigits[ch & 15]};
}

} // namespace

int run(int argc, char** argv)
{
    CLI::App app{"Mapscape command line: evaluate, optimize and sweep studies of DNN accelerators"};
    app.require_subcommand(1);

    StudyCommandArgs evaluateArgs, optimizeArgs, convertArgs, validateArgs;
    CLI::App* evaluate = addEvaluateCommand(app, evaluateArgs);
    CLI::App* optimize = addOptimizeCommand(app, optimizeArgs);
    CLI::App* convert = addConvertCommand(app, convertArgs);
    CLI::App* validate = addValidateCommand(app, validateArgs);
    CLI::App* presets = app.add_subcommand("presets", "List the available presets and studies");
    SweepArgs sweepArgs;
    CLI::App* sweepCommand = addSweepCommand(app, sweepArgs);

    std::vector<Verb> verbs = builtinVerbs();
    verbs.push_back(importVerb());
    std::vector<CLI::App*> verbCommands;
    for (const Verb& v : verbs)
        verbCommands.push_back(v.add(app));

    // Every argument ends up in messages, reports or JSON documents, which are UTF-8 text: a file
    // name that is not (a Latin-1 name, a stray byte) is refused here, before any work is done,
    // instead of failing after a search when its result is written.
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        if (const std::size_t at = io::firstInvalidUtf8(arg); at != std::string_view::npos) {
            std::string shown;
            for (unsigned char ch : arg)
                shown += ch >= 0x20 && ch < 0x7f ? std::string(1, char(ch)) : "\\x" + hexByte(ch);
            std::cerr << "error: argument " << i << " (\"" << shown << "\") is not valid UTF-8 text (byte 0x"
                      << hexByte(static_cast<unsigned char>(arg[at])) << " at position " << at + 1
                      << "); rename the file or pass a UTF-8 name\n";
            return kExitBadInput;
        }
    }

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        app.exit(e);
        return kExitBadInput;
    }

    try {
        if (*evaluate)
            return runEvaluate(*evaluate, evaluateArgs);
        if (*optimize)
            return runOptimize(*optimize, optimizeArgs);
        if (*convert)
            return runConvert(*convert, convertArgs);
        if (*validate)
            return runValidate(*validate, validateArgs);
        if (*presets)
            return runPresets();
        if (*sweepCommand)
            return runSweepCommand(*sweepCommand, sweepArgs);
        for (std::size_t i = 0; i < verbs.size(); ++i)
            if (*verbCommands[i])
                return verbs[i].run(*verbCommands[i]);
    } catch (const InputError& e) {
        std::cerr << "error: " << e.what() << "\n";
        return kExitBadInput;
    } catch (const std::exception& e) {
        std::cerr << "internal error: " << e.what() << "\n";
        return kExitFailure;
    }
    return kExitOk;
}

} // namespace mapscape::cli
