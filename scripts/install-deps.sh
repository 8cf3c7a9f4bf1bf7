#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 Mapscape developers
# SPDX-License-Identifier: MIT
#
# Installs every Debian 12 package Mapscape needs to build, test and run.
# Idempotent: apt-get skips what is already installed. Run as root or with sudo.
set -euo pipefail

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq

# Build toolchain and core libraries.
$SUDO apt-get install -y -qq --no-install-recommends \
    build-essential cmake ninja-build ccache pkg-config git \
    libeigen3-dev nlohmann-json3-dev libcli11-dev libtorch-dev libopenblas0-openmp \
    libonnx-dev libprotobuf-dev libyaml-cpp-dev

# Qt 6. qt6-charts-dev needs libqt6opengl6-dev and libgl-dev, which it does not pull in
# when recommends are off; name them explicitly.
$SUDO apt-get install -y -qq --no-install-recommends \
    qt6-base-dev qt6-base-dev-tools libqt6opengl6-dev libgl-dev qt6-charts-dev qt6-svg-dev \
    qt6-qpa-plugins libqt6svg6 fonts-dejavu-core

# Cluster sweeps: the tests start a single-node Slurm on localhost (scripts/slurm-local.sh).
# The packages' system services stay inactive: they start only once /etc/slurm/slurm.conf exists.
$SUDO apt-get install -y -qq --no-install-recommends slurm-wlm munge

# Running the GUI headless (screenshots, CI), packaging, and the test scripts' JSON checks.
$SUDO apt-get install -y -qq --no-install-recommends xvfb xauth dpkg-dev file python3
