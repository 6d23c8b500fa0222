#!/usr/bin/env python3
"""Save a random-weight Hugging Face checkpoint of a config, in the dtype its config names.

A published checkpoint holds its weights in the config's `torch_dtype` (transformers 5: `dtype`);
float32 where the config names none (gpt2). measure_peak.py --trainer hf loads the saved folder
with from_pretrained and no dtype, as a user's script does, so the Trainer trains what that
transformers version loads by default. Nothing is downloaded.

Usage: make_checkpoint.py CONFIG OUT_DIR     (CONFIG: config.json or its folder)
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from measure_peak import dtype_kw, load_config  # noqa: E402


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    import torch
    from transformers import AutoModelForCausalLM

    cfg, _ = load_config(argv[0])
    named = getattr(cfg, "dtype", None) or getattr(cfg, "torch_dtype", None)
    if isinstance(named, str):
        named = getattr(torch, named)
    dtype = named or torch.float32
    device = "cuda" if torch.cuda.is_available() else "cpu"
    with torch.device(device):
        model = AutoModelForCausalLM.from_config(cfg, **dtype_kw(dtype))
    model.save_pretrained(argv[1])  # safetensors, the default
    print(f"{argv[1]}: {sum(p.numel() for p in model.parameters())} parameters, {dtype}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
