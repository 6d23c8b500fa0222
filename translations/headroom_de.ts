<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
<context>
    <name>Exporter</name>
    <message>
        <source>%1 on %2</source>
        <translation>%1 auf %2</translation>
    </message>
    <message>
        <source>%1: GPU memory by term</source>
        <translation>%1: GPU-Speicher nach Posten</translation>
    </message>
    <message>
        <source>%1: OOM cliff over micro-batch</source>
        <translation>%1: OOM-Klippe über die Mikro-Batch-Größe</translation>
    </message>
    <message>
        <source>%1: OOM cliff over sequence length</source>
        <translation>%1: OOM-Klippe über die Sequenzlänge</translation>
    </message>
    <message>
        <source>%1: memory plan</source>
        <translation>%1: Speicherplan</translation>
    </message>
    <message>
        <source>%1: concurrent sequences against context length</source>
        <translation>%1: gleichzeitige Sequenzen über der Kontextlänge</translation>
    </message>
</context>
<context>
    <name>FormulaText</name>
    <message>
        <source>stage</source>
        <translation>Stufe</translation>
    </message>
    <message>
        <source>of</source>
        <translation>von</translation>
    </message>
    <message>
        <source>layers</source>
        <translation>Schichten</translation>
    </message>
    <message>
        <source>embedding</source>
        <translation>Embedding</translation>
    </message>
    <message>
        <source>on this rank</source>
        <translation>auf diesem Rang</translation>
    </message>
    <message>
        <source>shards</source>
        <translation>Shards</translation>
    </message>
    <message>
        <source>parameters and LoRA adapters</source>
        <translation>Parameter und LoRA-Adapter</translation>
    </message>
    <message>
        <source>parameters</source>
        <translation>Parameter</translation>
    </message>
    <message>
        <source>offloaded to host</source>
        <translation>auf den Host ausgelagert</translation>
    </message>
    <message>
        <source>the quantisation block scales stay</source>
        <translation>die Blockskalen der Quantisierung bleiben</translation>
    </message>
    <message>
        <source>params</source>
        <translation>Parameter</translation>
    </message>
    <message>
        <source>as the checkpoint stores them</source>
        <translation>wie der Checkpoint sie speichert</translation>
    </message>
    <message>
        <source>safetensors header bytes</source>
        <translation>safetensors-Header-Bytes</translation>
    </message>
    <message>
        <source>linear</source>
        <translation>lineare</translation>
    </message>
    <message>
        <source>incl.</source>
        <translation>inkl.</translation>
    </message>
    <message>
        <source>other</source>
        <translation>weitere</translation>
    </message>
    <message>
        <source>experts</source>
        <translation>Experten</translation>
    </message>
    <message>
        <source>no master copy (inference)</source>
        <translation>keine Master-Kopie (Inferenz)</translation>
    </message>
    <message>
        <source>no fp32 master copy (master weights off)</source>
        <translation>keine fp32-Master-Kopie (Master-Gewichte aus)</translation>
    </message>
    <message>
        <source>fp32 master copy offloaded to host with the optimizer</source>
        <translation>fp32-Master-Kopie mit dem Optimierer auf den Host ausgelagert</translation>
    </message>
    <message>
        <source>no separate copy: the trained weights are fp32 already</source>
        <translation>keine separate Kopie: die trainierten Gewichte sind bereits fp32</translation>
    </message>
    <message>
        <source>trainable</source>
        <translation>trainierbare</translation>
    </message>
    <message>
        <source>fp32 copy</source>
        <translation>fp32-Kopie</translation>
    </message>
    <message>
        <source>no gradients (inference)</source>
        <translation>keine Gradienten (Inferenz)</translation>
    </message>
    <message>
        <source>largest tensor</source>
        <translation>größter Tensor</translation>
    </message>
    <message>
        <source>optimizer step in backward</source>
        <translation>Optimiererschritt im Rückwärtsdurchlauf</translation>
    </message>
    <message>
        <source>every block parameter (FSDP units mixing frozen weights and adapters)</source>
        <translation>jeder Blockparameter (FSDP-Einheiten mischen eingefrorene Gewichte und Adapter)</translation>
    </message>
    <message>
        <source>DDP reducer buckets copy them</source>
        <translation>die Reducer-Buckets von DDP kopieren sie</translation>
    </message>
    <message>
        <source>DeepSpeed gradient bucket</source>
        <translation>DeepSpeed-Gradienten-Bucket</translation>
    </message>
    <message>
        <source>elements</source>
        <translation>Elemente</translation>
    </message>
    <message>
        <source>ZeRO-3: resident</source>
        <translation>ZeRO-3: dauerhaft allokiert</translation>
    </message>
    <message>
        <source>during backward</source>
        <translation>während des Rückwärtsdurchlaufs</translation>
    </message>
    <message>
        <source>not live at this peak</source>
        <translation>zu diesem Spitzenwert nicht belegt</translation>
    </message>
    <message>
        <source>no KV cache (training)</source>
        <translation>kein KV-Cache (Training)</translation>
    </message>
    <message>
        <source>the rollout engine&apos;s KV cache: rollout sequences x (prompt + response) tokens, all layers, KV heads / rollout TP</source>
        <translation>KV-Cache der Rollout-Engine: Rollout-Sequenzen x (Prompt + Antwort) Token, alle Schichten, KV-Heads / Rollout-TP</translation>
    </message>
    <message>
        <source>sequences</source>
        <translation>Sequenzen</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>Token</translation>
    </message>
    <message>
        <source>prompt</source>
        <translation>Prompt</translation>
    </message>
    <message>
        <source>new</source>
        <translation>neu</translation>
    </message>
    <message>
        <source>sliding layers keep at most</source>
        <translation>Sliding-Window-Schichten behalten höchstens</translation>
    </message>
    <message>
        <source>no optimizer (inference)</source>
        <translation>kein Optimierer (Inferenz)</translation>
    </message>
    <message>
        <source>states offloaded to host</source>
        <translation>Zustände auf den Host ausgelagert</translation>
    </message>
    <message>
        <source>states</source>
        <translation>Zustände</translation>
    </message>
    <message>
        <source>one block&apos;s prefill tensors per token</source>
        <translation>Prefill-Tensoren eines Blocks pro Token</translation>
    </message>
    <message>
        <source>saved tensors per token</source>
        <translation>gespeicherte Tensoren pro Token</translation>
    </message>
    <message>
        <source>checkpointing</source>
        <translation>Checkpointing</translation>
    </message>
    <message>
        <source>vocab</source>
        <translation>Vokabular</translation>
    </message>
    <message>
        <source>saved log-softmax, scattered gradient, exp, their sum</source>
        <translation>gespeichertes Log-Softmax, verteilter Gradient, exp, deren Summe</translation>
    </message>
    <message>
        <source>compiled loss: saved input + its gradient</source>
        <translation>kompilierter Loss: gespeicherte Eingabe + ihr Gradient</translation>
    </message>
    <message>
        <source>the gradients into and out of it</source>
        <translation>die Gradienten an Ein- und Ausgang</translation>
    </message>
    <message>
        <source>one chunk&apos;s gradient</source>
        <translation>Gradient eines Blocks</translation>
    </message>
    <message>
        <source>compiled chunked loss</source>
        <translation>kompilierter Loss in Blöcken</translation>
    </message>
    <message>
        <source>one chunk&apos;s fp32 upcast</source>
        <translation>fp32-Upcast eines Blocks</translation>
    </message>
    <message>
        <source>chunked loss</source>
        <translation>Loss in Blöcken</translation>
    </message>
    <message>
        <source>tanh&apos;s saved output of the soft-capped logits</source>
        <translation>gespeicherte tanh-Ausgabe der soft-gecappten Logits</translation>
    </message>
    <message>
        <source>the logits the loop keeps</source>
        <translation>die Logits, die die Schleife behält</translation>
    </message>
    <message>
        <source>gathered FSDP units, autocast weight casts, optimizer temporaries, dequant buffers</source>
        <translation>gesammelte FSDP-Einheiten, Autocast-Gewichtskopien, temporäre Optimiererpuffer, Dequantisierungspuffer</translation>
    </message>
    <message>
        <source>the load&apos;s cached segments</source>
        <translation>die zwischengespeicherten Segmente des Ladens</translation>
    </message>
    <message>
        <source>replayed through the caching allocator</source>
        <translation>durch den Caching-Allokator nachgespielt</translation>
    </message>
    <message>
        <source>the all-gather stream&apos;s pool</source>
        <translation>der Pool des All-Gather-Streams</translation>
    </message>
    <message>
        <source>allocated</source>
        <translation>allokiert</translation>
    </message>
    <message>
        <source>of the step&apos;s blocks, loss, gradients and optimizer states replayed through the caching allocator</source>
        <translation>aus Blöcken, Loss, Gradienten und Optimiererzuständen des Schritts, durch den Caching-Allokator nachgespielt</translation>
    </message>
    <message>
        <source>of the step&apos;s blocks and loss replayed through the caching allocator</source>
        <translation>aus Blöcken und Loss des Schritts, durch den Caching-Allokator nachgespielt</translation>
    </message>
    <message>
        <source>of the loss&apos;s transients (not replayed)</source>
        <translation>der temporären Tensoren des Loss (nicht nachgespielt)</translation>
    </message>
    <message>
        <source>of the other resident bytes</source>
        <translation>der übrigen residenten Bytes</translation>
    </message>
    <message>
        <source>of resident bytes</source>
        <translation>der residenten Bytes</translation>
    </message>
    <message>
        <source>of transients</source>
        <translation>der temporären Tensoren</translation>
    </message>
    <message>
        <source>caching allocator</source>
        <translation>Caching-Allokator</translation>
    </message>
    <message>
        <source>of sharded gradients cached in the FSDP reduce-scatter stream&apos;s pool</source>
        <translation>geshardete Gradienten, im Pool des FSDP-Reduce-Scatter-Streams zwischengespeichert</translation>
    </message>
    <message>
        <source>cached for the run&apos;s other batch lengths (variable sample lengths, replayed through the caching allocator)</source>
        <translation>für die übrigen Batch-Längen des Laufs zwischengespeichert (variable Beispiellängen, durch den Caching-Allokator nachgespielt)</translation>
    </message>
    <message>
        <source>CUDA context</source>
        <translation>CUDA-Kontext</translation>
    </message>
    <message>
        <source>dense</source>
        <translation>dicht</translation>
    </message>
    <message>
        <source>shared</source>
        <translation>gemeinsame Experten</translation>
    </message>
    <message>
        <source>half the layers</source>
        <translation>die Hälfte der Schichten</translation>
    </message>
    <message>
        <source>5 of 6 layers</source>
        <translation>5 von 6 Schichten</translation>
    </message>
    <message>
        <source>tied</source>
        <translation>gekoppelte Embeddings</translation>
    </message>
    <message>
        <source>learned positions</source>
        <translation>gelernte Positionen</translation>
    </message>
    <message>
        <source>weights on this rank</source>
        <translation>Gewichte auf diesem Rang</translation>
    </message>
    <message>
        <source>the profile run&apos;s peak, kept free for the largest step</source>
        <translation>Spitze des Profiling-Laufs, für den größten Schritt freigehalten</translation>
    </message>
    <message>
        <source>KV pool</source>
        <translation>KV-Pool</translation>
    </message>
    <message>
        <source>blocks of</source>
        <translation>Blöcke zu</translation>
    </message>
    <message>
        <source>per token</source>
        <translation>pro Token</translation>
    </message>
    <message>
        <source>CUDA graphs</source>
        <translation>CUDA-Graphen</translation>
    </message>
    <message>
        <source>memory outside torch (NCCL, cuBLAS)</source>
        <translation>Speicher außerhalb von torch (NCCL, cuBLAS)</translation>
    </message>
    <message>
        <source>RoPE cache</source>
        <translation>RoPE-Cache</translation>
    </message>
    <message>
        <source>B/param</source>
        <translation>B/Param.</translation>
    </message>
    <message>
        <source>checkpointing none</source>
        <translation>ohne Checkpointing</translation>
    </message>
    <message>
        <source>checkpointing full</source>
        <translation>volles Checkpointing</translation>
    </message>
    <message>
        <source>checkpointing selective</source>
        <translation>selektives Checkpointing</translation>
    </message>
    <message>
        <source>checkpointing first_n</source>
        <translation>Checkpointing der ersten N Blöcke</translation>
    </message>
    <message>
        <source>of the prefill&apos;s blocks and KV cache replayed through the caching allocator</source>
        <translation>aus Blöcken und KV-Cache des Prefills, durch den Caching-Allokator nachgespielt</translation>
    </message>
    <message>
        <source>of the logits&apos; transients (not replayed)</source>
        <translation>der temporären Tensoren der Logits (nicht nachgespielt)</translation>
    </message>
    <message>
        <source>, </source>
        <extracomment>between two traits of a model (&quot;dense, GQA, tied&quot;); Chinese lists with 、</extracomment>
        <translation>, </translation>
    </message>
    <message>
        <source> (</source>
        <extracomment>around a trait&apos;s remark (&quot;SWA 4096 (half the layers)&quot;); Chinese sets full-width ones</extracomment>
        <translation> (</translation>
    </message>
    <message>
        <source>)</source>
        <translation>)</translation>
    </message>
    <message>
        <source>, </source>
        <comment>formula clauses</comment>
        <extracomment>between two clauses of a formula (&quot;x 32 layers, checkpointing none&quot;); Chinese uses ，</extracomment>
        <translation>, </translation>
    </message>
</context>
<context>
    <name>SaveFile</name>
    <message>
        <source>the data could not be written</source>
        <translation>die Daten konnten nicht geschrieben werden</translation>
    </message>
    <message>
        <source>the content could not be encoded</source>
        <translation>der Inhalt konnte nicht kodiert werden</translation>
    </message>
</context>
<context>
    <name>Texts</name>
    <message>
        <source>Weights</source>
        <translation>Gewichte</translation>
    </message>
    <message>
        <source>Master weights</source>
        <translation>Master-Gewichte</translation>
    </message>
    <message>
        <source>Optimizer states</source>
        <translation>Optimiererzustände</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>Gradienten</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>Aktivierungen</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV-Cache</translation>
    </message>
    <message>
        <source>Logits &amp; loss</source>
        <translation>Logits und Loss</translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation>Arbeitspuffer</translation>
    </message>
    <message>
        <source>Allocator reserve</source>
        <translation>Allokator-Reserve</translation>
    </message>
    <message>
        <source>CUDA context</source>
        <translation>CUDA-Kontext</translation>
    </message>
    <message>
        <source>Model weights resident on this GPU, plus LoRA adapters.</source>
        <translation>Modellgewichte auf dieser GPU, einschließlich LoRA-Adaptern.</translation>
    </message>
    <message>
        <source>A separate fp32 copy of the trainable weights kept for the optimizer step.</source>
        <translation>Eine separate fp32-Kopie der trainierbaren Gewichte für den Optimiererschritt.</translation>
    </message>
    <message>
        <source>Optimizer moments, e.g. AdamW&apos;s first and second moment per parameter.</source>
        <translation>Optimierermomente, z. B. das erste und zweite Moment von AdamW je Parameter.</translation>
    </message>
    <message>
        <source>Stored gradients of the trainable parameters.</source>
        <translation>Gespeicherte Gradienten der trainierbaren Parameter.</translation>
    </message>
    <message>
        <source>Tensors saved in the forward pass for the backward pass (training) or live hidden states (inference).</source>
        <translation>Im Vorwärtsdurchlauf für den Rückwärtsdurchlauf gespeicherte Tensoren (Training) bzw. aktive Hidden States (Inferenz).</translation>
    </message>
    <message>
        <source>Attention keys and values cached per token during generation.</source>
        <translation>Attention-Keys und -Values, die bei der Generierung je Token zwischengespeichert werden.</translation>
    </message>
    <message>
        <source>Output-layer logits, their fp32 upcast, loss buffers and their gradient.</source>
        <translation>Logits der Ausgabeschicht, ihre fp32-Kopie, Loss-Puffer und deren Gradient.</translation>
    </message>
    <message>
        <source>Memory the PyTorch caching allocator keeps reserved beyond live tensors.</source>
        <translation>Speicher, den der Caching-Allokator von PyTorch über die aktiven Tensoren hinaus reserviert.</translation>
    </message>
    <message>
        <source>CUDA context, cuBLAS workspace and NCCL buffers; visible in nvidia-smi only.</source>
        <translation>CUDA-Kontext, cuBLAS-Arbeitsbereich und NCCL-Puffer; nur in nvidia-smi sichtbar.</translation>
    </message>
    <message>
        <source>Inference</source>
        <translation>Inferenz</translation>
    </message>
    <message>
        <source>Full fine-tune / training</source>
        <translation>Volles Fine-Tuning / Training</translation>
    </message>
    <message>
        <source>LoRA</source>
        <translation>LoRA</translation>
    </message>
    <message>
        <source>QLoRA</source>
        <translation>QLoRA</translation>
    </message>
    <message>
        <source>Generation with a KV cache; no gradients or optimizer.</source>
        <translation>Generierung mit KV-Cache; keine Gradienten, kein Optimierer.</translation>
    </message>
    <message>
        <source>Every parameter is trained: weights, gradients and optimizer states.</source>
        <translation>Alle Parameter werden trainiert: Gewichte, Gradienten und Optimiererzustände.</translation>
    </message>
    <message>
        <source>The base model is frozen; only small low-rank adapters are trained.</source>
        <translation>Das Basismodell ist eingefroren; nur kleine Low-Rank-Adapter werden trainiert.</translation>
    </message>
    <message>
        <source>LoRA on a base model quantised to 4-bit NF4.</source>
        <translation>LoRA auf einem auf 4-Bit-NF4 quantisierten Basismodell.</translation>
    </message>
    <message>
        <source>AdamW</source>
        <translation>AdamW</translation>
    </message>
    <message>
        <source>Adam</source>
        <translation>Adam</translation>
    </message>
    <message>
        <source>SGD</source>
        <translation>SGD</translation>
    </message>
    <message>
        <source>SGD with momentum</source>
        <translation>SGD mit Momentum</translation>
    </message>
    <message>
        <source>Adafactor</source>
        <translation>Adafactor</translation>
    </message>
    <message>
        <source>AdamW 8-bit</source>
        <translation>AdamW 8-Bit</translation>
    </message>
    <message>
        <source>Paged AdamW</source>
        <translation>Paged AdamW</translation>
    </message>
    <message>
        <source>Paged AdamW 8-bit</source>
        <translation>Paged AdamW 8-Bit</translation>
    </message>
    <message>
        <source>Lion</source>
        <translation>Lion</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Keines</translation>
    </message>
    <message>
        <source>Full (every block)</source>
        <translation>Voll (jeder Block)</translation>
    </message>
    <message>
        <source>Selective (attention)</source>
        <translation>Selektiv (Attention)</translation>
    </message>
    <message>
        <source>First N blocks</source>
        <translation>Erste N Blöcke</translation>
    </message>
    <message>
        <source>Eager (materialised scores)</source>
        <translation>Eager (materialisierte Scores)</translation>
    </message>
    <message>
        <source>PyTorch SDPA</source>
        <translation>PyTorch SDPA</translation>
    </message>
    <message>
        <source>FlashAttention</source>
        <translation>FlashAttention</translation>
    </message>
    <message>
        <source>Flex attention</source>
        <translation>Flex Attention</translation>
    </message>
    <message>
        <source>Custom (dtypes as set)</source>
        <translation>Benutzerdefiniert (Datentypen wie eingestellt)</translation>
    </message>
    <message>
        <source>PyTorch AMP / HF Trainer</source>
        <translation>PyTorch AMP / HF Trainer</translation>
    </message>
    <message>
        <source>Pure bf16 (torchtune, LitGPT)</source>
        <translation>Reines bf16 (torchtune, LitGPT)</translation>
    </message>
    <message>
        <source>FSDP2 mixed precision (torchtitan)</source>
        <translation>FSDP2 Mixed Precision (torchtitan)</translation>
    </message>
    <message>
        <source>DeepSpeed ZeRO</source>
        <translation>DeepSpeed ZeRO</translation>
    </message>
    <message>
        <source>Megatron-LM</source>
        <translation>Megatron-LM</translation>
    </message>
    <message>
        <source>bitsandbytes QLoRA</source>
        <translation>bitsandbytes QLoRA</translation>
    </message>
    <message>
        <source>Use exactly the dtypes chosen here.</source>
        <translation>Genau die hier gewählten Datentypen verwenden.</translation>
    </message>
    <message>
        <source>fp32 weights, gradients and optimizer states with bf16 autocast.</source>
        <translation>fp32-Gewichte, -Gradienten und -Optimiererzustände mit bf16-Autocast.</translation>
    </message>
    <message>
        <source>bf16 weights, gradients and optimizer states, no fp32 master copy.</source>
        <translation>bf16-Gewichte, -Gradienten und -Optimiererzustände, keine fp32-Master-Kopie.</translation>
    </message>
    <message>
        <source>bf16 parameters for compute, fp32 gradient reduction and sharded states.</source>
        <translation>bf16-Parameter für die Berechnung, fp32-Gradientenreduktion und geshardete Zustände.</translation>
    </message>
    <message>
        <source>bf16 weights and gradients plus 12 bytes per parameter of fp32 states.</source>
        <translation>bf16-Gewichte und -Gradienten plus 12 Byte fp32-Zustände je Parameter.</translation>
    </message>
    <message>
        <source>bf16 weights, fp32 gradient buffer and a distributed optimizer.</source>
        <translation>bf16-Gewichte, fp32-Gradientenpuffer und ein verteilter Optimierer.</translation>
    </message>
    <message>
        <source>NF4 base with double quantisation, bf16 adapters and paged AdamW.</source>
        <translation>NF4-Basis mit doppelter Quantisierung, bf16-Adapter und Paged AdamW.</translation>
    </message>
    <message>
        <source>None (DDP replicas)</source>
        <translation>Keines (DDP-Replikate)</translation>
    </message>
    <message>
        <source>ZeRO-1 (optimizer states)</source>
        <translation>ZeRO-1 (Optimiererzustände)</translation>
    </message>
    <message>
        <source>ZeRO-2 (+ gradients)</source>
        <translation>ZeRO-2 (+ Gradienten)</translation>
    </message>
    <message>
        <source>ZeRO-3 (+ parameters)</source>
        <translation>ZeRO-3 (+ Parameter)</translation>
    </message>
    <message>
        <source>FSDP full shard</source>
        <translation>FSDP Full Shard</translation>
    </message>
    <message>
        <source>FSDP shard grad-op</source>
        <translation>FSDP Shard Grad-Op</translation>
    </message>
    <message>
        <source>HSDP (hybrid shard)</source>
        <translation>HSDP (Hybrid Shard)</translation>
    </message>
    <message>
        <source>fp32</source>
        <translation>fp32</translation>
    </message>
    <message>
        <source>bf16</source>
        <translation>bf16</translation>
    </message>
    <message>
        <source>fp16</source>
        <translation>fp16</translation>
    </message>
    <message>
        <source>fp8</source>
        <translation>fp8</translation>
    </message>
    <message>
        <source>int8</source>
        <translation>int8</translation>
    </message>
    <message>
        <source>int4</source>
        <translation>int4</translation>
    </message>
    <message>
        <source>NF4</source>
        <translation>NF4</translation>
    </message>
    <message>
        <source>NF4 (double quant)</source>
        <translation>NF4 (doppelt quantisiert)</translation>
    </message>
    <message>
        <source>fp4</source>
        <translation>fp4</translation>
    </message>
    <message>
        <source>MXFP4</source>
        <translation>MXFP4</translation>
    </message>
    <message>
        <source>allocated</source>
        <translation>allokiert</translation>
    </message>
    <message>
        <source>reserved</source>
        <translation>reserviert</translation>
    </message>
    <message>
        <source>nvidia-smi</source>
        <translation>nvidia-smi</translation>
    </message>
    <message>
        <source>after load</source>
        <translation>nach dem Laden</translation>
    </message>
    <message>
        <source>forward</source>
        <translation>Vorwärtsdurchlauf</translation>
    </message>
    <message>
        <source>backward</source>
        <translation>Rückwärtsdurchlauf</translation>
    </message>
    <message>
        <source>optimizer step</source>
        <translation>Optimiererschritt</translation>
    </message>
    <message>
        <source>The file cannot be read.</source>
        <translation>Die Datei kann nicht gelesen werden.</translation>
    </message>
    <message>
        <source>The file cannot be read: %1</source>
        <translation>Die Datei kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>The file is too large to be a model description or scenario.</source>
        <translation>Die Datei ist zu groß für eine Modellbeschreibung oder ein Szenario.</translation>
    </message>
    <message>
        <source>The file is not valid JSON: %1</source>
        <translation>Die Datei ist kein gültiges JSON: %1</translation>
    </message>
    <message>
        <source>%1: this required field is missing</source>
        <translation>%1: dieses Pflichtfeld fehlt</translation>
    </message>
    <message>
        <source>%1: has the wrong type</source>
        <translation>%1: hat den falschen Typ</translation>
    </message>
    <message>
        <source>%1: must be a positive number</source>
        <translation>%1: muss eine positive Zahl sein</translation>
    </message>
    <message>
        <source>%1: is out of range (%2)</source>
        <translation>%1: liegt außerhalb des zulässigen Bereichs (%2)</translation>
    </message>
    <message>
        <source>%1: must be a finite number</source>
        <translation>%1: muss eine endliche Zahl sein</translation>
    </message>
    <message>
        <source>%1: unknown value “%2”</source>
        <translation>%1: unbekannter Wert „%2“</translation>
    </message>
    <message>
        <source>This model family is not supported: %1</source>
        <translation>Diese Modellfamilie wird nicht unterstützt: %1</translation>
    </message>
    <message>
        <source>This file was written by a newer Headroom (version %1).</source>
        <translation>Diese Datei stammt von einer neueren Headroom-Version (Version %1).</translation>
    </message>
    <message>
        <source>The safetensors header is malformed: %1</source>
        <translation>Der safetensors-Header ist fehlerhaft: %1</translation>
    </message>
    <message>
        <source>No setting of %1 fits on this GPU.</source>
        <translation>Kein Wert für %1 passt auf diese GPU.</translation>
    </message>
    <message>
        <source>PP = %1 must not exceed the %2 layers</source>
        <translation>PP = %1 darf die %2 Schichten nicht überschreiten</translation>
    </message>
    <message>
        <source>EP = %1 must divide DP × TP = %2</source>
        <translation>EP = %1 muss DP × TP = %2 teilen</translation>
    </message>
    <message>
        <source>EP = %1 must divide the %2 experts</source>
        <translation>EP = %1 muss die %2 Experten teilen</translation>
    </message>
    <message>
        <source>EP = %1 needs a mixture-of-experts model (this one is dense)</source>
        <translation>EP = %1 erfordert ein Mixture-of-Experts-Modell (dieses ist dicht)</translation>
    </message>
    <message>
        <source>CP = %1 must divide the sequence length %2</source>
        <translation>CP = %1 muss die Sequenzlänge %2 teilen</translation>
    </message>
    <message>
        <source>%1: invalid parallel layout</source>
        <translation>%1: ungültiges Parallel-Layout</translation>
    </message>
    <message>
        <source>%1: invalid parallel layout (%2)</source>
        <translation>%1: ungültiges Parallel-Layout (%2)</translation>
    </message>
    <message>
        <source>%1: the attention heads must be a multiple of the KV heads</source>
        <translation>%1: die Attention-Heads müssen ein Vielfaches der KV-Heads sein</translation>
    </message>
    <message>
        <source>%1: invalid mixture-of-experts settings</source>
        <translation>%1: ungültige Mixture-of-Experts-Einstellungen</translation>
    </message>
    <message>
        <source>%1: invalid latent-attention settings</source>
        <translation>%1: ungültige Latent-Attention-Einstellungen</translation>
    </message>
    <message>
        <source>The model is too large (100 trillion parameters or more).</source>
        <translation>Das Modell ist zu groß (100 Billionen Parameter oder mehr).</translation>
    </message>
    <message>
        <source>DP × TP × PP × CP = %1, but the GPU count is %2</source>
        <translation>DP × TP × PP × CP = %1, aber die GPU-Anzahl ist %2</translation>
    </message>
    <message>
        <source>Cut the sequence length to %1 tokens</source>
        <translation>Sequenzlänge auf %1 Token kürzen</translation>
    </message>
    <message>
        <source>Lower the micro-batch to %1 and raise gradient accumulation to %2</source>
        <translation>Mikro-Batch auf %1 senken, Akkumulation auf %2 erhöhen</translation>
    </message>
    <message>
        <source>Turn on activation checkpointing: %1</source>
        <translation>Aktivierungs-Checkpointing einschalten: %1</translation>
    </message>
    <message>
        <source>Switch the optimizer to %1</source>
        <translation>Optimierer auf %1 umstellen</translation>
    </message>
    <message>
        <source>Train LoRA adapters (rank %1) instead of all weights</source>
        <translation>LoRA-Adapter (Rang %1) statt aller Gewichte trainieren</translation>
    </message>
    <message>
        <source>Train QLoRA adapters (rank %1) on a 4-bit base</source>
        <translation>QLoRA-Adapter (Rang %1) auf einer 4-Bit-Basis trainieren</translation>
    </message>
    <message>
        <source>Shard across data-parallel GPUs: %1</source>
        <translation>Über datenparallele GPUs sharden: %1</translation>
    </message>
    <message>
        <source>Spread the run over %1 GPUs with fully sharded data parallelism</source>
        <translation>Auf %1 GPUs verteilen, voll geshardet (FSDP)</translation>
    </message>
    <message>
        <source>Use a memory-efficient attention kernel: %1</source>
        <translation>Speichereffizienten Attention-Kernel verwenden: %1</translation>
    </message>
    <message>
        <source>Compute the loss in chunks so full fp32 logits are never stored</source>
        <translation>Loss in Blöcken berechnen (nie alle fp32-Logits)</translation>
    </message>
    <message>
        <source>Quantise the weights to %1</source>
        <translation>Gewichte auf %1 quantisieren</translation>
    </message>
    <message>
        <source>Store the KV cache in %1</source>
        <translation>KV-Cache in %1 speichern</translation>
    </message>
    <message>
        <source>Generate %1 samples per prompt in rollouts</source>
        <translation>Bei Rollouts %1 Antworten je Prompt erzeugen</translation>
    </message>
    <message>
        <source>Serve %1 sequences at a time</source>
        <translation>%1 Sequenzen gleichzeitig bedienen</translation>
    </message>
    <message>
        <source>%1: has the wrong type (%2)</source>
        <translation>%1: hat den falschen Typ (%2)</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <comment>framework profile: name, version</comment>
        <translation>%1 %2</translation>
    </message>
    <message numerus="yes">
        <source>%1, version %2: the framework&apos;s dtype accounting and %n fact(s) of its code that change the peak, each with its source (docs/profiles.md).</source>
        <translation>
            <numerusform>%1, Version %2: die Datentyp-Zuordnung des Frameworks und %n Eigenschaft seines Codes, die den Spitzenwert ändert, jeweils mit Quelle (docs/profiles.md).</numerusform>
            <numerusform>%1, Version %2: die Datentyp-Zuordnung des Frameworks und %n Eigenschaften seines Codes, die den Spitzenwert ändern, jeweils mit Quelle (docs/profiles.md).</numerusform>
        </translation>
    </message>
    <message>
        <source>⚠ %1 tokens exceed the model&apos;s trained context (max_position_embeddings %2): the memory is estimated, but the model needs RoPE scaling or a long-context variant.</source>
        <translation>⚠ %1 Token überschreiten den trainierten Kontext des Modells (max_position_embeddings %2): Der Speicher ist geschätzt, aber das Modell braucht RoPE-Skalierung oder eine Langkontext-Variante.</translation>
    </message>
    <message>
        <source>DP × TP × PP × CP = %1 × %2 × %3 × %4 is more than %5 GPUs</source>
        <translation>DP × TP × PP × CP = %1 × %2 × %3 × %4 sind mehr als %5 GPUs</translation>
    </message>
    <message>
        <source>TP = %1 must divide the %2 attention heads</source>
        <translation>TP = %1 muss die %2 Attention-Heads teilen</translation>
    </message>
    <message>
        <source>TP = %1 must divide the %2 KV heads (or be at least as many)</source>
        <translation>TP = %1 muss die %2 KV-Heads teilen (oder mindestens so groß sein)</translation>
    </message>
    <message>
        <source>Plan (disruption cost %1): %2</source>
        <translation>Plan (Störungskosten %1): %2</translation>
    </message>
    <message>
        <source> + </source>
        <translation> + </translation>
    </message>
    <message>
        <source>concurrent sequences: %1</source>
        <translation>gleichzeitige Sequenzen: %1</translation>
    </message>
    <message>
        <source>micro-batch %1 with gradient accumulation %2</source>
        <translation>Mikro-Batch %1 mit Gradientenakkumulation %2</translation>
    </message>
    <message>
        <source>activation checkpointing: %1</source>
        <translation>Aktivierungs-Checkpointing: %1</translation>
    </message>
    <message>
        <source>chunked loss</source>
        <translation>Loss in Blöcken</translation>
    </message>
    <message>
        <source>attention: %1</source>
        <translation>Attention: %1</translation>
    </message>
    <message>
        <source>optimizer: %1</source>
        <translation>Optimierer: %1</translation>
    </message>
    <message>
        <source>sharding: %1</source>
        <translation>Sharding: %1</translation>
    </message>
    <message>
        <source>TP %1 on the same GPUs (DP %2, gradient accumulation %3)</source>
        <translation>TP %1 auf denselben GPUs (DP %2, Gradientenakkumulation %3)</translation>
    </message>
    <message>
        <source>sequence parallelism</source>
        <translation>Sequenzparallelität</translation>
    </message>
    <message>
        <source>PP %1 on the same GPUs (DP %2, gradient accumulation %3)</source>
        <translation>PP %1 auf denselben GPUs (DP %2, Gradientenakkumulation %3)</translation>
    </message>
    <message>
        <source>LoRA adapters (rank %1)</source>
        <translation>LoRA-Adapter (Rang %1)</translation>
    </message>
    <message>
        <source>QLoRA on a 4-bit base (rank %1)</source>
        <translation>QLoRA auf 4-Bit-Basis (Rang %1)</translation>
    </message>
    <message>
        <source>optimizer states offloaded to the CPU</source>
        <translation>Optimiererzustände auf die CPU ausgelagert</translation>
    </message>
    <message>
        <source>optimizer states and parameters offloaded to the CPU</source>
        <translation>Optimiererzustände und Parameter auf die CPU ausgelagert</translation>
    </message>
    <message>
        <source>weights in %1</source>
        <translation>Gewichte in %1</translation>
    </message>
    <message>
        <source>KV cache in %1</source>
        <translation>KV-Cache in %1</translation>
    </message>
    <message>
        <source>Micro-batch %1</source>
        <translation>Mikro-Batch %1</translation>
    </message>
    <message>
        <source>Selective checkpointing</source>
        <translation>Selektives Checkpointing</translation>
    </message>
    <message>
        <source>Full checkpointing</source>
        <translation>Volles Checkpointing</translation>
    </message>
    <message>
        <source>Chunked loss</source>
        <translation>Loss in Blöcken</translation>
    </message>
    <message>
        <source>TP %1</source>
        <translation>TP %1</translation>
    </message>
    <message>
        <source>Sequence parallel</source>
        <translation>Sequenzparallel</translation>
    </message>
    <message>
        <source>PP %1</source>
        <translation>PP %1</translation>
    </message>
    <message>
        <source>Offload optimizer</source>
        <translation>Optimierer auslagern</translation>
    </message>
    <message>
        <source>Offload parameters</source>
        <translation>Parameter auslagern</translation>
    </message>
    <message>
        <source>KV cache %1</source>
        <translation>KV-Cache %1</translation>
    </message>
    <message>
        <source>Short-lived buffers: gathered sharded parameters, autocast&apos;s 16-bit copies of fp32 weights, optimizer temporaries, communication buckets.</source>
        <translation>Kurzlebige Puffer: gesammelte geshardete Parameter, die 16-Bit-Kopien der fp32-Gewichte durch autocast, Optimierer-Zwischenwerte, Kommunikations-Buckets.</translation>
    </message>
    <message>
        <source>%1 experts</source>
        <translation>%1-Experten</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>GPTQ</source>
        <translation>GPTQ</translation>
    </message>
    <message>
        <source>AWQ</source>
        <translation>AWQ</translation>
    </message>
    <message>
        <source>%1 + %2</source>
        <translation>%1 + %2</translation>
    </message>
    <message>
        <source>%1 (checkpoint)</source>
        <translation>%1 (Checkpoint)</translation>
    </message>
    <message>
        <source>%1 · %2 B/param</source>
        <translation>%1 · %2 B/Param.</translation>
    </message>
    <message>
        <source>load</source>
        <comment>phase, short</comment>
        <translation>Laden</translation>
    </message>
    <message>
        <source>fwd</source>
        <comment>phase, short</comment>
        <translation>vorw.</translation>
    </message>
    <message>
        <source>bwd</source>
        <comment>phase, short</comment>
        <translation>rückw.</translation>
    </message>
    <message>
        <source>step</source>
        <comment>phase, short</comment>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation>Mikro-Batch</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>Sequenzlänge</translation>
    </message>
    <message>
        <source>Gradient accumulation</source>
        <translation>Gradientenakkumulation</translation>
    </message>
    <message>
        <source>Checkpointed blocks</source>
        <translation>Blöcke mit Checkpointing</translation>
    </message>
    <message>
        <source>fp32 master weights</source>
        <translation>fp32-Master-Gewichte</translation>
    </message>
    <message>
        <source>LoRA rank</source>
        <translation>LoRA-Rang</translation>
    </message>
    <message>
        <source>LoRA dropout</source>
        <translation>LoRA-Dropout</translation>
    </message>
    <message>
        <source>Prompt tokens</source>
        <translation>Prompt-Token</translation>
    </message>
    <message>
        <source>Generated tokens</source>
        <translation>Generierte Token</translation>
    </message>
    <message>
        <source>RL rollout engine</source>
        <translation>RL-Rollout-Engine</translation>
    </message>
    <message>
        <source>DP</source>
        <translation>DP</translation>
    </message>
    <message>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <source>PP</source>
        <translation>PP</translation>
    </message>
    <message>
        <source>CP</source>
        <translation>CP</translation>
    </message>
    <message>
        <source>EP</source>
        <translation>EP</translation>
    </message>
    <message>
        <source>GPipe</source>
        <translation>GPipe</translation>
    </message>
    <message>
        <source>1F1B</source>
        <translation>1F1B</translation>
    </message>
    <message>
        <source>Interleaved 1F1B</source>
        <translation>Verschachteltes 1F1B</translation>
    </message>
    <message>
        <source>Custom GPU (%1)</source>
        <translation>Eigene GPU (%1)</translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <comment>GPU count × GPU</comment>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Parallel layout</source>
        <translation>Parallel-Layout</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>Modus</translation>
    </message>
    <message>
        <source>What is trained</source>
        <translation>Was trainiert wird</translation>
    </message>
    <message>
        <source>Framework profile</source>
        <translation>Framework-Profil</translation>
    </message>
    <message>
        <source>Precision preset</source>
        <translation>Präzisionsvorgabe</translation>
    </message>
    <message>
        <source>%1 dtype</source>
        <comment>a memory term&apos;s dtype</comment>
        <translation>Datentyp %1</translation>
    </message>
    <message>
        <source>Compute dtype</source>
        <translation>Rechen-Datentyp</translation>
    </message>
    <message>
        <source>LoRA adapters dtype</source>
        <translation>Datentyp der LoRA-Adapter</translation>
    </message>
    <message>
        <source>Weights as the checkpoint stores them</source>
        <translation>Gewichte wie im Checkpoint gespeichert</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>Optimierer</translation>
    </message>
    <message>
        <source>Activation checkpointing</source>
        <translation>Aktivierungs-Checkpointing</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>Attention</translation>
    </message>
    <message>
        <source>LoRA targets</source>
        <translation>LoRA-Ziele</translation>
    </message>
    <message>
        <source>Model load</source>
        <translation>Laden des Modells</translation>
    </message>
    <message>
        <source>Sharding</source>
        <translation>Sharding</translation>
    </message>
    <message>
        <source>Pipeline schedule</source>
        <translation>Pipeline-Zeitplan</translation>
    </message>
    <message>
        <source>GPU memory utilisation</source>
        <translation>GPU-Speicherauslastung</translation>
    </message>
    <message>
        <source>Rollout engine overhead</source>
        <translation>Overhead der Rollout-Engine</translation>
    </message>
    <message>
        <source>(not set)</source>
        <translation>(nicht gesetzt)</translation>
    </message>
    <message>
        <source>on</source>
        <translation>an</translation>
    </message>
    <message>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>Training</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <comment>A&apos;s value → B&apos;s value</comment>
        <translation>%1 → %2</translation>
    </message>
    <message numerus="yes">
        <source>%n more</source>
        <comment>changed keys not listed</comment>
        <translation>
            <numerusform>%n weiterer</numerusform>
            <numerusform>%n weitere</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2 → %3</source>
        <comment>field: A&apos;s value → B&apos;s value</comment>
        <translation>%1: %2 → %3</translation>
    </message>
    <message>
        <source>; </source>
        <translation>; </translation>
    </message>
    <message>
        <source>No memory change</source>
        <translation>Keine Speicheränderung</translation>
    </message>
    <message>
        <source>Saves under %1</source>
        <translation>Spart weniger als %1</translation>
    </message>
    <message>
        <source>Costs under %1</source>
        <translation>Kostet weniger als %1</translation>
    </message>
    <message>
        <source>Saves %1</source>
        <translation>Spart %1</translation>
    </message>
    <message>
        <source>Costs %1</source>
        <translation>Kostet %1</translation>
    </message>
    <message>
        <source>allocator configuration</source>
        <translation>Allokator-Konfiguration</translation>
    </message>
    <message>
        <source>CUDA stack</source>
        <translation>CUDA-Stack</translation>
    </message>
    <message>
        <source>framework versions</source>
        <translation>Framework-Versionen</translation>
    </message>
    <message>
        <source>sample lengths</source>
        <translation>Beispiellängen</translation>
    </message>
    <message>
        <source>pick the framework version</source>
        <translation>die Framework-Version wählen</translation>
    </message>
    <message>
        <source>pack the samples</source>
        <translation>Beispiele packen</translation>
    </message>
    <message>
        <source>max_model_len %1 is above the model&apos;s max_position_embeddings</source>
        <translation>max_model_len %1 liegt über max_position_embeddings des Modells</translation>
    </message>
    <message>
        <source>the requested share is more than the memory free at start</source>
        <translation>der angeforderte Anteil ist größer als der beim Start freie Speicher</translation>
    </message>
    <message>
        <source>weights and the profiled peak leave no memory for the KV cache</source>
        <translation>Gewichte und die gemessene Spitze lassen keinen Speicher für den KV-Cache</translation>
    </message>
    <message>
        <source>one request of max_model_len (%1 tokens) needs %2 of KV cache</source>
        <translation>eine Anfrage der Länge max_model_len (%1 Token) braucht %2 KV-Cache</translation>
    </message>
    <message>
        <source>Prefill only</source>
        <translation>Nur Prefill</translation>
    </message>
    <message>
        <source>Longest request (max_model_len)</source>
        <translation>Längste Anfrage (max_model_len)</translation>
    </message>
    <message>
        <source>Requests at once (max_num_seqs)</source>
        <translation>Gleichzeitige Anfragen (max_num_seqs)</translation>
    </message>
    <message>
        <source>Tokens per step (max_num_batched_tokens)</source>
        <translation>Token pro Schritt (max_num_batched_tokens)</translation>
    </message>
    <message>
        <source>KV block (block_size)</source>
        <translation>KV-Block (block_size)</translation>
    </message>
    <message>
        <source>No CUDA graphs (enforce_eager)</source>
        <translation>Keine CUDA-Graphen (enforce_eager)</translation>
    </message>
    <message>
        <source>HSDP shard group</source>
        <translation>HSDP-Shard-Gruppe</translation>
    </message>
    <message>
        <source>Virtual pipeline stages</source>
        <translation>Virtuelle Pipeline-Stufen</translation>
    </message>
    <message>
        <source>Pipeline micro-batches per step</source>
        <translation>Pipeline-Mikro-Batches pro Schritt</translation>
    </message>
    <message>
        <source>Plan against the band&apos;s high bound</source>
        <translation>Gegen die Obergrenze des Bands planen</translation>
    </message>
    <message>
        <source>sequence length %1</source>
        <translation>Sequenzlänge %1</translation>
    </message>
    <message>
        <source>prompt %1 + %2 new tokens</source>
        <translation>Prompt %1 + %2 neue Token</translation>
    </message>
    <message>
        <source>samples per prompt: %1</source>
        <translation>Antworten pro Prompt: %1</translation>
    </message>
    <message>
        <source>%1 over %2 GPUs</source>
        <translation>%1 über %2 GPUs</translation>
    </message>
    <message>
        <source>Sequence %1</source>
        <translation>Sequenz %1</translation>
    </message>
    <message>
        <source>Context %1</source>
        <translation>Kontext %1</translation>
    </message>
    <message>
        <source>%1 samples per prompt</source>
        <translation>%1 Antworten pro Prompt</translation>
    </message>
    <message>
        <source>%1 GPUs</source>
        <translation>%1 GPUs</translation>
    </message>
    <message>
        <source>unstated settings</source>
        <translation>nicht angegebene Einstellungen</translation>
    </message>
    <message>
        <source>state the settings</source>
        <translation>die Einstellungen angeben</translation>
    </message>
    <message>
        <source>Custom (no framework)</source>
        <translation>Eigene (ohne Framework)</translation>
    </message>
    <message>
        <source>Plain PyTorch %1</source>
        <comment>framework profile torch-loop: a hand-written training loop; %1 is the torch major version</comment>
        <translation>Reines PyTorch %1</translation>
    </message>
</context>
<context>
    <name>Units</name>
    <message>
        <source>GiB</source>
        <translation>GiB</translation>
    </message>
    <message>
        <source>GB</source>
        <translation>GB</translation>
    </message>
    <message>
        <source>%1 T</source>
        <translation>%1 Bio.</translation>
    </message>
    <message>
        <source>%1 B</source>
        <translation>%1 Mrd.</translation>
    </message>
    <message>
        <source>%1 M</source>
        <translation>%1 Mio.</translation>
    </message>
    <message>
        <source>%1M</source>
        <translation>%1M</translation>
    </message>
    <message>
        <source>%1K</source>
        <translation>%1K</translation>
    </message>
</context>
<context>
    <name>WidgetDialogService</name>
    <message>
        <source>Unsaved changes</source>
        <translation>Ungespeicherte Änderungen</translation>
    </message>
    <message>
        <source>The scenario “%1” has unsaved changes. Save them first?</source>
        <translation>Das Szenario „%1“ hat ungespeicherte Änderungen. Zuerst speichern?</translation>
    </message>
</context>
<context>
    <name>headroom::ui::BreakdownTable</name>
    <message>
        <source>%1 bytes</source>
        <translation>%1 Byte</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>Term</source>
        <translation>Posten</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>Anteil</translation>
    </message>
    <message>
        <source>Formula</source>
        <translation>Formel</translation>
    </message>
    <message>
        <source>Allocated (PyTorch)</source>
        <translation>Allokiert (PyTorch)</translation>
    </message>
    <message>
        <source>Live tensors: torch.cuda.max_memory_allocated().</source>
        <translation>Aktive Tensoren: torch.cuda.max_memory_allocated().</translation>
    </message>
    <message>
        <source>Reserved (PyTorch)</source>
        <translation>Reserviert (PyTorch)</translation>
    </message>
    <message>
        <source>Allocated plus the caching allocator&apos;s reserve: torch.cuda.max_memory_reserved().</source>
        <translation>Allokiert plus Reserve des Caching-Allokators: torch.cuda.max_memory_reserved().</translation>
    </message>
    <message>
        <source>Total (nvidia-smi)</source>
        <translation>Gesamt (nvidia-smi)</translation>
    </message>
    <message>
        <source>Reserved plus the CUDA context: what nvidia-smi shows and the driver enforces.</source>
        <translation>Reserviert plus CUDA-Kontext: was nvidia-smi anzeigt und der Treiber durchsetzt.</translation>
    </message>
    <message>
        <source>sum of the live tensors at the peak</source>
        <translation>Summe der aktiven Tensoren zum Spitzenzeitpunkt</translation>
    </message>
    <message>
        <source>allocated + allocator reserve</source>
        <translation>allokiert + Allokator-Reserve</translation>
    </message>
    <message>
        <source>reserved + CUDA context</source>
        <translation>reserviert + CUDA-Kontext</translation>
    </message>
    <message>
        <source>Memory breakdown</source>
        <translation>Speicheraufschlüsselung</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>Bytes</translation>
    </message>
    <message>
        <source>Memory (%1)</source>
        <translation>Speicher (%1)</translation>
    </message>
    <message>
        <source>Copy as Markdown</source>
        <translation>Als Markdown kopieren</translation>
    </message>
    <message>
        <source>Copy as CSV</source>
        <translation>Als CSV kopieren</translation>
    </message>
    <message>
        <source>Host RAM (offload)</source>
        <translation>Host-RAM (Auslagerung)</translation>
    </message>
    <message>
        <source>CPU memory the offloaded optimizer states, parameters or activations take on this node (not GPU memory).</source>
        <translation>CPU-Speicher, den ausgelagerte Optimiererzustände, Parameter oder Aktivierungen auf diesem Knoten belegen (kein GPU-Speicher).</translation>
    </message>
    <message>
        <source>offloaded states / parameters / activations in host RAM</source>
        <translation>ausgelagerte Zustände / Parameter / Aktivierungen im Host-RAM</translation>
    </message>
    <message>
        <source>weights + KV pool + the profile run&apos;s peak</source>
        <translation>Gewichte + KV-Pool + Spitze des Profiling-Laufs</translation>
    </message>
    <message>
        <source>allocated + CUDA graph pools</source>
        <translation>allokiert + CUDA-Graph-Pools</translation>
    </message>
    <message>
        <source>reserved + memory outside torch + CUDA context</source>
        <translation>reserviert + Speicher außerhalb von torch + CUDA-Kontext</translation>
    </message>
    <message>
        <source>Needed (verdict)</source>
        <translation>Benötigt (Urteil)</translation>
    </message>
    <message>
        <source>What the fit verdict and the headline count: nvidia-smi less the cached segments that hold no live tensor, which PyTorch frees before it runs out of memory, and optimizer states paged to host memory.</source>
        <translation>Was das Urteil und die Überschrift zählen: nvidia-smi ohne die zwischengespeicherten Segmente ohne aktiven Tensor, die PyTorch freigibt, bevor der Speicher ausgeht, und ohne in den Host-Speicher ausgelagerte Optimiererzustände.</translation>
    </message>
    <message>
        <source>total less the releasable cache and paged states</source>
        <translation>Summe ohne freigebbaren Cache und ausgelagerte Zustände</translation>
    </message>
</context>
<context>
    <name>headroom::ui::CalibrationDialog</name>
    <message>
        <source>Metric:</source>
        <translation>Metrik:</translation>
    </message>
    <message>
        <source>Measured peak:</source>
        <translation>Gemessener Spitzenwert:</translation>
    </message>
    <message>
        <source>Calibrate from a Measured Run</source>
        <translation>Aus einem gemessenen Lauf kalibrieren</translation>
    </message>
    <message>
        <source>The peak your run reached at this scenario&apos;s micro-batch %1 and %2 tokens, as PyTorch or nvidia-smi reported it. Headroom fits a fixed overhead so the estimate here equals it.</source>
        <translation>Der Spitzenwert, den Ihr Lauf bei Mikro-Batch %1 und %2 Token dieses Szenarios erreichte, wie PyTorch oder nvidia-smi ihn meldete. Headroom passt einen festen Overhead an, sodass die Schätzung hier ihm gleicht.</translation>
    </message>
    <message>
        <source>The run ran out of memory (leave the peak at 0 if it is unknown)</source>
        <translation>Der Lauf lief in einen Speicherfehler (Spitzenwert 0 lassen, wenn er unbekannt ist)</translation>
    </message>
    <message>
        <source>Load JSON…</source>
        <translation>JSON laden…</translation>
    </message>
    <message>
        <source>The JSON of torch.cuda.memory_stats() or the output of tools/measure/measure_peak.py</source>
        <translation>Das JSON von torch.cuda.memory_stats() oder die Ausgabe von tools/measure/measure_peak.py</translation>
    </message>
    <message>
        <source>Calibrate</source>
        <translation>Kalibrieren</translation>
    </message>
    <message>
        <source>Clear Calibration</source>
        <translation>Kalibrierung entfernen</translation>
    </message>
    <message>
        <source>Measured Peak (JSON)</source>
        <translation>Gemessener Spitzenwert (JSON)</translation>
    </message>
    <message>
        <source>JSON files (*.json);;All files (*)</source>
        <translation>JSON-Dateien (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Enter the peak your run measured, or tick “ran out of memory”.</source>
        <translation>Geben Sie den gemessenen Spitzenwert Ihres Laufs ein oder kreuzen Sie „Speicher erschöpft“ an.</translation>
    </message>
    <message>
        <source>Estimate here: %1 (%2). Fixed overhead to add: %3.</source>
        <translation>Schätzung hier: %1 (%2). Hinzuzufügender fester Overhead: %3.</translation>
    </message>
    <message>
        <source>The measurement is %1 from the estimate, more than a setup overhead can be: the correction is clamped. Check that the scenario describes the run.</source>
        <translation>Die Messung weicht um %1 von der Schätzung ab, mehr als ein Setup-Overhead sein kann: die Korrektur wird begrenzt. Prüfen Sie, ob das Szenario den Lauf beschreibt.</translation>
    </message>
    <message>
        <source>The run ran out of memory: this point and every larger one stay OOM.</source>
        <translation>Der Lauf lief in einen Speicherfehler: dieser Punkt und jeder größere bleiben OOM.</translation>
    </message>
</context>
<context>
    <name>headroom::ui::CliffChart</name>
    <message>
        <source>Micro-batch (samples per GPU, log scale)</source>
        <translation>Mikro-Batch (Beispiele je GPU, logarithmisch)</translation>
    </message>
    <message>
        <source>Sequence length (tokens, log scale)</source>
        <translation>Sequenzlänge (Token, logarithmisch)</translation>
    </message>
    <message>
        <source>Memory (%1)</source>
        <translation>Speicher (%1)</translation>
    </message>
    <message>
        <source>nothing fits</source>
        <translation>nichts passt</translation>
    </message>
    <message>
        <source>fits beyond %1</source>
        <translation>passt über %1 hinaus</translation>
    </message>
    <message>
        <source>GPU capacity %1</source>
        <translation>GPU-Kapazität %1</translation>
    </message>
    <message>
        <source>now %1: %2</source>
        <translation>aktuell %1: %2</translation>
    </message>
    <message>
        <source>OOM cliff chart</source>
        <translation>OOM-Klippen-Diagramm</translation>
    </message>
    <message>
        <source>Memory against micro-batch or sequence length, with the GPU capacity and the largest value that fits.</source>
        <translation>Speicher über Mikro-Batch oder Sequenzlänge, mit GPU-Kapazität und größtem passenden Wert.</translation>
    </message>
    <message>
        <source>slope at 1–2: +%1 per sample</source>
        <translation>Steigung bei 1–2: +%1 je Beispiel</translation>
    </message>
    <message>
        <source>Context length (prompt + generated tokens, log scale)</source>
        <translation>Kontextlänge (Prompt + generierte Token, logarithmisch)</translation>
    </message>
    <message>
        <source>calibrated to your run (micro-batch %1 × %2 tokens)</source>
        <translation>an Ihren Lauf kalibriert (Mikro-Batch %1 × %2 Token)</translation>
    </message>
    <message>
        <source>calibrated to your run: out of memory</source>
        <translation>an Ihren Lauf kalibriert: Speicher erschöpft</translation>
    </message>
    <message>
        <source>calibrated to your run: %1 %2</source>
        <translation>an Ihren Lauf kalibriert: %1 %2</translation>
    </message>
    <message>
        <source>%1, out of memory</source>
        <translation>%1, Speicher erschöpft</translation>
    </message>
    <message>
        <source>largest batch that fits: %1</source>
        <translation>größter Batch, der passt: %1</translation>
    </message>
    <message>
        <source>fits: %1</source>
        <translation>passt: %1</translation>
    </message>
    <message>
        <source>largest micro-batch that fits: %1</source>
        <translation>größter Mikro-Batch, der passt: %1</translation>
    </message>
    <message>
        <source>longest context that fits: %1</source>
        <translation>längster Kontext, der passt: %1</translation>
    </message>
    <message>
        <source>longest sequence that fits: %1</source>
        <translation>längste Sequenz, die passt: %1</translation>
    </message>
    <message>
        <source>Batch (sequences generated together per GPU, log scale)</source>
        <translation>Batch (gemeinsam erzeugte Sequenzen je GPU, log. Skala)</translation>
    </message>
    <message>
        <source>Batch (sequences per GPU)</source>
        <translation>Batch (Sequenzen je GPU)</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>Batch</translation>
    </message>
    <message>
        <source>Micro-batch (per GPU)</source>
        <translation>Mikro-Batch (je GPU)</translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation>Mikro-Batch</translation>
    </message>
    <message>
        <source>Context length (tokens)</source>
        <translation>Kontextlänge (Token)</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>Kontext</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>Sequenzlänge</translation>
    </message>
    <message>
        <source>Sequence</source>
        <translation>Sequenz</translation>
    </message>
    <message>
        <source>slope at 1–2: +%1 per sequence</source>
        <translation>Steigung bei 1–2: +%1 je Sequenz</translation>
    </message>
    <message>
        <source>now %1: %2 · needs %3</source>
        <translation>aktuell %1: %2 · braucht %3</translation>
    </message>
    <message>
        <source>now %1: %2
needs %3</source>
        <translation>aktuell %1: %2
braucht %3</translation>
    </message>
    <message>
        <source>largest batch that may fit: %1</source>
        <translation>größter Batch, der passen könnte: %1</translation>
    </message>
    <message>
        <source>largest micro-batch that may fit: %1</source>
        <translation>größter Mikro-Batch, der passen könnte: %1</translation>
    </message>
    <message>
        <source>longest context that may fit: %1</source>
        <translation>längster Kontext, der passen könnte: %1</translation>
    </message>
    <message>
        <source>longest sequence that may fit: %1</source>
        <translation>längste Sequenz, die passen könnte: %1</translation>
    </message>
    <message>
        <source>may fit: %1</source>
        <translation>passt vielleicht: %1</translation>
    </message>
    <message>
        <source>now %1:
%2</source>
        <translation>aktuell %1:
%2</translation>
    </message>
    <message>
        <source>needs %1</source>
        <translation>braucht %1</translation>
    </message>
</context>
<context>
    <name>headroom::ui::CliffPanel</name>
    <message>
        <source>■ Stop</source>
        <translation>■ Stopp</translation>
    </message>
    <message>
        <source>▶ Animate</source>
        <translation>▶ Animieren</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>Anzeige</translation>
    </message>
    <message>
        <source>Stacked by term</source>
        <translation>Gestapelt nach Posten</translation>
    </message>
    <message>
        <source>Total line</source>
        <translation>Gesamtlinie</translation>
    </message>
    <message>
        <source>Stack the memory terms or draw only the nvidia-smi total.</source>
        <translation>Speicherposten stapeln oder nur die nvidia-smi-Gesamtsumme zeichnen.</translation>
    </message>
    <message>
        <source>Cliff chart style</source>
        <translation>Darstellung des Klippen-Diagramms</translation>
    </message>
    <message>
        <source>Sweep</source>
        <translation>Variieren</translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation>Mikro-Batch</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>Sequenzlänge</translation>
    </message>
    <message>
        <source>The quantity on the x axis; everything else stays as set.</source>
        <translation>Die Größe auf der x-Achse; alles andere bleibt wie eingestellt.</translation>
    </message>
    <message>
        <source>Swept quantity</source>
        <translation>Variierte Größe</translation>
    </message>
    <message>
        <source>Move the slider across the sweep and back to watch the memory hit the cliff (F5).</source>
        <translation>Den Schieberegler über den Bereich und zurück bewegen, um den Speicher an die Klippe stoßen zu sehen (F5).</translation>
    </message>
    <message>
        <source>Animate the sweep</source>
        <translation>Variation animieren</translation>
    </message>
</context>
<context>
    <name>headroom::ui::ComparePanel</name>
    <message>
        <source>Total (nvidia-smi)</source>
        <translation>Gesamt (nvidia-smi)</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>Term</source>
        <translation>Posten</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Änderung</translation>
    </message>
    <message>
        <source>Shapley attribution: each change&apos;s effect averaged over every order of applying the changes; the shares add up to the total.</source>
        <translation>Shapley-Zuordnung: die Wirkung jeder Änderung, gemittelt über alle Reihenfolgen, in denen die Änderungen angewendet werden können; die Anteile ergeben zusammen die Gesamtdifferenz.</translation>
    </message>
    <message numerus="yes">
        <source>Shapley attribution, sampled over %n orders; the shares add up to the total.</source>
        <translation>
            <numerusform>Shapley-Zuordnung, über %n Reihenfolge gesampelt; die Anteile ergeben zusammen die Gesamtdifferenz.</numerusform>
            <numerusform>Shapley-Zuordnung, über %n Reihenfolgen gesampelt; die Anteile ergeben zusammen die Gesamtdifferenz.</numerusform>
        </translation>
    </message>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>B − A</source>
        <translation>B − A</translation>
    </message>
    <message>
        <source>A → B</source>
        <translation>A → B</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>Anteil</translation>
    </message>
    <message>
        <source>Memory (%1)</source>
        <translation>Speicher (%1)</translation>
    </message>
    <message>
        <source>Micro-batch (log scale)</source>
        <translation>Mikro-Batch (logarithmisch)</translation>
    </message>
    <message>
        <source>A (pinned)</source>
        <translation>A (angeheftet)</translation>
    </message>
    <message>
        <source>B (current)</source>
        <translation>B (aktuell)</translation>
    </message>
    <message>
        <source>GPU capacity</source>
        <translation>GPU-Kapazität</translation>
    </message>
    <message>
        <source>Worst rank at its peak</source>
        <translation>Knappster Rang an seiner Spitze</translation>
    </message>
    <message>
        <source>OOM cliffs</source>
        <translation>OOM-Klippen</translation>
    </message>
    <message>
        <source>Pin the current scenario as A (Tools → Pin as A for Comparison), then edit it into B: this tab compares them.</source>
        <translation>Das aktuelle Szenario als A anheften (Werkzeuge → Als A zum Vergleich anheften) und dann zu B bearbeiten: dieser Reiter vergleicht beide.</translation>
    </message>
    <message>
        <source>A is pinned; B is not a valid run yet.</source>
        <translation>A ist angeheftet; B ist noch kein gültiger Lauf.</translation>
    </message>
    <message>
        <source>Effect</source>
        <translation>Wirkung</translation>
    </message>
    <message>
        <source>Worst rank</source>
        <translation>Knappster Rang</translation>
    </message>
    <message>
        <source>none</source>
        <comment>no micro-batch fits</comment>
        <translation>keiner</translation>
    </message>
    <message>
        <source>OOM cliffs: the largest micro-batch that fits is %1 in A, %2 in B</source>
        <translation>OOM-Klippen: größter passender Mikro-Batch %1 in A, %2 in B</translation>
    </message>
    <message>
        <source>Largest micro-batch: A %1, B %2</source>
        <translation>Größter Mikro-Batch: A %1, B %2</translation>
    </message>
    <message>
        <source>The change&apos;s part of the whole difference between A and B</source>
        <translation>Anteil der Änderung am gesamten Unterschied zwischen A und B</translation>
    </message>
    <message>
        <source>B&apos;s GPU capacity</source>
        <translation>GPU-Kapazität von B</translation>
    </message>
    <message>
        <source>A&apos;s GPU capacity</source>
        <translation>GPU-Kapazität von A</translation>
    </message>
    <message>
        <source>A change&apos;s Shapley value is its effect on the memory averaged over every order in which the changes can be applied; the effects add up to the whole difference between A and B.</source>
        <translation>Der Shapley-Wert einer Änderung ist ihre Wirkung auf den Speicher, gemittelt über jede Reihenfolge, in der die Änderungen angewendet werden können; die Wirkungen ergeben zusammen den gesamten Unterschied zwischen A und B.</translation>
    </message>
    <message>
        <source>A is pinned; comparing…</source>
        <translation>A ist angeheftet; wird verglichen …</translation>
    </message>
    <message>
        <source>&lt;b&gt;A → B: %1 → %2, B needs %3 more.&lt;/b&gt;</source>
        <translation>&lt;b&gt;A → B: %1 → %2, B braucht %3 mehr.&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;A → B: %1 → %2, B needs %3 less.&lt;/b&gt;</source>
        <translation>&lt;b&gt;A → B: %1 → %2, B braucht %3 weniger.&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;A → B: %1 → %2, the same memory.&lt;/b&gt;</source>
        <translation>&lt;b&gt;A → B: %1 → %2, gleicher Speicher.&lt;/b&gt;</translation>
    </message>
    <message numerus="yes">
        <source>Each change&apos;s effect: its Shapley value over every order of applying them (%n estimate(s)).</source>
        <translation>
            <numerusform>Wirkung jeder Änderung: ihr Shapley-Wert über jede Reihenfolge ihrer Anwendung (%n Schätzung).</numerusform>
            <numerusform>Wirkung jeder Änderung: ihr Shapley-Wert über jede Reihenfolge ihrer Anwendung (%n Schätzungen).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Each change&apos;s effect: its Shapley value over %1 sampled orders of applying them, each with its reverse (%n estimate(s)).</source>
        <translation>
            <numerusform>Wirkung jeder Änderung: ihr Shapley-Wert über %1 gezogene Reihenfolgen ihrer Anwendung, jede mit ihrer Umkehrung (%n Schätzung).</numerusform>
            <numerusform>Wirkung jeder Änderung: ihr Shapley-Wert über %1 gezogene Reihenfolgen ihrer Anwendung, jede mit ihrer Umkehrung (%n Schätzungen).</numerusform>
        </translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation>Mikro-Batch</translation>
    </message>
    <message>
        <source>The changes pull both ways: a share is of the net difference, so one above 100 % is offset by one below 0.</source>
        <translation>Die Änderungen wirken in beide Richtungen: Ein Anteil bezieht sich auf die Nettodifferenz, daher wird einer über 100 % durch einen unter 0 ausgeglichen.</translation>
    </message>
</context>
<context>
    <name>headroom::ui::ControlsPanel</name>
    <message>
        <source>Change model size</source>
        <translation>Modellgröße ändern</translation>
    </message>
    <message>
        <source>Change mode</source>
        <translation>Modus ändern</translation>
    </message>
    <message>
        <source>Change micro-batch</source>
        <translation>Mikro-Batch ändern</translation>
    </message>
    <message>
        <source>Change sequence length</source>
        <translation>Sequenzlänge ändern</translation>
    </message>
    <message>
        <source>Change generated tokens</source>
        <translation>Generierte Token ändern</translation>
    </message>
    <message>
        <source>Change framework profile</source>
        <translation>Framework-Profil ändern</translation>
    </message>
    <message>
        <source>Change optimizer</source>
        <translation>Optimierer ändern</translation>
    </message>
    <message>
        <source>Change checkpointing</source>
        <translation>Checkpointing ändern</translation>
    </message>
    <message>
        <source>Change checkpointed blocks</source>
        <translation>Checkpoint-Blöcke ändern</translation>
    </message>
    <message>
        <source>Change attention</source>
        <translation>Attention ändern</translation>
    </message>
    <message>
        <source>Change LoRA rank</source>
        <translation>LoRA-Rang ändern</translation>
    </message>
    <message>
        <source>Change GPU capacity</source>
        <translation>GPU-Kapazität ändern</translation>
    </message>
    <message>
        <source>Change GPU count</source>
        <translation>GPU-Anzahl ändern</translation>
    </message>
    <message>
        <source>Change parallel layout</source>
        <translation>Parallel-Layout ändern</translation>
    </message>
    <message>
        <source>Change sharding</source>
        <translation>Sharding ändern</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>Training details</source>
        <translation>Trainingsdetails</translation>
    </message>
    <message>
        <source>GPUs and parallelism</source>
        <translation>GPUs und Parallelität</translation>
    </message>
    <message>
        <source>&amp;Model</source>
        <translation>&amp;Modell</translation>
    </message>
    <message>
        <source>Si&amp;ze</source>
        <translation>&amp;Größe</translation>
    </message>
    <message>
        <source>M&amp;ode</source>
        <translation>M&amp;odus</translation>
    </message>
    <message>
        <source>&amp;Framework</source>
        <translation>&amp;Framework</translation>
    </message>
    <message>
        <source>&amp;Weights</source>
        <translation>Ge&amp;wichte</translation>
    </message>
    <message>
        <source>Micro-&amp;batch</source>
        <translation>Mikro-&amp;Batch</translation>
    </message>
    <message>
        <source>&amp;Sequence</source>
        <translation>&amp;Sequenz</translation>
    </message>
    <message>
        <source>&amp;Generated</source>
        <translation>Gene&amp;riert</translation>
    </message>
    <message>
        <source>O&amp;ptimizer</source>
        <translation>O&amp;ptimierer</translation>
    </message>
    <message>
        <source>&amp;Checkpointing</source>
        <translation>&amp;Checkpointing</translation>
    </message>
    <message>
        <source>Blocks</source>
        <translation>Blöcke</translation>
    </message>
    <message>
        <source>&amp;Attention</source>
        <translation>&amp;Attention</translation>
    </message>
    <message>
        <source>LoRA &amp;rank</source>
        <translation>LoRA-Ra&amp;ng</translation>
    </message>
    <message>
        <source>G&amp;PU</source>
        <translation>G&amp;PU</translation>
    </message>
    <message>
        <source>Capacity</source>
        <translation>Kapazität</translation>
    </message>
    <message>
        <source>GPU cou&amp;nt</source>
        <translation>GPU-An&amp;zahl</translation>
    </message>
    <message>
        <source>Degrees</source>
        <translation>Parallelität</translation>
    </message>
    <message>
        <source>S&amp;harding</source>
        <translation>S&amp;harding</translation>
    </message>
    <message>
        <source>DP</source>
        <translation>DP</translation>
    </message>
    <message>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <source>PP</source>
        <translation>PP</translation>
    </message>
    <message>
        <source>CP</source>
        <translation>CP</translation>
    </message>
    <message>
        <source>EP</source>
        <translation>EP</translation>
    </message>
    <message>
        <source>Custom size (use the size slider)</source>
        <translation>Eigene Größe (Größenregler verwenden)</translation>
    </message>
    <message>
        <source>Search models…</source>
        <translation>Modelle suchen …</translation>
    </message>
    <message>
        <source>Open config.json / safetensors index…</source>
        <translation>config.json / safetensors-Index öffnen …</translation>
    </message>
    <message>
        <source>Read the architecture from a Hugging Face config.json, model.safetensors.index.json or .safetensors file.</source>
        <translation>Die Architektur aus einer Hugging-Face-Datei config.json, model.safetensors.index.json oder .safetensors lesen.</translation>
    </message>
    <message>
        <source>Open model file</source>
        <translation>Modelldatei öffnen</translation>
    </message>
    <message>
        <source> B params</source>
        <translation> Mrd. Parameter</translation>
    </message>
    <message>
        <source>Model size</source>
        <translation>Modellgröße</translation>
    </message>
    <message>
        <source>What the GPU does: serve the model, train all weights, or train LoRA / QLoRA adapters.</source>
        <translation>Was die GPU tut: das Modell ausführen, alle Gewichte trainieren oder LoRA-/QLoRA-Adapter trainieren.</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>Modus</translation>
    </message>
    <message>
        <source>Framework profile</source>
        <translation>Framework-Profil</translation>
    </message>
    <message>
        <source>Storage precision of the model weights: fp32, bf16, fp16, fp8, int8, int4 or NF4.</source>
        <translation>Speichergenauigkeit der Modellgewichte: fp32, bf16, fp16, fp8, int8, int4 oder NF4.</translation>
    </message>
    <message>
        <source>Weight precision</source>
        <translation>Genauigkeit der Gewichte</translation>
    </message>
    <message>
        <source> samples</source>
        <translation> Beispiele</translation>
    </message>
    <message>
        <source>Samples processed together in one forward/backward pass on each GPU (power-of-two steps with fine steps between).</source>
        <translation>Beispiele, die je GPU gemeinsam in einem Vorwärts-/Rückwärtsdurchlauf verarbeitet werden (Zweierpotenzen mit feinen Zwischenschritten).</translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation>Mikro-Batch</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> Token</translation>
    </message>
    <message>
        <source>Tokens per sample; for inference, the whole context (prompt plus generated tokens). Log scale, 128 to 1 M.</source>
        <translation>Token je Beispiel; bei Inferenz der ganze Kontext (Prompt plus generierte Token). Logarithmisch, 128 bis 1 M.</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>Sequenzlänge</translation>
    </message>
    <message>
        <source>Tokens generated per sequence; the rest of the sequence length is the prompt.</source>
        <translation>Je Sequenz generierte Token; der Rest der Sequenzlänge ist der Prompt.</translation>
    </message>
    <message>
        <source>Generated tokens</source>
        <translation>Generierte Token</translation>
    </message>
    <message>
        <source>The optimizer decides how many state tensors are kept per trainable parameter (AdamW: two).</source>
        <translation>Der Optimierer bestimmt, wie viele Zustandstensoren je trainierbarem Parameter gehalten werden (AdamW: zwei).</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>Optimierer</translation>
    </message>
    <message>
        <source>Activation checkpointing stores fewer activations and recomputes them in the backward pass.</source>
        <translation>Aktivierungs-Checkpointing speichert weniger Aktivierungen und berechnet sie im Rückwärtsdurchlauf neu.</translation>
    </message>
    <message>
        <source>Activation checkpointing</source>
        <translation>Aktivierungs-Checkpointing</translation>
    </message>
    <message>
        <source>Checkpointed blocks</source>
        <translation>Blöcke mit Checkpointing</translation>
    </message>
    <message>
        <source>The attention kernel; eager attention stores the full score matrix, fused kernels do not.</source>
        <translation>Der Attention-Kernel; Eager Attention speichert die volle Score-Matrix, fusionierte Kernel nicht.</translation>
    </message>
    <message>
        <source>Attention implementation</source>
        <translation>Attention-Implementierung</translation>
    </message>
    <message>
        <source>Rank r of the LoRA adapters; adapter size grows linearly with it.</source>
        <translation>Rang r der LoRA-Adapter; die Adaptergröße wächst linear damit.</translation>
    </message>
    <message>
        <source>LoRA rank</source>
        <translation>LoRA-Rang</translation>
    </message>
    <message>
        <source>Custom capacity</source>
        <translation>Eigene Kapazität</translation>
    </message>
    <message>
        <source>The GPU model; its total memory is the capacity line in the charts.</source>
        <translation>Das GPU-Modell; sein Gesamtspeicher ist die Kapazitätslinie in den Diagrammen.</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source> GiB</source>
        <translation> GiB</translation>
    </message>
    <message>
        <source>Total memory of a custom GPU in GiB, as nvidia-smi reports it.</source>
        <translation>Gesamtspeicher einer eigenen GPU in GiB, wie nvidia-smi ihn meldet.</translation>
    </message>
    <message>
        <source>Custom GPU capacity</source>
        <translation>Eigene GPU-Kapazität</translation>
    </message>
    <message>
        <source>Total GPUs in the job; must equal DP × TP × PP × CP.</source>
        <translation>GPUs im gesamten Job; muss DP × TP × PP × CP entsprechen.</translation>
    </message>
    <message>
        <source>GPU count</source>
        <translation>GPU-Anzahl</translation>
    </message>
    <message>
        <source>Data parallelism: replicas (or shards) that each process their own micro-batches.</source>
        <translation>Datenparallelität: Replikate (oder Shards), die jeweils eigene Mikro-Batches verarbeiten.</translation>
    </message>
    <message>
        <source>Data-parallel degree</source>
        <translation>Grad der Datenparallelität</translation>
    </message>
    <message>
        <source>Tensor parallelism: each layer&apos;s matrices are split over this many GPUs; must divide the attention heads.</source>
        <translation>Tensorparallelität: die Matrizen jeder Schicht werden auf so viele GPUs aufgeteilt; muss die Attention-Heads teilen.</translation>
    </message>
    <message>
        <source>Tensor-parallel degree</source>
        <translation>Grad der Tensorparallelität</translation>
    </message>
    <message>
        <source>Pipeline parallelism: the layers are split into this many stages; at most the number of layers.</source>
        <translation>Pipeline-Parallelität: die Schichten werden in so viele Stufen aufgeteilt; höchstens die Anzahl der Schichten.</translation>
    </message>
    <message>
        <source>Pipeline-parallel degree</source>
        <translation>Grad der Pipeline-Parallelität</translation>
    </message>
    <message>
        <source>Context parallelism: each sequence is split over this many GPUs.</source>
        <translation>Kontextparallelität: jede Sequenz wird auf so viele GPUs aufgeteilt.</translation>
    </message>
    <message>
        <source>Context-parallel degree</source>
        <translation>Grad der Kontextparallelität</translation>
    </message>
    <message>
        <source>Expert parallelism: the experts of a mixture-of-experts model are split over this many GPUs; must divide the experts.</source>
        <translation>Expertenparallelität: die Experten eines Mixture-of-Experts-Modells werden auf so viele GPUs verteilt; muss die Expertenzahl teilen.</translation>
    </message>
    <message>
        <source>Expert-parallel degree</source>
        <translation>Grad der Expertenparallelität</translation>
    </message>
    <message>
        <source>ZeRO / FSDP sharding splits optimizer states, gradients and parameters over the data-parallel GPUs.</source>
        <translation>ZeRO-/FSDP-Sharding verteilt Optimiererzustände, Gradienten und Parameter auf die datenparallelen GPUs.</translation>
    </message>
    <message>
        <source>Sharding</source>
        <translation>Sharding</translation>
    </message>
    <message>
        <source>Layout problem</source>
        <translation>Layout-Problem</translation>
    </message>
    <message>
        <source>Imported model</source>
        <translation>Importiertes Modell</translation>
    </message>
    <message>
        <source>Imported: %1</source>
        <translation>Importiert: %1</translation>
    </message>
    <message>
        <source>%1 params · %2 layers · hidden %3 · %4/%5 heads</source>
        <translation>%1 Parameter · %2 Schichten · Breite %3 · %4/%5 Heads</translation>
    </message>
    <message>
        <source> · %1 experts, top-%2 (%3 active)</source>
        <translation> · %1 Experten, Top-%2 (%3 aktiv)</translation>
    </message>
    <message>
        <source>Use a custom model size</source>
        <translation>Eigene Modellgröße verwenden</translation>
    </message>
    <message>
        <source>Change model</source>
        <translation>Modell ändern</translation>
    </message>
    <message>
        <source>Use a custom GPU capacity</source>
        <translation>Eigene GPU-Kapazität verwenden</translation>
    </message>
    <message>
        <source>Change GPU</source>
        <translation>GPU ändern</translation>
    </message>
    <message>
        <source>Change weight precision</source>
        <translation>Genauigkeit der Gewichte ändern</translation>
    </message>
    <message>
        <source>The model to plan for; type to search the presets, or pick “Custom size” to set a parameter count.</source>
        <translation>Das zu planende Modell; tippen, um die Vorlagen zu durchsuchen, oder „Eigene Größe“ wählen, um eine Parameterzahl einzustellen.</translation>
    </message>
    <message>
        <source>How many leading blocks are checkpointed when checkpointing is “First N blocks”.</source>
        <translation>Wie viele der ersten Blöcke bei „Erste N Blöcke“ mit Checkpointing laufen.</translation>
    </message>
    <message>
        <source>A framework profile sets the dtypes of weights, gradients and optimizer states the way that framework stores them, and the behaviour of its code that changes the peak (docs/profiles.md).</source>
        <translation>Ein Framework-Profil legt die Datentypen von Gewichten, Gradienten und Optimiererzuständen so fest, wie das Framework sie speichert, sowie das Verhalten seines Codes, das den Spitzenwert ändert (docs/profiles.md).</translation>
    </message>
    <message>
        <source>Total parameters (log scale, 0.1 B to 1 T). From a built-in model it steps through the family&apos;s real sizes (Llama 3.x 1B…405B, Qwen2.5 0.5B…72B, …) and, between or beyond them, a shape derived from the family, labelled “derived”. With “Custom size”: a llama-style dense model. Not available for an imported config.</source>
        <translation>Gesamtparameter (logarithmisch, 0,1 B bis 1 T). Bei einem eingebauten Modell durchläuft der Regler die echten Größen der Familie (Llama 3.x 1B…405B, Qwen2.5 0.5B…72B, …) und dazwischen oder darüber hinaus eine aus der Familie abgeleitete Form, als „abgeleitet“ gekennzeichnet. Mit „Eigene Größe“: ein dichtes Modell im Llama-Stil. Für eine importierte Konfiguration nicht verfügbar.</translation>
    </message>
    <message>
        <source>Derived shape of the family (not a published model) · </source>
        <translation>Abgeleitete Form der Familie (kein veröffentlichtes Modell) · </translation>
    </message>
    <message>
        <source> sequence</source>
        <translation> Sequenz</translation>
    </message>
    <message>
        <source> sequences</source>
        <translation> Sequenzen</translation>
    </message>
    <message>
        <source> sample</source>
        <translation> Beispiel</translation>
    </message>
</context>
<context>
    <name>headroom::ui::Dashboard</name>
    <message>
        <source>VRAM per GPU</source>
        <translation>VRAM je GPU</translation>
    </message>
    <message>
        <source>Worst rank</source>
        <translation>Knappster Rang</translation>
    </message>
    <message>
        <source>Per pipeline stage</source>
        <translation>Je Pipeline-Stufe</translation>
    </message>
    <message>
        <source>One bar for the GPU with the most memory, or one bar per pipeline stage.</source>
        <translation>Ein Balken für die GPU mit dem meisten Speicher oder ein Balken je Pipeline-Stufe.</translation>
    </message>
    <message>
        <source>Bar view</source>
        <translation>Balkenansicht</translation>
    </message>
    <message>
        <source>&amp;Breakdown</source>
        <translation>&amp;Aufschlüsselung</translation>
    </message>
    <message>
        <source>OOM &amp;playbook</source>
        <translation>OOM-&amp;Playbook</translation>
    </message>
    <message>
        <source>&amp;Multi-GPU layout</source>
        <translation>&amp;Multi-GPU-Layout</translation>
    </message>
    <message>
        <source>Every memory term with its bytes, share and formula.</source>
        <translation>Jeder Speicherposten mit Bytes, Anteil und Formel.</translation>
    </message>
    <message>
        <source>Ranked changes that make the run fit.</source>
        <translation>Gereihte Änderungen, mit denen der Lauf passt.</translation>
    </message>
    <message>
        <source>Find the smallest GPU layout for this run.</source>
        <translation>Das kleinste GPU-Layout für diesen Lauf finden.</translation>
    </message>
    <message>
        <source>Step t&amp;imeline</source>
        <translation>Schritt-Zeitverla&amp;uf</translation>
    </message>
    <message>
        <source>Allocated memory through one step: after load, forward, backward, optimizer step, per pipeline stage.</source>
        <translation>Allokierter Speicher über einen Schritt: nach dem Laden, Vorwärts, Rückwärts, Optimiererschritt, pro Pipeline-Stufe.</translation>
    </message>
    <message>
        <source>&amp;Serving</source>
        <translation>&amp;Inferenz-Server</translation>
    </message>
    <message>
        <source>Inference: KV budget, concurrent sequences against context length and the longest context on a vLLM-style server.</source>
        <translation>Inferenz: KV-Budget, gleichzeitige Sequenzen über der Kontextlänge und der längste Kontext auf einem Server im Stil von vLLM.</translation>
    </message>
    <message>
        <source>C&amp;ompare</source>
        <translation>Ver&amp;gleich</translation>
    </message>
    <message>
        <source>The scenario pinned as A against the current one: bars, cliffs, per-term deltas and what each change saved.</source>
        <translation>Das als A angeheftete Szenario gegen das aktuelle: Balken, Klippen, Differenzen je Posten und was jede Änderung einspart.</translation>
    </message>
    <message>
        <source>Measure&amp;d</source>
        <translation>Gemess&amp;en</translation>
    </message>
    <message>
        <source>A captured run beside the estimate: peaks, phases, categories and what differs.</source>
        <translation>Ein aufgezeichneter Lauf neben der Schätzung: Spitzen, Phasen, Kategorien und was abweicht.</translation>
    </message>
</context>
<context>
    <name>headroom::ui::ExportDialog</name>
    <message>
        <source>Export Image</source>
        <translation>Bild exportieren</translation>
    </message>
    <message>
        <source>Stacked VRAM bar</source>
        <translation>Gestapelter VRAM-Balken</translation>
    </message>
    <message>
        <source>OOM-cliff chart</source>
        <translation>OOM-Klippen-Diagramm</translation>
    </message>
    <message>
        <source>Dashboard (verdict and both charts)</source>
        <translation>Dashboard (Urteil und beide Diagramme)</translation>
    </message>
    <message>
        <source>Which part of the window to export.</source>
        <translation>Welcher Teil des Fensters exportiert wird.</translation>
    </message>
    <message>
        <source>Export target</source>
        <translation>Exportziel</translation>
    </message>
    <message>
        <source> px</source>
        <translation> px</translation>
    </message>
    <message>
        <source>Width of the picture before scaling.</source>
        <translation>Breite des Bildes vor der Skalierung.</translation>
    </message>
    <message>
        <source>Height of the picture before scaling.</source>
        <translation>Höhe des Bildes vor der Skalierung.</translation>
    </message>
    <message>
        <source>Width</source>
        <translation>Breite</translation>
    </message>
    <message>
        <source>Height</source>
        <translation>Höhe</translation>
    </message>
    <message>
        <source>1×</source>
        <translation>1×</translation>
    </message>
    <message>
        <source>2×</source>
        <translation>2×</translation>
    </message>
    <message>
        <source>3×</source>
        <translation>3×</translation>
    </message>
    <message>
        <source>Pixel density: 2× doubles the pixels for sharp slides and high-DPI screens.</source>
        <translation>Pixeldichte: 2× verdoppelt die Pixel für scharfe Folien und High-DPI-Bildschirme.</translation>
    </message>
    <message>
        <source>Scale</source>
        <translation>Skalierung</translation>
    </message>
    <message>
        <source>PNG image</source>
        <translation>PNG-Bild</translation>
    </message>
    <message>
        <source>SVG vector drawing</source>
        <translation>SVG-Vektorgrafik</translation>
    </message>
    <message>
        <source>PNG for slides and chat, SVG for print and editing.</source>
        <translation>PNG für Folien und Chat, SVG für Druck und Bearbeitung.</translation>
    </message>
    <message>
        <source>File format</source>
        <translation>Dateiformat</translation>
    </message>
    <message>
        <source>Drawn at the top of the picture; leave empty for none.</source>
        <translation>Wird oben ins Bild gezeichnet; leer lassen für keinen Titel.</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>Titel</translation>
    </message>
    <message>
        <source>Draw the scenario summary and verdict</source>
        <translation>Szenario-Zusammenfassung und Urteil einzeichnen</translation>
    </message>
    <message>
        <source>Model, mode, precision, batch, sequence length and GPU under the title.</source>
        <translation>Modell, Modus, Genauigkeit, Batch, Sequenzlänge und GPU unter dem Titel.</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>&amp;Exportieren</translation>
    </message>
    <message>
        <source>&amp;Size</source>
        <translation>&amp;Größe</translation>
    </message>
    <message>
        <source>S&amp;cale</source>
        <translation>S&amp;kalierung</translation>
    </message>
    <message>
        <source>&amp;Format</source>
        <translation>&amp;Format</translation>
    </message>
    <message>
        <source>&amp;Title</source>
        <translation>&amp;Titel</translation>
    </message>
    <message>
        <source>&amp;Save…</source>
        <translation>&amp;Speichern …</translation>
    </message>
    <message>
        <source>&amp;Copy to Clipboard</source>
        <translation>In die Zwischenablage &amp;kopieren</translation>
    </message>
    <message>
        <source>Vector drawing, %1 × %2 units</source>
        <translation>Vektorgrafik, %1 × %2 Einheiten</translation>
    </message>
    <message>
        <source>Output: %1 × %2 pixels</source>
        <translation>Ausgabe: %1 × %2 Pixel</translation>
    </message>
</context>
<context>
    <name>headroom::ui::FeaturesPanel</name>
    <message>
        <source>Chunked cross-entropy</source>
        <translation>Cross-Entropy in Blöcken</translation>
    </message>
    <message>
        <source>The loss works on chunks of tokens: the fp32 logits are never held whole (litgpt, torchtune CEWithChunkedOutputLoss).</source>
        <translation>Der Loss arbeitet auf Token-Blöcken: die fp32-Logits liegen nie vollständig im Speicher (litgpt, torchtune CEWithChunkedOutputLoss).</translation>
    </message>
    <message>
        <source>torch.compile</source>
        <translation>torch.compile</translation>
    </message>
    <message>
        <source>Compiled model and loss: fused norms, RoPE and SiLU save less, and a compiled loss keeps only its input and one gradient.</source>
        <translation>Kompiliertes Modell und Loss: fusionierte Norms, RoPE und SiLU speichern weniger, ein kompilierter Loss hält nur seine Eingabe und einen Gradienten.</translation>
    </message>
    <message>
        <source>Fused optimizer step</source>
        <translation>Fusionierter Optimiererschritt</translation>
    </message>
    <message>
        <source>AdamW(fused=True): no for-each temporaries during the step.</source>
        <translation>AdamW(fused=True): keine for-each-Zwischenpuffer während des Schritts.</translation>
    </message>
    <message>
        <source>Optimizer step in backward</source>
        <translation>Optimiererschritt im Rückwärtsdurchlauf</translation>
    </message>
    <message>
        <source>Each parameter is updated as soon as its gradient exists and the gradient is freed: no full set of gradients is ever held.</source>
        <translation>Jeder Parameter wird aktualisiert, sobald sein Gradient existiert, und der Gradient wird freigegeben: nie liegt ein vollständiger Satz Gradienten vor.</translation>
    </message>
    <message>
        <source>Activation offloading to CPU</source>
        <translation>Aktivierungen auf die CPU auslagern</translation>
    </message>
    <message>
        <source>Saved activations move to host memory; the block being computed and the one being prefetched stay on the GPU.</source>
        <translation>Gespeicherte Aktivierungen wandern in den Hauptspeicher; der gerade berechnete und der vorab geladene Block bleiben auf der GPU.</translation>
    </message>
    <message>
        <source>Sequence packing</source>
        <translation>Sequenzen packen</translation>
    </message>
    <message>
        <source>Samples are packed to exactly the sequence length (no padding).</source>
        <translation>Beispiele werden genau auf die Sequenzlänge gepackt (kein Padding).</translation>
    </message>
    <message>
        <source>Optimizer offload to CPU</source>
        <translation>Optimierer auf die CPU auslagern</translation>
    </message>
    <message>
        <source>ZeRO-Offload / FSDP CPU offload: optimizer states and the step live on the CPU.</source>
        <translation>ZeRO-Offload / FSDP-CPU-Offload: Optimiererzustände und der Schritt liegen auf der CPU.</translation>
    </message>
    <message>
        <source>Parameter offload to CPU</source>
        <translation>Parameter auf die CPU auslagern</translation>
    </message>
    <message>
        <source>ZeRO-Infinity / FSDP offload_params: sharded parameters live on the CPU (needs a sharding strategy that shards parameters).</source>
        <translation>ZeRO-Infinity / FSDP offload_params: geshardete Parameter liegen auf der CPU (braucht eine Sharding-Strategie, die Parameter shardet).</translation>
    </message>
    <message>
        <source>Sequence parallelism</source>
        <translation>Sequenzparallelität</translation>
    </message>
    <message>
        <source>With tensor parallelism: norm and dropout activations are split over the TP ranks (needs TP &gt; 1).</source>
        <translation>Mit Tensorparallelität: Norm- und Dropout-Aktivierungen werden auf die TP-Ränge aufgeteilt (braucht TP &gt; 1).</translation>
    </message>
    <message>
        <source>Loss not compiled</source>
        <translation>Loss nicht kompiliert</translation>
    </message>
    <message>
        <source>Loop keeps the logits</source>
        <translation>Schleife behält die Logits</translation>
    </message>
    <message>
        <source>The training loop still references the logits during backward (fsdp_qlora, litgpt, torchtune before mid-2024).</source>
        <translation>Die Trainingsschleife referenziert die Logits noch im Rückwärtsdurchlauf (fsdp_qlora, litgpt, torchtune vor Mitte 2024).</translation>
    </message>
    <message>
        <source>Model returns fp32 logits</source>
        <translation>Modell liefert fp32-Logits</translation>
    </message>
    <message>
        <source>The model upcasts its logits (HF Llama before transformers 4.45, torchtune unchunked output, torchtitan 2024).</source>
        <translation>Das Modell wandelt seine Logits in fp32 um (HF Llama vor transformers 4.45, nicht in Blöcke geteilte torchtune-Ausgabe, torchtitan 2024).</translation>
    </message>
    <message>
        <source>Fused QKV projection</source>
        <translation>Fusionierte QKV-Projektion</translation>
    </message>
    <message>
        <source>One linear projects q, k and v (litgpt); it and its LoRA save different tensors for backward.</source>
        <translation>Eine Linear-Schicht projiziert q, k und v (litgpt); sie und ihr LoRA speichern andere Tensoren für den Rückwärtsdurchlauf.</translation>
    </message>
    <message>
        <source>FSDP units mix frozen and LoRA weights</source>
        <translation>FSDP-Einheiten mischen eingefrorene und LoRA-Gewichte</translation>
    </message>
    <message>
        <source>FSDP1 use_orig_params wrapping whole blocks: the frozen weights get gradients too (LoRA or QLoRA with sharding).</source>
        <translation>FSDP1 use_orig_params mit ganzen Blöcken als Einheit: auch die eingefrorenen Gewichte bekommen Gradienten (LoRA oder QLoRA mit Sharding).</translation>
    </message>
    <message>
        <source>Accumulate under no_sync()</source>
        <translation>Akkumulieren unter no_sync()</translation>
    </message>
    <message>
        <source>Gradient accumulation under FSDP no_sync(): gradients stay unsharded until the syncing micro-batch.</source>
        <translation>Gradientenakkumulation unter FSDP no_sync(): Gradienten bleiben bis zum synchronisierenden Mikro-Batch ungeshardet.</translation>
    </message>
    <message>
        <source>loss_parallel() with TP</source>
        <translation>loss_parallel() mit TP</translation>
    </message>
    <message>
        <source>torch loss_parallel() (torchtitan): the eager loss on the vocabulary shard holds 16 bytes per logit instead of 12 (needs TP &gt; 1).</source>
        <translation>torch loss_parallel() (torchtitan): der eager Loss auf dem Vokabular-Shard hält 16 statt 12 Byte je Logit (braucht TP &gt; 1).</translation>
    </message>
    <message>
        <source>Turn on %1</source>
        <translation>%1 einschalten</translation>
    </message>
    <message>
        <source>Turn off %1</source>
        <translation>%1 ausschalten</translation>
    </message>
    <message>
        <source>Memory features</source>
        <translation>Speicheroptionen</translation>
    </message>
    <message>
        <source>What the run turns on</source>
        <translation>Was der Lauf einschaltet</translation>
    </message>
    <message>
        <source>How the framework&apos;s code behaves</source>
        <translation>Wie sich der Framework-Code verhält</translation>
    </message>
    <message>
        <source>Facts about a framework version that change its peak; docs/profiles.md lists which frameworks do what.</source>
        <translation>Eigenschaften einer Framework-Version, die ihren Spitzenwert ändern; docs/profiles.md listet, welches Framework was tut.</translation>
    </message>
    <message>
        <source>In place</source>
        <translation>An Ort und Stelle</translation>
    </message>
    <message>
        <source>Weights are created where they stay: the load leaves nothing cached.</source>
        <translation>Die Gewichte entstehen dort, wo sie bleiben: das Laden hinterlässt keinen Cache.</translation>
    </message>
    <message>
        <source>torchao NF4 (torchtune QLoRA)</source>
        <translation>torchao NF4 (torchtune QLoRA)</translation>
    </message>
    <message>
        <source>Base weights quantised to NF4 on the GPU at init and again when the checkpoint is loaded (torchao 0.2 and later).</source>
        <translation>Die Basisgewichte werden beim Initialisieren und erneut beim Laden des Checkpoints auf der GPU nach NF4 quantisiert (torchao ab 0.2).</translation>
    </message>
    <message>
        <source>torchao 0.1 NF4, unchunked</source>
        <translation>torchao 0.1 NF4, ohne Blöcke</translation>
    </message>
    <message>
        <source>torchtune QLoRA in spring 2024: the NF4 search over a whole weight needs 32 bytes per element and leaves gigabytes cached.</source>
        <translation>torchtune QLoRA im Frühjahr 2024: die NF4-Suche über ein ganzes Gewicht braucht 32 Bytes pro Element und hinterlässt Gigabytes im Cache.</translation>
    </message>
    <message>
        <source>FSDP1 sync_module_states</source>
        <translation>FSDP1 sync_module_states</translation>
    </message>
    <message>
        <source>Rank 0 loads on the CPU; each FSDP unit is broadcast, flattened and sharded on the GPU (fsdp_qlora, accelerate low-memory loading).</source>
        <translation>Rang 0 lädt auf der CPU; jede FSDP-Einheit wird auf der GPU gebroadcastet, geflacht und geshardet (fsdp_qlora, accelerate Low-Memory-Laden).</translation>
    </message>
    <message>
        <source>How the weights are loaded</source>
        <translation>Wie die Gewichte geladen werden</translation>
    </message>
    <message>
        <source>The caching allocator keeps what the load cached, so the load can set the reserved peak (docs/metrics.md).</source>
        <translation>Der Caching-Allokator behält, was das Laden zwischengespeichert hat; so kann das Laden den reservierten Spitzenwert bestimmen (docs/metrics.md).</translation>
    </message>
    <message>
        <source>Model load: %1</source>
        <translation>Modell laden: %1</translation>
    </message>
    <message>
        <source>torchao NF4 base weights</source>
        <translation>torchao-NF4-Basisgewichte</translation>
    </message>
    <message>
        <source>The quantised base is a torchao NF4Tensor (torchtune QLoRA): its linears keep no input for backward, unlike bitsandbytes.</source>
        <translation>Die quantisierte Basis ist ein torchao-NF4Tensor (torchtune QLoRA): Ihre Linear-Schichten behalten anders als bei bitsandbytes keine Eingabe für den Rückwärtsdurchlauf.</translation>
    </message>
    <message>
        <source>Gradient buffer always allocated</source>
        <translation>Gradientenpuffer immer belegt</translation>
    </message>
    <message>
        <source>Megatron-Core DDP allocates one gradient buffer when the model is wrapped: the gradients take memory in every phase.</source>
        <translation>Megatron-Core DDP legt beim Einpacken des Modells einen Gradientenpuffer an: Die Gradienten belegen in jeder Phase Speicher.</translation>
    </message>
    <message>
        <source>Sequence parallelism keeps inputs split</source>
        <translation>Sequenzparallelität hält Eingaben geteilt</translation>
    </message>
    <message>
        <source>Megatron-LM: the linears save their split input and gather it again in backward (needs sequence parallelism and TP &gt; 1).</source>
        <translation>Megatron-LM: Die Linear-Schichten speichern ihre geteilte Eingabe und sammeln sie im Rückwärtsdurchlauf erneut (erfordert Sequenzparallelität und TP &gt; 1).</translation>
    </message>
    <message>
        <source>Output layer quantised too</source>
        <translation>Ausgabeschicht ebenfalls quantisiert</translation>
    </message>
    <message>
        <source>Every linear layer is quantised, lm_head included (Lightning BitsandbytesPrecision, litgpt --quantize bnb.*).</source>
        <translation>Jede lineare Schicht wird quantisiert, lm_head eingeschlossen (Lightning BitsandbytesPrecision, litgpt --quantize bnb.*).</translation>
    </message>
    <message>
        <source>Quantised from fp16</source>
        <translation>Aus fp16 quantisiert</translation>
    </message>
    <message>
        <source>The 4-bit weights were quantised from fp16: each dequantised linear is cast to the compute dtype, two copies while it runs (litgpt).</source>
        <translation>Die 4-Bit-Gewichte wurden aus fp16 quantisiert: Jede dequantisierte lineare Schicht wird in den Rechendatentyp umgewandelt, zwei Kopien während sie läuft (litgpt).</translation>
    </message>
    <message>
        <source>SDPA math kernel for multi-query</source>
        <translation>SDPA-Math-Kernel bei Multi-Query</translation>
    </message>
    <message>
        <source>A one-KV-head model reaches SDPA with its K/V un-expanded (lit-gpt 2023): the math kernel keeps the attention probabilities.</source>
        <translation>Ein Modell mit einem KV-Kopf übergibt SDPA K/V unexpandiert (lit-gpt 2023): Der Math-Kernel behält die Attention-Wahrscheinlichkeiten.</translation>
    </message>
    <message>
        <source>With torch.compile the loss stays eager (torchtitan until March 2025, torchtune before compile_loss): 12 bytes per logit at the loss.</source>
        <translation>Mit torch.compile bleibt der Loss eager (torchtitan bis März 2025, torchtune vor compile_loss): 12 Byte je Logit beim Loss.</translation>
    </message>
    <message>
        <source>ZeRO runs on DeepSpeed</source>
        <translation>ZeRO läuft auf DeepSpeed</translation>
    </message>
    <message>
        <source>DeepSpeed&apos;s ZeRO optimizer copies gradients into a bucket of reduce_bucket_size elements (ZeRO-3: always allocated; ZeRO-1/2: during backward).</source>
        <translation>Der ZeRO-Optimierer von DeepSpeed kopiert die Gradienten in einen Puffer aus reduce_bucket_size Elementen (ZeRO-3: immer belegt; ZeRO-1/2: während des Rückwärtsdurchlaufs).</translation>
    </message>
    <message>
        <source>Expandable allocator segments</source>
        <translation>Erweiterbare Allokator-Segmente</translation>
    </message>
    <message>
        <source>PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True: batches of varying length leave no fragmented cache behind (needs variable sample lengths, under Run details).</source>
        <translation>PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True: Batches unterschiedlicher Länge hinterlassen keinen fragmentierten Cache (braucht variable Beispiellängen, unter Laufdetails).</translation>
    </message>
    <message>
        <source>gelu_new as separate ops</source>
        <translation>gelu_new als einzelne Operationen</translation>
    </message>
    <message>
        <source>transformers runs GPT-2&apos;s gelu_new (gpt2, phi) as separate ops under autocast: fp32 intermediates are kept for backward (HF Trainer).</source>
        <translation>transformers führt GPT-2s gelu_new (gpt2, phi) unter Autocast als einzelne Operationen aus: fp32-Zwischenwerte werden für den Rückwärtsdurchlauf behalten (HF Trainer).</translation>
    </message>
</context>
<context>
    <name>headroom::ui::LayoutPanel</name>
    <message>
        <source>Searching layouts of up to %1 GPUs…</source>
        <translation>Durchsuche Layouts mit bis zu %1 GPUs …</translation>
    </message>
    <message>
        <source>Apply smallest layout (%1 GPUs)</source>
        <translation>Kleinstes Layout anwenden (%1 GPUs)</translation>
    </message>
    <message>
        <source>No layout of up to %1 × %2 fits this run.</source>
        <translation>Kein Layout mit bis zu %1 × %2 passt für diesen Lauf.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Smallest layout: %1 × %2&lt;/b&gt; — DP %3 × TP %4 × PP %5 × CP %6, sharding: %7.</source>
        <translation>&lt;b&gt;Kleinstes Layout: %1 × %2&lt;/b&gt; – DP %3 × TP %4 × PP %5 × CP %6, Sharding: %7.</translation>
    </message>
    <message>
        <source>Tightest rank: pipeline stage %1 (layers %2–%3) at %4 of %5, %6 free.</source>
        <translation>Knappster Rang: Pipeline-Stufe %1 (Schichten %2–%3) mit %4 von %5, %6 frei.</translation>
    </message>
    <message>
        <source>Find the fewest GPUs of the selected type (then the least tensor and pipeline parallelism) that run this scenario, and apply that layout. The per-stage bar then highlights the tightest rank.</source>
        <translation>Die wenigsten GPUs des gewählten Typs (danach die geringste Tensor- und Pipeline-Parallelität) finden, die dieses Szenario ausführen, und dieses Layout anwenden. Der Balken je Stufe hebt dann den knappsten Rang hervor.</translation>
    </message>
    <message>
        <source>&amp;Find smallest layout</source>
        <translation>Kleinstes Layout &amp;finden</translation>
    </message>
    <message>
        <source>Search DP × TP × PP layouts of this GPU for the smallest one that fits, and apply it.</source>
        <translation>DP × TP × PP-Layouts dieser GPU nach dem kleinsten passenden durchsuchen und anwenden.</translation>
    </message>
    <message>
        <source>Find smallest layout</source>
        <translation>Kleinstes Layout finden</translation>
    </message>
    <message>
        <source>Up to</source>
        <translation>Bis zu</translation>
    </message>
    <message>
        <source> GPUs</source>
        <translation> GPUs</translation>
    </message>
    <message>
        <source>The largest GPU count the search may use.</source>
        <translation>Die größte GPU-Anzahl, die die Suche verwenden darf.</translation>
    </message>
    <message>
        <source>Maximum GPUs to search</source>
        <translation>Maximale GPU-Anzahl für die Suche</translation>
    </message>
    <message>
        <source>Layout result</source>
        <translation>Layout-Ergebnis</translation>
    </message>
</context>
<context>
    <name>headroom::ui::MainWindow</name>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Units</source>
        <translation>&amp;Einheiten</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>&amp;Design</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>&amp;Werkzeuge</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Sprache</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;New Scenario</source>
        <translation>&amp;Neues Szenario</translation>
    </message>
    <message>
        <source>Start again from the default scenario.</source>
        <translation>Neu mit dem Standardszenario beginnen.</translation>
    </message>
    <message>
        <source>&amp;Open Scenario…</source>
        <translation>Szenario ö&amp;ffnen …</translation>
    </message>
    <message>
        <source>Open a saved scenario (.json).</source>
        <translation>Ein gespeichertes Szenario öffnen (.json).</translation>
    </message>
    <message>
        <source>Open &amp;Model File…</source>
        <translation>&amp;Modelldatei öffnen …</translation>
    </message>
    <message>
        <source>Import a model from config.json, a safetensors index or a .safetensors file.</source>
        <translation>Ein Modell aus config.json, einem safetensors-Index oder einer .safetensors-Datei importieren.</translation>
    </message>
    <message>
        <source>&amp;Save Scenario</source>
        <translation>Szenario &amp;speichern</translation>
    </message>
    <message>
        <source>Save Scenario &amp;As…</source>
        <translation>Szenario speichern &amp;unter …</translation>
    </message>
    <message>
        <source>&amp;Export Image…</source>
        <translation>Bild &amp;exportieren …</translation>
    </message>
    <message>
        <source>Save the bar, the cliff chart or the dashboard as PNG or SVG.</source>
        <translation>Den Balken, das Klippen-Diagramm oder das Dashboard als PNG oder SVG speichern.</translation>
    </message>
    <message>
        <source>&amp;Copy Image</source>
        <translation>Bild &amp;kopieren</translation>
    </message>
    <message>
        <source>Copy the exported image to the clipboard.</source>
        <translation>Das exportierte Bild in die Zwischenablage kopieren.</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederholen</translation>
    </message>
    <message>
        <source>&amp;Presentation Mode</source>
        <translation>&amp;Präsentationsmodus</translation>
    </message>
    <message>
        <source>Full screen with large type: charts, verdict and key sliders only.</source>
        <translation>Vollbild mit großer Schrift: nur Diagramme, Urteil und die wichtigsten Regler.</translation>
    </message>
    <message>
        <source>Leave Presentation Mode</source>
        <translation>Präsentationsmodus verlassen</translation>
    </message>
    <message>
        <source>&amp;Animate OOM Cliff</source>
        <translation>OOM-Klippe &amp;animieren</translation>
    </message>
    <message>
        <source>Per-&amp;Stage Bars</source>
        <translation>Balken je &amp;Stufe</translation>
    </message>
    <message>
        <source>Show &amp;Controls</source>
        <translation>&amp;Bedienelemente anzeigen</translation>
    </message>
    <message>
        <source>&amp;GiB (2³⁰ bytes)</source>
        <translation>&amp;GiB (2³⁰ Byte)</translation>
    </message>
    <message>
        <source>G&amp;B (10⁹ bytes)</source>
        <translation>G&amp;B (10⁹ Byte)</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>&amp;Hell</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>&amp;Dunkel</translation>
    </message>
    <message>
        <source>Find &amp;Smallest Layout</source>
        <translation>&amp;Kleinstes Layout finden</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>&amp;Tastenkürzel</translation>
    </message>
    <message>
        <source>&amp;About Headroom</source>
        <translation>Ü&amp;ber Headroom</translation>
    </message>
    <message>
        <source>&amp;System Default</source>
        <translation>&amp;Systemstandard</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>Szenario</translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation>Unbenannt</translation>
    </message>
    <message>
        <source>%1[*] — Headroom</source>
        <translation>%1[*] – Headroom</translation>
    </message>
    <message>
        <source>Units: %1</source>
        <translation>Einheiten: %1</translation>
    </message>
    <message>
        <source>Open Scenario</source>
        <translation>Szenario öffnen</translation>
    </message>
    <message>
        <source>Headroom scenarios (*.json);;All files (*)</source>
        <translation>Headroom-Szenarien (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Open Model File</source>
        <translation>Modelldatei öffnen</translation>
    </message>
    <message>
        <source>Model descriptions (config.json *.index.json *.safetensors *.json);;All files (*)</source>
        <translation>Modellbeschreibungen (config.json *.index.json *.safetensors *.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Cannot open scenario</source>
        <translation>Szenario kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>%1 was not opened: %2
The current scenario is unchanged.</source>
        <translation>%1 wurde nicht geöffnet: %2
Das aktuelle Szenario bleibt unverändert.</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>%1 geöffnet</translation>
    </message>
    <message>
        <source>Cannot import model</source>
        <translation>Modell kann nicht importiert werden</translation>
    </message>
    <message>
        <source>%1 was not imported: %2
The current scenario is unchanged.</source>
        <translation>%1 wurde nicht importiert: %2
Das aktuelle Szenario bleibt unverändert.</translation>
    </message>
    <message>
        <source>Import model %1</source>
        <translation>Modell %1 importieren</translation>
    </message>
    <message>
        <source>Imported %1</source>
        <translation>%1 importiert</translation>
    </message>
    <message>
        <source>scenario.json</source>
        <translation>szenario.json</translation>
    </message>
    <message>
        <source>Save Scenario</source>
        <translation>Szenario speichern</translation>
    </message>
    <message>
        <source>Headroom scenarios (*.json)</source>
        <translation>Headroom-Szenarien (*.json)</translation>
    </message>
    <message>
        <source>Cannot save scenario</source>
        <translation>Szenario kann nicht gespeichert werden</translation>
    </message>
    <message>
        <source>%1 could not be written: %2</source>
        <translation>%1 konnte nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 gespeichert</translation>
    </message>
    <message>
        <source>Image copied to the clipboard</source>
        <translation>Bild in die Zwischenablage kopiert</translation>
    </message>
    <message>
        <source>headroom.svg</source>
        <translation>headroom.svg</translation>
    </message>
    <message>
        <source>headroom.png</source>
        <translation>headroom.png</translation>
    </message>
    <message>
        <source>Export Image</source>
        <translation>Bild exportieren</translation>
    </message>
    <message>
        <source>SVG drawings (*.svg)</source>
        <translation>SVG-Grafiken (*.svg)</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG-Bilder (*.png)</translation>
    </message>
    <message>
        <source>Cannot export image</source>
        <translation>Bild kann nicht exportiert werden</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>%1 exportiert</translation>
    </message>
    <message>
        <source>New scenario</source>
        <translation>Neues Szenario</translation>
    </message>
    <message>
        <source>Open scenario</source>
        <translation>Szenario öffnen</translation>
    </message>
    <message>
        <source>Open model file</source>
        <translation>Modelldatei öffnen</translation>
    </message>
    <message>
        <source>Save scenario</source>
        <translation>Szenario speichern</translation>
    </message>
    <message>
        <source>Export image</source>
        <translation>Bild exportieren</translation>
    </message>
    <message>
        <source>Copy image</source>
        <translation>Bild kopieren</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Rückgängig</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>Wiederholen</translation>
    </message>
    <message>
        <source>Presentation mode (Esc leaves)</source>
        <translation>Präsentationsmodus (Esc beendet ihn)</translation>
    </message>
    <message>
        <source>Animate the OOM cliff</source>
        <translation>OOM-Klippe animieren</translation>
    </message>
    <message>
        <source>Per-stage bars</source>
        <translation>Balken je Stufe</translation>
    </message>
    <message>
        <source>Find smallest layout</source>
        <translation>Kleinstes Layout finden</translation>
    </message>
    <message>
        <source>Show GiB</source>
        <translation>GiB anzeigen</translation>
    </message>
    <message>
        <source>Show GB</source>
        <translation>GB anzeigen</translation>
    </message>
    <message>
        <source>Toggle dark theme</source>
        <translation>Dunkles Design umschalten</translation>
    </message>
    <message>
        <source>Show or hide the controls</source>
        <translation>Bedienelemente ein- oder ausblenden</translation>
    </message>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>About Headroom</source>
        <translation>Über Headroom</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Headroom %1&lt;/h3&gt;&lt;p&gt;How much GPU memory an LLM training or inference run needs, and why.&lt;/p&gt;&lt;p&gt;Totals are the nvidia-smi metric, which the driver refuses to exceed; PyTorch&apos;s allocated and reserved figures are shown beside it.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Headroom %1&lt;/h3&gt;&lt;p&gt;Wie viel GPU-Speicher ein LLM-Training oder eine Inferenz braucht, und warum.&lt;/p&gt;&lt;p&gt;Summen sind die nvidia-smi-Metrik, die der Treiber nicht überschreiten lässt; die allokierten und reservierten Werte von PyTorch stehen daneben.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;Calibrate from a Measured Run…</source>
        <translation>Aus einem gemessenen Lauf &amp;kalibrieren…</translation>
    </message>
    <message>
        <source>Clear Ca&amp;libration</source>
        <translation>Ka&amp;librierung entfernen</translation>
    </message>
    <message>
        <source>Calibrate to Measured Run</source>
        <translation>An gemessenen Lauf kalibrieren</translation>
    </message>
    <message>
        <source>Clear Calibration</source>
        <translation>Kalibrierung entfernen</translation>
    </message>
    <message>
        <source>Pinned as A: edit the scenario into B to compare</source>
        <translation>Als A angeheftet: das Szenario zu B bearbeiten, um zu vergleichen</translation>
    </message>
    <message>
        <source>Export &amp;Breakdown Table…</source>
        <translation>&amp;Aufschlüsselung exportieren…</translation>
    </message>
    <message>
        <source>Save the breakdown table (bytes, share, formula per term) as CSV or Markdown.</source>
        <translation>Die Aufschlüsselung (Bytes, Anteil, Formel je Posten) als CSV oder Markdown speichern.</translation>
    </message>
    <message>
        <source>&amp;Pin as A for Comparison</source>
        <translation>Als A zum Vergleich &amp;anheften</translation>
    </message>
    <message>
        <source>Keep the current scenario as A; the Compare tab compares the scenario you edit (B) with it.</source>
        <translation>Das aktuelle Szenario als A behalten; der Reiter „Vergleich“ vergleicht das bearbeitete Szenario (B) damit.</translation>
    </message>
    <message>
        <source>Export Co&amp;mparison…</source>
        <translation>Vergleich e&amp;xportieren…</translation>
    </message>
    <message>
        <source>Save the comparison as PNG or SVG, or its tables as Markdown.</source>
        <translation>Den Vergleich als PNG oder SVG speichern, oder seine Tabellen als Markdown.</translation>
    </message>
    <message>
        <source>Export Comparison</source>
        <translation>Vergleich exportieren</translation>
    </message>
    <message>
        <source>Pin a scenario as A first (Tools → Pin as A for Comparison).</source>
        <translation>Zuerst ein Szenario als A anheften (Werkzeuge → Als A zum Vergleich anheften).</translation>
    </message>
    <message>
        <source>headroom-compare.png</source>
        <translation>headroom-vergleich.png</translation>
    </message>
    <message>
        <source>PNG images (*.png);;SVG drawings (*.svg);;Markdown tables (*.md)</source>
        <translation>PNG-Bilder (*.png);;SVG-Zeichnungen (*.svg);;Markdown-Tabellen (*.md)</translation>
    </message>
    <message>
        <source>Cannot export the comparison</source>
        <translation>Vergleich kann nicht exportiert werden</translation>
    </message>
    <message>
        <source>Export Breakdown Table</source>
        <translation>Aufschlüsselung exportieren</translation>
    </message>
    <message>
        <source>headroom-breakdown.csv</source>
        <translation>headroom-aufschluesselung.csv</translation>
    </message>
    <message>
        <source>CSV tables (*.csv);;Markdown tables (*.md)</source>
        <translation>CSV-Tabellen (*.csv);;Markdown-Tabellen (*.md)</translation>
    </message>
    <message>
        <source>Cannot export the table</source>
        <translation>Tabelle kann nicht exportiert werden</translation>
    </message>
    <message>
        <source>Open Measured &amp;Run…</source>
        <translation>Gemessenen &amp;Lauf öffnen …</translation>
    </message>
    <message>
        <source>Open a run captured with headroom_capture.py and show it beside the estimate.</source>
        <translation>Einen mit headroom_capture.py aufgezeichneten Lauf öffnen und neben der Schätzung zeigen.</translation>
    </message>
    <message>
        <source>Open Measured Run</source>
        <translation>Gemessenen Lauf öffnen</translation>
    </message>
    <message>
        <source>Cannot open measured run</source>
        <translation>Gemessener Lauf kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>Opened measured run %1</source>
        <translation>Gemessener Lauf %1 geöffnet</translation>
    </message>
    <message>
        <source>Cannot calibrate</source>
        <translation>Kalibrieren nicht möglich</translation>
    </message>
    <message>
        <source>Measured runs (*.headroom.json *.json *.pickle);;All files (*)</source>
        <translation>Gemessene Läufe (*.headroom.json *.json *.pickle);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Computed in %1 ms</source>
        <translation>Berechnet in %1 ms</translation>
    </message>
</context>
<context>
    <name>headroom::ui::MeasuredPanel</name>
    <message>
        <source>No measured run is open. File &gt; Open Measured Run… reads a file written by tools/capture/headroom_capture.py (docs/measured-runs.md).</source>
        <translation>Kein gemessener Lauf geöffnet. Datei &gt; Gemessenen Lauf öffnen … liest eine Datei, die tools/capture/headroom_capture.py geschrieben hat (docs/measured-runs.md).</translation>
    </message>
    <message numerus="yes">
        <source>%1: %2, %n step(s) captured. Predicted is the estimate shown above.</source>
        <translation>
            <numerusform>%1: %2, %n Schritt aufgezeichnet. Vorhergesagt ist die oben gezeigte Schätzung.</numerusform>
            <numerusform>%1: %2, %n Schritte aufgezeichnet. Vorhergesagt ist die oben gezeigte Schätzung.</numerusform>
        </translation>
    </message>
    <message>
        <source>Allocated peak</source>
        <translation>Allokierte Spitze</translation>
    </message>
    <message>
        <source>Reserved peak</source>
        <translation>Reservierte Spitze</translation>
    </message>
    <message>
        <source>nvidia-smi peak</source>
        <translation>nvidia-smi-Spitze</translation>
    </message>
    <message>
        <source>Peaks</source>
        <translation>Spitzen</translation>
    </message>
    <message>
        <source>After load</source>
        <translation>Nach dem Laden</translation>
    </message>
    <message>
        <source>Forward</source>
        <translation>Vorwärtsdurchlauf</translation>
    </message>
    <message>
        <source>Backward</source>
        <translation>Rückwärtsdurchlauf</translation>
    </message>
    <message>
        <source>Optimizer step</source>
        <translation>Optimiererschritt</translation>
    </message>
    <message>
        <source>Allocated peak by phase</source>
        <translation>Allokierte Spitze je Phase</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>Parameter</translation>
    </message>
    <message>
        <source>Gradients (end of backward)</source>
        <translation>Gradienten (Ende des Rückwärtsdurchlaufs)</translation>
    </message>
    <message>
        <source>Optimizer states</source>
        <translation>Optimiererzustände</translation>
    </message>
    <message>
        <source>The rest at the allocated peak</source>
        <translation>Der Rest an der allokierten Spitze</translation>
    </message>
    <message>
        <source>By category</source>
        <translation>Nach Kategorie</translation>
    </message>
    <message>
        <source>Nothing beyond the tolerances: parameters, gradients and optimizer states within 5 %, the rest at the peak within 10 %.</source>
        <translation>Nichts außerhalb der Toleranzen: Parameter, Gradienten und Optimiererzustände innerhalb 5 %, der Rest an der Spitze innerhalb 10 %.</translation>
    </message>
    <message>
        <source>Reserved is %1× allocated (%2 of %3): the step lengths varied (%4 to %5 tokens) under the default caching allocator, which keeps a segment for each longer batch. PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True removes it; Sample lengths: Real data models it.</source>
        <translation>Reserviert ist das %1-Fache von allokiert (%2 von %3): Die Schrittlängen schwankten (%4 bis %5 Token) unter dem Standard-Caching-Allokator, der für jeden längeren Batch ein Segment behält. PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True beseitigt das; Längen der Beispiele: Echte Daten bildet es ab.</translation>
    </message>
    <message>
        <source>Reserved is %1× allocated (%2 of %3) with fixed lengths: blocks cached that the estimate&apos;s allocator model does not have.</source>
        <translation>Reserviert ist das %1-Fache von allokiert (%2 von %3) bei festen Längen: zwischengespeicherte Blöcke, die das Allokatormodell der Schätzung nicht kennt.</translation>
    </message>
    <message>
        <source>Parameters: measured %1, predicted %2 (a dtype, tied embeddings or quantisation the scenario does not have).</source>
        <translation>Parameter: gemessen %1, vorhergesagt %2 (ein Datentyp, gekoppelte Embeddings oder eine Quantisierung, die das Szenario nicht hat).</translation>
    </message>
    <message>
        <source>Gradients: measured %1, predicted %2 (the trainable set or the gradient dtype differs).</source>
        <translation>Gradienten: gemessen %1, vorhergesagt %2 (die trainierbaren Parameter oder der Gradienten-Datentyp weichen ab).</translation>
    </message>
    <message>
        <source>Optimizer states: measured %1, predicted %2 (the optimizer or its state dtype differs).</source>
        <translation>Optimiererzustände: gemessen %1, vorhergesagt %2 (der Optimierer oder der Datentyp seiner Zustände weicht ab).</translation>
    </message>
    <message>
        <source>Activations and temporaries at the peak: measured %1, predicted %2 (the attention kernel, checkpointing, logits or the loss differ).</source>
        <translation>Aktivierungen und Zwischenwerte an der Spitze: gemessen %1, vorhergesagt %2 (Attention-Kernel, Checkpointing, Logits oder der Loss weichen ab).</translation>
    </message>
    <message>
        <source>nvidia-smi less reserved (CUDA context, cuBLAS, NCCL): measured %1, predicted %2.</source>
        <translation>nvidia-smi abzüglich reserviert (CUDA-Kontext, cuBLAS, NCCL): gemessen %1, vorhergesagt %2.</translation>
    </message>
    <message>
        <source>Not modelled: %1.</source>
        <translation>Nicht modelliert: %1.</translation>
    </message>
    <message>
        <source>Predicted</source>
        <translation>Vorhergesagt</translation>
    </message>
    <message>
        <source>Measured</source>
        <translation>Gemessen</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>&lt;b&gt;What differs&lt;/b&gt;</source>
        <translation>&lt;b&gt;Was abweicht&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Calibrate in:</source>
        <translation>Kalibrieren in:</translation>
    </message>
    <message>
        <source>allocated</source>
        <translation>allokiert</translation>
    </message>
    <message>
        <source>reserved</source>
        <translation>reserviert</translation>
    </message>
    <message>
        <source>nvidia-smi</source>
        <translation>nvidia-smi</translation>
    </message>
    <message>
        <source>Calibrate from This Run</source>
        <translation>Aus diesem Lauf kalibrieren</translation>
    </message>
    <message>
        <source>Fit the scenario&apos;s calibration to this run&apos;s peak in the chosen metric (one undo step).</source>
        <translation>Die Kalibrierung des Szenarios an die Spitze dieses Laufs in der gewählten Metrik anpassen (ein Rückgängig-Schritt).</translation>
    </message>
    <message>
        <source>%1: PyTorch&apos;s memory snapshot, compared with the scenario shown above; its peaks come from the trace when it has one, else from the segments at the dump.</source>
        <translation>%1: PyTorchs Speicher-Snapshot, verglichen mit dem oben gezeigten Szenario; seine Spitzen stammen aus dem Trace, wenn er einen hat, sonst aus den Segmenten zum Zeitpunkt des Dumps.</translation>
    </message>
    <message>
        <source>No finding: a snapshot has no phases or categories to compare.</source>
        <translation>Kein Befund: Ein Snapshot hat keine Phasen oder Kategorien zum Vergleichen.</translation>
    </message>
</context>
<context>
    <name>headroom::ui::PlanWaterfallChart</name>
    <message>
        <source>Today: %1</source>
        <translation>Aktuell: %1</translation>
    </message>
    <message>
        <source>With the whole plan: %1 (disruption cost %2)</source>
        <translation>Mit dem ganzen Plan: %1 (Störungskosten %2)</translation>
    </message>
    <message>
        <source>Step %1: %2
Saves %3, total %4, disruption cost %5</source>
        <translation>Schritt %1: %2
Spart %3, gesamt %4, Störungskosten %5</translation>
    </message>
    <message>
        <source>Today</source>
        <translation>Aktuell</translation>
    </message>
    <message>
        <source>With plan</source>
        <translation>Mit Plan</translation>
    </message>
    <message>
        <source>GPU capacity %1</source>
        <translation>GPU-Kapazität %1</translation>
    </message>
    <message>
        <source>Plan waterfall</source>
        <translation>Plan-Wasserfall</translation>
    </message>
    <message>
        <source>Memory today, after each step of the plan and with the whole plan, against the GPU capacity.</source>
        <translation>Speicher heute, nach jedem Schritt des Plans und mit dem ganzen Plan, verglichen mit der GPU-Kapazität.</translation>
    </message>
</context>
<context>
    <name>headroom::ui::PlaybookView</name>
    <message>
        <source>Apply: %1</source>
        <translation>Anwenden: %1</translation>
    </message>
    <message>
        <source>−%1</source>
        <translation>−%1</translation>
    </message>
    <message>
        <source>+%1</source>
        <translation>+%1</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>passt</translation>
    </message>
    <message>
        <source>still OOM</source>
        <translation>weiterhin OOM</translation>
    </message>
    <message>
        <source>No playbook for an invalid scenario.</source>
        <translation>Kein Playbook für ein ungültiges Szenario.</translation>
    </message>
    <message>
        <source>No change in the playbook applies to this scenario.</source>
        <translation>Keine Änderung aus dem Playbook ist auf dieses Szenario anwendbar.</translation>
    </message>
    <message>
        <source>The scenario fits. These changes would free more memory, ranked from least to most disruptive. Double-click a row to apply it.</source>
        <translation>Das Szenario passt. Diese Änderungen würden weiteren Speicher freigeben, geordnet vom geringsten zum stärksten Eingriff. Doppelklick auf eine Zeile wendet sie an.</translation>
    </message>
    <message>
        <source>Out of memory. Changes ranked: those that make it fit first, then the least disruptive. Double-click a row to apply it.</source>
        <translation>Speicher erschöpft. Geordnete Änderungen: zuerst die, mit denen es passt, dann die mit dem geringsten Eingriff. Doppelklick auf eine Zeile wendet sie an.</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Änderung</translation>
    </message>
    <message>
        <source>Saves</source>
        <translation>Ersparnis</translation>
    </message>
    <message>
        <source>New total</source>
        <translation>Neue Summe</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Urteil</translation>
    </message>
    <message>
        <source>&amp;Apply selected</source>
        <translation>Auswahl &amp;anwenden</translation>
    </message>
    <message>
        <source>Apply the selected change to the scenario (undoable).</source>
        <translation>Die gewählte Änderung auf das Szenario anwenden (rückgängig machbar).</translation>
    </message>
    <message>
        <source>Apply selected playbook change</source>
        <translation>Gewählte Playbook-Änderung anwenden</translation>
    </message>
    <message>
        <source>OOM playbook</source>
        <translation>OOM-Playbook</translation>
    </message>
    <message>
        <source>Ranked changes that reduce memory; the savings are computed for this scenario.</source>
        <translation>Geordnete Änderungen, die Speicher sparen; die Ersparnis ist für dieses Szenario berechnet.</translation>
    </message>
    <message>
        <source>Apply plan (disruption cost %1)</source>
        <translation>Plan anwenden (Störungskosten %1)</translation>
    </message>
    <message>
        <source>Plan that fits: disruption cost %1 (throughput + convergence + effort)</source>
        <translation>Plan, der passt: Störungskosten %1 (Durchsatz + Konvergenz + Aufwand)</translation>
    </message>
    <message>
        <source>Out of memory. The least disruptive combination of changes that fits on these GPUs is drawn on the right, step by step; Apply plan applies all of it as one undo step.</source>
        <translation>Speicher erschöpft. Rechts ist Schritt für Schritt die am wenigsten störende Kombination von Änderungen gezeichnet, die auf diese GPUs passt; „Plan anwenden“ wendet sie ganz als ein Rückgängig-Schritt an.</translation>
    </message>
    <message>
        <source>Apply p&amp;lan</source>
        <translation>P&amp;lan anwenden</translation>
    </message>
    <message>
        <source>Apply every step of the plan at once (one undo step).</source>
        <translation>Alle Schritte des Plans auf einmal anwenden (ein Rückgängig-Schritt).</translation>
    </message>
    <message>
        <source>Apply the combined plan</source>
        <translation>Den kombinierten Plan anwenden</translation>
    </message>
    <message>
        <source>Plan against the band&apos;s high bound</source>
        <translation>Gegen die Obergrenze des Bands planen</translation>
    </message>
    <message>
        <source>At the band&apos;s high bound the scenario may not fit. Changes ranked: those that make the high bound fit first, then the least disruptive. Double-click a row to apply it.</source>
        <translation>An der Obergrenze des Bands passt das Szenario vielleicht nicht. Geordnete Änderungen: zuerst die, mit denen die Obergrenze passt, dann die am wenigsten störenden. Doppelklick auf eine Zeile wendet sie an.</translation>
    </message>
    <message>
        <source>Plan against the &amp;high bound</source>
        <translation>Gegen die &amp;Obergrenze planen</translation>
    </message>
    <message>
        <source>Count a run as fitting only where the band&apos;s high bound fits the GPU: the playbook, the plan, the largest micro-batch and the layout finder then leave room for every mechanism the band names (allocator configuration, CUDA stack, framework versions, sample lengths).</source>
        <translation>Ein Lauf gilt nur als passend, wo die Obergrenze des Bands in die GPU passt: Playbook, Plan, größter Mikro-Batch und Layout-Suche lassen dann Platz für jeden Mechanismus, den das Band nennt (Allokator-Konfiguration, CUDA-Stack, Framework-Versionen, Beispiellängen).</translation>
    </message>
    <message>
        <source>Disruption cost %1: throughput %2, convergence %3, effort %4 (each 0-3)</source>
        <translation>Störungskosten %1: Durchsatz %2, Konvergenz %3, Aufwand %4 (je 0-3)</translation>
    </message>
    <message>
        <source>Disruption cost %1: the sum of the plan&apos;s steps</source>
        <translation>Störungskosten %1: die Summe der Planschritte</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>Kosten</translation>
    </message>
    <message>
        <source>Disruption cost: throughput lost + convergence changed + engineering effort, each 0-3 (docs/plan-search.md)</source>
        <translation>Störungskosten: verlorener Durchsatz + geänderte Konvergenz + Entwicklungsaufwand, je 0-3 (docs/plan-search.md)</translation>
    </message>
    <message>
        <source>A sized server: the changes that let it start or serve more sequences at once (GPU memory utilisation, fp8 KV cache, TP, max_num_seqs, max_model_len, fp8 weights) are in the Serving tab, each with what the server becomes.</source>
        <translation>Ein dimensionierter Server: Die Änderungen, mit denen er startet oder mehr Sequenzen gleichzeitig bedient (GPU-Speicherauslastung, fp8-KV-Cache, TP, max_num_seqs, max_model_len, fp8-Gewichte), stehen im Reiter „Inferenz-Server“, jede mit dem, was aus dem Server wird.</translation>
    </message>
    <message>
        <source>may not fit</source>
        <extracomment>the playbook&apos;s verdict column, kept short (the tooltip says it in full)</extracomment>
        <translation>fraglich</translation>
    </message>
    <message>
        <source>The scenario may not fit: its band reaches past the GPU. These changes free more memory, ranked: those whose whole band fits under the GPU first, then the least disruptive. Double-click a row to apply it.</source>
        <translation>Das Szenario passt vielleicht nicht: sein Band reicht über die GPU hinaus. Diese Änderungen geben Speicher frei, geordnet: zuerst die, deren ganzes Band unter der GPU liegt, dann nach geringstem Eingriff. Doppelklick auf eine Zeile wendet sie an.</translation>
    </message>
    <message>
        <source>The change fits by its point estimate, but its band reaches past the GPU: it may not fit.</source>
        <translation>Die Änderung passt nach ihrer Punktschätzung, aber ihr Band reicht über die GPU hinaus: sie passt vielleicht nicht.</translation>
    </message>
    <message>
        <source>More accumulation keeps the gradients between micro-batches: more than the chart shows at the same micro-batch.</source>
        <translation>Mehr Akkumulation hält die Gradienten zwischen den Mikro-Batches: mehr, als das Diagramm beim selben Mikro-Batch zeigt.</translation>
    </message>
</context>
<context>
    <name>headroom::ui::RecentFiles</name>
    <message>
        <source>&amp;%1 %2</source>
        <translation>&amp;%1 %2</translation>
    </message>
    <message>
        <source>Clear Recent Files</source>
        <translation>Liste leeren</translation>
    </message>
</context>
<context>
    <name>headroom::ui::RunDetailsPanel</name>
    <message>
        <source>Gradient accumulation:</source>
        <translation>Gradientenakkumulation:</translation>
    </message>
    <message>
        <source>Micro-batches per optimizer step. Memory per GPU does not grow with it (gradients accumulate in place); the global batch does.</source>
        <translation>Mikro-Batches pro Optimiererschritt. Der Speicher pro GPU wächst damit nicht (Gradienten werden an Ort und Stelle akkumuliert), der globale Batch schon.</translation>
    </message>
    <message>
        <source>fp32 master weights</source>
        <translation>fp32-Master-Gewichte</translation>
    </message>
    <message>
        <source>A separate fp32 copy of the trainable parameters for the optimizer (mixed precision with bf16/fp16 weights): 4 bytes per trainable parameter.</source>
        <translation>Eine separate fp32-Kopie der trainierbaren Parameter für den Optimierer (Mixed Precision mit bf16/fp16-Gewichten): 4 Byte pro trainierbarem Parameter.</translation>
    </message>
    <message>
        <source>LoRA dropout &gt; 0</source>
        <translation>LoRA-Dropout &gt; 0</translation>
    </message>
    <message>
        <source>lora_dropout &gt; 0 saves a dropped-out copy of each adapted layer&apos;s input for the backward pass.</source>
        <translation>lora_dropout &gt; 0 speichert für den Rückwärtsdurchlauf eine Dropout-Kopie der Eingabe jeder adaptierten Schicht.</translation>
    </message>
    <message>
        <source>RL rollout engine</source>
        <translation>RL-Rollout-Engine</translation>
    </message>
    <message>
        <source>A colocated rollout engine (RL: GRPO/PPO) generating on the same GPUs: its weights and KV cache come on top of training.</source>
        <translation>Eine mitlaufende Rollout-Engine (RL: GRPO/PPO), die auf denselben GPUs generiert: ihre Gewichte und ihr KV-Cache kommen zum Training hinzu.</translation>
    </message>
    <message>
        <source>Rollout prompts:</source>
        <translation>Rollout-Prompts:</translation>
    </message>
    <message>
        <source>Prompts per rollout step.</source>
        <translation>Prompts pro Rollout-Schritt.</translation>
    </message>
    <message>
        <source>Samples per prompt:</source>
        <translation>Antworten pro Prompt:</translation>
    </message>
    <message>
        <source>Responses generated per prompt (GRPO group size).</source>
        <translation>Pro Prompt erzeugte Antworten (GRPO-Gruppengröße).</translation>
    </message>
    <message>
        <source>Response length:</source>
        <translation>Antwortlänge:</translation>
    </message>
    <message>
        <source>Maximum generated tokens per response.</source>
        <translation>Maximal erzeugte Token pro Antwort.</translation>
    </message>
    <message>
        <source>Rollout prompt tokens:</source>
        <translation>Rollout-Prompt-Token:</translation>
    </message>
    <message>
        <source>Prompt length of a rollout (0: ignored).</source>
        <translation>Prompt-Länge eines Rollouts (0: ignoriert).</translation>
    </message>
    <message>
        <source>Rollout TP:</source>
        <translation>Rollout-TP:</translation>
    </message>
    <message>
        <source>Tensor parallelism of the rollout engine (0: the training TP).</source>
        <translation>Tensor-Parallelität der Rollout-Engine (0: die TP des Trainings).</translation>
    </message>
    <message>
        <source>Set %1</source>
        <translation>%1 setzen</translation>
    </message>
    <message>
        <source>Set %1 %2</source>
        <translation>%1 auf %2 setzen</translation>
    </message>
    <message>
        <source>Optimizer states in %1</source>
        <translation>Optimiererzustände in %1</translation>
    </message>
    <message>
        <source>KV cache in %1</source>
        <translation>KV-Cache in %1</translation>
    </message>
    <message>
        <source>Add LoRA target %1</source>
        <translation>LoRA-Ziel %1 hinzufügen</translation>
    </message>
    <message>
        <source>Remove LoRA target %1</source>
        <translation>LoRA-Ziel %1 entfernen</translation>
    </message>
    <message>
        <source>global batch %1 samples (micro-batch × accumulation × DP %2)</source>
        <translation>globaler Batch %1 Beispiele (Mikro-Batch × Akkumulation × DP %2)</translation>
    </message>
    <message>
        <source>Run details</source>
        <translation>Laufdetails</translation>
    </message>
    <message>
        <source>Optimizer states:</source>
        <translation>Optimiererzustände:</translation>
    </message>
    <message>
        <source>Dtype of Adam&apos;s m and v (8-bit optimizers are chosen under Optimizer).</source>
        <translation>Datentyp von Adams m und v (8-Bit-Optimierer werden unter „Optimierer“ gewählt).</translation>
    </message>
    <message>
        <source>Optimizer states</source>
        <translation>Optimiererzustände</translation>
    </message>
    <message>
        <source>KV cache:</source>
        <translation>KV-Cache:</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV-Cache</translation>
    </message>
    <message>
        <source>LoRA target %1</source>
        <translation>LoRA-Ziel %1</translation>
    </message>
    <message>
        <source>Adapters on the %1 projection</source>
        <translation>Adapter auf der Projektion %1</translation>
    </message>
    <message>
        <source>Dtype of the KV cache (inference and the RL rollout); fp8 and int8 as in vLLM&apos;s kv_cache_dtype.</source>
        <translation>Datentyp des KV-Caches (Inferenz und RL-Rollout); fp8 und int8 wie vLLMs kv_cache_dtype.</translation>
    </message>
    <message>
        <source>LoRA targets:</source>
        <translation>LoRA-Ziele:</translation>
    </message>
    <message>
        <source>The linear layers that get adapters (PEFT target_modules); all seven projections is PEFT&apos;s &quot;all-linear&quot;.</source>
        <translation>Die linearen Schichten mit Adaptern (PEFT target_modules); alle sieben Projektionen entsprechen PEFTs „all-linear“.</translation>
    </message>
    <message>
        <source>DeepSpeed reduce bucket:</source>
        <translation>DeepSpeed-Reduce-Puffer:</translation>
    </message>
    <message>
        <source>DeepSpeed ZeRO reduce_bucket_size in elements: the gradient bucket it allocates. DeepSpeed&apos;s default is 500,000,000; HF Trainer&apos;s &quot;auto&quot; is hidden size squared.</source>
        <translation>DeepSpeed-ZeRO reduce_bucket_size in Elementen: der Gradientenpuffer, den es belegt. Die Voreinstellung von DeepSpeed ist 500.000.000; &quot;auto&quot; im HF Trainer ist die Hidden Size zum Quadrat.</translation>
    </message>
    <message>
        <source>Mean sample length:</source>
        <translation>Mittlere Beispiellänge:</translation>
    </message>
    <message>
        <source>Variable sample lengths: the data set&apos;s mean length in tokens, each micro-batch padded to its longest sample. The caching allocator keeps segments sized for every new longest batch, so reserved memory grows beyond allocated. 0: every batch is the sequence length (fixed or packed).</source>
        <translation>Variable Beispiellängen: die mittlere Länge des Datensatzes in Token, jeder Mikro-Batch auf sein längstes Beispiel aufgefüllt. Der Caching-Allokator behält Segmente für jeden neuen längsten Batch, daher wächst der reservierte Speicher über den belegten hinaus. 0: jeder Batch hat die Sequenzlänge (fest oder gepackt).</translation>
    </message>
    <message>
        <source>Length spread (std):</source>
        <translation>Längenstreuung (Std.-Abw.):</translation>
    </message>
    <message>
        <source>Standard deviation of the sample lengths, tokens.</source>
        <translation>Standardabweichung der Beispiellängen, Token.</translation>
    </message>
    <message>
        <source>Shortest sample:</source>
        <translation>Kürzestes Beispiel:</translation>
    </message>
    <message>
        <source>The shortest sample, tokens.</source>
        <translation>Das kürzeste Beispiel, Token.</translation>
    </message>
    <message>
        <source>Longest sample in data:</source>
        <translation>Längstes Beispiel im Datensatz:</translation>
    </message>
    <message>
        <source>The data set&apos;s longest sample, tokens (0: no limit). Longer samples than the sequence length are truncated to it, or dropped.</source>
        <translation>Das längste Beispiel des Datensatzes, Token (0: keine Grenze). Beispiele über der Sequenzlänge werden auf sie gekürzt oder verworfen.</translation>
    </message>
    <message>
        <source>Drop samples over the sequence length</source>
        <translation>Beispiele über der Sequenzlänge verwerfen</translation>
    </message>
    <message>
        <source>Samples longer than the sequence length are dropped (ms-swift truncation_strategy &apos;delete&apos;) instead of truncated.</source>
        <translation>Beispiele, die länger als die Sequenzlänge sind, werden verworfen (ms-swift truncation_strategy &apos;delete&apos;) statt gekürzt.</translation>
    </message>
    <message>
        <source>Training micro-batches:</source>
        <translation>Trainings-Mikro-Batches:</translation>
    </message>
    <message>
        <source>Micro-batches the run trains: the more batches, the more new longest ones (about ln of the count) and the more cached segments.</source>
        <translation>Mikro-Batches, die der Lauf trainiert: je mehr Batches, desto mehr neue längste (etwa ln der Anzahl) und desto mehr zwischengespeicherte Segmente.</translation>
    </message>
    <message>
        <source>Sample lengths: %1</source>
        <translation>Beispiellängen: %1</translation>
    </message>
    <message>
        <source>Sample lengths:</source>
        <translation>Beispiellängen:</translation>
    </message>
    <message>
        <source>Sample lengths</source>
        <translation>Beispiellängen</translation>
    </message>
    <message>
        <source>As the framework</source>
        <translation>Wie das Framework</translation>
    </message>
    <message>
        <source>Fixed</source>
        <translation>Fest</translation>
    </message>
    <message>
        <source>Packed</source>
        <translation>Gepackt</translation>
    </message>
    <message>
        <source>Real data</source>
        <translation>Echte Daten</translation>
    </message>
    <message>
        <source>How long the training batches are. Fixed or packed: every batch is the sequence length. Real data: each batch padded to its longest sample, so the caching allocator keeps segments for many lengths and reserved memory grows (the mean below, or a published SFT mix: mean 528, spread 658, longest 18,718 tokens). As the framework: real data for the SFT trainers (HF Trainer, torchtune, LLaMA-Factory, ms-swift), fixed windows for a plain PyTorch loop or pre-training.</source>
        <translation>Wie lang die Trainings-Batches sind. Fest oder gepackt: jeder Batch hat die Sequenzlänge. Echte Daten: jeder Batch wird auf sein längstes Beispiel aufgefüllt, daher hält der Caching-Allokator Segmente für viele Längen und der reservierte Speicher wächst (der Mittelwert unten oder ein veröffentlichter SFT-Mix: Mittel 528, Streuung 658, längstes 18.718 Token). Wie das Framework: echte Daten für die SFT-Trainer (HF Trainer, torchtune, LLaMA-Factory, ms-swift), feste Fenster für eine einfache PyTorch-Schleife oder Vortraining.</translation>
    </message>
</context>
<context>
    <name>headroom::ui::ScenarioController</name>
    <message>
        <source>Custom dense %1</source>
        <translation>Eigenes dichtes Modell %1</translation>
    </message>
    <message>
        <source>Imported model</source>
        <translation>Importiertes Modell</translation>
    </message>
    <message>
        <source>Custom GPU (%1)</source>
        <translation>Eigene GPU (%1)</translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source> + calibrated to your run: %1</source>
        <translation> + an Ihren Lauf kalibriert: %1</translation>
    </message>
    <message>
        <source>%1 × %2 tokens</source>
        <translation>%1 × %2 Token</translation>
    </message>
    <message>
        <source>context %1 tokens</source>
        <translation>Kontext %1 Token</translation>
    </message>
    <message>
        <source>%1 at GPU memory utilisation %2</source>
        <translation>%1 mit GPU-Speicherauslastung %2</translation>
    </message>
</context>
<context>
    <name>headroom::ui::ServingCliffChart</name>
    <message>
        <source>max_position_embeddings %1</source>
        <translation>max_position_embeddings %1</translation>
    </message>
    <message>
        <source>does not start at max_model_len %1</source>
        <translation>startet nicht bei max_model_len %1</translation>
    </message>
    <message>
        <source>%1 sequences × %2 tokens</source>
        <translation>%1 Sequenzen × %2 Token</translation>
    </message>
    <message>
        <source>Context length (tokens per sequence)</source>
        <translation>Kontextlänge (Token pro Sequenz)</translation>
    </message>
    <message>
        <source>Context length</source>
        <translation>Kontextlänge</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>Kontext</translation>
    </message>
    <message>
        <source>Sequences at once</source>
        <translation>Gleichzeitige Sequenzen</translation>
    </message>
    <message>
        <source>Sequences</source>
        <translation>Sequenzen</translation>
    </message>
    <message>
        <source>Concurrent sequences against context length</source>
        <translation>Gleichzeitige Sequenzen über der Kontextlänge</translation>
    </message>
    <message>
        <source>does not start</source>
        <translation>startet nicht</translation>
    </message>
    <message>
        <source>%1 × %2 tokens</source>
        <translation>%1 × %2 Token</translation>
    </message>
    <message>
        <source>max_num_seqs %1</source>
        <translation>max_num_seqs %1</translation>
    </message>
    <message>
        <source>Seq.</source>
        <comment>axis title: sequences, shortest</comment>
        <translation>Seq.</translation>
    </message>
    <message>
        <source>%1: %2 sequences × %3 tokens</source>
        <translation>%1: %2 Sequenzen × %3 Token</translation>
    </message>
    <message>
        <source>%1: %2 × %3 tokens</source>
        <translation>%1: %2 × %3 Token</translation>
    </message>
</context>
<context>
    <name>headroom::ui::ServingPanel</name>
    <message>
        <source>Change GPU memory utilisation</source>
        <translation>GPU-Speicherauslastung ändern</translation>
    </message>
    <message>
        <source>Change KV-cache dtype</source>
        <translation>KV-Cache-Datentyp ändern</translation>
    </message>
    <message>
        <source>&lt;b&gt;KV budget&lt;/b&gt;: %1 = %2 blocks of %3 tokens = %4 tokens (%5 B per token)</source>
        <translation>&lt;b&gt;KV-Budget&lt;/b&gt;: %1 = %2 Blöcke zu %3 Token = %4 Token (%5 B pro Token)</translation>
    </message>
    <message>
        <source>&lt;b&gt;Max concurrent sequences&lt;/b&gt; at %1 tokens: %2</source>
        <translation>&lt;b&gt;Max. gleichzeitige Sequenzen&lt;/b&gt; bei %1 Token: %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;Max context that fits&lt;/b&gt;: %1 tokens</source>
        <translation>&lt;b&gt;Längster passender Kontext&lt;/b&gt;: %1 Token</translation>
    </message>
    <message>
        <source>(max_position_embeddings %1; the KV budget holds %2)</source>
        <translation>(max_position_embeddings %1; das KV-Budget fasst %2)</translation>
    </message>
    <message>
        <source>GPU memory &amp;utilisation</source>
        <translation>GPU-Speicher&amp;auslastung</translation>
    </message>
    <message>
        <source>GPU memory utilisation</source>
        <translation>GPU-Speicherauslastung</translation>
    </message>
    <message>
        <source>&amp;KV-cache dtype</source>
        <translation>&amp;KV-Cache-Datentyp</translation>
    </message>
    <message>
        <source>Element type of the KV cache (vLLM kv_cache_dtype); fp8 halves it against bf16.</source>
        <translation>Elementtyp des KV-Caches (vLLM kv_cache_dtype); fp8 halbiert ihn gegenüber bf16.</translation>
    </message>
    <message>
        <source>KV-cache dtype</source>
        <translation>KV-Cache-Datentyp</translation>
    </message>
    <message>
        <source>Serving figures</source>
        <translation>Kennzahlen des Inferenz-Servers</translation>
    </message>
    <message>
        <source>on each of %1 GPUs in tensor parallel (each holds 1/%1 of the weights and of the KV heads)</source>
        <translation>auf jeder von %1 GPUs (TP, je 1/%1 der Gewichte und KV-Heads)</translation>
    </message>
    <message>
        <source>on one GPU</source>
        <translation>auf einer GPU</translation>
    </message>
    <message>
        <source>transformers generate(), one batch prefilled at once (the cliff chart): %1 sequences of %2 tokens</source>
        <translation>transformers generate(), ein Batch in einem Prefill (Klippen-Diagramm): %1 Sequenzen zu %2 Token</translation>
    </message>
    <message>
        <source>Change serving engine</source>
        <translation>Inferenz-Engine ändern</translation>
    </message>
    <message>
        <source>%1 %2: it gives the memory fraction of what is free at start, less the weights, to a pool of token slots shared by all running requests; activations and CUDA graphs live in the rest.</source>
        <translation>%1 %2: Es gibt den Speicheranteil des beim Start freien Speichers, abzüglich der Gewichte, einem Pool von Token-Plätzen, den sich alle laufenden Anfragen teilen; Aktivierungen und CUDA-Graphen liegen im Rest.</translation>
    </message>
    <message>
        <source>%1 %2: it loads the weights, runs one step of its largest batch, and gives the memory fraction of what is left to KV-cache blocks of %3 tokens.</source>
        <translation>%1 %2: Es lädt die Gewichte, führt einen Schritt seines größten Batches aus und gibt den Speicheranteil des Restes an KV-Cache-Blöcke zu %3 Token.</translation>
    </message>
    <message>
        <source>%1 %2: it requests the utilisation share of the memory, loads the weights, profiles one step of its largest batch, and pages the rest into KV-cache blocks of %3 tokens shared by all running requests.</source>
        <translation>%1 %2: Es fordert seinen Speicheranteil an, lädt die Gewichte, misst einen Schritt des größten Batches und teilt den Rest in KV-Cache-Blöcke zu %3 Token für alle laufenden Anfragen.</translation>
    </message>
    <message>
        <source>(CUDA graphs come out of the memory the share leaves)</source>
        <translation>(CUDA-Graphen kommen aus dem Speicher, den der Anteil übrig lässt)</translation>
    </message>
    <message>
        <source>This GPU&apos;s memory as CUDA reports it is not known: the driver total is used (engines see a few hundred MiB less).</source>
        <translation>Der Speicher dieser GPU, wie CUDA ihn meldet, ist nicht bekannt: Die Treibersumme wird verwendet (Engines sehen einige hundert MiB weniger).</translation>
    </message>
    <message>
        <source>TP is above the KV heads: each GPU keeps one KV head (replicated).</source>
        <translation>TP liegt über der Zahl der KV-Heads: Jede GPU hält einen KV-Head (repliziert).</translation>
    </message>
    <message>
        <source>Activations and CUDA graphs exceed what the fraction leaves out: the server may run out of memory under load.</source>
        <translation>Aktivierungen und CUDA-Graphen übersteigen, was der Anteil übrig lässt: Dem Server kann unter Last der Speicher ausgehen.</translation>
    </message>
    <message>
        <source>Serving applies to inference: choose the Inference mode to size a server (KV pool, concurrent requests, longest context).</source>
        <translation>Der Reiter „Inferenz-Server“ gilt nur im Modus „Inferenz“: Wählen Sie diesen Modus, um einen Server zu dimensionieren (KV-Pool, gleichzeitige Anfragen, längster Kontext).</translation>
    </message>
    <message>
        <source>&amp;Engine</source>
        <translation>&amp;Engine</translation>
    </message>
    <message>
        <source>The serving engine and the version whose start-up sizing is followed (docs/serving.md).</source>
        <translation>Die Inferenz-Engine und die Version, deren Start-Dimensionierung nachgebildet wird (docs/serving.md).</translation>
    </message>
    <message>
        <source>Serving engine</source>
        <translation>Inferenz-Engine</translation>
    </message>
    <message>
        <source>The engine&apos;s memory fraction: vLLM gpu_memory_utilization, SGLang mem_fraction_static, TensorRT-LLM free_gpu_memory_fraction.</source>
        <translation>Der Speicheranteil der Engine: vLLM gpu_memory_utilization, SGLang mem_fraction_static, TensorRT-LLM free_gpu_memory_fraction.</translation>
    </message>
    <message>
        <source>KV cache in fp8</source>
        <translation>KV-Cache in fp8</translation>
    </message>
    <message>
        <source>TP %1</source>
        <translation>TP %1</translation>
    </message>
    <message>
        <source>max_num_seqs %1</source>
        <translation>max_num_seqs %1</translation>
    </message>
    <message>
        <source>max_model_len %1</source>
        <translation>max_model_len %1</translation>
    </message>
    <message>
        <source>weights in fp8</source>
        <translation>Gewichte in fp8</translation>
    </message>
    <message>
        <source>&lt;b&gt;Each change alone&lt;/b&gt;:</source>
        <translation>&lt;b&gt;Jede Änderung einzeln&lt;/b&gt;:</translation>
    </message>
    <message>
        <source>%1 requests of %2 tokens</source>
        <translation>%1 Anfragen zu %2 Token</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1: still does not start</source>
        <translation>%1: startet weiterhin nicht</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 starts&lt;/b&gt;: yes</source>
        <translation>&lt;b&gt;%1 startet&lt;/b&gt;: ja</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 starts&lt;/b&gt;: no (%2)</source>
        <translation>&lt;b&gt;%1 startet&lt;/b&gt;: nein (%2)</translation>
    </message>
    <message>
        <source>Weights %1, activation peak %2, non-torch %3, CUDA graphs %4, CUDA context %5</source>
        <translation>Gewichte %1, Aktivierungsspitze %2, außerhalb von PyTorch %3, CUDA-Graphen %4, CUDA-Kontext %5</translation>
    </message>
    <message>
        <source>GPU memory utilisation %1</source>
        <translation>GPU-Speicherauslastung %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;Budget&lt;/b&gt;: %1 × %2 (the memory CUDA reports of the card&apos;s %4) = %3</source>
        <translation>&lt;b&gt;Budget&lt;/b&gt;: %1 × %2 (der Speicher, den CUDA von den %4 der Karte meldet) = %3</translation>
    </message>
    <message>
        <source>&lt;b&gt;Budget&lt;/b&gt;: %1 (fraction %2 of the memory it applies to; CUDA reports %3 of the card&apos;s %4)</source>
        <translation>&lt;b&gt;Budget&lt;/b&gt;: %1 (Anteil %2 des Speichers, auf den er sich bezieht; CUDA meldet %3 der %4 der Karte)</translation>
    </message>
</context>
<context>
    <name>headroom::ui::SliderField</name>
    <message>
        <source>%1 (exact value)</source>
        <translation>%1 (exakter Wert)</translation>
    </message>
</context>
<context>
    <name>headroom::ui::TermLegend</name>
    <message>
        <source>band: low to high bound</source>
        <translation>Band: untere bis obere Grenze</translation>
    </message>
</context>
<context>
    <name>headroom::ui::TimelineChart</name>
    <message>
        <source>Allocated (%1)</source>
        <translation>Allokiert (%1)</translation>
    </message>
    <message>
        <source>Stage %1</source>
        <translation>Stufe %1</translation>
    </message>
    <message>
        <source>Per GPU</source>
        <translation>Je GPU</translation>
    </message>
    <message>
        <source>Step timeline</source>
        <translation>Schritt-Zeitverlauf</translation>
    </message>
    <message>
        <source>Allocated memory through one step (after load, forward, backward, optimizer step), one line per pipeline stage, with the peak marked.</source>
        <translation>Allokierter Speicher über einen Schritt (nach dem Laden, Vorwärts, Rückwärts, Optimiererschritt), eine Linie pro Pipeline-Stufe, mit markierter Spitze.</translation>
    </message>
    <message>
        <source>allocated peak: %1 in %2 (stage %3)</source>
        <translation>allokierte Spitze: %1 (%2, Stufe %3)</translation>
    </message>
    <message>
        <source>allocated peak: %1 in %2</source>
        <translation>allokierte Spitze: %1 (%2)</translation>
    </message>
</context>
<context>
    <name>headroom::ui::VerdictView</name>
    <message>
        <source>%1 of %2: fits, %3 free</source>
        <translation>%1 von %2: passt, %3 frei</translation>
    </message>
    <message>
        <source>OOM by %1: needs %2 of %3</source>
        <translation>OOM um %1: braucht %2 von %3</translation>
    </message>
    <message>
        <source>Worst rank (pipeline stage %1 of %2). </source>
        <translation>Knappster Rang (Pipeline-Stufe %1 von %2). </translation>
    </message>
    <message>
        <source>Total = nvidia-smi memory, what the driver refuses to exceed. PyTorch allocated %1 · reserved %2 · peak during %3.</source>
        <translation>Summe = nvidia-smi-Speicher, den der Treiber nicht überschreiten lässt. PyTorch allokiert %1 · reserviert %2 · Spitze: %3.</translation>
    </message>
    <message>
        <source>%1 of reserved is empty cached segments, which PyTorch frees before it runs out of memory; they are not counted as needed.</source>
        <translation>%1 des reservierten Speichers sind leere zwischengespeicherte Segmente, die PyTorch freigibt, bevor der Speicher ausgeht; sie zählen nicht als benötigt.</translation>
    </message>
    <message>
        <source>Showing the last valid scenario. </source>
        <translation>Angezeigt wird das letzte gültige Szenario. </translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Urteil</translation>
    </message>
    <message>
        <source>The calibration was measured on another setup and is not applied. </source>
        <translation>Die Kalibrierung wurde mit einem anderen Setup gemessen und wird nicht angewendet. </translation>
    </message>
    <message>
        <source>%1 measured %2</source>
        <translation>%1 gemessen: %2</translation>
    </message>
    <message>
        <source>out of memory</source>
        <translation>Speicher erschöpft</translation>
    </message>
    <message>
        <source>Calibrated to your run: %1 at micro-batch %2 × %3 tokens, fixed overhead %4. </source>
        <translation>An Ihren Lauf kalibriert: %1 bei Mikro-Batch %2 × %3 Token, fester Overhead %4. </translation>
    </message>
    <message>
        <source>The measured run ran out of memory, so this point is OOM. </source>
        <translation>Der gemessene Lauf lief in einen Speicherfehler, daher ist dieser Punkt OOM. </translation>
    </message>
    <message>
        <source>%1 of %2: may not fit, up to %3</source>
        <translation>%1 von %2: passt vielleicht nicht, bis zu %3</translation>
    </message>
    <message>
        <source>Needs %1 of %2: may not fit, %3 at best</source>
        <translation>Braucht %1 von %2: passt vielleicht nicht, bestenfalls %3</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation>%1 bis %2</translation>
    </message>
    <message>
        <source>Band %1.</source>
        <translation>Band %1.</translation>
    </message>
    <message>
        <source>Band %1: %2 can push it over (%3).</source>
        <translation>Band %1: Ursache „%2“ kann es über die Grenze bringen (%3).</translation>
    </message>
    <message>
        <source>Band %1: it can fit with %2 (%3).</source>
        <translation>Band %1: Mit Ursache „%2“ kann es passen (%3).</translation>
    </message>
    <message>
        <source>%1 does not start: %2</source>
        <translation>%1 startet nicht: %2</translation>
    </message>
    <message>
        <source>%1 starts: %2 sequences × %3 tokens at once</source>
        <translation>%1 startet: %2 Sequenzen × %3 Token gleichzeitig</translation>
    </message>
    <message>
        <source>The server takes its share of the %1 CUDA reports (the card&apos;s %7 less what the driver keeps), %2: weights %3, KV cache %4, the rest %5; with the CUDA context nvidia-smi shows %6. The bar and the breakdown show its terms, the chart how many sequences fit at each context length.</source>
        <translation>Der Server belegt %2 der von CUDA gemeldeten %1 (die %7 der Karte abzüglich dessen, was der Treiber behält): Gewichte %3, KV-Cache %4, der Rest %5; mit dem CUDA-Kontext zeigt nvidia-smi %6. Balken und Aufschlüsselung zeigen seine Posten, das Diagramm, wie viele Sequenzen bei jeder Kontextlänge gleichzeitig passen.</translation>
    </message>
</context>
<context>
    <name>headroom::ui::VramBarChart</name>
    <message>
        <source>Tightest rank (stage %1)</source>
        <translation>Knappster Rang (Stufe %1)</translation>
    </message>
    <message>
        <source>Per GPU</source>
        <translation>Je GPU</translation>
    </message>
    <message>
        <source>Stage %1</source>
        <translation>Stufe %1</translation>
    </message>
    <message>
        <source>Pipeline stage</source>
        <translation>Pipeline-Stufe</translation>
    </message>
    <message>
        <source>Memory (%1)</source>
        <translation>Speicher (%1)</translation>
    </message>
    <message>
        <source>GPU capacity %1</source>
        <translation>GPU-Kapazität %1</translation>
    </message>
    <message>
        <source>Stacked VRAM bar</source>
        <translation>Gestapelter VRAM-Balken</translation>
    </message>
    <message>
        <source>Memory per term for the worst rank or per pipeline stage, with the GPU capacity marked.</source>
        <translation>Speicher je Posten für den knappsten Rang oder je Pipeline-Stufe, mit markierter GPU-Kapazität.</translation>
    </message>
    <message>
        <source>stage %1 (layers %2–%3)</source>
        <translation>Stufe %1 (Schichten %2–%3)</translation>
    </message>
    <message>
        <source>worst rank</source>
        <translation>knappster Rang</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — %2&lt;br&gt;%3 (%4, %5 bytes)&lt;br&gt;%6 % of %7 (nvidia-smi total)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; – %2&lt;br&gt;%3 (%4, %5 Byte)&lt;br&gt;%6 % von %7 (nvidia-smi-Summe)</translation>
    </message>
    <message>
        <source>Pipeline stages 1–%1</source>
        <translation>Pipeline-Stufen 1–%1</translation>
    </message>
    <message>
        <source>★ tightest: stage %1, %2</source>
        <translation>★ am knappsten: Stufe %1, %2</translation>
    </message>
    <message>
        <source>%1 · needs %2</source>
        <translation>%1 · braucht %2</translation>
    </message>
    <message>
        <source>%1
needs %2</source>
        <translation>%1
braucht %2</translation>
    </message>
    <message>
        <source>Stages 1–%1</source>
        <translation>Stufen 1–%1</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>Stufe</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>GPU memory planner for LLM training and inference.</source>
        <translation>GPU-Speicherplaner für LLM-Training und -Inferenz.</translation>
    </message>
    <message>
        <source>Render the window offscreen to &lt;file&gt; (PNG) and exit.</source>
        <translation>Das Fenster ohne Bildschirm in &lt;file&gt; (PNG) zeichnen und beenden.</translation>
    </message>
    <message>
        <source>Open the scenario &lt;file&gt; (JSON).</source>
        <translation>Das Szenario &lt;file&gt; (JSON) öffnen.</translation>
    </message>
    <message>
        <source>Start in presentation mode.</source>
        <translation>Im Präsentationsmodus starten.</translation>
    </message>
    <message>
        <source>Theme: light or dark.</source>
        <translation>Design: light (hell) oder dark (dunkel).</translation>
    </message>
    <message>
        <source>Interface language: en, de or zh_CN.</source>
        <translation>Sprache der Oberfläche: en, de oder zh_CN.</translation>
    </message>
    <message>
        <source>A scenario or model file to open.</source>
        <translation>Eine zu öffnende Szenario- oder Modelldatei.</translation>
    </message>
    <message>
        <source>Window size for --screenshot, e.g. 1600x1000 (at most %1 px a side and %2 px in all).</source>
        <translation>Fenstergröße für --screenshot, z. B. 1600x1000 (höchstens %1 px pro Seite und %2 px insgesamt).</translation>
    </message>
    <message>
        <source>--size must look like 1600x1000, with 10 to %1 px a side and at most %2 px in all (got &apos;%3&apos;)</source>
        <translation>--size muss wie 1600x1000 aussehen, mit 10 bis %1 px pro Seite und höchstens %2 px insgesamt (erhalten: „%3“)</translation>
    </message>
    <message>
        <source>--tab must be one of: %1 (got &apos;%2&apos;)</source>
        <translation>--tab muss eines von %1 sein (erhalten: „%2“)</translation>
    </message>
    <message>
        <source>With --screenshot: pin the --scenario file (or the default scenario) as A, open &lt;file&gt; as B and show the Compare tab.</source>
        <translation>Mit --screenshot: die --scenario-Datei (oder das Standardszenario) als A anheften, &lt;file&gt; als B öffnen und den Reiter „Vergleich“ zeigen.</translation>
    </message>
    <message>
        <source>With --screenshot: list every cut, elided or overlapping text on stderr and exit with 3 if any.</source>
        <translation>Mit --screenshot: jeden abgeschnittenen, gekürzten oder überlappenden Text auf stderr ausgeben und mit 3 beenden, falls es welche gibt.</translation>
    </message>
    <message>
        <source>Open the measured run &lt;file&gt; (headroom_capture.py) beside the estimate of the scenario it describes.</source>
        <translation>Den gemessenen Lauf &lt;file&gt; (headroom_capture.py) neben der Schätzung des beschriebenen Szenarios öffnen.</translation>
    </message>
    <message>
        <source>--tab measured needs --measured &lt;file&gt;</source>
        <translation>--tab measured braucht --measured &lt;Datei&gt;</translation>
    </message>
    <message>
        <source>Detail tab shown by --screenshot: breakdown, playbook, layout, timeline, serving, compare, or measured (with --measured).</source>
        <translation>Von --screenshot gezeigter Detail-Reiter: breakdown, playbook, layout, timeline, serving, compare oder measured (mit --measured).</translation>
    </message>
</context>
</TS>
