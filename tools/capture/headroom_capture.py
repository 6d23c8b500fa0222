"""Record a PyTorch training run's GPU memory for Headroom (docs/measured-runs.md).

One file comes out: a Headroom scenario (the model's whole config.json, the run as Headroom's
workload keys, the GPU) plus a ``measured`` section (format ``headroom-measured/1``): for each
captured step and phase (forward, backward, optimizer step) the peaks of
``torch.cuda.memory_stats()`` (allocated, reserved, active), the device's used memory from
``torch.cuda.mem_get_info()`` (and this process's own from NVML when ``pynvml`` is importable),
the bytes of parameters, gradients and optimizer states live at the phase's end, the caching
allocator's segments at the end, and the run as the live objects describe it (parameter dtypes
and trainable counts, the optimizer class and its state dtypes, the batch shapes, gradient
checkpointing, the attention implementation, autocast, world size and wrapping).

``headroom-cli estimate --measured FILE`` and the GUI's File > Open measured run read it.

Only ``torch`` is needed (transformers, peft, bitsandbytes, pynvml are read when present).

Plain loop::

    from headroom_capture import Capture
    with Capture(model, optimizer, out="run.headroom.json", steps=2):
        for batch in loader:
            loss = model(**batch).loss
            loss.backward()
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)

The phases come from hooks (a forward pre/post hook on ``model``, the optimizer's step hooks),
so the loop needs no other change; the file is written after ``steps`` optimizer steps (the
first step has no optimizer states yet: ``steps=2`` captures one step with them) or when the
``with`` block ends. Hugging Face Trainer::

    trainer = Trainer(..., callbacks=[HeadroomCaptureCallback("run.headroom.json", steps=2)])

``history=True`` also records ``torch.cuda.memory._record_memory_history`` during the captured
steps and dumps PyTorch's own snapshot next to the file (``.pickle``), which Headroom reads too.
"""

from __future__ import annotations

import json
import math
import os
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

FORMAT = "headroom-measured/1"
CAPTURE_VERSION = "1"
PHASES = ("forward", "backward", "optimizer_step")
MAX_SEGMENTS = 4096  # segments listed in the file (the totals cover all of them)

# torch dtype name -> Headroom dtype key (docs/scenario-format.md)
DTYPE_KEYS = {"float32": "fp32", "bfloat16": "bf16", "float16": "fp16", "int8": "int8",
              "uint8": "int8", "float8_e4m3fn": "fp8", "float8_e5m2": "fp8"}
# optimizer class name -> Headroom optimizer key
OPTIMIZER_KEYS = {"AdamW": "adamw", "Adam": "adam", "Adafactor": "adafactor",
                  "AdamW8bit": "adamw_8bit", "Adam8bit": "adamw_8bit",
                  "PagedAdamW": "paged_adamw", "PagedAdamW32bit": "paged_adamw",
                  "PagedAdamW8bit": "paged_adamw_8bit", "Lion": "lion"}
# attn_implementation -> Headroom attention key
ATTENTION_KEYS = {"eager": "eager", "sdpa": "sdpa", "flash_attention_2": "flash",
                  "flash_attention_3": "flash", "flex_attention": "flex"}
LORA_TARGETS = ("q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj",
                "lm_head")


def _torch():
    import torch
    return torch


def _dtype_name(dtype) -> str:
    return str(dtype).replace("torch.", "")


def _storage_key(t):
    """(data pointer, bytes) of the storage under tensor @p t, so shared storages count once."""
    try:
        s = t.untyped_storage()
    except AttributeError:  # torch < 2.0
        s = t.storage()
        return (s.data_ptr(), s.size() * s.element_size())
    return (s.data_ptr(), s.nbytes())


def _unique_bytes(tensors) -> int:
    seen = {}
    for t in tensors:
        if t is None or not getattr(t, "is_cuda", False):
            continue
        key = _storage_key(t)
        seen[key[0]] = max(seen.get(key[0], 0), key[1])
    return sum(seen.values())


def _jsonable(value, depth=0):
    """A config value as JSON: dtypes and other objects as strings, sets as sorted lists."""
    if depth > 32:
        return str(value)
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else str(value)
    if isinstance(value, dict):
        return {str(k): _jsonable(v, depth + 1) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v, depth + 1) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted(str(v) for v in value)
    return _dtype_name(value) if "dtype" in type(value).__name__ else str(value)


def unwrap_optimizer(opt):
    """The torch optimizer under wrappers (accelerate's AcceleratedOptimizer, ...)."""
    torch = _torch()
    for _ in range(8):  # AcceleratedOptimizer subclasses Optimizer without its hook tables
        inner = getattr(opt, "optimizer", None)
        if isinstance(inner, torch.optim.Optimizer):
            opt = inner
        else:
            break
    return opt if isinstance(opt, torch.optim.Optimizer) else None


# --------------------------------------------------------------------------------------------
# The run as its live objects describe it (no GPU needed: tested on the CPU)


def describe_parameters(model) -> dict:
    """Parameters by storage dtype and trainability, quantised classes by name, and LoRA."""
    by = defaultdict(lambda: {"count": 0, "trainable": 0, "bytes": 0})
    quant = Counter()
    for p in model.parameters():
        cls = type(p).__name__
        name = _dtype_name(p.dtype)
        if cls in ("Params4bit", "Int8Params"):
            quant[cls] += p.numel()
            qs = getattr(p, "quant_state", None)
            if cls == "Params4bit":
                qt = getattr(qs, "quant_type", None) or getattr(p, "quant_type", "nf4")
                name = qt + ("_double_quant" if getattr(qs, "nested", False) else "")
        entry = by[name]
        entry["count"] += p.numel()
        entry["bytes"] += p.numel() * p.element_size()
        if p.requires_grad:
            entry["trainable"] += p.numel()
    out = {"by_dtype": [dict(dtype=k, **v) for k, v in sorted(by.items())]}
    if quant:
        out["quantized_classes"] = dict(quant)
    lora = describe_lora(model)
    if lora:
        out["lora"] = lora
    return out


def describe_lora(model) -> dict | None:
    configs = getattr(model, "peft_config", None)
    if not isinstance(configs, dict) or not configs:
        return None
    cfg = next(iter(configs.values()))
    targets = getattr(cfg, "target_modules", None)
    if isinstance(targets, str):
        targets = [targets]
    return {"type": str(getattr(cfg, "peft_type", "")).replace("PeftType.", ""),
            "rank": getattr(cfg, "r", None), "alpha": getattr(cfg, "lora_alpha", None),
            "dropout": getattr(cfg, "lora_dropout", None),
            "target_modules": sorted(targets) if targets else [],
            "use_dora": bool(getattr(cfg, "use_dora", False))}


def describe_optimizer(opt) -> dict | None:
    opt = unwrap_optimizer(opt)
    if opt is None:
        return None
    keep = ("lr", "betas", "eps", "weight_decay", "momentum", "fused", "foreach", "amsgrad")
    defaults = {k: _jsonable(v) for k, v in getattr(opt, "defaults", {}).items() if k in keep}
    states = defaultdict(int)
    for st in getattr(opt, "state", {}).values():
        for key, t in st.items():
            if hasattr(t, "dtype") and hasattr(t, "numel") and t.dim() > 0:
                states[_dtype_name(t.dtype)] += t.numel() * t.element_size()
    return {"class": type(opt).__name__, "module": type(opt).__module__,
            "defaults": defaults, "state_bytes_by_dtype": dict(states)}


def describe_wrapping(model, opt) -> dict:
    torch = _torch()
    names = {type(m).__name__ for m in model.modules()} | {type(model).__name__}
    kind = "none"
    if any(n == "FullyShardedDataParallel" for n in names):
        kind = "fsdp1"
    elif any(n.startswith("FSDP") for n in names):
        kind = "fsdp2"
    elif "DistributedDataParallel" in names:
        kind = "ddp"
    inner = unwrap_optimizer(opt)
    if inner is not None and "deepspeed" in type(inner).__module__.lower():
        kind = "deepspeed"
    dist = getattr(torch, "distributed", None)
    world = dist.get_world_size() if dist and dist.is_available() and dist.is_initialized() else 1
    return {"kind": kind, "world_size": world}


def describe_model(model) -> dict:
    cfg = getattr(model, "config", None)
    out = {"class": type(model).__name__}
    if cfg is not None and hasattr(cfg, "to_dict"):
        out["config"] = _jsonable(cfg.to_dict())
        out["attn_implementation"] = getattr(cfg, "_attn_implementation", None)
    out["gradient_checkpointing"] = bool(getattr(model, "is_gradient_checkpointing", False))
    return out


# --------------------------------------------------------------------------------------------
# The description as Headroom's scenario keys (docs/scenario-format.md)


def _majority(by_dtype: list[dict], trainable: bool | None) -> str | None:
    best, best_n = None, 0
    for e in by_dtype:
        n = {None: e["count"], True: e["trainable"], False: e["count"] - e["trainable"]}[trainable]
        if n > best_n:
            best, best_n = e["dtype"], n
    return best


def _dtype_key(name: str | None) -> str | None:
    if name is None:
        return None
    if name.startswith(("nf4", "fp4")):
        return name
    return DTYPE_KEYS.get(name)


def lora_targets_key(modules: list[str]):
    known = [m for m in LORA_TARGETS if m in modules]
    if set(LORA_TARGETS[:7]) <= set(known) and "lm_head" not in known:
        return "all-linear"
    if "all-linear" in modules:
        return "all-linear"
    return known


def workload_keys(desc: dict, framework: str) -> tuple[dict, list[str]]:
    """Headroom workload keys for @p desc, and what the description holds that they cannot."""
    params = desc["parameters"]
    lora = params.get("lora")
    unmodelled = []
    quantised = "quantized_classes" in params
    w = {"mode": "training", "framework": framework, "precision_preset": "custom",
         "finetune": ("qlora" if quantised else "lora") if lora else "full"}
    base = _majority(params["by_dtype"], False if lora else None)
    trainable = _majority(params["by_dtype"], True)
    prec = {"weights": _dtype_key(base), "gradients": _dtype_key(trainable)}
    autocast = desc.get("autocast_dtype")
    # without autocast a layer computes in its weights' dtype (LoRA: the frozen base's; the
    # fp32 adapters PEFT keeps are upcast copies, not the compute dtype)
    prec["compute"] = _dtype_key(autocast) if autocast else _dtype_key(base or trainable)
    opt = desc.get("optimizer") or {}
    states = opt.get("state_bytes_by_dtype") or {}
    state_dtype = max(states, key=states.get) if states else trainable
    prec["optimizer_states"] = _dtype_key(state_dtype)
    if lora:
        prec["adapters"] = _dtype_key(trainable)
    prec["master_weights_fp32"] = False
    w["precision"] = {k: v for k, v in prec.items() if v is not None}
    cls = opt.get("class")
    if cls in OPTIMIZER_KEYS:
        w["optimizer"] = OPTIMIZER_KEYS[cls]
    elif cls == "SGD":
        w["optimizer"] = "sgd_momentum" if opt["defaults"].get("momentum") else "sgd"
    elif cls:
        unmodelled.append(f"optimizer {cls}")
    model = desc["model"]
    w["activation_checkpointing"] = "full" if model.get("gradient_checkpointing") else "none"
    attn = model.get("attn_implementation")
    if attn in ATTENTION_KEYS:
        w["attention"] = ATTENTION_KEYS[attn]
    elif attn:
        unmodelled.append(f"attention {attn}")
    shapes = desc.get("batch_shapes") or []
    if shapes:
        w["micro_batch_size"] = max(s[0] for s in shapes)
        w["sequence_length"] = max(s[1] for s in shapes if len(s) > 1)
    w["gradient_accumulation_steps"] = max(1, desc.get("forwards_per_step", 1))
    w["features"] = {"fused_optimizer": bool(opt.get("defaults", {}).get("fused")),
                     "expandable_segments": "expandable_segments:True" in
                     desc.get("allocator_conf", "").replace(" ", "")}
    if lora:
        w["lora"] = {"rank": lora["rank"], "targets": lora_targets_key(lora["target_modules"]),
                     "dropout": bool(lora.get("dropout"))}
    wrap = desc["wrapping"]
    w["parallelism"] = {"dp": wrap["world_size"],
                        "sharding": {"fsdp1": "fsdp_full_shard",
                                     "fsdp2": "fsdp_full_shard"}.get(wrap["kind"], "none")}
    if wrap["kind"] == "deepspeed":
        unmodelled.append("DeepSpeed ZeRO stage (not readable from the optimizer)")
    return w, unmodelled


# --------------------------------------------------------------------------------------------
# Measuring


class _Nvml:
    """This process's used GPU memory from NVML (nvidia-smi's figure), when pynvml exists."""

    def __init__(self, index: int):
        self.handle = None
        try:
            import pynvml
            pynvml.nvmlInit()
            self.nvml = pynvml
            self.handle = pynvml.nvmlDeviceGetHandleByIndex(index)
        except Exception:  # optional: no pynvml, no driver access
            self.handle = None

    def total_bytes(self):
        """The GPU's memory as nvidia-smi reports it (torch's mem_get_info total is smaller)."""
        if self.handle is None:
            return None
        try:
            return int(self.nvml.nvmlDeviceGetMemoryInfo(self.handle).total)
        except Exception:
            return None

    def process_bytes(self):
        if self.handle is None:
            return None
        try:
            procs = self.nvml.nvmlDeviceGetComputeRunningProcesses(self.handle)
        except Exception:
            return None
        mine = [p.usedGpuMemory for p in procs if p.pid == os.getpid() and p.usedGpuMemory]
        return mine[0] if mine else None


class Capture:
    """Context manager recording ``steps`` optimizer steps of a training loop (module doc)."""

    def __init__(self, model, optimizer=None, out="run.headroom.json", steps=2, history=False,
                 framework="torch-loop@2", gpu_count=None, notes=""):
        torch = _torch()
        self.torch = torch
        self.model, self.optimizer = model, unwrap_optimizer(optimizer)
        self.out, self.steps_wanted, self.history = Path(out), max(1, int(steps)), history
        self.framework, self.notes, self.gpu_count = framework, notes, gpu_count
        self.device = torch.cuda.current_device()
        self.nvml = _Nvml(self.device)
        self.steps, self.shapes, self.hooks = [], [], []
        self.phase, self.step, self.forwards, self.autocast = None, None, 0, None
        self.used_peak = 0
        self.written = False
        self.after_load = self._boundary(peaks_since_start=True)
        self._install()

    # -- hooks ---------------------------------------------------------------------------
    def _install(self):
        m = self.model
        try:
            self.hooks.append(m.register_forward_pre_hook(self._pre_forward, with_kwargs=True))
        except TypeError:  # torch < 2.0: no kwargs in hooks
            self.hooks.append(m.register_forward_pre_hook(
                lambda mod, args: self._pre_forward(mod, args, {})))
        self.hooks.append(m.register_forward_hook(self._post_forward))
        # autocast is read inside the model's forward: accelerate (the Trainer's mixed
        # precision) enters it in a wrapper of forward, after the pre-hook above
        inner = m.get_input_embeddings() if hasattr(m, "get_input_embeddings") else None
        if inner is not None:
            self.hooks.append(inner.register_forward_pre_hook(lambda *a: self._read_autocast()))
        opt = self.optimizer
        if opt is None:
            return
        if hasattr(opt, "register_step_pre_hook"):
            self.hooks.append(opt.register_step_pre_hook(lambda *a: self._pre_step()))
            self.hooks.append(opt.register_step_post_hook(lambda *a: self._post_step()))
        else:  # torch < 2.0: wrap the bound method
            inner = opt.step

            def step(*a, **k):
                self._pre_step()
                r = inner(*a, **k)
                self._post_step()
                return r
            opt.step = step

    def _active(self):
        return not self.written and len(self.steps) < self.steps_wanted

    def _pre_forward(self, module, args, kwargs):
        if not self._active():
            return
        if self.step is None:
            self.step = {"index": len(self.steps) + 1, "phases": {}, "input_shapes": []}
            if self.history and not self.steps:
                self.torch.cuda.memory._record_memory_history(max_entries=200000)
        elif self.phase == "backward":
            self._close("backward")
        ids = kwargs.get("input_ids") if kwargs else None
        if ids is None and args:
            ids = args[0]
        if hasattr(ids, "shape"):
            self.step["input_shapes"].append(list(ids.shape))
        self.forwards += 1
        self._read_autocast()
        self.phase = "forward"

    def _read_autocast(self):
        t = self.torch
        try:
            on = t.is_autocast_enabled("cuda")
        except TypeError:  # torch < 2.4
            on = t.is_autocast_enabled()
        if on:
            get = getattr(t, "get_autocast_dtype", None)
            self.autocast = _dtype_name(get("cuda") if get else t.get_autocast_gpu_dtype())

    def _post_forward(self, module, args, output):
        if self.phase == "forward" and self._active():
            self._close("forward")
            self.phase = "backward"

    def _pre_step(self):
        if self.step is not None and self._active():
            self._close("backward")
            self.phase = "optimizer_step"

    def _post_step(self):
        if self.step is None or not self._active():
            return
        self._close("optimizer_step")
        self.step["forwards"] = self.forwards
        self.steps.append(self.step)
        self.step, self.phase, self.forwards = None, None, 0
        if len(self.steps) >= self.steps_wanted:
            self.write()

    # -- measurements --------------------------------------------------------------------
    def _boundary(self, peaks_since_start=False) -> dict:
        t = self.torch
        t.cuda.synchronize()
        st = t.cuda.memory_stats(self.device)
        free, total = t.cuda.mem_get_info(self.device)
        self.total = total
        self.used_peak = max(self.used_peak, total - free)
        rec = {"allocated_peak_bytes": st.get("allocated_bytes.all.peak", 0),
               "reserved_peak_bytes": st.get("reserved_bytes.all.peak", 0),
               "active_peak_bytes": st.get("active_bytes.all.peak", 0),
               "allocated_bytes": st.get("allocated_bytes.all.current", 0),
               "reserved_bytes": st.get("reserved_bytes.all.current", 0),
               "device_used_bytes": total - free}
        proc = self.nvml.process_bytes()
        if proc is not None:
            rec["process_used_bytes"] = proc
        rec.update(self._categories())
        t.cuda.reset_peak_memory_stats(self.device)
        return rec

    def _categories(self) -> dict:
        params = list(self.model.parameters())
        cats = {"parameters_bytes": _unique_bytes(params),
                "gradients_bytes": _unique_bytes(p.grad for p in params)}
        if self.optimizer is not None:
            cats["optimizer_state_bytes"] = _unique_bytes(
                t for st in self.optimizer.state.values() for t in st.values()
                if hasattr(t, "is_cuda"))
        return cats

    def _close(self, phase: str):
        rec = self._boundary()
        old = self.step["phases"].get(phase)
        if old:  # several forwards per step (gradient accumulation): keep the larger peaks
            rec = {k: max(v, old.get(k, 0)) if k.endswith("peak_bytes") else v
                   for k, v in rec.items()}
        self.step["phases"][phase] = rec

    # -- output --------------------------------------------------------------------------
    def description(self) -> dict:
        desc = {"model": describe_model(self.model),
                "parameters": describe_parameters(self.model),
                "optimizer": describe_optimizer(self.optimizer),
                "wrapping": describe_wrapping(self.model, self.optimizer),
                "batch_shapes": [s for st in self.steps for s in st["input_shapes"]],
                "forwards_per_step": max((st.get("forwards", 1) for st in self.steps),
                                         default=1),
                "allocator_conf": os.environ.get("PYTORCH_CUDA_ALLOC_CONF", "")}
        if self.autocast:
            desc["autocast_dtype"] = self.autocast
        return desc

    def segments(self) -> dict:
        snap = self.torch.cuda.memory._snapshot()
        segs = [s for s in snap.get("segments", []) if s.get("device") == self.device]
        states = Counter()
        for s in segs:
            for b in s.get("blocks", []):
                states[b.get("state", "?")] += b.get("size", 0)
        listed = sorted(segs, key=lambda s: -s.get("total_size", 0))[:MAX_SEGMENTS]
        return {"count": len(segs),
                "reserved_bytes": sum(s.get("total_size", 0) for s in segs),
                "allocated_bytes": sum(s.get("allocated_size", 0) for s in segs),
                "expandable": sum(1 for s in segs if s.get("is_expandable")),
                "bytes_by_block_state": dict(states),
                "sizes": [[s.get("total_size", 0), s.get("allocated_size", 0)] for s in listed]}

    def document(self) -> dict:
        t = self.torch
        desc = self.description()
        workload, unmodelled = workload_keys(desc, self.framework)
        cfg = desc["model"].get("config")
        world = desc["wrapping"]["world_size"]
        props = t.cuda.get_device_properties(self.device)
        measured = {
            "format": FORMAT, "captured_by": f"headroom_capture.py {CAPTURE_VERSION}",
            "captured_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            "versions": versions(), "device_name": props.name, "device_total_bytes": self.total,
            "after_load": self.after_load, "steps": self.steps,
            "peaks": self._peaks(), "segments": self.segments(), "description": desc,
            "unmodelled": unmodelled, "notes": self.notes}
        doc = {"schema_version": 1,
               "model": ({"source": "hf_config", "hf_config": cfg} if cfg else
                         {"source": "unknown", "class": desc["model"]["class"]}),
               "workload": workload,
               "gpu": {"name": props.name,
                       "memory_mib": (self.nvml.total_bytes() or self.total) // 2**20},
               "gpu_count": self.gpu_count or world,
               "measured": measured}
        return doc

    def _peaks(self) -> dict:
        phases = [p for st in self.steps for p in st["phases"].values()] + [self.after_load]
        out = {k: max(p.get(k + "_peak_bytes", 0) for p in phases)
               for k in ("allocated", "reserved", "active")}
        out["device_used_bytes"] = self.used_peak
        procs = [p["process_used_bytes"] for p in phases if "process_used_bytes" in p]
        if procs:
            out["process_used_bytes"] = max(procs)
        return {k if k.endswith("_bytes") else k + "_bytes": v for k, v in out.items()}

    def write(self):
        if self.written or not self.steps:
            return
        self.written = True
        doc = self.document()
        if self.history:
            pickle_path = self.out.with_suffix(".pickle")
            self.torch.cuda.memory._dump_snapshot(str(pickle_path))
            self.torch.cuda.memory._record_memory_history(enabled=None)
            doc["measured"]["snapshot_file"] = pickle_path.name
        tmp = self.out.with_name(self.out.name + ".tmp")
        tmp.write_text(json.dumps(doc, indent=1) + "\n")
        os.replace(tmp, self.out)  # the old file stays whole if the write fails
        self.close()

    def close(self):
        for h in self.hooks:
            h.remove()
        self.hooks = []

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.write()
        self.close()
        return False


def versions() -> dict:
    out = {"python": sys.version.split()[0], "torch": _torch().__version__}
    for name in ("transformers", "peft", "bitsandbytes", "accelerate"):
        mod = sys.modules.get(name)
        if mod is not None:
            out[name] = getattr(mod, "__version__", "?")
    return out


def trainer_framework() -> str:
    """The hf-trainer profile version for the installed transformers (docs/profiles.md)."""
    mod = sys.modules.get("transformers")
    ver = getattr(mod, "__version__", "5")
    try:
        major, minor = (int(x) for x in ver.split(".")[:2])
    except ValueError:
        return "hf-trainer@5"
    if major >= 5:
        return "hf-trainer@5"
    return "hf-trainer@4.45" if minor >= 45 else "hf-trainer@4.44"


try:
    from transformers import TrainerCallback as _CallbackBase
except Exception:  # transformers absent: the callback class still exists, unused
    _CallbackBase = object


class HeadroomCaptureCallback(_CallbackBase):
    """Hugging Face Trainer callback: a Capture over the first ``steps`` optimizer steps."""

    def __init__(self, out="run.headroom.json", steps=2, history=False, notes=""):
        self.out, self.steps, self.history, self.notes = out, steps, history, notes
        self.capture = None

    def on_train_begin(self, args, state, control, model=None, optimizer=None, **kwargs):
        gpus = getattr(args, "world_size", 1)
        self.capture = Capture(model, optimizer, out=self.out, steps=self.steps,
                               history=self.history, framework=trainer_framework(),
                               gpu_count=gpus, notes=self.notes)

    def on_train_end(self, args, state, control, **kwargs):
        if self.capture is not None:
            self.capture.write()
            self.capture.close()
