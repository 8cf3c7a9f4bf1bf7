// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT
//
// Preloaded into the reference MAESTRO binary by generate.py (LD_PRELOAD) so that every
// floating-point value it prints, on the screen and in its CSV file, has 17 significant digits
// instead of the stream default of 6. It changes formatting only: a global locale whose number
// formatter ignores the stream precision for double and long double.
#include <cstdio>
#include <iostream>
#include <locale>

namespace {

class FullPrecision : public std::num_put<char> {
protected:
    iter_type do_put(iter_type out, std::ios_base&, char_type, double v) const override { return write(out, "%.17g", v); }
    iter_type do_put(iter_type out, std::ios_base&, char_type, long double v) const override
    {
        return write(out, "%.21Lg", v);
    }

private:
    template <typename T>
    static iter_type write(iter_type out, const char* format, T v)
    {
        char buf[64];
        const int n = std::snprintf(buf, sizeof buf, format, v);
        for (int i = 0; i < n; ++i)
            *out++ = buf[i];
        return out;
    }
};

__attribute__((constructor)) void installFullPrecision()
{
    const std::locale full(std::locale::classic(), new FullPrecision);
    std::locale::global(full);
    std::cout.imbue(full);
}

} // namespace
