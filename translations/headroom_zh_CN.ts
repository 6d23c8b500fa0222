<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>BreakdownTable</name>
    <message>
        <source>%1 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Term</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Formula</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allocated (PyTorch)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Live tensors: torch.cuda.max_memory_allocated().</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reserved (PyTorch)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allocated plus the caching allocator&apos;s reserve: torch.cuda.max_memory_reserved().</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total (nvidia-smi)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reserved plus the CUDA context: what nvidia-smi shows and the driver enforces.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sum of the live tensors at the peak</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>allocated + allocator reserve</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reserved + CUDA context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory breakdown</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CliffChart</name>
    <message>
        <source>Micro-batch (samples per GPU, log scale)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sequence length (tokens, log scale)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>micro-batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sequence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing fits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fits beyond %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>largest %1 that fits: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU capacity %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>now %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>+%1 per extra sample</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OOM cliff chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory against micro-batch or sequence length, with the GPU capacity and the largest value that fits.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CliffPanel</name>
    <message>
        <source>■ Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>▶ Animate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stacked by term</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stack the memory terms or draw only the nvidia-smi total.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cliff chart style</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sweep</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The quantity on the x axis; everything else stays as set.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Swept quantity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move the slider across the sweep and back to watch the memory hit the cliff (F5).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Animate the sweep</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ControlsPanel</name>
    <message>
        <source>Change model size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change micro-batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change sequence length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change generated tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change framework profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change optimizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change checkpointing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change checkpointed blocks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change LoRA rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change GPU capacity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change GPU count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change parallel layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change sharding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs and parallelism</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Si&amp;ze</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>M&amp;ode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Framework</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Micro-&amp;batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Sequence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Generated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>O&amp;ptimizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Checkpointing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Blocks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LoRA &amp;rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>G&amp;PU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Capacity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU cou&amp;nt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Degrees</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;harding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Custom size (use the size slider)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search models…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model to plan for; type to search the presets, or pick ǌustom size” to set a parameter count.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open config.json / safetensors index…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read the architecture from a Hugging Face config.json, model.safetensors.index.json or .safetensors file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open model file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> B params</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total parameters of a llama-style dense model (log scale, 0.1 B to 1 T); active when the model is ǌustom size”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the GPU does: serve the model, train all weights, or train LoRA / QLoRA adapters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A framework profile sets the dtypes of weights, gradients and optimizer states the way that framework stores them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Framework profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Storage precision of the model weights: fp32, bf16, fp16, fp8, int8, int4 or NF4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weight precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> samples</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Samples processed together in one forward/backward pass on each GPU (power-of-two steps with fine steps between).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens per sample; for inference, the whole context (prompt plus generated tokens). Log scale, 128 to 1 M.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens generated per sequence; the rest of the sequence length is the prompt.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Generated tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The optimizer decides how many state tensors are kept per trainable parameter (AdamW: two).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activation checkpointing stores fewer activations and recomputes them in the backward pass.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activation checkpointing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many leading blocks are checkpointed when checkpointing is Ǐirst N blocks”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checkpointed blocks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The attention kernel; eager attention stores the full score matrix, fused kernels do not.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attention implementation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank r of the LoRA adapters; adapter size grows linearly with it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LoRA rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Custom capacity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The GPU model; its total memory is the capacity line in the charts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total memory of a custom GPU in GiB, as nvidia-smi reports it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Custom GPU capacity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total GPUs in the job; must equal DP × TP × PP × CP.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data parallelism: replicas (or shards) that each process their own micro-batches.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data-parallel degree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor parallelism: each layer&apos;s matrices are split over this many GPUs; must divide the attention heads.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor-parallel degree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pipeline parallelism: the layers are split into this many stages; at most the number of layers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pipeline-parallel degree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context parallelism: each sequence is split over this many GPUs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context-parallel degree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expert parallelism: the experts of a mixture-of-experts model are split over this many GPUs; must divide the experts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expert-parallel degree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO / FSDP sharding splits optimizer states, gradients and parameters over the data-parallel GPUs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sharding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layout problem</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Imported model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Imported: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 params · %2 layers · hidden %3 · %4/%5 heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · %1 experts, top-%2 (%3 active)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2 B/param</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use a custom model size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use a custom GPU capacity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change weight precision</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Dashboard</name>
    <message>
        <source>VRAM per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Worst rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per pipeline stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One bar for the GPU with the most memory, or one bar per pipeline stage.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bar view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Breakdown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OOM &amp;playbook</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Multi-GPU layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every memory term with its bytes, share and formula.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ranked changes that make the run fit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find the smallest GPU layout for this run.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ExportDialog</name>
    <message>
        <source>Export Image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stacked VRAM bar</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OOM-cliff chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dashboard (verdict and both charts)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Which part of the window to export.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> px</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Width of the picture before scaling.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Height of the picture before scaling.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Width</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Height</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1×</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>2×</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>3×</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pixel density: 2× doubles the pixels for sharp slides and high-DPI screens.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SVG vector drawing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG for slides and chat, SVG for print and editing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File format</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drawn at the top of the picture; leave empty for none.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Title</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Draw the scenario summary and verdict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model, mode, precision, batch, sequence length and GPU under the title.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;cale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Format</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Title</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Copy to Clipboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vector drawing, %1 × %2 units</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output: %1 × %2 pixels</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Exporter</name>
    <message>
        <source>%1 on %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: GPU memory by term</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: OOM cliff over micro-batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: OOM cliff over sequence length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: memory plan</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LayoutPanel</name>
    <message>
        <source>Searching layouts of up to %1 GPUs…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply smallest layout (%1 GPUs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No layout of up to %1 × %2 fits this run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Smallest layout: %1 × %2&lt;/b&gt; — DP %3 × TP %4 × PP %5 × CP %6, sharding: %7.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tightest rank: pipeline stage %1 (layers %2–%3) at %4 of %5, %6 free.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find the fewest GPUs of the selected type (then the least tensor and pipeline parallelism) that run this scenario, and apply that layout. The per-stage bar then highlights the tightest rank.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Find smallest layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search DP × TP × PP layouts of this GPU for the smallest one that fits, and apply it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find smallest layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Up to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The largest GPU count the search may use.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Maximum GPUs to search</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layout result</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Units</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;New Scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start again from the default scenario.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open Scenario…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a saved scenario (.json).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Model File…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import a model from config.json, a safetensors index or a .safetensors file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save Scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save Scenario &amp;As…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export Image…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the bar, the cliff chart or the dashboard as PNG or SVG.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Copy Image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the exported image to the clipboard.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Presentation Mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Full screen with large type: charts, verdict and key sliders only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Leave Presentation Mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Animate OOM Cliff</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per-&amp;Stage Bars</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show &amp;Controls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;GiB (2³⁰ bytes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>G&amp;B (10⁹ bytes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find &amp;Smallest Layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About Headroom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;System Default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1[*] — Headroom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Units: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine: %1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Headroom scenarios (*.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Model File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model descriptions (config.json *.index.json *.safetensors *.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was not opened: %2
The current scenario is unchanged.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot import model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was not imported: %2
The current scenario is unchanged.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import model %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Imported %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scenario.json</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save Scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Headroom scenarios (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot save scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 could not be written: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Image copied to the clipboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>headroom.svg</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>headroom.png</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SVG drawings (*.svg)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot export image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open model file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Redo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Presentation mode (Esc leaves)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Animate the OOM cliff</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per-stage bars</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find smallest layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show GB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Toggle dark theme</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show or hide the controls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About Headroom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;Headroom %1&lt;/h3&gt;&lt;p&gt;How much GPU memory an LLM training or inference run needs, and why.&lt;/p&gt;&lt;p&gt;Totals are the nvidia-smi metric, which the driver refuses to exceed; PyTorch&apos;s allocated and reserved figures are shown beside it.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PlaybookView</name>
    <message>
        <source>Apply: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>−%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>+%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>still OOM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No playbook for an invalid scenario.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No change in the playbook applies to this scenario.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The scenario fits. These changes would free more memory, ranked from least to most disruptive. Double-click a row to apply it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Out of memory. Changes ranked: those that make it fit first, then the least disruptive. Double-click a row to apply it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saves</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Apply selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply the selected change to the scenario (undoable).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply selected playbook change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OOM playbook</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ranked changes that reduce memory; the savings are computed for this scenario.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RecentFiles</name>
    <message>
        <source>&amp;%1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear Recent Files</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ScenarioController</name>
    <message>
        <source>Custom dense %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Imported model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Custom GPU (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2 · %3 · micro-batch %4 · seq %5 · %6</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SliderField</name>
    <message>
        <source>%1 (exact value)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Texts</name>
    <message>
        <source>Weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Master weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimizer states</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Logits &amp; loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allocator reserve</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model weights resident on this GPU, plus LoRA adapters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A separate fp32 copy of the trainable weights kept for the optimizer step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimizer moments, e.g. AdamW&apos;s first and second moment per parameter.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stored gradients of the trainable parameters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensors saved in the forward pass for the backward pass (training) or live hidden states (inference).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attention keys and values cached per token during generation.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output-layer logits, their fp32 upcast, loss buffers and their gradient.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Short-lived buffers: gathered sharded parameters, optimizer temporaries, communication buckets.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory the PyTorch caching allocator keeps reserved beyond live tensors.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA context, cuBLAS workspace and NCCL buffers; visible in nvidia-smi only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Full fine-tune / training</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LoRA</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>QLoRA</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Generation with a KV cache; no gradients or optimizer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every parameter is trained: weights, gradients and optimizer states.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The base model is frozen; only small low-rank adapters are trained.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LoRA on a base model quantised to 4-bit NF4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AdamW</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Adam</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SGD</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SGD with momentum</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Adafactor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AdamW 8-bit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paged AdamW</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paged AdamW 8-bit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lion</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Full (every block)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Selective (attention)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First N blocks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Eager (materialised scores)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch SDPA</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FlashAttention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Flex attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Custom (dtypes as set)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch AMP / HF Trainer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pure bf16 (torchtune, LitGPT)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FSDP2 mixed precision (torchtitan)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DeepSpeed ZeRO</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Megatron-LM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bitsandbytes QLoRA</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use exactly the dtypes chosen here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fp32 weights, gradients and optimizer states with bf16 autocast.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bf16 weights, gradients and optimizer states, no fp32 master copy.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bf16 parameters for compute, fp32 gradient reduction and sharded states.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bf16 weights and gradients plus 12 bytes per parameter of fp32 states.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bf16 weights, fp32 gradient buffer and a distributed optimizer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NF4 base with double quantisation, bf16 adapters and paged AdamW.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None (DDP replicas)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO-1 (optimizer states)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO-2 (+ gradients)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO-3 (+ parameters)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FSDP full shard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FSDP shard grad-op</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HSDP (hybrid shard)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fp32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bf16</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fp16</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fp8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>int8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>int4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NF4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NF4 (double quant)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fp4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MXFP4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>allocated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reserved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nvidia-smi</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>after load</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>forward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>backward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optimizer step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file cannot be read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file cannot be read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file is too large to be a model description or scenario.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file is not valid JSON: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: this required field is missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: has the wrong type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: has the wrong type (expected %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: must be a positive number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: is out of range (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: must be a finite number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: unknown value “%2”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This model family is not supported: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This file was written by a newer Headroom (version %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The safetensors header is malformed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No setting of %1 fits on this GPU.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP = %1 must divide the %2 attention heads and %3 KV heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PP = %1 must not exceed the %2 layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EP = %1 must divide DP × TP = %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EP = %1 must divide the %2 experts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EP = %1 needs a mixture-of-experts model (this one is dense)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CP = %1 must divide the sequence length %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DP × TP × PP × CP must equal the GPU count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: invalid parallel layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: invalid parallel layout (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the attention heads must be a multiple of the KV heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: invalid mixture-of-experts settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: invalid latent-attention settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model is too large (100 trillion parameters or more).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DP × TP × PP × CP = %1, but the GPU count is %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cut the sequence length to %1 tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lower the micro-batch to %1 and raise gradient accumulation to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Turn on activation checkpointing: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Switch the optimizer to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Train LoRA adapters (rank %1) instead of all weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Train QLoRA adapters (rank %1) on a 4-bit base</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shard across data-parallel GPUs: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Spread the run over %1 GPUs with fully sharded data parallelism</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use a memory-efficient attention kernel: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute the loss in chunks so full fp32 logits are never stored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quantise the weights to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Store the KV cache in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Generate %1 samples per prompt in rollouts</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Units</name>
    <message>
        <source>GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 T</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 M</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1M</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1K</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>VerdictView</name>
    <message>
        <source>%1 of %2: fits, %3 free</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OOM by %1: needs %2 of %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Worst rank (pipeline stage %1 of %2). </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total = nvidia-smi memory, what the driver refuses to exceed. PyTorch allocated %1 · reserved %2 · peak during %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Showing the last valid scenario. </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verdict details</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>VramBarChart</name>
    <message>
        <source>Tightest rank (stage %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stage 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stage %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pipeline stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU capacity %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stacked VRAM bar</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory per term for the worst rank or per pipeline stage, with the GPU capacity marked.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stage %1 (layers %2–%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>worst rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — %2&lt;br&gt;%3 (%4, %5 bytes)&lt;br&gt;%6 % of %7 (nvidia-smi total)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WidgetDialogService</name>
    <message>
        <source>Unsaved changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The scenario “%1” has unsaved changes. Save them first?</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>GPU memory planner for LLM training and inference.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Render the window offscreen to &lt;file&gt; (PNG) and exit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the scenario &lt;file&gt; (JSON).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Window size for --screenshot, e.g. 1600x1000.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start in presentation mode.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Theme: light or dark.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Interface language: en, de or zh_CN.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A scenario or model file to open.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
