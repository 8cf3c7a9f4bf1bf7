// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
#pragma once

/// A kind's optimizers as one list: each registry entry with the function that makes its
/// optimizer, so that a kind's list of entries (what the GUI's forms, the CLI's checks and the
/// sweeps read) and its factory are the same table. An entry whose options are an
/// OptionBinding is made from the settings read through that binding.

#include "core/model/validation.h"
#include "core/optim/option_binding.h"
#include "core/optim/options.h"

#include <functional>
#include <initializer_list>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace mapscape {

/// `Product`: what an entry makes (an optimizer); `Args`: what it is made from besides its
/// options (the problem, the seed).
template <class Product, class... Args>
class OptimizerTable {
public:
    using Maker = std::function<Product(const OptionReader&, Args...)>;

    /// An optimizer that reads its options (`info.options`) itself.
    void add(OptimizerInfo info, Maker make)
    {
        m_infos.push_back(std::move(info));
        m_makers.push_back(std::move(make));
    }

    /// An optimizer whose options are `binding`'s, made by `make(settings, args...)`.
    template <class S, class Make>
    void add(OptimizerInfo info, OptionBinding<S> binding, Make make)
    {
        info.options = binding.specs();
        add(std::move(info), [binding = std::move(binding), make = std::move(make)](const OptionReader& o, Args... args) {
            return make(binding.read(o), args...);
        });
    }

    /// The entries of `other` named `ids`, in that order. Throws std::logic_error for an id it
    /// does not have.
    void addFrom(const OptimizerTable& other, std::initializer_list<std::string_view> ids)
    {
        for (std::string_view id : ids) {
            const std::optional<std::size_t> i = other.indexOf(id);
            if (!i)
                throw std::logic_error("no optimizer \"" + std::string(id) + "\" in the table");
            add(other.m_infos[*i], other.m_makers[*i]);
        }
    }

    std::span<const OptimizerInfo> infos() const { return m_infos; }
    /// Every entry, to finish them (the kind's id, the budget option, availability).
    std::span<OptimizerInfo> infos() { return m_infos; }

    bool has(std::string_view id) const { return indexOf(id).has_value(); }

    /// The optimizer of `info` (an entry of this table, or a copy of one) with `values` read
    /// through its options. Throws InputError for values the options refuse or an id without
    /// an entry.
    Product make(const OptimizerInfo& info, const OptionValues& values, Args... args) const
    {
        const OptionReader o(info, values);
        const std::optional<std::size_t> i = indexOf(info.id);
        if (!i)
            throw InputError("optimizer \"" + info.id + "\" has no factory");
        return m_makers[*i](o, args...);
    }

private:
    std::optional<std::size_t> indexOf(std::string_view id) const
    {
        for (std::size_t i = 0; i < m_infos.size(); ++i) {
            if (m_infos[i].id == id)
                return i;
        }
        return std::nullopt;
    }

    std::vector<OptimizerInfo> m_infos;
    std::vector<Maker> m_makers;
};

} // namespace mapscape
