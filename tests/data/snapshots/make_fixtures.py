#!/usr/bin/env python3
"""Writes the synthetic PyTorch memory-snapshot fixtures of tst_measuredsnapshot (README.md).

One dict shaped like torch.cuda.memory._snapshot() (pytorch/pytorch torch/csrc/cuda/Module.cpp
THCPModule_memorySnapshot, torch/csrc/cuda/memory_snapshot.cpp for "time_us" and
"allocator_settings"), with values chosen by hand, pickled with protocols 2, 4 and 5 and saved
as JSON; and the seed corpus of the fuzz target memory_snapshot (the fixtures plus hostile
inputs built byte by byte: nothing here is ever unpickled).

    python3 tests/data/snapshots/make_fixtures.py

The hand-summed values the tests check are in the comments below.
"""

import json
import pathlib
import pickle
import struct

HERE = pathlib.Path(__file__).resolve().parent
CORPUS = HERE.parents[1] / "fuzz" / "corpus" / "memory_snapshot"

MiB = 1 << 20

# One list object shared by every dict without a stack, as PyTorch's add_frame_key shares its
# empty_frames: the pickle memoises it once and refers to it with (BIN)GET / MEMOIZE.
EMPTY_FRAMES = []

# Frame dicts shared between tracebacks, as py_symbolize deduplicates them.
LINEAR = {"filename": "torch/nn/modules/linear.py", "line": 125, "name": "linear"}
FORWARD = {"filename": "model.py", "line": 42, "name": "forward"}
TRAIN = {"filename": "train.py", "line": 88, "name": "train_step"}
MODULE = {"filename": "train.py", "line": 120, "name": "<module>"}
EMBED = {"filename": "torch/nn/functional.py", "line": 2264, "name": "embedding"}
ADAMW = {"filename": "torch/optim/adamw.py", "line": 480, "name": "_multi_tensor_adamw"}

SEG_A = 0x7F0000000000  # 139637976727552
SEG_B = 0x7F0002000000
SEG_C = 0x7F0004000000
SEG_D = 0x7E0000000000


def block(address, size, requested, state, frames=None):
    return {
        "address": address,
        "size": size,
        "requested_size": requested,
        "state": state,
        "frames": EMPTY_FRAMES if frames is None else frames,
    }


def segment(device, address, seg_type, expandable, blocks):
    """A segment whose sizes are summed from its blocks exactly as c10's snapshot() does."""
    allocated = sum(b["size"] for b in blocks if b["state"] == "active_allocated")
    active = sum(b["size"] for b in blocks if b["state"] != "inactive")
    requested = sum(b["requested_size"] for b in blocks if b["state"] != "inactive")
    return {
        "device": device,
        "address": address,
        "total_size": sum(b["size"] for b in blocks),
        "allocated_size": allocated,
        "active_size": active,
        "requested_size": requested,
        "stream": 0,
        "segment_type": seg_type,
        "segment_pool_id": (0, 0),
        "is_expandable": expandable,
        "frames": EMPTY_FRAMES,
        "blocks": blocks,
    }


def segments():
    # Device 0, three segments:
    #   A large, 20 MiB: 8 MiB allocated (requested 8,000,000), 4 MiB pending free
    #     (requested 4,194,304), 8 MiB inactive;
    #   B small, 2 MiB: 512 B allocated (requested 400), 1,536 B allocated (requested 1,500),
    #     2,095,104 B inactive;
    #   C large, expandable, 40 MiB: 32 MiB allocated (requested 33,554,432), 8 MiB inactive.
    # reserved 65,011,712; allocated 41,945,088; active 46,139,392; inactive 18,872,320;
    # requested 45,750,636; largest segment 41,943,040; 1 expandable segment;
    # blocks: 4 active_allocated (41,945,088 B), 1 pending (4,194,304 B), 3 inactive.
    a = segment(0, SEG_A, "large", False, [
        block(SEG_A, 8 * MiB, 8_000_000, "active_allocated", [LINEAR, FORWARD, TRAIN, MODULE]),
        block(SEG_A + 8 * MiB, 4 * MiB, 4 * MiB, "active_pending_free"),
        block(SEG_A + 12 * MiB, 8 * MiB, 0, "inactive"),
    ])
    b = segment(0, SEG_B, "small", False, [
        block(SEG_B, 512, 400, "active_allocated", [EMBED, FORWARD, TRAIN]),
        block(SEG_B + 512, 1536, 1500, "active_allocated"),
        block(SEG_B + 2048, 2 * MiB - 2048, 0, "inactive"),
    ])
    c = segment(0, SEG_C, "large", True, [
        block(SEG_C, 32 * MiB, 32 * MiB, "active_allocated", [ADAMW, TRAIN]),
        block(SEG_C + 32 * MiB, 8 * MiB, 0, "inactive"),
    ])
    # Device 1, one segment: fewer than device 0's three, so not summarised.
    d = segment(1, SEG_D, "large", False, [
        block(SEG_D, 2 * MiB, 2 * MiB, "active_allocated", [MODULE]),
    ])
    return [a, b, c, d]


def entry(action, size, addr=0, time_us=0, frames=None):
    e = {"action": action, "addr": addr, "size": size, "stream": 0,
         "time_us": 1_732_000_000_000_000 + time_us}
    if frames is not None:
        e["frames"] = frames
    if action == "oom":  # PyTorch writes device_free instead of addr for an OOM
        del e["addr"]
        e["device_free"] = addr
    return e


def device0_trace():
    # Live bytes (+alloc, -free_completed): net +12,194,304; the segments' requested bytes are
    # 45,750,636, so the replay starts at 33,556,332 and peaks at 51,750,636 (entry 7).
    # Reserved (+segment_alloc/map, -segment_free/unmap): net +20,971,520; it starts at
    # 44,040,192 (segments B and C) and peaks at 73,400,320 (after the segment_map).
    # 14 entries, one "oom".
    return [
        entry("alloc", 1_000_000, SEG_A + 12 * MiB, 1, [FORWARD, TRAIN]),
        entry("segment_alloc", 20 * MiB, SEG_A, 2),
        entry("alloc", 8_000_000, SEG_A, 3, [LINEAR, FORWARD, TRAIN, MODULE]),
        entry("alloc", 4 * MiB, SEG_A + 8 * MiB, 4),
        entry("free_requested", 1_000_000, SEG_A + 12 * MiB, 5),
        entry("free_completed", 1_000_000, SEG_A + 12 * MiB, 6),
        entry("segment_map", 8 * MiB, SEG_C + 32 * MiB, 7),
        entry("alloc", 6_000_000, SEG_C + 32 * MiB, 8, [ADAMW, TRAIN]),
        entry("free_requested", 6_000_000, SEG_C + 32 * MiB, 9),
        entry("free_completed", 6_000_000, SEG_C + 32 * MiB, 10),
        entry("segment_unmap", 8 * MiB, SEG_C + 32 * MiB, 11),
        entry("free_requested", 4 * MiB, SEG_A + 8 * MiB, 12),
        entry("oom", 1 << 30, 1 * MiB, 13),
        entry("snapshot", 46_139_392, 0, 14),
    ]


def snapshot():
    return {
        "segments": segments(),
        "device_traces": [device0_trace(), []],
        "allocator_settings": {
            "PYTORCH_CUDA_ALLOC_CONF": "expandable_segments:True",
            "max_split_size": -1,
            "garbage_collection_threshold": 0.0,
            "expandable_segments": True,
            "pinned_num_register_threads": 1,
            "release_lock_on_cudamalloc": False,
            "pinned_use_cuda_host_register": False,
            "roundup_power2_divisions": {"1": 0, "2": 0, "4": 0, "8": 0},
        },
    }


def hostile():
    """Byte-built pickles the reader must refuse; none is ever loaded."""
    deep = b"\x80\x02" + b"]" * 300 + b"a" * 299 + b"."
    laughs = bytearray(b"\x80\x04]\x940")  # memo 0: [], popped
    for i in range(40):  # memo i+1: [memo i, memo i], popped: 2^40 lists once expanded
        laughs += b"(h" + bytes([i]) + b"h" + bytes([i]) + b"l\x940"
    laughs += b"h\x28."  # BINGET 40
    return {
        "global_reduce_os_system.pickle":
            b"\x80\x02cos\nsystem\nq\x00X\x06\x00\x00\x00echo xq\x01\x85q\x02Rq\x03.",
        "stack_global.pickle":
            b"\x80\x04\x8c\x02os\x94\x8c\x06system\x94\x93\x94\x8c\x06echo x\x94\x85\x94R\x94.",
        "build.pickle": b"\x80\x02}q\x00}b.",
        "deep_list.pickle": deep,
        "binunicode_4gib.pickle": b"\x80\x02X\xff\xff\xff\xffabc.",
        "cycle.pickle": b"\x80\x02]q\x00h\x00a.",
        "laughs.pickle": bytes(laughs),
        "long1_huge.pickle": b"\x80\x02\x8a\x09" + b"\xff" * 9 + b".",
        "float_nan.pickle": b"\x80\x02G" + struct.pack(">d", float("nan")) + b".",
        "missing_segments.json": b'{"device_traces": [[{"action": "alloc", "size": 5}]]}',
        "total_size_string.json":
            b'{"segments": [{"device": 0, "total_size": "x", "blocks": []}]}',
    }


def main():
    snap = snapshot()
    outputs = {f"snapshot_p{p}.pickle": pickle.dumps(snap, protocol=p) for p in (2, 4, 5)}
    outputs["snapshot.json"] = json.dumps(snap).encode()
    for name, data in outputs.items():
        (HERE / name).write_bytes(data)
    CORPUS.mkdir(parents=True, exist_ok=True)
    for name, data in {**outputs, **hostile()}.items():
        (CORPUS / name).write_bytes(data)


if __name__ == "__main__":
    main()
