#!/usr/bin/env python3
"""Measure the peak GPU memory of one LLM training or inference configuration.

Builds the model from a local Hugging Face config (config.json or its folder) with random
weights (AutoModelForCausalLM.from_config: nothing is downloaded), runs two real training steps
(forward, backward, optimizer step: the second step includes the optimizer state allocated by
the first) or one generate() call, and records the three metrics Headroom predicts:

  allocated   torch.cuda.max_memory_allocated()
  reserved    torch.cuda.max_memory_reserved()
  nvidia_smi  peak used memory of this process as NVML / nvidia-smi reports it (CUDA context
              included), sampled every few milliseconds by a background thread

Each run appends three records, one per metric, in the ground-truth schema version 1
(docs/validation-data.md), every field filled, with the exact
command line in `notes`. `headroom-cli validate FILE` reads the result directly.

One configuration per process, so the CUDA context and the caching allocator start clean.
tools/measure/grid.sh runs a grid of them. Exit status: 0 measured, 3 out of memory (nothing
written, the OOM is logged), 2 usage error, 1 other failure.

Examples:
  measure_peak.py --config tests/data/models/Llama-3.2-1B --finetune lora --micro-batch 4 \
      --seq-len 2048 --attention sdpa --checkpointing none --out runs.records.json
  measure_peak.py --config tests/data/models/Qwen2.5-0.5B/config.json --mode inference \
      --prompt-tokens 512 --new-tokens 256 --out runs.records.json

Requires torch and transformers; peft for --finetune lora/qlora; bitsandbytes for qlora,
--weights nf4/nf4_double_quant/fp4/int8 and the 8-bit / paged optimizers; pynvml
(nvidia-ml-py) is optional (falls back to polling `nvidia-smi --query-compute-apps`).
"""

from __future__ import annotations

import argparse
import datetime as _dt
import json
import os
import shlex
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

SCHEMA_VERSION = 1
GIB = 2**30

# HF model_type -> (schema mlp kind, family as the schema spells it)
GATED_FAMILIES = {"llama", "mistral", "mixtral", "qwen2", "qwen3", "gemma", "gemma2", "phi3"}
PLAIN_FAMILIES = {"gpt2", "gpt_neox", "phi", "falcon", "gpt_bigcode", "bert"}

# Canonical schema LoRA target names -> module names of HF Llama-style models.
ALL_LINEAR = ["q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj"]


# --------------------------------------------------------------------------------------------
# Command line


def parse_args(argv: list[str]) -> argparse.Namespace:
    ap = argparse.ArgumentParser(
        description="Measure peak GPU memory of one configuration and append schema-v1 records.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=__doc__.split("\n\n", 1)[1] if __doc__ else None,
    )
    ap.add_argument("--config", required=True,
                    help="config.json of a Hugging Face model, or the folder holding it")
    ap.add_argument("--name", help="model name for the record (default: folder name)")
    ap.add_argument("--mode", choices=["training", "inference"], default="training")
    ap.add_argument("--finetune", choices=["full", "lora", "qlora"], default="full")
    ap.add_argument("--precision", choices=["bf16-true", "fp16-true", "fp32", "amp-bf16"],
                    default="bf16-true",
                    help="bf16-true: bf16 weights, grads and torch AdamW states, no master copy "
                         "(torchtune / litgpt); amp-bf16: fp32 weights = master copy with bf16 "
                         "autocast (HF Trainer); fp32: everything fp32")
    ap.add_argument("--weights", choices=["auto", "nf4", "nf4_double_quant", "fp4", "int8"],
                    default="auto",
                    help="quantise the base linear layers with bitsandbytes (default: qlora -> "
                         "nf4_double_quant, else the precision's dtype)")
    ap.add_argument("--optimizer", choices=["adamw", "adamw_8bit", "paged_adamw",
                                            "paged_adamw_8bit", "sgd"], default="adamw")
    ap.add_argument("--fused-optimizer", action="store_true", help="torch AdamW(fused=True)")
    ap.add_argument("--lora-rank", type=int, default=16)
    ap.add_argument("--lora-alpha", type=float, default=32)
    ap.add_argument("--lora-dropout", type=float, default=0.0)
    ap.add_argument("--lora-targets", default="q_proj,v_proj",
                    help="comma list of q_proj,k_proj,v_proj,o_proj,gate_proj,up_proj,down_proj,"
                         "lm_head, or all-linear")
    ap.add_argument("--micro-batch", type=int, default=1)
    ap.add_argument("--seq-len", type=int, default=2048)
    ap.add_argument("--steps", type=int, default=2,
                    help="training steps (>= 2 so the optimizer states exist during a step)")
    ap.add_argument("--checkpointing", choices=["none", "full"], default="none")
    ap.add_argument("--attention", choices=["eager", "sdpa", "flash"], default="sdpa")
    ap.add_argument("--prompt-tokens", type=int, default=512)
    ap.add_argument("--new-tokens", type=int, default=128)
    ap.add_argument("--kbit-prep", action="store_true",
                    help="qlora: peft prepare_model_for_kbit_training (casts norms to fp32)")
    ap.add_argument("--gpu-memory-gb", type=int,
                    help="nominal GPU memory for the record (default: total memory in whole "
                         "GiB, rounded down)")
    ap.add_argument("--id", help="record id prefix (default: MEAS-<model>-<hash>)")
    ap.add_argument("--out", required=True,
                    help="records file (JSON array) to append the three records to")
    ap.add_argument("--trainer", choices=["none", "hf"], default="none",
                    help="none: the plain loop above; hf: transformers Trainer (its defaults: "
                         "bf16=True autocast, optim default, gradient_checkpointing from "
                         "--checkpointing) on a model loaded with from_pretrained(--checkpoint) "
                         "without a dtype, as a user's script does; the record's dtypes are read "
                         "off the trained tensors")
    ap.add_argument("--checkpoint",
                    help="--trainer hf: folder of a saved random-weight checkpoint "
                         "(tools/measure/make_checkpoint.py)")
    ap.add_argument("--load-dtype", choices=["auto", "fp32", "bf16"], default="auto",
                    help="--trainer hf: from_pretrained's dtype; auto passes none (transformers 5 "
                         "loads the checkpoint's dtype), fp32 is what transformers 4.x loads "
                         "when a script passes none")
    ap.add_argument("--random-lengths", type=lambda t: [float(x) for x in t.split(",")],
                    help="--trainer hf: MEAN,STD,MIN,MAX: sample lengths drawn from a clipped "
                         "normal, those above --seq-len dropped, batches padded to their "
                         "longest sample; the record's sequence_length is the longest kept")
    ap.add_argument("--alloc-conf",
                    help="PYTORCH_CUDA_ALLOC_CONF for this run (e.g. expandable_segments:True), "
                         "named in the record's source and assumptions")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--poll-ms", type=float, default=5.0, help="NVML sampling period")
    args = ap.parse_args(argv)
    if args.steps < 2 and args.mode == "training":
        ap.error("--steps must be >= 2 so a step runs with the optimizer states allocated")
    for k in ("micro_batch", "seq_len", "lora_rank", "prompt_tokens"):
        if getattr(args, k) < 1:
            ap.error(f"--{k.replace('_', '-')} must be >= 1")
    if args.new_tokens < 0:
        ap.error("--new-tokens must be >= 0")
    if args.trainer == "hf" and (not args.checkpoint or args.weights != "auto"
                                 or args.mode != "training" or args.optimizer != "adamw"):
        ap.error("--trainer hf needs --checkpoint, training, unquantised weights and the "
                 "Trainer's own optimizer (--optimizer adamw)")
    if args.random_lengths is not None and (args.trainer != "hf" or len(args.random_lengths) != 4
                                            or args.random_lengths[2] > args.seq_len):
        ap.error("--random-lengths needs --trainer hf, four numbers MEAN,STD,MIN,MAX and "
                 "MIN <= --seq-len")
    if args.finetune == "qlora" and args.weights == "auto":
        args.weights = "nf4_double_quant"
    if args.finetune == "full" and args.weights != "auto" and args.mode == "training":
        ap.error("quantised weights cannot be trained in full; use --finetune lora/qlora")
    return args


# --------------------------------------------------------------------------------------------
# Peak nvidia-smi (per process) sampler


class NvmlPeak:
    """Polls this process's used GPU memory and keeps the maximum."""

    def __init__(self, device_index: int, period_s: float):
        self.period = period_s
        self.peak = 0
        self.source = "none"
        self._stop = threading.Event()
        self._pid = os.getpid()
        self._handle = None
        self._nvml = None
        try:
            import pynvml  # nvidia-ml-py

            pynvml.nvmlInit()
            self._nvml = pynvml
            self._handle = pynvml.nvmlDeviceGetHandleByIndex(device_index)
            self.source = "pynvml nvmlDeviceGetComputeRunningProcesses (this pid)"
        except Exception:  # noqa: BLE001 - fall back to the command-line tool
            self._nvml = None
            self.source = "nvidia-smi --query-compute-apps=pid,used_memory (this pid)"
        self._thread = threading.Thread(target=self._run, daemon=True)

    def sample(self) -> int:
        if self._nvml is not None:
            try:
                procs = self._nvml.nvmlDeviceGetComputeRunningProcesses(self._handle)
                for p in procs:
                    if p.pid == self._pid and p.usedGpuMemory is not None:
                        return int(p.usedGpuMemory)
            except Exception:  # noqa: BLE001
                return 0
            return 0
        try:
            out = subprocess.run(
                ["nvidia-smi", "--query-compute-apps=pid,used_memory",
                 "--format=csv,noheader,nounits"],
                capture_output=True, text=True, timeout=5, check=False).stdout
        except (OSError, subprocess.TimeoutExpired):
            return 0
        for line in out.splitlines():
            parts = [x.strip() for x in line.split(",")]
            if len(parts) == 2 and parts[0] == str(self._pid) and parts[1].isdigit():
                return int(parts[1]) * 2**20  # MiB
        return 0

    def _run(self) -> None:
        while not self._stop.is_set():
            self.peak = max(self.peak, self.sample())
            time.sleep(self.period)

    def __enter__(self) -> "NvmlPeak":
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()
        self.peak = max(self.peak, self.sample())


# --------------------------------------------------------------------------------------------
# Model


def load_config(path: str):
    from transformers import AutoConfig

    p = Path(path)
    folder = p if p.is_dir() else p.parent
    if p.is_dir():
        return AutoConfig.from_pretrained(str(folder), local_files_only=True), folder
    data = json.loads(p.read_text())
    model_type = data.get("model_type")
    if not model_type:
        raise SystemExit(f"{p}: no model_type in the config")
    data.pop("quantization_config", None)  # random weights are created unquantised
    return AutoConfig.for_model(model_type, **{k: v for k, v in data.items()
                                               if k != "model_type"}), folder


def torch_dtype(precision: str):
    import torch

    return {"bf16-true": torch.bfloat16, "fp16-true": torch.float16, "fp32": torch.float32,
            "amp-bf16": torch.float32}[precision]


def dtype_kw(dtype) -> dict:
    """from_config / from_pretrained keyword for a dtype: 'dtype' from transformers 5 on."""
    import transformers

    major = int(transformers.__version__.split(".")[0])
    return {"dtype" if major >= 5 else "torch_dtype": dtype}


def build_model(args, cfg):
    """Random-weight model on the GPU; quantised base via a temporary save + reload."""
    import torch
    from transformers import AutoModelForCausalLM

    if args.trainer == "hf":
        # What a user's script does: no dtype (transformers 5 loads the checkpoint's own), on
        # the CPU; the Trainer moves it to the GPU.
        load = {} if args.load_dtype == "auto" else dtype_kw(
            {"fp32": torch.float32, "bf16": torch.bfloat16}[args.load_dtype])
        return AutoModelForCausalLM.from_pretrained(
            args.checkpoint, attn_implementation=attn_impl(args.attention),
            local_files_only=True, **load)
    dtype = torch_dtype(args.precision)
    if args.weights == "auto":
        with torch.device("cuda"):
            model = AutoModelForCausalLM.from_config(
                cfg, attn_implementation=attn_impl(args.attention), **dtype_kw(dtype))
        return model
    # bitsandbytes quantises at load time only: create random weights on the CPU, save them
    # (safetensors, local temporary folder) and reload with a BitsAndBytesConfig.
    from transformers import BitsAndBytesConfig

    compute = torch.bfloat16 if args.precision != "fp16-true" else torch.float16
    if args.weights == "int8":
        qc = BitsAndBytesConfig(load_in_8bit=True)
    else:
        qc = BitsAndBytesConfig(
            load_in_4bit=True,
            bnb_4bit_quant_type="fp4" if args.weights == "fp4" else "nf4",
            bnb_4bit_use_double_quant=args.weights == "nf4_double_quant",
            bnb_4bit_compute_dtype=compute,
        )
    cpu = AutoModelForCausalLM.from_config(cfg, **dtype_kw(compute))
    with tempfile.TemporaryDirectory(prefix="headroom-measure-") as tmp:
        cpu.save_pretrained(tmp)  # safetensors, the default
        del cpu
        model = AutoModelForCausalLM.from_pretrained(
            tmp, quantization_config=qc, device_map={"": 0}, **dtype_kw(compute),
            attn_implementation=attn_impl(args.attention), local_files_only=True)
    return model


def attn_impl(a: str) -> str:
    return {"eager": "eager", "sdpa": "sdpa", "flash": "flash_attention_2"}[a]


def lora_targets(args) -> list[str]:
    t = args.lora_targets.strip()
    if t in ("all-linear", "all_linear", "all"):
        return list(ALL_LINEAR)
    names = [x.strip() for x in t.split(",") if x.strip()]
    bad = [n for n in names if n not in ALL_LINEAR + ["lm_head"]]
    if bad:
        raise SystemExit(f"--lora-targets: unknown modules {bad}")
    return names


def apply_lora(args, model):
    from peft import LoraConfig, get_peft_model

    if args.finetune == "qlora" and args.kbit_prep:
        from peft import prepare_model_for_kbit_training

        model = prepare_model_for_kbit_training(
            model, use_gradient_checkpointing=args.checkpointing == "full")
    if args.trainer == "hf" and args.checkpointing == "full":
        # As the HF-Trainer tools do (LLaMA-Factory, Qwen finetune.py): the Trainer's default
        # reentrant checkpointing needs an input that requires grad when the embeddings are
        # frozen.
        model.enable_input_require_grads()
    cfg = LoraConfig(r=args.lora_rank, lora_alpha=args.lora_alpha,
                     lora_dropout=args.lora_dropout, target_modules=lora_targets(args),
                     bias="none", task_type="CAUSAL_LM")
    return get_peft_model(model, cfg)


def make_optimizer(args, params):
    import torch

    if args.optimizer == "adamw":
        return torch.optim.AdamW(params, lr=1e-5, fused=True if args.fused_optimizer else None)
    if args.optimizer == "sgd":
        return torch.optim.SGD(params, lr=1e-5)
    import bitsandbytes as bnb

    return {
        "adamw_8bit": lambda: bnb.optim.AdamW8bit(params, lr=1e-5),
        "paged_adamw": lambda: bnb.optim.PagedAdamW(params, lr=1e-5),
        "paged_adamw_8bit": lambda: bnb.optim.PagedAdamW8bit(params, lr=1e-5),
    }[args.optimizer]()


# --------------------------------------------------------------------------------------------
# Runs


def run_training(args, model, vocab: int) -> None:
    import torch

    model.train()
    if args.checkpointing == "full":
        model.gradient_checkpointing_enable(gradient_checkpointing_kwargs={"use_reentrant": False})
        model.config.use_cache = False
    params = [p for p in model.parameters() if p.requires_grad]
    opt = make_optimizer(args, params)
    gen = torch.Generator(device="cuda").manual_seed(args.seed)
    autocast = torch.autocast("cuda", dtype=torch.bfloat16,
                              enabled=args.precision == "amp-bf16")
    for _ in range(args.steps):
        ids = torch.randint(0, vocab, (args.micro_batch, args.seq_len), device="cuda",
                            generator=gen)
        with autocast:
            loss = model(input_ids=ids, labels=ids, use_cache=False).loss
        loss.backward()
        opt.step()
        opt.zero_grad(set_to_none=True)
        del loss, ids
    torch.cuda.synchronize()


def run_hf_trainer(args, model, vocab: int) -> dict:
    """Trains args.steps steps with transformers Trainer; returns what it ran with."""
    import torch
    from transformers import Trainer, TrainingArguments, default_data_collator

    gen = torch.Generator().manual_seed(args.seed)
    lengths = sample_lengths(args, gen)
    data = []
    for n in lengths:
        row = torch.randint(0, vocab, (n,), generator=gen)
        data.append({"input_ids": row, "labels": row.clone(), "attention_mask": torch.ones_like(row)})
    collate = default_data_collator if args.random_lengths is None else pad_to_longest
    with tempfile.TemporaryDirectory(prefix="headroom-trainer-") as out:
        targs = TrainingArguments(
            output_dir=out, per_device_train_batch_size=args.micro_batch,
            max_steps=args.steps, bf16=True, gradient_checkpointing=args.checkpointing == "full",
            report_to="none", save_strategy="no", logging_strategy="no", disable_tqdm=True,
            remove_unused_columns=False, dataloader_num_workers=0, seed=args.seed)
        trainer = Trainer(model=model, args=targs, train_dataset=data, data_collator=collate)
        trainer.train()
        torch.cuda.synchronize()
        opt = getattr(trainer.optimizer, "optimizer", trainer.optimizer)
        state_dtype = None
        for st in opt.state.values():
            if "exp_avg" in st:
                state_dtype = st["exp_avg"].dtype
                break
        info = {"optim": str(getattr(targs.optim, "value", targs.optim)),
                "optimizer_class": type(opt).__name__,
                "fused": bool(opt.defaults.get("fused")),
                "foreach": opt.defaults.get("foreach"),
                "state_dtype": state_dtype,
                "gradient_checkpointing_kwargs": targs.gradient_checkpointing_kwargs,
                "max_length": max(lengths), "min_length": min(lengths),
                "mean_length": sum(lengths) / len(lengths)}
    return info


def sample_lengths(args, gen) -> list[int]:
    """Sample lengths: all --seq-len, or (--random-lengths MEAN,STD,MIN,MAX) normal draws
    clipped to [MIN, MAX] of which those above --seq-len are dropped, as ms-swift's
    truncation_strategy 'delete' drops them, until micro-batch x steps samples are kept."""
    import torch

    n = args.micro_batch * args.steps
    if args.random_lengths is None:
        return [args.seq_len] * n
    mean, std, lo, hi = args.random_lengths
    kept: list[int] = []
    while len(kept) < n:
        x = int(round(min(max(mean + std * torch.randn(1, generator=gen).item(), lo), hi)))
        if x <= args.seq_len:
            kept.append(x)
    return kept


def pad_to_longest(features: list[dict]) -> dict:
    """Pads a batch to its longest sample (pad id 0, label -100, mask 0), as
    torch.nn.utils.rnn.pad_sequence does in ms-swift's data_collate_fn."""
    import torch
    from torch.nn.utils.rnn import pad_sequence

    return {
        "input_ids": pad_sequence([f["input_ids"] for f in features], batch_first=True,
                                  padding_value=0),
        "labels": pad_sequence([f["labels"] for f in features], batch_first=True,
                               padding_value=-100),
        "attention_mask": pad_sequence([f["attention_mask"] for f in features],
                                       batch_first=True, padding_value=0),
    }


def observed_dtype_fields(model, info: dict) -> dict:
    """The record's dtype fields as the trained tensors have them (--trainer hf)."""
    import torch

    names = {torch.float32: "fp32", torch.bfloat16: "bf16", torch.float16: "fp16"}
    by_dtype: dict = {}
    trainable = None
    for n, p in model.named_parameters():
        if "lora_" not in n:
            by_dtype[p.dtype] = by_dtype.get(p.dtype, 0) + p.numel()
        if p.requires_grad and trainable is None:
            trainable = p.dtype
    weights = max(by_dtype, key=by_dtype.get)
    state = info.get("state_dtype") or trainable
    return {
        "weight_dtype": names[weights],
        "compute_dtype": "bf16",
        # trainable fp32 parameters under bf16 autocast are the optimizer's fp32 copy
        "master_weights_fp32": trainable == torch.float32,
        "grad_dtype": names[trainable],
        "optimizer": "adamw",
        "optimizer_state_dtype": names[state],
    }


def run_inference(args, model, vocab: int) -> None:
    import torch

    model.eval()
    gen = torch.Generator(device="cuda").manual_seed(args.seed)
    ids = torch.randint(0, vocab, (args.micro_batch, args.prompt_tokens), device="cuda",
                        generator=gen)
    with torch.no_grad():
        model.generate(input_ids=ids, attention_mask=torch.ones_like(ids),
                       max_new_tokens=args.new_tokens, min_new_tokens=args.new_tokens,
                       do_sample=False, use_cache=True, pad_token_id=0)
    torch.cuda.synchronize()


# --------------------------------------------------------------------------------------------
# Records


def model_fields(cfg, name: str, param_count: int) -> dict:
    mt = cfg.model_type
    heads = cfg.num_attention_heads
    hidden = cfg.hidden_size
    head_dim = getattr(cfg, "head_dim", None) or hidden // heads
    kv = getattr(cfg, "num_key_value_heads", None)
    if kv is None:
        kv = 1 if getattr(cfg, "multi_query", False) else heads
    inter = getattr(cfg, "intermediate_size", None) or getattr(cfg, "n_inner", None) \
        or getattr(cfg, "ffn_hidden_size", None) or 4 * hidden
    mlp = "gated_silu" if mt in GATED_FAMILIES else "gelu" if mt in PLAIN_FAMILIES else None
    if mlp is None:
        act = str(getattr(cfg, "hidden_act", ""))
        mlp = "gated_silu" if act in ("silu", "swiglu") else "gelu"
    return {
        "name": name,
        "family": mt,
        "num_layers": cfg.num_hidden_layers,
        "hidden_size": hidden,
        "num_attention_heads": heads,
        "num_kv_heads": kv,
        "head_dim": head_dim,
        "intermediate_size": inter,
        "mlp": mlp,
        "vocab_size": cfg.vocab_size,
        "tied_embeddings": bool(getattr(cfg, "tie_word_embeddings", False)),
        "param_count": param_count,
    }


def dtype_fields(args) -> dict:
    training = args.mode == "training"
    base = {"bf16-true": "bf16", "fp16-true": "fp16", "fp32": "fp32", "amp-bf16": "fp32"}[
        args.precision]
    compute = {"bf16-true": "bf16", "fp16-true": "fp16", "fp32": "fp32", "amp-bf16": "bf16"}[
        args.precision]
    weights = base if args.weights == "auto" else args.weights
    if not training:
        return {"weight_dtype": weights, "compute_dtype": compute, "master_weights_fp32": None,
                "grad_dtype": None, "optimizer": None, "optimizer_state_dtype": None}
    if args.weights != "auto" and args.precision in ("bf16-true", "fp16-true"):
        trainable = compute  # adapters of a quantised base: compute dtype
    else:
        trainable = base
    state = {"adamw": trainable, "sgd": None, "adamw_8bit": "int8", "paged_adamw": "fp32",
             "paged_adamw_8bit": "int8"}[args.optimizer]
    return {
        "weight_dtype": weights,
        "compute_dtype": compute,
        "master_weights_fp32": args.precision in ("amp-bf16", "fp32"),
        "grad_dtype": trainable,
        "optimizer": args.optimizer,
        "optimizer_state_dtype": state,
    }


def transformers_version() -> str:
    import transformers

    return transformers.__version__


def versions() -> str:
    out = []
    for mod in ("torch", "transformers", "peft", "bitsandbytes"):
        try:
            m = __import__(mod)
            out.append(f"{mod} {m.__version__}")
        except Exception:  # noqa: BLE001
            out.append(f"{mod} absent")
    return ", ".join(out)


def build_records(args, cfg, name: str, param_count: int, peaks: dict, gpu: dict,
                  command: str, nvml_source: str, trainer: dict | None = None,
                  observed: dict | None = None) -> list[dict]:
    training = args.mode == "training"
    features = []
    if training and (args.fused_optimizer or (trainer or {}).get("fused")):
        features.append("fused_optimizer")
    if training and args.optimizer.startswith("paged"):
        features.append("paged_optimizer")
    if training and "expandable_segments:True" in (args.alloc_conf or ""):
        features.append("expandable_segments")
    lora = None
    if training and args.finetune in ("lora", "qlora"):
        lora = {"rank": args.lora_rank, "alpha": args.lora_alpha, "targets": lora_targets(args),
                "dropout": args.lora_dropout}
    assumptions = [
        "Measured by tools/measure/measure_peak.py with random weights "
        "(AutoModelForCausalLM.from_config); memory does not depend on the weight values.",
        "Every sample is exactly sequence_length random tokens (no padding, no packing)."
        if training else
        "Prompt of exactly prompt_tokens random tokens; min_new_tokens = max_new_tokens, so "
        "exactly new_tokens tokens are generated (greedy, KV cache on).",
        f"head_dim = {'config head_dim' if getattr(cfg, 'head_dim', None) else 'hidden_size / num_attention_heads'}.",
        "gpu.memory_gb: " + ("given with --gpu-memory-gb." if args.gpu_memory_gb else
                             "the device's total memory in whole GiB, rounded down."),
    ]
    if training:
        assumptions.append(f"{args.steps} training steps (forward, backward, optimizer step); "
                           "peaks are over all of them, so the optimizer states allocated by the "
                           "first step are live during the second.")
    if args.finetune == "qlora":
        assumptions.append("QLoRA: bitsandbytes Linear4bit for every linear layer except lm_head "
                           "(transformers BitsAndBytesConfig); embeddings and lm_head stay 16-bit"
                           + ("; prepare_model_for_kbit_training casts norms to fp32."
                              if args.kbit_prep else "."))
    if trainer is not None:
        assumptions[0] = ("Measured by tools/measure/measure_peak.py --trainer hf: a random-weight "
                          "checkpoint saved in the config's dtype (make_checkpoint.py), loaded "
                          "with AutoModelForCausalLM.from_pretrained "
                          + ("without a dtype" if args.load_dtype == "auto" else
                             f"with dtype {args.load_dtype}") + " and trained "
                          "by transformers Trainer (bf16=True, its default optimizer); memory "
                          "does not depend on the weight values.")
        assumptions.append(f"Trainer ran: optim {trainer['optim']} ({trainer['optimizer_class']}, "
                           f"fused={trainer['fused']}, foreach={trainer['foreach']}), "
                           f"gradient_checkpointing_kwargs {trainer['gradient_checkpointing_kwargs']}"
                           "; every batch carries an all-ones attention_mask; the dtypes are "
                           "read off the trained parameters and the AdamW states.")
        if args.finetune == "lora" and args.checkpointing == "full":
            assumptions.append("LoRA with checkpointing: enable_input_require_grads() before "
                               "get_peft_model, as HF-Trainer tools do.")
        if args.random_lengths is not None:
            mean, std, lo, hi = args.random_lengths
            assumptions[1] = (
                f"Variable lengths: {args.steps * args.micro_batch} samples of random tokens "
                f"whose lengths are normal draws (mean {mean:g}, std {std:g}) clipped to "
                f"[{lo:g}, {hi:g}], those above {args.seq_len} dropped (ms-swift "
                f"truncation_strategy 'delete'); kept lengths {trainer['min_length']} to "
                f"{trainer['max_length']} (mean {trainer['mean_length']:.0f}); batches padded "
                f"to their longest sample. sequence_length is the longest kept sample; "
                f"{args.steps} steps.")
    if args.alloc_conf:
        assumptions.append(f"PYTORCH_CUDA_ALLOC_CONF={args.alloc_conf} (the caching allocator's "
                           "configuration for this run).")
    if args.optimizer.startswith("paged"):
        assumptions.append("Paged optimizer states live in CUDA unified memory outside the torch "
                           "allocator: allocated/reserved exclude them, nvidia_smi includes the "
                           "resident part.")
    base = {
        "schema": SCHEMA_VERSION,
        "confidence": "complete",
        # the framework version decides the profile (resources/framework-revisions.json)
        "source_url": "tools/measure/measure_peak.py"
                      + (" --trainer hf" if trainer is not None else "")
                      + (f" --load-dtype {args.load_dtype}" if args.load_dtype != "auto" else "")
                      + (" --random-lengths" if args.random_lengths is not None else "")
                      + (f" --alloc-conf {args.alloc_conf}" if args.alloc_conf else "")
                      + f" (local measurement, transformers {transformers_version()}"
                      + (", plain training loop)" if training and trainer is None else ")"),
        "model": model_fields(cfg, name, param_count),
        "mode": args.mode,
        "finetune": args.finetune if training else None,
        "lora": lora,
        **(observed or dtype_fields(args)),
        "micro_batch_size": args.micro_batch,
        "sequence_length": ((trainer or {}).get("max_length", args.seq_len) if training
                            else None),
        "gradient_accumulation_steps": 1 if training else None,
        "inference": None if training else {
            "prompt_tokens": args.prompt_tokens, "new_tokens": args.new_tokens,
            "kv_cache_dtype": dtype_fields(args)["compute_dtype"]},
        "activation_checkpointing": args.checkpointing if training else "none",
        "attention": args.attention,
        "features": features,
        # the lengths the engine replays (tests/data/SCHEMA.md sample_lengths); every batch
        # is drawn from them, sequence_length stays the longest kept sample
        **({"sample_lengths": {
            "mean": round(args.random_lengths[0]), "std": round(args.random_lengths[1]),
            "min": round(args.random_lengths[2]), "max": round(args.random_lengths[3]),
            "drop_long": True, "steps": args.steps}}
           if training and args.random_lengths is not None else {}),
        "parallelism": {"num_gpus": 1, "dp": 1, "tp": 1, "pp": 1, "cp": 1, "sharding": "none",
                        "pp_schedule": None},
        "gpu": gpu,
    }
    stamp = _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    notes_common = (f"Command: {command}. Measured {stamp} on {gpu['name']}. Versions: "
                    f"{versions()}. nvidia_smi source: {nvml_source}.")
    prefix = args.id or default_id(args, name)
    records = []
    for metric, suffix in (("allocated", "A"), ("reserved", "R"), ("nvidia_smi", "S")):
        b = int(peaks[metric])
        rec = {"schema": base["schema"], "id": f"{prefix}-{suffix}"}
        rec.update({k: v for k, v in base.items() if k != "schema"})
        rec["measured"] = {"metric": metric, "bytes": b, "value": round(b / GIB, 4),
                           "unit": "GiB", "value_range": None}
        rec["assumptions"] = assumptions
        rec["notes"] = notes_common + {
            "allocated": " Metric: torch.cuda.max_memory_allocated().",
            "reserved": " Metric: torch.cuda.max_memory_reserved().",
            "nvidia_smi": " Metric: peak per-process used memory (CUDA context included).",
        }[metric]
        records.append(order_keys(rec))
    return records


KEY_ORDER = ["schema", "id", "confidence", "source_url", "model", "mode", "finetune", "lora",
             "weight_dtype", "compute_dtype", "master_weights_fp32", "grad_dtype", "optimizer",
             "optimizer_state_dtype", "micro_batch_size", "sequence_length",
             "gradient_accumulation_steps", "inference", "activation_checkpointing", "attention",
             "features", "parallelism", "gpu", "measured", "assumptions", "notes"]


def order_keys(rec: dict) -> dict:
    missing = [k for k in KEY_ORDER if k not in rec]
    if missing:
        raise RuntimeError(f"record misses {missing}")
    ordered = {}
    for k in KEY_ORDER:
        ordered[k] = rec[k]
        if k == "features" and "sample_lengths" in rec:  # optional, after features
            ordered["sample_lengths"] = rec["sample_lengths"]
    return ordered


def default_id(args, name: str) -> str:
    import hashlib

    key = json.dumps(vars(args), sort_keys=True, default=str)
    short = hashlib.sha1(key.encode()).hexdigest()[:8]
    safe = "".join(c if c.isalnum() else "-" for c in name)[:24]
    return f"MEAS-{safe}-{short}"


def append_records(path: Path, records: list[dict]) -> None:
    existing = []
    if path.exists() and path.stat().st_size > 0:
        existing = json.loads(path.read_text())
        if not isinstance(existing, list):
            raise SystemExit(f"{path}: not a JSON array of records")
    new_ids = {r["id"] for r in records}
    existing = [r for r in existing if r.get("id") not in new_ids]  # a re-run replaces its records
    existing.extend(records)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(json.dumps(existing, indent=1) + "\n")
    tmp.replace(path)


# --------------------------------------------------------------------------------------------


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    command = " ".join(shlex.quote(a) for a in [sys.executable, sys.argv[0], *argv])
    if args.alloc_conf:
        os.environ["PYTORCH_CUDA_ALLOC_CONF"] = args.alloc_conf  # read when CUDA initialises
    import torch

    if not torch.cuda.is_available():
        print("measure_peak: no CUDA device", file=sys.stderr)
        return 1
    torch.manual_seed(args.seed)
    cfg, folder = load_config(args.config)
    name = args.name or folder.name
    props = torch.cuda.get_device_properties(0)
    gpu = {"name": props.name,
           "memory_gb": args.gpu_memory_gb or int(props.total_memory // GIB)}
    sampler = NvmlPeak(torch.cuda.current_device(), args.poll_ms / 1000.0)
    trainer = observed = None
    try:
        with sampler:
            torch.cuda.init()
            model = build_model(args, cfg)
            param_count = sum(p.numel() for p in model.parameters())
            if args.weights != "auto":
                # Linear4bit packs two 4-bit values per uint8 element: count logical weights.
                param_count = count_logical_params(model)
            if args.mode == "training" and args.finetune in ("lora", "qlora"):
                model = apply_lora(args, model)
            vocab = cfg.vocab_size
            if args.trainer == "hf":
                trainer = run_hf_trainer(args, model, vocab)
                observed = observed_dtype_fields(model, trainer)
                print("trainer:", {k: str(v) for k, v in trainer.items()}, observed)
            elif args.mode == "training":
                run_training(args, model, vocab)
            else:
                run_inference(args, model, vocab)
    except torch.cuda.OutOfMemoryError as e:
        print(f"measure_peak: out of memory ({e}); nothing recorded", file=sys.stderr)
        return 3
    peaks = {
        "allocated": torch.cuda.max_memory_allocated(),
        "reserved": torch.cuda.max_memory_reserved(),
        "nvidia_smi": sampler.peak,
    }
    if peaks["nvidia_smi"] < peaks["reserved"]:
        print("measure_peak: NVML reading below reserved (sampling missed the peak or the "
              "process is not visible); nvidia_smi record not written", file=sys.stderr)
    records = build_records(args, cfg, name, param_count, peaks, gpu, command, sampler.source,
                            trainer, observed)
    if peaks["nvidia_smi"] < peaks["reserved"]:
        records = [r for r in records if r["measured"]["metric"] != "nvidia_smi"]
    append_records(Path(args.out), records)
    print(json.dumps({r["measured"]["metric"]: r["measured"]["bytes"] for r in records}))
    return 0


def count_logical_params(model) -> int:
    """Parameters as the unquantised model has them (bnb 4-bit stores two per byte)."""
    total = 0
    for p in model.parameters():
        n = p.numel()
        qs = getattr(p, "quant_state", None)
        if qs is not None and getattr(qs, "shape", None) is not None:
            n = 1
            for d in qs.shape:
                n *= int(d)
        total += n
    return total


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
