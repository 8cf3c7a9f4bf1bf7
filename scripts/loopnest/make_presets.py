#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 Mapscape developers
# SPDX-License-Identifier: MIT
"""Writes presets/loopnest/*.yaml from the Timeloop reference cases of ../shared/golden/timeloop:
each preset is one Timeloop spec (architecture, its constraints, problem, one mapping, the
mapper's settings, ERT and ART) that timeloop-model reads as it is. The designs and energy
tables come from Accelergy-Project/timeloop-accelergy-exercises (MIT licence).

    python3 scripts/loopnest/make_presets.py ../shared/golden/timeloop presets/loopnest
"""
import pathlib
import sys

import yaml

PRESETS = {
    # name: (reference case, what it is)
    "ex_eyeriss_like": ("ex_eyeriss_like", "Eyeriss-like row-stationary accelerator, a convolution layer"),
    "ex_simba_like": ("ex_simba_like", "Simba-like chiplet accelerator, a convolution layer"),
    "ex_simple_output_stationary": ("ex_simple_output_stationary", "a simple output-stationary array"),
    "ex_simple_weight_stationary": ("ex_simple_weight_stationary", "a simple weight-stationary array"),
    "ispass_1level": ("t00_model_conv1d_1level", "ISPASS 2020 tutorial: 1-level buffer, 1-D convolution"),
    "ispass_2level": ("t01_model_conv1d_2level_os", "ISPASS 2020 tutorial: 2 levels, output stationary"),
    "ispass_3level": ("t03_model_conv1d_oc_3level_bypass", "ISPASS 2020 tutorial: 3 levels with bypass"),
    "ispass_3level_spatial": ("t04_model_conv1d_oc_3levelspatial_kp",
                              "ISPASS 2020 tutorial: 3 levels, spatial PE array (K-parallel)"),
    "ispass_eyeriss_mapper": ("t06_mapper_convlayer_eyeriss", "ISPASS 2020 tutorial: Eyeriss mapper exercise"),
}
# What the model and the mapper read; the rest (Accelergy's compound components, the front end's
# bookkeeping) is left out.
KEEP = ["architecture", "architecture_constraints", "problem", "mapping", "mapper", "mapspace", "ERT", "ART"]


class Dumper(yaml.SafeDumper):
    pass


def main():
    golden, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    out.mkdir(parents=True, exist_ok=True)
    for name, (case, what) in PRESETS.items():
        ref = golden / "reference" / case
        spec = yaml.safe_load((ref / "parsed-processed-input.yaml").read_text())
        if (ref / "map.yaml").exists():
            spec["mapping"] = yaml.safe_load((ref / "map.yaml").read_text())["mapping"]
        spec["ERT"] = yaml.safe_load((ref / "ERT.yaml").read_text())["ERT"]
        spec["ART"] = yaml.safe_load((ref / "ART.yaml").read_text())["ART"]
        doc = {k: spec[k] for k in KEEP if k in spec and spec[k] not in (None, [], {})}
        text = (f"# {name}: {what}.\n"
                f"# From Accelergy-Project/timeloop-accelergy-exercises (MIT licence), case {case};\n"
                f"# written by scripts/loopnest/make_presets.py. timeloop-model reads this file as it is.\n")
        text += yaml.dump(doc, Dumper=Dumper, sort_keys=False, default_flow_style=False, width=100)
        (out / f"{name}.yaml").write_text(text)
        print(out / f"{name}.yaml")


if __name__ == "__main__":
    main()
