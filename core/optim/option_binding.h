// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// Options said once: each option's spec together with the field of a settings struct its value
/// goes to. The same list gives an optimizer's registry entry its option specs (`specs()`) and
/// reads the values a run was given into the settings (`read`), so that the two cannot drift
/// apart and no option is typed twice.

#include "core/optim/options.h"

#include <functional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace mapscape {

/// `S`: the settings struct. A field is a pointer to a member of S or a callable that returns a
/// reference into an S (for a member of a member); a spec's default is the field's value in the
/// defaults given to the constructor, and `read` starts from those defaults.
template <class S>
class OptionBinding {
public:
    explicit OptionBinding(S defaults = S{})
        : m_defaults(std::move(defaults))
    {
    }

    /// An integer option (the field may be any arithmetic type).
    template <class Field>
    OptionBinding& integer(Field field, std::string key, std::string label, double lo, double hi, std::string help)
    {
        m_specs.push_back(integerOption(key, std::move(label), static_cast<long long>(std::invoke(field, m_defaults)), lo, hi,
                                        std::move(help)));
        return number(std::move(field), std::move(key));
    }

    /// A real option (the field may be any arithmetic type).
    template <class Field>
    OptionBinding& real(Field field, std::string key, std::string label, double lo, double hi, std::string help)
    {
        m_specs.push_back(realOption(key, std::move(label), static_cast<double>(std::invoke(field, m_defaults)), lo, hi,
                                     std::move(help)));
        return number(std::move(field), std::move(key));
    }

    template <class Field>
    OptionBinding& boolean(Field field, std::string key, std::string label, std::string help)
    {
        m_specs.push_back(booleanOption(key, std::move(label), std::invoke(field, m_defaults), std::move(help)));
        m_readers.push_back([field, key](S& s, const OptionReader& o) { std::invoke(field, s) = o.flag(key); });
        return *this;
    }

    template <class Field>
    OptionBinding& text(Field field, std::string key, std::string label, std::string help)
    {
        m_specs.push_back(textOption(key, std::move(label), std::invoke(field, m_defaults), std::move(help)));
        m_readers.push_back([field, key](S& s, const OptionReader& o) { std::invoke(field, s) = o.str(key); });
        return *this;
    }

    /// A choice among named values; the first is the default.
    template <class Field, class V>
    OptionBinding& choice(Field field, std::string key, std::string label, std::vector<std::pair<std::string, V>> choices,
                          std::string help)
    {
        std::vector<std::string> names;
        for (const auto& c : choices)
            names.push_back(c.first);
        m_specs.push_back(choiceOption(key, std::move(label), std::move(names), std::move(help)));
        m_readers.push_back([field, key, choices = std::move(choices)](S& s, const OptionReader& o) {
            const std::string picked = o.pick(key);
            for (const auto& [name, value] : choices) {
                if (name == picked)
                    std::invoke(field, s) = value;
            }
        });
        return *this;
    }

    /// The options of `part`, a binding of a member of S (`field`), from here on.
    template <class Field, class P>
    OptionBinding& include(Field field, const OptionBinding<P>& part)
    {
        for (const OptionSpec& spec : part.specs())
            m_specs.push_back(spec);
        m_readers.push_back([field, part](S& s, const OptionReader& o) { part.readInto(std::invoke(field, s), o); });
        return *this;
    }

    const std::vector<OptionSpec>& specs() const { return m_specs; }
    const S& defaults() const { return m_defaults; }

    /// The defaults with every bound option read from `o`, in the order they were bound.
    S read(const OptionReader& o) const
    {
        S s = m_defaults;
        readInto(s, o);
        return s;
    }
    void readInto(S& s, const OptionReader& o) const
    {
        for (const auto& r : m_readers)
            r(s, o);
    }

private:
    template <class Field>
    OptionBinding& number(Field field, std::string key)
    {
        m_readers.push_back([field, key](S& s, const OptionReader& o) {
            auto& target = std::invoke(field, s);
            target = static_cast<std::remove_reference_t<decltype(target)>>(o.number(key));
        });
        return *this;
    }

    S m_defaults;
    std::vector<OptionSpec> m_specs;
    std::vector<std::function<void(S&, const OptionReader&)>> m_readers;
};

} // namespace mapscape
