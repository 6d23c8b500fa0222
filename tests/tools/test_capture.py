#!/usr/bin/env python3
"""The capture helper's description part on the CPU (tools/capture/headroom_capture.py).

Runs with Debian's python3-torch (scripts/deps.sh installs it): a tiny Llama-shaped module, an
optimizer after one step and a batch shape give the scenario keys the helper writes, each
checked against the value derived by hand from what the test built. The last case writes a
whole capture file from those keys (the measured section filled with hand-chosen bytes) and
has headroom-cli read it (estimate --measured --json), so the Python writer and the C++ reader
agree on the format.

  test_capture.py --cli build/release/app/headroom-cli [unittest options]
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools" / "capture"))

try:
    import torch
except ImportError:  # a failure, not a skip: deps.sh installs python3-torch
    sys.exit("test_capture.py: torch is not importable by " + sys.executable +
             " (scripts/deps.sh installs Debian's python3-torch)")

import headroom_capture as hc  # noqa: E402

CLI = None
LLAMA_1B = ROOT / "tests" / "data" / "models" / "Llama-3.2-1B" / "config.json"


class Config:
    """What a transformers config offers the helper: to_dict() and _attn_implementation."""

    def __init__(self, d, attn="sdpa"):
        self.d, self._attn_implementation = d, attn

    def to_dict(self):
        return dict(self.d, torch_dtype=torch.bfloat16)


class Tiny(torch.nn.Module):
    """Embedding 32 x 8, one 8 x 8 linear, tied head: 256 + 64 + 8 = 328 parameters."""

    def __init__(self, dtype=torch.bfloat16):
        super().__init__()
        self.embed = torch.nn.Embedding(32, 8).to(dtype)
        self.proj = torch.nn.Linear(8, 8).to(dtype)
        self.config = Config({"model_type": "llama", "hidden_size": 8})
        self.is_gradient_checkpointing = False

    def get_input_embeddings(self):
        return self.embed

    def forward(self, input_ids):
        return self.proj(self.embed(input_ids)) @ self.embed.weight.t()


def one_step(model, opt, shape=(2, 16)):
    ids = torch.randint(0, 32, shape)
    model(ids).float().sum().backward()
    opt.step()


def description(model, opt, shapes):
    return {"model": hc.describe_model(model), "parameters": hc.describe_parameters(model),
            "optimizer": hc.describe_optimizer(opt), "wrapping": hc.describe_wrapping(model, opt),
            "batch_shapes": shapes, "forwards_per_step": 1, "allocator_conf": ""}


class DescriptionTest(unittest.TestCase):
    def test_parameters_by_dtype(self):
        m = Tiny()
        m.proj.requires_grad_(False)
        d = hc.describe_parameters(m)["by_dtype"]
        # one dtype: 256 + 64 + 8 = 328 parameters, trainable the embedding's 256, 2 B each
        self.assertEqual(d, [{"dtype": "bfloat16", "count": 328, "trainable": 256,
                              "bytes": 656}])

    def test_optimizer_state_dtypes(self):
        m = Tiny()
        opt = torch.optim.AdamW(m.parameters(), lr=1e-3)
        one_step(m, opt)
        o = hc.describe_optimizer(opt)
        self.assertEqual(o["class"], "AdamW")
        # exp_avg + exp_avg_sq in the parameters' dtype: 2 x 328 x 2 B; `step` is a 0-d tensor
        self.assertEqual(o["state_bytes_by_dtype"], {"bfloat16": 2 * 328 * 2})

    def test_full_bf16_keys(self):
        m = Tiny()
        opt = torch.optim.AdamW(m.parameters(), lr=1e-3)
        one_step(m, opt)
        w, unmodelled = hc.workload_keys(description(m, opt, [[2, 16], [2, 12]]), "torch-loop@2")
        self.assertEqual(unmodelled, [])
        self.assertEqual(w["finetune"], "full")
        self.assertEqual(w["precision"], {"weights": "bf16", "gradients": "bf16",
                                          "compute": "bf16", "optimizer_states": "bf16",
                                          "master_weights_fp32": False})
        self.assertEqual((w["micro_batch_size"], w["sequence_length"]), (2, 16))  # the largest
        self.assertEqual(w["optimizer"], "adamw")
        self.assertEqual(w["attention"], "sdpa")
        self.assertEqual(w["activation_checkpointing"], "none")
        self.assertEqual(w["parallelism"], {"dp": 1, "sharding": "none"})

    def test_fp32_under_autocast(self):
        m = Tiny(torch.float32)
        opt = torch.optim.SGD(m.parameters(), lr=1e-3, momentum=0.9)
        one_step(m, opt)
        desc = description(m, opt, [[1, 8]])
        desc["autocast_dtype"] = "bfloat16"
        w, _ = hc.workload_keys(desc, "hf-trainer@5")
        self.assertEqual(w["precision"]["weights"], "fp32")
        self.assertEqual(w["precision"]["compute"], "bf16")
        self.assertEqual(w["optimizer"], "sgd_momentum")

    def test_unknown_optimizer_is_listed(self):
        m = Tiny()
        opt = torch.optim.RMSprop(m.parameters(), lr=1e-3)
        one_step(m, opt)
        w, unmodelled = hc.workload_keys(description(m, opt, [[1, 8]]), "torch-loop@2")
        self.assertNotIn("optimizer", w)
        self.assertEqual(unmodelled, ["optimizer RMSprop"])

    def test_lora_targets(self):
        every = ["q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj"]
        self.assertEqual(hc.lora_targets_key(every), "all-linear")
        self.assertEqual(hc.lora_targets_key(["v_proj", "q_proj"]), ["q_proj", "v_proj"])

    def test_config_is_json(self):
        cfg = hc.describe_model(Tiny())["config"]
        self.assertEqual(cfg["torch_dtype"], "bfloat16")
        json.dumps(cfg)  # no torch object left

    def test_cli_reads_what_the_helper_writes(self):
        m = Tiny()
        opt = torch.optim.AdamW(m.parameters(), lr=1e-3)
        one_step(m, opt)
        w, unmodelled = hc.workload_keys(description(m, opt, [[4, 1024]]), "torch-loop@2")
        gib = 2**30
        boundary = {"allocated_peak_bytes": 12 * gib, "reserved_peak_bytes": 13 * gib,
                    "active_peak_bytes": 12 * gib, "allocated_bytes": 7 * gib,
                    "reserved_bytes": 13 * gib, "device_used_bytes": 14 * gib,
                    "parameters_bytes": 2471628800, "gradients_bytes": 2471628800,
                    "optimizer_state_bytes": 4943257600}
        doc = {"schema_version": 1,
               "model": {"source": "hf_config", "hf_config": json.loads(LLAMA_1B.read_text())},
               "workload": w, "gpu": {"name": "NVIDIA H100 80GB HBM3", "memory_mib": 81559},
               "gpu_count": 1,
               "measured": {"format": hc.FORMAT, "device_name": "NVIDIA H100 80GB HBM3",
                            "after_load": boundary,
                            "steps": [{"index": 1, "input_shapes": [[4, 1024]],
                                       "phases": {p: boundary for p in hc.PHASES}}],
                            "peaks": {"allocated_bytes": 12 * gib, "reserved_bytes": 13 * gib,
                                      "device_used_bytes": 14 * gib},
                            "unmodelled": unmodelled}}
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "run.headroom.json"
            path.write_text(json.dumps(doc))
            out = subprocess.run([CLI, "estimate", "--measured", str(path), "--json"],
                                 capture_output=True, text=True, timeout=120)
        self.assertEqual(out.returncode, 0, out.stderr)
        report = json.loads(out.stdout)["measured_run"]
        self.assertEqual(report["metrics"]["reserved"]["measured_bytes"], 13 * gib)
        # Llama-3.2-1B in bf16: 1,235,814,400 parameters x 2 B, what the engine predicts
        self.assertEqual(report["categories"]["parameters"]["predicted_bytes"], 2471628800)


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True)
    args, rest = ap.parse_known_args()
    CLI = args.cli
    unittest.main(argv=[sys.argv[0]] + rest)
