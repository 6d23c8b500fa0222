#!/usr/bin/env python3
"""Capture one training run with headroom_capture (docs/measured-runs.md, "Capturing").

Builds a model from a local Hugging Face config.json with random weights (nothing is
downloaded), trains it for a few steps on random tokens in a plain loop or under the Hugging
Face Trainer, and lets headroom_capture write the measured-run file. tools/capture/grid.sh runs
the committed set (tests/data/measured-runs/).

  capture_run.py --config tests/data/models/Qwen2.5-0.5B --finetune lora --micro-batch 4 \
      --seq-len 1024 --out qwen-lora.headroom.json
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import headroom_capture  # noqa: E402


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--config", required=True, help="config.json or its folder")
    ap.add_argument("--finetune", choices=["full", "lora"], default="full")
    ap.add_argument("--precision", choices=["bf16", "amp-bf16"], default="bf16",
                    help="bf16: bf16 weights and AdamW states; amp-bf16: fp32 weights under "
                         "bf16 autocast")
    ap.add_argument("--micro-batch", type=int, default=2)
    ap.add_argument("--seq-len", type=int, default=1024)
    ap.add_argument("--lengths", help="min,max: each step's length drawn uniformly (padded "
                                      "batch), as real data sets give")
    ap.add_argument("--steps", type=int, default=3)
    ap.add_argument("--capture-steps", type=int, default=2)
    ap.add_argument("--checkpointing", action="store_true")
    ap.add_argument("--attention", default="sdpa")
    ap.add_argument("--fused", action="store_true", help="AdamW(fused=True)")
    ap.add_argument("--lora-rank", type=int, default=16)
    ap.add_argument("--adapter-dtype", choices=["fp32", "base"], default="fp32",
                    help="fp32: PEFT's default (autocast_adapter_dtype=True keeps adapters in "
                         "fp32 on a bf16 model); base: adapters in the base weights' dtype")
    ap.add_argument("--trainer", action="store_true", help="Hugging Face Trainer + callback")
    ap.add_argument("--history", action="store_true", help="also dump PyTorch's snapshot")
    ap.add_argument("--out", required=True)
    return ap.parse_args(argv)


def build(args):
    import torch
    from transformers import AutoConfig, AutoModelForCausalLM
    path = Path(args.config)
    cfg = AutoConfig.from_pretrained(str(path if path.is_dir() else path.parent))
    dtype = torch.bfloat16 if args.precision == "bf16" else torch.float32
    torch.manual_seed(0)
    with torch.device("cuda"):
        model = AutoModelForCausalLM.from_config(cfg, attn_implementation=args.attention,
                                                 dtype=dtype)
    if args.checkpointing:
        model.gradient_checkpointing_enable(gradient_checkpointing_kwargs={"use_reentrant": False})
        model.config.use_cache = False
    if args.finetune == "lora":
        from peft import LoraConfig, get_peft_model
        targets = ["q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj"]
        model = get_peft_model(model, LoraConfig(r=args.lora_rank, lora_alpha=2 * args.lora_rank,
                                                 target_modules=targets, lora_dropout=0.0),
                               autocast_adapter_dtype=args.adapter_dtype == "fp32")
        if args.checkpointing:
            model.enable_input_require_grads()
    return model, cfg.vocab_size


def lengths(args, step):
    if not args.lengths:
        return args.seq_len
    import random
    lo, hi = (int(x) for x in args.lengths.split(","))
    return random.Random(step).randint(lo, hi)


def plain_loop(args, model, vocab):
    import torch
    params = [p for p in model.parameters() if p.requires_grad]
    opt = torch.optim.AdamW(params, lr=1e-5, fused=args.fused)
    with headroom_capture.Capture(model, opt, out=args.out, steps=args.capture_steps,
                                  history=args.history, notes=" ".join(sys.argv[1:])):
        for step in range(args.steps):
            n = lengths(args, step)
            ids = torch.randint(0, vocab, (args.micro_batch, n), device="cuda")
            ctx = (torch.autocast("cuda", dtype=torch.bfloat16)
                   if args.precision == "amp-bf16" else torch.autocast("cuda", enabled=False))
            with ctx:
                loss = model(input_ids=ids, labels=ids).loss
            loss.backward()
            opt.step()
            opt.zero_grad(set_to_none=True)


def trainer_loop(args, model, vocab):
    import tempfile

    import torch
    from transformers import Trainer, TrainingArguments

    class Random(torch.utils.data.Dataset):
        def __len__(self):
            return args.steps * args.micro_batch

        def __getitem__(self, i):
            n = lengths(args, i // args.micro_batch)
            ids = torch.randint(0, vocab, (n,), generator=torch.Generator().manual_seed(i))
            return {"input_ids": ids, "labels": ids.clone()}

    with tempfile.TemporaryDirectory() as tmp:
        targs = TrainingArguments(output_dir=tmp, per_device_train_batch_size=args.micro_batch,
                                  max_steps=args.steps, bf16=args.precision == "amp-bf16",
                                  gradient_checkpointing=args.checkpointing, report_to="none",
                                  save_strategy="no", logging_strategy="no", disable_tqdm=True,
                                  remove_unused_columns=False, dataloader_num_workers=0)
        cb = headroom_capture.HeadroomCaptureCallback(args.out, steps=args.capture_steps,
                                                      history=args.history,
                                                      notes=" ".join(sys.argv[1:]))
        Trainer(model=model, args=targs, train_dataset=Random(), callbacks=[cb]).train()


def main(argv):
    args = parse_args(argv)
    model, vocab = build(args)
    (trainer_loop if args.trainer else plain_loop)(args, model, vocab)
    doc = json.loads(Path(args.out).read_text())
    peaks = doc["measured"]["peaks"]
    print(f"{args.out}: allocated {peaks['allocated_bytes'] / 2**30:.3f} GiB, "
          f"reserved {peaks['reserved_bytes'] / 2**30:.3f} GiB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
