// SPDX-FileCopyrightText: 2026 Mapscape developers
// SPDX-License-Identifier: MIT

#include "core/optim/rl/common/torch_setup.h"

#include <QtTest>

#include <cmath>

using namespace mapscape::rl;

class TestTorchSetup : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void seedingIsDeterministic()
    {
        setTorchThreads(1);
        const double a = torchSelfCheck(7);
        const double b = torchSelfCheck(7);
        const double c = torchSelfCheck(8);
        QVERIFY(std::isfinite(a));
        QCOMPARE(a, b);
        QVERIFY(a != c);
    }
};

QTEST_APPLESS_MAIN(TestTorchSetup)
#include "tst_torch_setup.moc"
