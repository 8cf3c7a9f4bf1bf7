#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 Mapscape developers
# SPDX-License-Identifier: MIT
"""Generates the MAESTRO golden cases (cases.jsonl) that tests/core/tst_golden_maestro checks.

Every case is one layer, one mapping (MAESTRO ".m" text) and one hardware description (MAESTRO
command-line flags). The script runs the reference MAESTRO binary on each case, with
full_precision.cpp preloaded so that floating-point values are printed with 17 significant
digits, and records its screen report and CSV row. Cases MAESTRO rejects (non-zero exit, crash or
time-out) are recorded as invalid with the reason.

    python3 tests/data/maestro_golden/generate.py --maestro /path/to/maestro [--out cases.jsonl]

The MAESTRO binary is built from github.com/maestro-project/maestro as its README describes
(scons, with Debian's scons and libboost-program-options/filesystem/system packages); the commit
used is recorded in the output. Cases are deterministic: the same script gives the same file.
"""

import argparse
import itertools
import json
import math
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

# ---------------------------------------------------------------------------------------------
# Hardware configurations (MAESTRO flags). "archgym" is ArchGym's MaestroEnv default, "gamma168"
# GAMMA's hw_config.m (168 PEs), the others exercise bandwidth limits, latency and SIMD lanes.
HARDWARE = {
    "edge256": dict(num_pes=256, l1_size_cstr=1024, l2_size_cstr=102400, noc_bw_cstr=64, noc_hops=1,
                    noc_hop_latency=1, offchip_bw_cstr=50, num_simd_lanes=1),
    "archgym": dict(num_pes=1024, l1_size_cstr=1073741824, l2_size_cstr=1073741824, noc_bw_cstr=1073741824,
                    noc_hops=1, noc_hop_latency=1, offchip_bw_cstr=1073741824, num_simd_lanes=1),
    "gamma168": dict(num_pes=168, l1_size_cstr=512, l2_size_cstr=108000, noc_bw_cstr=81920000, noc_hops=1,
                     noc_hop_latency=1, offchip_bw_cstr=81920000, num_simd_lanes=1),
    "narrow64": dict(num_pes=64, l1_size_cstr=4096, l2_size_cstr=65536, noc_bw_cstr=8, noc_hops=2,
                     noc_hop_latency=2, offchip_bw_cstr=16, num_simd_lanes=4),
    "simd9": dict(num_pes=512, l1_size_cstr=2048, l2_size_cstr=524288, noc_bw_cstr=32, noc_hops=1,
                  noc_hop_latency=1, offchip_bw_cstr=128, num_simd_lanes=9),
}

# ---------------------------------------------------------------------------------------------
# Workloads. Convolutions are (name, K, C, R, S, Y, X, stride) with Y, X the input size including
# padding; depth-wise layers have K = 1 and type DSCONV; FC layers are 1x1 convolutions on a 1x1
# input. Unique layer shapes of each network.


def conv(name, K, C, R, P, stride=1):
    """A square convolution with output size P (the input is P*stride + R - stride)."""
    y = (P - 1) * stride + R
    return dict(name=name, type="CONV", K=K, C=C, R=R, S=R, Y=y, X=y, stride=stride)


def dw(name, C, R, P, stride=1):
    y = (P - 1) * stride + R
    return dict(name=name, type="DSCONV", K=1, C=C, R=R, S=R, Y=y, X=y, stride=stride)


def batched(layer, n):
    """The same layer on a batch of n inputs (MAESTRO's N dimension)."""
    return dict(layer, name=layer["name"] + f"_n{n}", N=n)


def fc(name, K, C):
    return dict(name=name, type="CONV", K=K, C=C, R=1, S=1, Y=1, X=1, stride=1)


def gemm(name, M, N, K):
    return dict(name=name, type="GEMM", M=M, N=N, K=K)


RESNET18 = [
    conv("conv1", 64, 3, 7, 112, 2), conv("layer1", 64, 64, 3, 56), conv("layer2_down3x3", 128, 64, 3, 28, 2),
    conv("layer2_proj", 128, 64, 1, 28, 2), conv("layer2", 128, 128, 3, 28), conv("layer3_down3x3", 256, 128, 3, 14, 2),
    conv("layer3_proj", 256, 128, 1, 14, 2), conv("layer3", 256, 256, 3, 14), conv("layer4_down3x3", 512, 256, 3, 7, 2),
    conv("layer4_proj", 512, 256, 1, 7, 2), conv("layer4", 512, 512, 3, 7), fc("fc", 1000, 512),
]
RESNET50 = [
    conv("conv1", 64, 3, 7, 112, 2), conv("res2_a1", 64, 64, 1, 56), conv("res2_a2", 64, 64, 3, 56),
    conv("res2_a3", 256, 64, 1, 56), conv("res2_b1", 64, 256, 1, 56), conv("res3_a1", 128, 256, 1, 56),
    conv("res3_a2", 128, 128, 3, 28, 2), conv("res3_a3", 512, 128, 1, 28), conv("res3_proj", 512, 256, 1, 28, 2),
    conv("res3_b1", 128, 512, 1, 28), conv("res3_b2", 128, 128, 3, 28), conv("res4_a1", 256, 512, 1, 28),
    conv("res4_a2", 256, 256, 3, 14, 2), conv("res4_a3", 1024, 256, 1, 14), conv("res4_proj", 1024, 512, 1, 14, 2),
    conv("res4_b1", 256, 1024, 1, 14), conv("res4_b2", 256, 256, 3, 14), conv("res5_a1", 512, 1024, 1, 14),
    conv("res5_a2", 512, 512, 3, 7, 2), conv("res5_a3", 2048, 512, 1, 7), conv("res5_proj", 2048, 1024, 1, 7, 2),
    conv("res5_b1", 512, 2048, 1, 7), conv("res5_b2", 512, 512, 3, 7), fc("fc", 1000, 2048),
]
VGG16 = [
    conv("conv1_1", 64, 3, 3, 224), conv("conv1_2", 64, 64, 3, 224), conv("conv2_1", 128, 64, 3, 112),
    conv("conv2_2", 128, 128, 3, 112), conv("conv3_1", 256, 128, 3, 56), conv("conv3_2", 256, 256, 3, 56),
    conv("conv4_1", 512, 256, 3, 28), conv("conv4_2", 512, 512, 3, 28), conv("conv5_1", 512, 512, 3, 14),
    fc("fc6", 4096, 25088), fc("fc7", 4096, 4096), fc("fc8", 1000, 4096),
]
MOBILENETV2 = [
    conv("conv1", 32, 3, 3, 112, 2), dw("b1_dw", 32, 3, 112), conv("b1_project", 16, 32, 1, 112),
    conv("b2_expand", 96, 16, 1, 112), dw("b2_dw", 96, 3, 56, 2), conv("b2_project", 24, 96, 1, 56),
    conv("b3_expand", 144, 24, 1, 56), dw("b3_dw", 144, 3, 56), dw("b4_dw", 144, 3, 28, 2),
    conv("b4_project", 32, 144, 1, 28), conv("b5_expand", 192, 32, 1, 28), dw("b5_dw", 192, 3, 28),
    dw("b6_dw", 192, 3, 14, 2), conv("b6_project", 64, 192, 1, 14), conv("b7_expand", 384, 64, 1, 14),
    dw("b7_dw", 384, 3, 14), conv("b7_project", 96, 384, 1, 14), dw("b8_dw", 576, 3, 7, 2),
    conv("b8_project", 160, 576, 1, 7), dw("b9_dw", 960, 3, 7), conv("b9_project", 320, 960, 1, 7),
    conv("conv_last", 1280, 320, 1, 7), fc("fc", 1000, 1280),
]
ALEXNET = [
    conv("conv1", 96, 3, 11, 55, 4), conv("conv2", 256, 96, 5, 27), conv("conv3", 384, 256, 3, 13),
    conv("conv4", 384, 384, 3, 13), conv("conv5", 256, 384, 3, 13), fc("fc6", 4096, 9216),
    fc("fc7", 4096, 4096), fc("fc8", 1000, 4096),
]
# The layers of the seed-001 study (ArchGym / GAMMA CSV rows, no padding, stride 1).
SEED001 = [
    dict(name="mobilenetv2_row1", type="DSCONV", K=1, C=32, R=3, S=3, Y=112, X=112, stride=1),
    dict(name="mobilenetv2_row2", type="CONV", K=16, C=32, R=1, S=1, Y=112, X=112, stride=1),
    dict(name="vgg16_row1", type="CONV", K=64, C=64, R=3, S=3, Y=224, X=224, stride=1),
    dict(name="vgg16_row2", type="CONV", K=128, C=64, R=3, S=3, Y=112, X=112, stride=1),
    dict(name="resnet18_row2", type="CONV", K=64, C=64, R=3, S=3, Y=56, X=56, stride=1),
    dict(name="alexnet_row1", type="CONV", K=192, C=64, R=5, S=5, Y=27, X=27, stride=1),
    dict(name="alexnet_row2", type="CONV", K=384, C=192, R=3, S=3, Y=13, X=13, stride=1),
]
GEMMS = [gemm("bert_qkv", 128, 2304, 768), gemm("bert_ffn1", 128, 3072, 768), gemm("lstm_gates", 400, 1, 229),
         gemm("square256", 256, 256, 256)]

BATCHED = [batched(RESNET18[1], 4), batched(RESNET18[3], 2), batched(MOBILENETV2[1], 2), batched(ALEXNET[2], 8)]

NETWORKS = {"batched": BATCHED, "resnet18": RESNET18, "resnet50": RESNET50, "vgg16": VGG16, "mobilenetv2": MOBILENETV2,
            "alexnet": ALEXNET, "seed001": SEED001}

# ---------------------------------------------------------------------------------------------
# Dataflow styles, written as MAESTRO directives. Each returns the directive lines for a layer,
# or None where the style does not apply.


def out_rows(l):
    return l["Y"] - l["R"] + 1


def style_kc_ws(l, hw):
    """Weight stationary: output channels across clusters, input channels across the PEs of a
    cluster, the filter window held while rows and columns slide."""
    if l["type"] == "DSCONV":
        return None
    cl = min(l["C"], 64, hw["num_pes"])
    return ["SpatialMap(1,1) K;", f"TemporalMap({cl},{cl}) C;", "TemporalMap(Sz(R),Sz(R)) R;",
            "TemporalMap(Sz(S),Sz(S)) S;", "TemporalMap(Sz(R),1) Y;", "TemporalMap(Sz(S),1) X;",
            f"Cluster({cl}, P);", "SpatialMap(1,1) C;", "TemporalMap(Sz(R),1) Y;", "TemporalMap(Sz(S),1) X;",
            "TemporalMap(Sz(R),Sz(R)) R;", "TemporalMap(Sz(S),Sz(S)) S;"]


def style_yx_os(l, hw):
    """Output stationary: output rows across clusters, output columns across PEs, channels in
    time; each PE accumulates its own outputs."""
    tx = min(8, l["X"] - l["S"] + 1)
    k = "TemporalMap(1,1) C;" if l["type"] == "DSCONV" else "TemporalMap(2,2) K;"
    return ["SpatialMap(Sz(R),1) Y;", f"TemporalMap({tx + l['S'] - 1},{tx}) X;", k,
            "TemporalMap(Sz(R),Sz(R)) R;", "TemporalMap(Sz(S),Sz(S)) S;", f"Cluster({tx}, P);",
            "SpatialMap(Sz(S),1) X;", "TemporalMap(Sz(R),Sz(R)) R;", "TemporalMap(Sz(S),Sz(S)) S;"]


def style_rs(l, hw):
    """Row stationary (Eyeriss-like): output rows across clusters, filter rows across the PEs of
    a cluster (two spatial maps at the inner level)."""
    c = "TemporalMap(2,2) C;" if l["C"] >= 2 else "TemporalMap(1,1) C;"
    k = "" if l["type"] == "DSCONV" else ("TemporalMap(2,2) K;" if l["K"] >= 2 else "TemporalMap(1,1) K;")
    lines = [c] + ([k] if k else []) + ["SpatialMap(Sz(R),1) Y;", "TemporalMap(Sz(S),1) X;",
                                        "TemporalMap(Sz(R),Sz(R)) R;", "TemporalMap(Sz(S),Sz(S)) S;",
                                        "Cluster(Sz(R), P);", "SpatialMap(1,1) Y;", "SpatialMap(1,1) R;",
                                        "TemporalMap(Sz(S),Sz(S)) S;"]
    return lines


def style_x_ws(l, hw):
    """Input columns across all PEs, one level (weight stationary over columns)."""
    k = "TemporalMap(1,1) C;" if l["type"] == "DSCONV" else "TemporalMap(1,1) K;"
    return [k, "TemporalMap(1,1) C;" if l["type"] != "DSCONV" else "TemporalMap(Sz(R),1) Y;",
            "SpatialMap(Sz(S),1) X;"] + (["TemporalMap(Sz(R),1) Y;"] if l["type"] != "DSCONV" else []) + \
        ["TemporalMap(Sz(R),Sz(R)) R;", "TemporalMap(Sz(S),Sz(S)) S;"]


def style_nlr(l, hw):
    """No local reuse: output and input channels both spread spatially, everything else in time."""
    if l["type"] == "DSCONV":
        return ["SpatialMap(1,1) C;", "TemporalMap(Sz(R),1) Y;", "TemporalMap(Sz(S),1) X;",
                "TemporalMap(Sz(R),Sz(R)) R;", "TemporalMap(Sz(S),Sz(S)) S;"]
    cl = min(l["K"], 32)
    return ["TemporalMap(Sz(R),1) Y;", "TemporalMap(Sz(S),1) X;", f"TemporalMap({cl},{cl}) K;",
            "SpatialMap(1,1) C;", "TemporalMap(Sz(R),Sz(R)) R;", "TemporalMap(Sz(S),Sz(S)) S;",
            f"Cluster({cl}, P);", "SpatialMap(1,1) K;"]


def style_output_centric(l, hw):
    """Output-centric rows and columns (Y', X') tiled 4x4 across clusters, channels across PEs."""
    if l["type"] == "DSCONV":
        return ["SpatialMap(4,4) Y';", "TemporalMap(4,4) X';", "TemporalMap(Sz(R),Sz(R)) R;",
                "TemporalMap(Sz(S),Sz(S)) S;", "Cluster(4, P);", "SpatialMap(1,1) C;",
                "TemporalMap(Sz(R),Sz(R)) R;", "TemporalMap(Sz(S),Sz(S)) S;"]
    return ["TemporalMap(16,16) K;", "SpatialMap(4,4) Y';", "TemporalMap(4,4) X';", "TemporalMap(8,8) C;",
            "TemporalMap(Sz(R),Sz(R)) R;", "TemporalMap(Sz(S),Sz(S)) S;", "Cluster(16, P);", "SpatialMap(1,1) K;",
            "TemporalMap(1,1) C;", "TemporalMap(Sz(R),Sz(R)) R;", "TemporalMap(Sz(S),Sz(S)) S;"]


STYLES = {"kc_ws": style_kc_ws, "yx_os": style_yx_os, "rs": style_rs, "x_ws": style_x_ws, "nlr": style_nlr,
          "output_centric": style_output_centric}


def gemm_styles(g, hw):
    m, n, k = g["M"], g["N"], g["K"]
    tm = min(m, 16)
    return {
        "gemm_mn": ["SpatialMap(1,1) M;", "TemporalMap(16,16) N;", "TemporalMap(Sz(K),Sz(K)) K;", "Cluster(16, P);",
                    "SpatialMap(1,1) N;", "TemporalMap(Sz(K),Sz(K)) K;"],
        "gemm_k": [f"TemporalMap({tm},{tm}) M;", "TemporalMap(1,1) N;", "SpatialMap(8,8) K;"],
        "gemm_hasco_ws": ["TemporalMap(4,8) N;", "SpatialMap(8,8) M;", "TemporalMap(32,32) K;", "Cluster(32, P);",
                          "TemporalMap(8,8) N;", "TemporalMap(8,8) M;", "SpatialMap(1,1) K;"],
    }


# ---------------------------------------------------------------------------------------------
# Mapping files.


def layer_text(l):
    if l["type"] == "GEMM":
        return f"Dimensions {{ M: {l['M']}, N: {l['N']}, K: {l['K']} }}"
    s = l["stride"]
    n = f"N: {l['N']}, " if "N" in l else ""
    return (f"Stride {{ X: {s}, Y: {s} }}\n    Dimensions {{ {n}K: {l['K']}, C: {l['C']}, R: {l['R']}, S: {l['S']}, "
            f"Y: {l['Y']}, X: {l['X']} }}")


def mapping_text(l, directives, type_text=None):
    body = "\n      ".join(directives)
    return (f"Network golden {{\n  Layer {l['name']} {{\n    Type: {type_text or l['type']}\n    {layer_text(l)}\n"
            f"    Dataflow {{\n      {body}\n    }}\n  }}\n}}\n")


# ---------------------------------------------------------------------------------------------
# Random mappings from the seed-001 parameter space (docs/reproduction.md, seed 001): the loop
# order of {K, C, Y', X', R, S} at each level as a Lehmer-code permutation index, the parallel
# dimension of each level, and per-PE tiles. The outer level's tile of the inner parallel
# dimension is the whole dimension (tile x cluster size, clipped), R and S are mapped whole.

ORDER_DIMS = ["K", "C", "Y'", "X'", "R", "S"]
PAR_DIMS = ["K", "C", "Y'", "X'"]


def lehmer(index, items):
    items = list(items)
    out = []
    for i in range(len(items) - 1, -1, -1):
        f = math.factorial(i)
        out.append(items.pop(index // f))
        index %= f
    return out


def seed001_mapping(l, hw, p):
    dims = {"K": l["K"], "C": l["C"], "Y'": l["Y"] - l["R"] + 1, "X'": l["X"] - l["S"] + 1, "R": l["R"], "S": l["S"]}
    tile = {"K": p["tile_K"], "C": p["tile_C"], "Y'": p["tile_Y"], "X'": p["tile_X"], "R": l["R"], "S": l["S"]}
    pin, pout = p["par_inner"], p["par_outer"]
    cl = min(hw["num_pes"], -(-dims[pin] // tile[pin]))
    outer = dict(tile)
    outer[pin] = min(tile[pin] * cl, dims[pin])

    def level(order, par, tiles):
        lines = []
        for d in order:
            kind = "SpatialMap" if d == par else "TemporalMap"
            if d in ("R", "S"):
                lines.append(f"{kind}(Sz({d}),Sz({d})) {d};")
            else:
                lines.append(f"{kind}({tiles[d]},{tiles[d]}) {d};")
        return lines

    return level(lehmer(p["order_outer"], ORDER_DIMS), pout, outer) + [f"Cluster({cl}, P);"] + \
        level(lehmer(p["order_inner"], ORDER_DIMS), pin, tile)


def random_seed001_point(rng, l):
    dims = {"K": l["K"], "C": l["C"], "Y'": l["Y"] - l["R"] + 1, "X'": l["X"] - l["S"] + 1}

    def tile(d):
        # divisors half of the time (clean tiles), any size otherwise (edge cases)
        n = dims[d]
        if rng.random() < 0.5:
            divs = [i for i in range(1, n + 1) if n % i == 0]
            return rng.choice(divs)
        return rng.randint(1, n)

    return dict(order_outer=rng.randrange(720), par_outer=rng.choice(PAR_DIMS), tile_K=tile("K"), tile_C=tile("C"),
                tile_Y=tile("Y'"), tile_X=tile("X'"), par_inner=rng.choice(PAR_DIMS), order_inner=rng.randrange(720))


def random_general_mapping(rng, l, hw):
    """1-3 levels, random orders, sliding windows with random offsets, one or two spatial maps."""
    levels = rng.choice([1, 2, 2, 3])
    conv_like = l["type"] != "GEMM"
    names = ["K", "C", "R", "S", "Y", "X"] if l["type"] == "CONV" else (
        ["C", "R", "S", "Y", "X"] if l["type"] == "DSCONV" else ["M", "N", "K"])
    if "N" in l and l["type"] != "GEMM":
        names = ["N"] + names
    size = {n: l[n] for n in names}
    lines = []
    pes_left = hw["num_pes"]
    for lvl in range(levels):
        order = names[:]
        rng.shuffle(order)
        spatial = [rng.choice([n for n in names if n not in ("R", "S")])]
        if conv_like and lvl == levels - 1 and rng.random() < 0.15:
            spatial.append(rng.choice(["R", "S"]))
        new_size = dict(size)
        for n in order:
            kind = "SpatialMap" if n in spatial else "TemporalMap"
            if n in ("R", "S"):
                if kind == "TemporalMap":
                    lines.append(f"TemporalMap(Sz({n}),Sz({n})) {n};")
                else:
                    lines.append(f"SpatialMap(1,1) {n};")
                    new_size[n] = 1
                continue
            if conv_like and n in ("Y", "X"):
                win = l["R"] if n == "Y" else l["S"]
                lo = min(win, size[n])
                m = rng.randint(lo, max(lo, min(size[n], lo + 12)))
                ofs = rng.choice([1, max(1, m - win + 1), rng.randint(1, max(1, m - win + 1))])
                if kind == "SpatialMap":
                    ofs = max(1, m - win + 1) if rng.random() < 0.7 else 1
            else:
                m = rng.randint(1, size[n]) if rng.random() < 0.6 else rng.choice(
                    [d for d in range(1, size[n] + 1) if size[n] % d == 0])
                ofs = m
            lines.append(f"{kind}({m},{ofs}) {n};")
            new_size[n] = m
        if lvl < levels - 1:
            cl = rng.choice([c for c in (2, 3, 4, 8, 16, 32) if c <= max(2, pes_left // 2)] or [2])
            cl = min(cl, pes_left)
            pes_left //= cl
            lines.append(f"Cluster({cl}, P);")
        size = new_size
    return lines


# ---------------------------------------------------------------------------------------------
# Running MAESTRO and reading its reports.

NUM = r"(-?[0-9.eE+\-]+|-?nan|-?inf)"


def parse_screen(text):
    r = {}
    m = re.search(r"Num MACs: (\d+)", text)
    if not m:
        return None
    r["macs"] = int(m.group(1))
    r["runtime"] = int(re.search(r"Runtime: (-?\d+) cycles", text).group(1))
    r["throughput"] = float(re.search(r"Throughput: " + NUM, text).group(1))
    tensors = {}
    for name in ("input", "filter", "output"):
        blk = re.search(r"Tensor " + name + r"\nL2 size requirement: (-?\d+)\nL1 size requirement: (-?\d+)\n"
                        r"L2 buffer write: (-?\d+)\nL2 buffer read: (-?\d+)\nL1 buffer write: (-?\d+)\n"
                        r"L1 buffer read: (-?\d+)", text)
        vals = [int(v) for v in blk.groups()]
        tensors[name] = dict(l2_req=vals[0], l1_req=vals[1], l2_writes=vals[2], l2_reads=vals[3], l1_writes=vals[4],
                             l1_reads=vals[5])
    r["tensors"] = tensors

    def f(label):
        return float(re.search(re.escape(label) + r": " + NUM, text).group(1))

    r["l2_write_energy"] = f("Total L2 buffer write energy")
    r["l2_read_energy"] = f("Total L2 buffer read energy")
    r["l1_write_energy"] = f("Total L1 buffer write energy")
    r["l1_read_energy"] = f("Total L1 buffer read energy")
    r["energy_mac_units"] = f("Total energy consumption")
    r["peak_bw"] = int(re.search(r"Peak bandwidth requirement: (-?\d+)", text).group(1))
    r["avg_bw"] = f("Avg bandwidth requirement")
    for key, label in (("ingress_delay", "Ingress Delay"), ("egress_delay", "Egress Delay"),
                       ("compute_delay", "Computation Delay")):
        m = re.search(label + r"\nMin: (-?\d+)\nMax: (-?\d+)\nAvg: (-?\d+)", text)
        r[key] = [int(v) for v in m.groups()]
    r["avg_utilized_pes"] = f("Average number of utilized PEs")
    return r


def parse_csv(path):
    with open(path) as fh:
        rows = [line.rstrip("\n") for line in fh if line.strip()]
    if len(rows) < 2:
        return None
    cells = [c.strip() for c in rows[1].split(",")]
    return dict(runtime=int(cells[3]), energy_nj=float(cells[4]), area=float(cells[7]), power=float(cells[8]),
                offchip_bw_req=int(cells[13]), l2_req=int(cells[14]), l1_req=int(cells[15]), macs=int(cells[21]),
                pe_power=float(cells[22]), l1_power=float(cells[23]), l2_power=float(cells[24]),
                noc_power=float(cells[25]))


def run_case(maestro, shim, workdir, case, timeout):
    mpath = os.path.join(workdir, "case.m")
    cpath = os.path.join(workdir, "case.csv")
    with open(mpath, "w") as fh:
        fh.write(case["mapping"])
    if os.path.exists(cpath):
        os.remove(cpath)
    hw = HARDWARE[case["hw"]]
    args = [maestro, "--Mapping_file=case.m", "--print_res=true", "--print_res_csv_file=true",
            "--print_log_file=false"] + [f"--{k}={v}" for k, v in hw.items()] + ["--noc_mc_support=true"]
    env = dict(os.environ, LD_PRELOAD=shim)
    try:
        p = subprocess.run(args, cwd=workdir, env=env, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return dict(status="timeout")
    if p.returncode != 0:
        last = [ln for ln in p.stdout.splitlines() if ln.strip()][-1:] or [""]
        return dict(status="rejected", exit_code=p.returncode, message=last[0][:200])
    screen = parse_screen(p.stdout)
    csv = parse_csv(cpath) if os.path.exists(cpath) else None
    if screen is None or csv is None:
        return dict(status="rejected", exit_code=0, message="no report")
    screen["csv"] = csv
    screen["status"] = "ok"
    return screen


def build_cases(seed):
    rng = random.Random(seed)
    cases = []
    hw_names = list(HARDWARE)
    k = 0
    for net, layers in NETWORKS.items():
        for l in layers:
            for style, fn in STYLES.items():
                hwn = hw_names[k % len(hw_names)]
                k += 1
                d = fn(l, HARDWARE[hwn])
                if d is None:
                    continue
                cases.append(dict(group=f"{net}/{style}", layer=l, hw=hwn, mapping=mapping_text(l, d)))
    for g in GEMMS:
        for style, d in gemm_styles(g, None).items():
            for hwn in ("edge256", "narrow64"):
                cases.append(dict(group=f"gemm/{style}", layer=g, hw=hwn, mapping=mapping_text(g, d)))
    # seed-001 parameter space on its two hardware presets
    for i in range(160):
        l = SEED001[i % len(SEED001)]
        hwn = "archgym" if i % 2 == 0 else "gamma168"
        if l["type"] == "DSCONV":
            continue
        p = random_seed001_point(rng, l)
        cases.append(dict(group="seed001/random", layer=l, hw=hwn, params=p,
                          mapping=mapping_text(l, seed001_mapping(l, HARDWARE[hwn], p))))
    # general random mappings on every hardware
    pool = RESNET18 + MOBILENETV2[:6] + ALEXNET[:3] + SEED001 + GEMMS + BATCHED
    for i in range(200):
        l = rng.choice(pool)
        hwn = hw_names[i % len(hw_names)]
        cases.append(dict(group="random/general", layer=l, hw=hwn,
                          mapping=mapping_text(l, random_general_mapping(rng, l, HARDWARE[hwn]))))
    # mappings MAESTRO rejects
    base = SEED001[4]
    invalid = {
        "no_spatial_map": ["TemporalMap(1,1) K;", "TemporalMap(1,1) C;", "TemporalMap(Sz(R),1) Y;",
                           "TemporalMap(Sz(S),1) X;", "TemporalMap(Sz(R),Sz(R)) R;", "TemporalMap(Sz(S),Sz(S)) S;"],
        "three_spatial_maps": ["SpatialMap(1,1) K;", "SpatialMap(1,1) C;", "SpatialMap(Sz(R),1) Y;",
                               "TemporalMap(Sz(S),1) X;", "TemporalMap(Sz(R),Sz(R)) R;", "TemporalMap(Sz(S),Sz(S)) S;"],
        "partial_filter_tile": ["SpatialMap(1,1) K;", "TemporalMap(1,1) R;", "TemporalMap(Sz(S),Sz(S)) S;"],
        "filter_offset": ["SpatialMap(1,1) K;", "TemporalMap(3,1) R;", "TemporalMap(Sz(S),Sz(S)) S;"],
        "inner_level_without_spatial_map": ["SpatialMap(1,1) K;", "Cluster(8, P);", "TemporalMap(1,1) C;"],
        "batch_not_declared": ["SpatialMap(1,1) K;", "TemporalMap(1,1) N;"],
        "zero_offset": ["SpatialMap(1,0) K;"],
        "too_many_levels": ["SpatialMap(1,1) K;", "Cluster(2, P);", "SpatialMap(1,1) C;", "Cluster(2, P);",
                            "SpatialMap(1,1) K;", "Cluster(2, P);", "SpatialMap(1,1) C;", "Cluster(2, P);",
                            "SpatialMap(1,1) K;"],
    }
    for name, d in invalid.items():
        cases.append(dict(group=f"invalid/{name}", layer=base, hw="edge256", mapping=mapping_text(base, d)))
    cases.append(dict(group="invalid/fc_type", layer=fc("fc", 10, 10), hw="edge256",
                      mapping=mapping_text(fc("fc", 10, 10), ["SpatialMap(1,1) K;"], type_text="FC")))
    for i, c in enumerate(cases):
        c["id"] = i
    return cases


def maestro_commit(maestro):
    d = os.path.dirname(os.path.abspath(maestro))
    try:
        return subprocess.run(["git", "-C", d, "rev-parse", "HEAD"], capture_output=True, text=True,
                              check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--maestro", required=True, help="path of the reference MAESTRO binary")
    ap.add_argument("--out", default=os.path.join(HERE, "cases.jsonl"))
    ap.add_argument("--seed", type=int, default=20261123)
    ap.add_argument("--timeout", type=float, default=120)
    ap.add_argument("--limit", type=int, default=0, help="only the first N cases (debugging)")
    args = ap.parse_args()

    work = tempfile.mkdtemp(prefix="maestro_golden_")
    shim = os.path.join(work, "full_precision.so")
    subprocess.run(["g++", "-shared", "-fPIC", "-O2", "-o", shim, os.path.join(HERE, "full_precision.cpp")],
                   check=True)
    cases = build_cases(args.seed)
    if args.limit:
        cases = cases[:args.limit]
    commit = maestro_commit(args.maestro)
    counts = {}
    with open(args.out + ".tmp", "w") as out:
        out.write(json.dumps({"header": True, "maestro_commit": commit, "seed": args.seed,
                              "hardware": HARDWARE}) + "\n")
        for i, c in enumerate(cases):
            res = run_case(args.maestro, shim, work, c, args.timeout)
            counts[res["status"]] = counts.get(res["status"], 0) + 1
            if res["status"] == "timeout":
                continue  # not a usable reference
            rec = dict(id=c["id"], group=c["group"], hw=c["hw"], mapping=c["mapping"], maestro=res)
            if "params" in c:
                rec["params"] = c["params"]
            out.write(json.dumps(rec) + "\n")
            if (i + 1) % 50 == 0:
                print(f"{i + 1}/{len(cases)} cases {counts}", file=sys.stderr)
    os.replace(args.out + ".tmp", args.out)
    shutil.rmtree(work, ignore_errors=True)
    print(f"wrote {args.out}: {counts}", file=sys.stderr)


if __name__ == "__main__":
    main()
