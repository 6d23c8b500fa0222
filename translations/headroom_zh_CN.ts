<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>Exporter</name>
    <message>
        <source>%1 on %2</source>
        <translation>%1 在 %2 上</translation>
    </message>
    <message>
        <source>%1: GPU memory by term</source>
        <translation>%1：按项目划分的显存</translation>
    </message>
    <message>
        <source>%1: OOM cliff over micro-batch</source>
        <translation>%1：随微批次变化的 OOM 悬崖</translation>
    </message>
    <message>
        <source>%1: OOM cliff over sequence length</source>
        <translation>%1：随序列长度变化的 OOM 悬崖</translation>
    </message>
    <message>
        <source>%1: memory plan</source>
        <translation>%1：显存规划</translation>
    </message>
    <message>
        <source>%1: concurrent sequences against context length</source>
        <translation>%1：并发序列数与上下文长度的关系</translation>
    </message>
</context>
<context>
    <name>FormulaText</name>
    <message>
        <source>stage</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>of</source>
        <translation>/</translation>
    </message>
    <message>
        <source>layers</source>
        <translation>层</translation>
    </message>
    <message>
        <source>embedding</source>
        <translation>嵌入层</translation>
    </message>
    <message>
        <source>on this rank</source>
        <translation>在本 rank 上</translation>
    </message>
    <message>
        <source>shards</source>
        <translation>分片</translation>
    </message>
    <message>
        <source>parameters and LoRA adapters</source>
        <translation>参数和 LoRA 适配器</translation>
    </message>
    <message>
        <source>parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>offloaded to host</source>
        <translation>卸载到主机</translation>
    </message>
    <message>
        <source>the quantisation block scales stay</source>
        <translation>量化块缩放因子保留在 GPU 上</translation>
    </message>
    <message>
        <source>params</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>as the checkpoint stores them</source>
        <translation>按检查点中的存储格式</translation>
    </message>
    <message>
        <source>safetensors header bytes</source>
        <translation>safetensors 头部字节</translation>
    </message>
    <message>
        <source>linear</source>
        <translation>线性层参数</translation>
    </message>
    <message>
        <source>incl.</source>
        <translation>含</translation>
    </message>
    <message>
        <source>other</source>
        <translation>其他参数</translation>
    </message>
    <message>
        <source>experts</source>
        <translation>专家</translation>
    </message>
    <message>
        <source>no master copy (inference)</source>
        <translation>无主副本（推理）</translation>
    </message>
    <message>
        <source>no fp32 master copy (master weights off)</source>
        <translation>无 fp32 主副本（主权重关闭）</translation>
    </message>
    <message>
        <source>fp32 master copy offloaded to host with the optimizer</source>
        <translation>fp32 主副本随优化器卸载到主机</translation>
    </message>
    <message>
        <source>no separate copy: the trained weights are fp32 already</source>
        <translation>无单独副本：训练的权重已是 fp32</translation>
    </message>
    <message>
        <source>trainable</source>
        <translation>可训练参数</translation>
    </message>
    <message>
        <source>fp32 copy</source>
        <translation>fp32 副本</translation>
    </message>
    <message>
        <source>no gradients (inference)</source>
        <translation>无梯度（推理）</translation>
    </message>
    <message>
        <source>largest tensor</source>
        <translation>最大张量</translation>
    </message>
    <message>
        <source>optimizer step in backward</source>
        <translation>优化器步骤在反向传播中执行</translation>
    </message>
    <message>
        <source>every block parameter (FSDP units mixing frozen weights and adapters)</source>
        <translation>每个块参数（FSDP 单元混合了冻结权重和适配器）</translation>
    </message>
    <message>
        <source>DDP reducer buckets copy them</source>
        <translation>DDP 的 reducer 桶会复制它们</translation>
    </message>
    <message>
        <source>DeepSpeed gradient bucket</source>
        <translation>DeepSpeed 梯度桶</translation>
    </message>
    <message>
        <source>elements</source>
        <translation>个元素</translation>
    </message>
    <message>
        <source>ZeRO-3: resident</source>
        <translation>ZeRO-3：常驻</translation>
    </message>
    <message>
        <source>during backward</source>
        <translation>反向传播期间</translation>
    </message>
    <message>
        <source>not live at this peak</source>
        <translation>在此峰值时不占用</translation>
    </message>
    <message>
        <source>no KV cache (training)</source>
        <translation>无 KV 缓存（训练）</translation>
    </message>
    <message>
        <source>the rollout engine&apos;s KV cache: rollout sequences x (prompt + response) tokens, all layers, KV heads / rollout TP</source>
        <translation>rollout 引擎的 KV 缓存：rollout 序列 x（提示 + 回复）token，所有层，KV 头 / rollout TP</translation>
    </message>
    <message>
        <source>sequences</source>
        <translation>序列</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>token</translation>
    </message>
    <message>
        <source>prompt</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>new</source>
        <translation>新生成</translation>
    </message>
    <message>
        <source>sliding layers keep at most</source>
        <translation>个滑动窗口层最多保留</translation>
    </message>
    <message>
        <source>no optimizer (inference)</source>
        <translation>无优化器（推理）</translation>
    </message>
    <message>
        <source>states offloaded to host</source>
        <translation>状态卸载到主机</translation>
    </message>
    <message>
        <source>states</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>one block&apos;s prefill tensors per token</source>
        <translation>每个 token 单个块的预填充张量</translation>
    </message>
    <message>
        <source>saved tensors per token</source>
        <translation>每个 token 保存的张量</translation>
    </message>
    <message>
        <source>checkpointing</source>
        <translation>检查点</translation>
    </message>
    <message>
        <source>vocab</source>
        <translation>词表</translation>
    </message>
    <message>
        <source>saved log-softmax, scattered gradient, exp, their sum</source>
        <translation>保存的 log-softmax、分散的梯度、exp 及其和</translation>
    </message>
    <message>
        <source>compiled loss: saved input + its gradient</source>
        <translation>编译后的损失：保存的输入 + 其梯度</translation>
    </message>
    <message>
        <source>the gradients into and out of it</source>
        <translation>其输入与输出的梯度</translation>
    </message>
    <message>
        <source>one chunk&apos;s gradient</source>
        <translation>一个分块的梯度</translation>
    </message>
    <message>
        <source>compiled chunked loss</source>
        <translation>编译后的分块损失</translation>
    </message>
    <message>
        <source>one chunk&apos;s fp32 upcast</source>
        <translation>一个分块的 fp32 上转换</translation>
    </message>
    <message>
        <source>chunked loss</source>
        <translation>分块损失</translation>
    </message>
    <message>
        <source>tanh&apos;s saved output of the soft-capped logits</source>
        <translation>软截断 logits 的 tanh 保存输出</translation>
    </message>
    <message>
        <source>the logits the loop keeps</source>
        <translation>循环保留的 logits</translation>
    </message>
    <message>
        <source>gathered FSDP units, autocast weight casts, optimizer temporaries, dequant buffers</source>
        <translation>聚合的 FSDP 单元、autocast 权重转换、优化器临时张量、反量化缓冲区</translation>
    </message>
    <message>
        <source>the load&apos;s cached segments</source>
        <translation>加载阶段缓存的段</translation>
    </message>
    <message>
        <source>replayed through the caching allocator</source>
        <translation>经缓存分配器重放</translation>
    </message>
    <message>
        <source>the all-gather stream&apos;s pool</source>
        <translation>all-gather 流的内存池</translation>
    </message>
    <message>
        <source>allocated</source>
        <translation>已分配</translation>
    </message>
    <message>
        <source>of the step&apos;s blocks, loss, gradients and optimizer states replayed through the caching allocator</source>
        <translation>来自该步骤的块、损失、梯度和优化器状态，经缓存分配器重放</translation>
    </message>
    <message>
        <source>of the step&apos;s blocks and loss replayed through the caching allocator</source>
        <translation>来自该步骤的块和损失，经缓存分配器重放</translation>
    </message>
    <message>
        <source>of the loss&apos;s transients (not replayed)</source>
        <translation>的损失临时张量（未重放）</translation>
    </message>
    <message>
        <source>of the other resident bytes</source>
        <translation>的其余常驻字节</translation>
    </message>
    <message>
        <source>of resident bytes</source>
        <translation>的常驻字节</translation>
    </message>
    <message>
        <source>of transients</source>
        <translation>的临时张量</translation>
    </message>
    <message>
        <source>caching allocator</source>
        <translation>缓存分配器</translation>
    </message>
    <message>
        <source>of sharded gradients cached in the FSDP reduce-scatter stream&apos;s pool</source>
        <translation>分片梯度，缓存在 FSDP reduce-scatter 流的内存池中</translation>
    </message>
    <message>
        <source>cached for the run&apos;s other batch lengths (variable sample lengths, replayed through the caching allocator)</source>
        <translation>为本次运行的其他批次长度缓存（可变样本长度，经缓存分配器重放）</translation>
    </message>
    <message>
        <source>CUDA context</source>
        <translation>CUDA 上下文</translation>
    </message>
    <message>
        <source>dense</source>
        <translation>稠密</translation>
    </message>
    <message>
        <source>shared</source>
        <translation>个共享专家</translation>
    </message>
    <message>
        <source>half the layers</source>
        <translation>一半的层</translation>
    </message>
    <message>
        <source>5 of 6 layers</source>
        <translation>6 层中的 5 层</translation>
    </message>
    <message>
        <source>tied</source>
        <translation>输入输出嵌入共享</translation>
    </message>
    <message>
        <source>learned positions</source>
        <translation>可学习位置编码</translation>
    </message>
    <message>
        <source>weights on this rank</source>
        <translation>本 rank 上的权重</translation>
    </message>
    <message>
        <source>the profile run&apos;s peak, kept free for the largest step</source>
        <translation>剖析运行的峰值，为最大的一步预留</translation>
    </message>
    <message>
        <source>KV pool</source>
        <translation>KV 池</translation>
    </message>
    <message>
        <source>blocks of</source>
        <translation>个块，每块</translation>
    </message>
    <message>
        <source>per token</source>
        <translation>每 token</translation>
    </message>
    <message>
        <source>CUDA graphs</source>
        <translation>CUDA 图</translation>
    </message>
    <message>
        <source>memory outside torch (NCCL, cuBLAS)</source>
        <translation>torch 之外的显存（NCCL、cuBLAS）</translation>
    </message>
    <message>
        <source>RoPE cache</source>
        <translation>RoPE 缓存</translation>
    </message>
    <message>
        <source>B/param</source>
        <translation>B/参数</translation>
    </message>
    <message>
        <source>checkpointing none</source>
        <translation>无检查点</translation>
    </message>
    <message>
        <source>checkpointing full</source>
        <translation>完整检查点</translation>
    </message>
    <message>
        <source>checkpointing selective</source>
        <translation>选择性检查点</translation>
    </message>
    <message>
        <source>checkpointing first_n</source>
        <translation>前 N 个块检查点</translation>
    </message>
    <message>
        <source>of the prefill&apos;s blocks and KV cache replayed through the caching allocator</source>
        <translation>来自预填充的块和 KV 缓存，经缓存分配器重放</translation>
    </message>
    <message>
        <source>of the logits&apos; transients (not replayed)</source>
        <translation>的 logits 临时张量（未重放）</translation>
    </message>
    <message>
        <source>, </source>
        <extracomment>between two traits of a model (&quot;dense, GQA, tied&quot;); Chinese lists with 、</extracomment>
        <translation>、</translation>
    </message>
    <message>
        <source> (</source>
        <extracomment>around a trait&apos;s remark (&quot;SWA 4096 (half the layers)&quot;); Chinese sets full-width ones</extracomment>
        <translation>（</translation>
    </message>
    <message>
        <source>)</source>
        <translation>）</translation>
    </message>
    <message>
        <source>, </source>
        <comment>formula clauses</comment>
        <extracomment>between two clauses of a formula (&quot;x 32 layers, checkpointing none&quot;); Chinese uses ，</extracomment>
        <translation>，</translation>
    </message>
</context>
<context>
    <name>SaveFile</name>
    <message>
        <source>the data could not be written</source>
        <translation>无法写入数据</translation>
    </message>
    <message>
        <source>the content could not be encoded</source>
        <translation>无法编码内容</translation>
    </message>
</context>
<context>
    <name>Texts</name>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Master weights</source>
        <translation>主权重</translation>
    </message>
    <message>
        <source>Optimizer states</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <source>Logits &amp; loss</source>
        <translation>Logits 与损失</translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation>工作区</translation>
    </message>
    <message>
        <source>Allocator reserve</source>
        <translation>分配器预留</translation>
    </message>
    <message>
        <source>CUDA context</source>
        <translation>CUDA 上下文</translation>
    </message>
    <message>
        <source>Model weights resident on this GPU, plus LoRA adapters.</source>
        <translation>驻留在此 GPU 上的模型权重，包括 LoRA 适配器。</translation>
    </message>
    <message>
        <source>A separate fp32 copy of the trainable weights kept for the optimizer step.</source>
        <translation>为优化器步骤单独保存的可训练权重 fp32 副本。</translation>
    </message>
    <message>
        <source>Optimizer moments, e.g. AdamW&apos;s first and second moment per parameter.</source>
        <translation>优化器矩，例如 AdamW 每个参数的一阶矩和二阶矩。</translation>
    </message>
    <message>
        <source>Stored gradients of the trainable parameters.</source>
        <translation>已保存的可训练参数梯度。</translation>
    </message>
    <message>
        <source>Tensors saved in the forward pass for the backward pass (training) or live hidden states (inference).</source>
        <translation>前向传播中为反向传播保存的张量（训练），或活跃的隐藏状态（推理）。</translation>
    </message>
    <message>
        <source>Attention keys and values cached per token during generation.</source>
        <translation>生成过程中按 token 缓存的注意力键和值。</translation>
    </message>
    <message>
        <source>Output-layer logits, their fp32 upcast, loss buffers and their gradient.</source>
        <translation>输出层 logits、其 fp32 上转副本、损失缓冲区及其梯度。</translation>
    </message>
    <message>
        <source>Memory the PyTorch caching allocator keeps reserved beyond live tensors.</source>
        <translation>PyTorch 缓存分配器在活跃张量之外额外预留的显存。</translation>
    </message>
    <message>
        <source>CUDA context, cuBLAS workspace and NCCL buffers; visible in nvidia-smi only.</source>
        <translation>CUDA 上下文、cuBLAS 工作区和 NCCL 缓冲区；仅在 nvidia-smi 中可见。</translation>
    </message>
    <message>
        <source>Inference</source>
        <translation>推理</translation>
    </message>
    <message>
        <source>Full fine-tune / training</source>
        <translation>全量微调 / 训练</translation>
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
        <translation>使用 KV 缓存生成；没有梯度和优化器。</translation>
    </message>
    <message>
        <source>Every parameter is trained: weights, gradients and optimizer states.</source>
        <translation>训练所有参数：权重、梯度和优化器状态。</translation>
    </message>
    <message>
        <source>The base model is frozen; only small low-rank adapters are trained.</source>
        <translation>基础模型冻结；只训练小型低秩适配器。</translation>
    </message>
    <message>
        <source>LoRA on a base model quantised to 4-bit NF4.</source>
        <translation>在量化为 4 位 NF4 的基础模型上进行 LoRA。</translation>
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
        <translation>带动量的 SGD</translation>
    </message>
    <message>
        <source>Adafactor</source>
        <translation>Adafactor</translation>
    </message>
    <message>
        <source>AdamW 8-bit</source>
        <translation>8 位 AdamW</translation>
    </message>
    <message>
        <source>Paged AdamW</source>
        <translation>分页 AdamW</translation>
    </message>
    <message>
        <source>Paged AdamW 8-bit</source>
        <translation>分页 8 位 AdamW</translation>
    </message>
    <message>
        <source>Lion</source>
        <translation>Lion</translation>
    </message>
    <message>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Full (every block)</source>
        <translation>完全（每个块）</translation>
    </message>
    <message>
        <source>Selective (attention)</source>
        <translation>选择性（注意力）</translation>
    </message>
    <message>
        <source>First N blocks</source>
        <translation>前 N 个块</translation>
    </message>
    <message>
        <source>Eager (materialised scores)</source>
        <translation>Eager（显式生成分数矩阵）</translation>
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
        <translation>自定义（按所设数据类型）</translation>
    </message>
    <message>
        <source>PyTorch AMP / HF Trainer</source>
        <translation>PyTorch AMP / HF Trainer</translation>
    </message>
    <message>
        <source>Pure bf16 (torchtune, LitGPT)</source>
        <translation>纯 bf16（torchtune、LitGPT）</translation>
    </message>
    <message>
        <source>FSDP2 mixed precision (torchtitan)</source>
        <translation>FSDP2 混合精度（torchtitan）</translation>
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
        <translation>完全使用此处选择的数据类型。</translation>
    </message>
    <message>
        <source>fp32 weights, gradients and optimizer states with bf16 autocast.</source>
        <translation>fp32 权重、梯度和优化器状态，使用 bf16 自动混合精度。</translation>
    </message>
    <message>
        <source>bf16 weights, gradients and optimizer states, no fp32 master copy.</source>
        <translation>bf16 权重、梯度和优化器状态，无 fp32 主副本。</translation>
    </message>
    <message>
        <source>bf16 parameters for compute, fp32 gradient reduction and sharded states.</source>
        <translation>计算使用 bf16 参数，fp32 梯度归约，状态分片。</translation>
    </message>
    <message>
        <source>bf16 weights and gradients plus 12 bytes per parameter of fp32 states.</source>
        <translation>bf16 权重和梯度，另加每参数 12 字节的 fp32 状态。</translation>
    </message>
    <message>
        <source>bf16 weights, fp32 gradient buffer and a distributed optimizer.</source>
        <translation>bf16 权重、fp32 梯度缓冲区和分布式优化器。</translation>
    </message>
    <message>
        <source>NF4 base with double quantisation, bf16 adapters and paged AdamW.</source>
        <translation>双重量化的 NF4 基础模型、bf16 适配器和分页 AdamW。</translation>
    </message>
    <message>
        <source>None (DDP replicas)</source>
        <translation>无（DDP 副本）</translation>
    </message>
    <message>
        <source>ZeRO-1 (optimizer states)</source>
        <translation>ZeRO-1（优化器状态）</translation>
    </message>
    <message>
        <source>ZeRO-2 (+ gradients)</source>
        <translation>ZeRO-2（+ 梯度）</translation>
    </message>
    <message>
        <source>ZeRO-3 (+ parameters)</source>
        <translation>ZeRO-3（+ 参数）</translation>
    </message>
    <message>
        <source>FSDP full shard</source>
        <translation>FSDP 完全分片</translation>
    </message>
    <message>
        <source>FSDP shard grad-op</source>
        <translation>FSDP 梯度与优化器分片</translation>
    </message>
    <message>
        <source>HSDP (hybrid shard)</source>
        <translation>HSDP（混合分片）</translation>
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
        <translation>NF4（双重量化）</translation>
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
        <translation>已分配</translation>
    </message>
    <message>
        <source>reserved</source>
        <translation>已预留</translation>
    </message>
    <message>
        <source>nvidia-smi</source>
        <translation>nvidia-smi</translation>
    </message>
    <message>
        <source>after load</source>
        <translation>加载后</translation>
    </message>
    <message>
        <source>forward</source>
        <translation>前向传播</translation>
    </message>
    <message>
        <source>backward</source>
        <translation>反向传播</translation>
    </message>
    <message>
        <source>optimizer step</source>
        <translation>优化器步骤</translation>
    </message>
    <message>
        <source>The file cannot be read.</source>
        <translation>无法读取该文件。</translation>
    </message>
    <message>
        <source>The file cannot be read: %1</source>
        <translation>无法读取该文件：%1</translation>
    </message>
    <message>
        <source>The file is too large to be a model description or scenario.</source>
        <translation>文件过大，不可能是模型描述或场景文件。</translation>
    </message>
    <message>
        <source>The file is not valid JSON: %1</source>
        <translation>文件不是有效的 JSON：%1</translation>
    </message>
    <message>
        <source>%1: this required field is missing</source>
        <translation>%1：缺少此必填字段</translation>
    </message>
    <message>
        <source>%1: has the wrong type</source>
        <translation>%1：类型错误</translation>
    </message>
    <message>
        <source>%1: must be a positive number</source>
        <translation>%1：必须是正数</translation>
    </message>
    <message>
        <source>%1: is out of range (%2)</source>
        <translation>%1：超出范围（%2）</translation>
    </message>
    <message>
        <source>%1: must be a finite number</source>
        <translation>%1：必须是有限数值</translation>
    </message>
    <message>
        <source>%1: unknown value “%2”</source>
        <translation>%1：未知的值“%2”</translation>
    </message>
    <message>
        <source>This model family is not supported: %1</source>
        <translation>不支持此模型系列：%1</translation>
    </message>
    <message>
        <source>This file was written by a newer Headroom (version %1).</source>
        <translation>此文件由更新版本的 Headroom 写入（版本 %1）。</translation>
    </message>
    <message>
        <source>The safetensors header is malformed: %1</source>
        <translation>safetensors 头部格式错误：%1</translation>
    </message>
    <message>
        <source>No setting of %1 fits on this GPU.</source>
        <translation>%1 的任何取值都无法放入此 GPU。</translation>
    </message>
    <message>
        <source>PP = %1 must not exceed the %2 layers</source>
        <translation>PP = %1 不能超过 %2 层</translation>
    </message>
    <message>
        <source>EP = %1 must divide DP × TP = %2</source>
        <translation>EP = %1 必须整除 DP × TP = %2</translation>
    </message>
    <message>
        <source>EP = %1 must divide the %2 experts</source>
        <translation>EP = %1 必须整除 %2 个专家</translation>
    </message>
    <message>
        <source>EP = %1 needs a mixture-of-experts model (this one is dense)</source>
        <translation>EP = %1 需要混合专家模型（当前模型为稠密模型）</translation>
    </message>
    <message>
        <source>CP = %1 must divide the sequence length %2</source>
        <translation>CP = %1 必须整除序列长度 %2</translation>
    </message>
    <message>
        <source>%1: invalid parallel layout</source>
        <translation>%1：并行布局无效</translation>
    </message>
    <message>
        <source>%1: invalid parallel layout (%2)</source>
        <translation>%1：并行布局无效（%2）</translation>
    </message>
    <message>
        <source>%1: the attention heads must be a multiple of the KV heads</source>
        <translation>%1：注意力头数必须是 KV 头数的倍数</translation>
    </message>
    <message>
        <source>%1: invalid mixture-of-experts settings</source>
        <translation>%1：混合专家设置无效</translation>
    </message>
    <message>
        <source>%1: invalid latent-attention settings</source>
        <translation>%1：潜在注意力设置无效</translation>
    </message>
    <message>
        <source>The model is too large (100 trillion parameters or more).</source>
        <translation>模型过大（100 万亿参数或以上）。</translation>
    </message>
    <message>
        <source>DP × TP × PP × CP = %1, but the GPU count is %2</source>
        <translation>DP × TP × PP × CP = %1，但 GPU 数量为 %2</translation>
    </message>
    <message>
        <source>Cut the sequence length to %1 tokens</source>
        <translation>将序列长度缩短到 %1 个 token</translation>
    </message>
    <message>
        <source>Lower the micro-batch to %1 and raise gradient accumulation to %2</source>
        <translation>将微批次降到 %1，并将梯度累积提高到 %2</translation>
    </message>
    <message>
        <source>Turn on activation checkpointing: %1</source>
        <translation>启用激活检查点：%1</translation>
    </message>
    <message>
        <source>Switch the optimizer to %1</source>
        <translation>将优化器切换为 %1</translation>
    </message>
    <message>
        <source>Train LoRA adapters (rank %1) instead of all weights</source>
        <translation>训练 LoRA 适配器（秩 %1）而非全部权重</translation>
    </message>
    <message>
        <source>Train QLoRA adapters (rank %1) on a 4-bit base</source>
        <translation>在 4 位基础模型上训练 QLoRA 适配器（秩 %1）</translation>
    </message>
    <message>
        <source>Shard across data-parallel GPUs: %1</source>
        <translation>在数据并行 GPU 之间分片：%1</translation>
    </message>
    <message>
        <source>Spread the run over %1 GPUs with fully sharded data parallelism</source>
        <translation>使用完全分片数据并行，将任务分布到 %1 个 GPU 上</translation>
    </message>
    <message>
        <source>Use a memory-efficient attention kernel: %1</source>
        <translation>使用省显存的注意力内核：%1</translation>
    </message>
    <message>
        <source>Compute the loss in chunks so full fp32 logits are never stored</source>
        <translation>分块计算损失，避免保存完整的 fp32 logits</translation>
    </message>
    <message>
        <source>Quantise the weights to %1</source>
        <translation>将权重量化为 %1</translation>
    </message>
    <message>
        <source>Store the KV cache in %1</source>
        <translation>以 %1 存储 KV 缓存</translation>
    </message>
    <message>
        <source>Generate %1 samples per prompt in rollouts</source>
        <translation>在 rollout 中每个提示生成 %1 个样本</translation>
    </message>
    <message>
        <source>Serve %1 sequences at a time</source>
        <translation>同时服务 %1 个序列</translation>
    </message>
    <message>
        <source>%1: has the wrong type (%2)</source>
        <translation>%1：类型错误（%2）</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <comment>framework profile: name, version</comment>
        <translation>%1 %2</translation>
    </message>
    <message numerus="yes">
        <source>%1, version %2: the framework&apos;s dtype accounting and %n fact(s) of its code that change the peak, each with its source (docs/profiles.md).</source>
        <translation>
            <numerusform>%1，版本 %2：该框架的数据类型计算方式，以及其代码中改变峰值的 %n 项行为，每项均注明来源（docs/profiles.md）。</numerusform>
        </translation>
    </message>
    <message>
        <source>⚠ %1 tokens exceed the model&apos;s trained context (max_position_embeddings %2): the memory is estimated, but the model needs RoPE scaling or a long-context variant.</source>
        <translation>⚠ %1 个 token 超出了模型训练时的上下文（max_position_embeddings 为 %2）：显存已估算，但模型需要 RoPE 缩放或长上下文版本。</translation>
    </message>
    <message>
        <source>DP × TP × PP × CP = %1 × %2 × %3 × %4 is more than %5 GPUs</source>
        <translation>DP × TP × PP × CP = %1 × %2 × %3 × %4，超过 %5 个 GPU</translation>
    </message>
    <message>
        <source>TP = %1 must divide the %2 attention heads</source>
        <translation>TP = %1 必须整除 %2 个注意力头</translation>
    </message>
    <message>
        <source>TP = %1 must divide the %2 KV heads (or be at least as many)</source>
        <translation>TP = %1 必须整除 %2 个 KV 头（或不少于其数量）</translation>
    </message>
    <message>
        <source>Plan (disruption cost %1): %2</source>
        <translation>方案（干扰代价 %1）：%2</translation>
    </message>
    <message>
        <source> + </source>
        <translation> + </translation>
    </message>
    <message>
        <source>concurrent sequences: %1</source>
        <translation>并发序列：%1</translation>
    </message>
    <message>
        <source>micro-batch %1 with gradient accumulation %2</source>
        <translation>微批次 %1，梯度累积 %2</translation>
    </message>
    <message>
        <source>activation checkpointing: %1</source>
        <translation>激活检查点：%1</translation>
    </message>
    <message>
        <source>chunked loss</source>
        <translation>分块损失</translation>
    </message>
    <message>
        <source>attention: %1</source>
        <translation>注意力：%1</translation>
    </message>
    <message>
        <source>optimizer: %1</source>
        <translation>优化器：%1</translation>
    </message>
    <message>
        <source>sharding: %1</source>
        <translation>分片：%1</translation>
    </message>
    <message>
        <source>TP %1 on the same GPUs (DP %2, gradient accumulation %3)</source>
        <translation>在相同的 GPU 上使用 TP %1（DP %2，梯度累积 %3）</translation>
    </message>
    <message>
        <source>sequence parallelism</source>
        <translation>序列并行</translation>
    </message>
    <message>
        <source>PP %1 on the same GPUs (DP %2, gradient accumulation %3)</source>
        <translation>在相同的 GPU 上使用 PP %1（DP %2，梯度累积 %3）</translation>
    </message>
    <message>
        <source>LoRA adapters (rank %1)</source>
        <translation>LoRA 适配器（秩 %1）</translation>
    </message>
    <message>
        <source>QLoRA on a 4-bit base (rank %1)</source>
        <translation>基于 4 位基座的 QLoRA（秩 %1）</translation>
    </message>
    <message>
        <source>optimizer states offloaded to the CPU</source>
        <translation>优化器状态卸载到 CPU</translation>
    </message>
    <message>
        <source>optimizer states and parameters offloaded to the CPU</source>
        <translation>优化器状态和参数卸载到 CPU</translation>
    </message>
    <message>
        <source>weights in %1</source>
        <translation>权重使用 %1</translation>
    </message>
    <message>
        <source>KV cache in %1</source>
        <translation>KV 缓存使用 %1</translation>
    </message>
    <message>
        <source>Micro-batch %1</source>
        <translation>微批 %1</translation>
    </message>
    <message>
        <source>Selective checkpointing</source>
        <translation>选择性检查点</translation>
    </message>
    <message>
        <source>Full checkpointing</source>
        <translation>完全检查点</translation>
    </message>
    <message>
        <source>Chunked loss</source>
        <translation>分块损失</translation>
    </message>
    <message>
        <source>TP %1</source>
        <translation>TP %1</translation>
    </message>
    <message>
        <source>Sequence parallel</source>
        <translation>序列并行</translation>
    </message>
    <message>
        <source>PP %1</source>
        <translation>PP %1</translation>
    </message>
    <message>
        <source>Offload optimizer</source>
        <translation>卸载优化器</translation>
    </message>
    <message>
        <source>Offload parameters</source>
        <translation>卸载参数</translation>
    </message>
    <message>
        <source>KV cache %1</source>
        <translation>KV 缓存 %1</translation>
    </message>
    <message>
        <source>Short-lived buffers: gathered sharded parameters, autocast&apos;s 16-bit copies of fp32 weights, optimizer temporaries, communication buckets.</source>
        <translation>短期缓冲区：收集的分片参数、autocast 生成的 fp32 权重 16 位副本、优化器临时量、通信桶。</translation>
    </message>
    <message>
        <source>%1 experts</source>
        <translation>%1 专家</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
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
        <translation>%1（检查点）</translation>
    </message>
    <message>
        <source>%1 · %2 B/param</source>
        <translation>%1 · 每参数 %2 B</translation>
    </message>
    <message>
        <source>load</source>
        <comment>phase, short</comment>
        <translation>加载</translation>
    </message>
    <message>
        <source>fwd</source>
        <comment>phase, short</comment>
        <translation>前向</translation>
    </message>
    <message>
        <source>bwd</source>
        <comment>phase, short</comment>
        <translation>反向</translation>
    </message>
    <message>
        <source>step</source>
        <comment>phase, short</comment>
        <translation>更新</translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation>微批次</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>Gradient accumulation</source>
        <translation>梯度累积</translation>
    </message>
    <message>
        <source>Checkpointed blocks</source>
        <translation>检查点块数</translation>
    </message>
    <message>
        <source>fp32 master weights</source>
        <translation>fp32 主权重</translation>
    </message>
    <message>
        <source>LoRA rank</source>
        <translation>LoRA 秩</translation>
    </message>
    <message>
        <source>LoRA dropout</source>
        <translation>LoRA dropout</translation>
    </message>
    <message>
        <source>Prompt tokens</source>
        <translation>提示 token 数</translation>
    </message>
    <message>
        <source>Generated tokens</source>
        <translation>生成 token 数</translation>
    </message>
    <message>
        <source>RL rollout engine</source>
        <translation>RL rollout 引擎</translation>
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
        <translation>交错式 1F1B</translation>
    </message>
    <message>
        <source>Custom GPU (%1)</source>
        <translation>自定义 GPU（%1）</translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <comment>GPU count × GPU</comment>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1%</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Parallel layout</source>
        <translation>并行布局</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>模式</translation>
    </message>
    <message>
        <source>What is trained</source>
        <translation>训练方式</translation>
    </message>
    <message>
        <source>Framework profile</source>
        <translation>框架配置</translation>
    </message>
    <message>
        <source>Precision preset</source>
        <translation>精度预设</translation>
    </message>
    <message>
        <source>%1 dtype</source>
        <comment>a memory term&apos;s dtype</comment>
        <translation>%1 数据类型</translation>
    </message>
    <message>
        <source>Compute dtype</source>
        <translation>计算数据类型</translation>
    </message>
    <message>
        <source>LoRA adapters dtype</source>
        <translation>LoRA 适配器数据类型</translation>
    </message>
    <message>
        <source>Weights as the checkpoint stores them</source>
        <translation>按检查点存储格式的权重</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>Activation checkpointing</source>
        <translation>激活检查点</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <source>LoRA targets</source>
        <translation>LoRA 目标</translation>
    </message>
    <message>
        <source>Model load</source>
        <translation>模型加载</translation>
    </message>
    <message>
        <source>Sharding</source>
        <translation>分片</translation>
    </message>
    <message>
        <source>Pipeline schedule</source>
        <translation>流水线调度</translation>
    </message>
    <message>
        <source>GPU memory utilisation</source>
        <translation>GPU 显存利用率</translation>
    </message>
    <message>
        <source>Rollout engine overhead</source>
        <translation>Rollout 引擎开销</translation>
    </message>
    <message>
        <source>(not set)</source>
        <translation>（未设置）</translation>
    </message>
    <message>
        <source>on</source>
        <translation>开</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>训练</translation>
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
            <numerusform>另 %n 项</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2 → %3</source>
        <comment>field: A&apos;s value → B&apos;s value</comment>
        <translation>%1：%2 → %3</translation>
    </message>
    <message>
        <source>; </source>
        <translation>；</translation>
    </message>
    <message>
        <source>No memory change</source>
        <translation>显存不变</translation>
    </message>
    <message>
        <source>Saves under %1</source>
        <translation>节省不到 %1</translation>
    </message>
    <message>
        <source>Costs under %1</source>
        <translation>增加不到 %1</translation>
    </message>
    <message>
        <source>Saves %1</source>
        <translation>节省 %1</translation>
    </message>
    <message>
        <source>Costs %1</source>
        <translation>增加 %1</translation>
    </message>
    <message>
        <source>allocator configuration</source>
        <translation>分配器配置</translation>
    </message>
    <message>
        <source>CUDA stack</source>
        <translation>CUDA 栈</translation>
    </message>
    <message>
        <source>framework versions</source>
        <translation>框架版本</translation>
    </message>
    <message>
        <source>sample lengths</source>
        <translation>样本长度</translation>
    </message>
    <message>
        <source>pick the framework version</source>
        <translation>选择框架版本</translation>
    </message>
    <message>
        <source>pack the samples</source>
        <translation>打包样本</translation>
    </message>
    <message>
        <source>max_model_len %1 is above the model&apos;s max_position_embeddings</source>
        <translation>max_model_len %1 超过模型的 max_position_embeddings</translation>
    </message>
    <message>
        <source>the requested share is more than the memory free at start</source>
        <translation>申请的份额超过启动时的空闲显存</translation>
    </message>
    <message>
        <source>weights and the profiled peak leave no memory for the KV cache</source>
        <translation>权重和剖析峰值没有给 KV 缓存留下显存</translation>
    </message>
    <message>
        <source>one request of max_model_len (%1 tokens) needs %2 of KV cache</source>
        <translation>一个 max_model_len（%1 个 token）的请求需要 %2 的 KV 缓存</translation>
    </message>
    <message>
        <source>Prefill only</source>
        <translation>仅预填充</translation>
    </message>
    <message>
        <source>Longest request (max_model_len)</source>
        <translation>最长请求（max_model_len）</translation>
    </message>
    <message>
        <source>Requests at once (max_num_seqs)</source>
        <translation>同时处理的请求数（max_num_seqs）</translation>
    </message>
    <message>
        <source>Tokens per step (max_num_batched_tokens)</source>
        <translation>每步 token 数（max_num_batched_tokens）</translation>
    </message>
    <message>
        <source>KV block (block_size)</source>
        <translation>KV 块（block_size）</translation>
    </message>
    <message>
        <source>No CUDA graphs (enforce_eager)</source>
        <translation>不使用 CUDA 图（enforce_eager）</translation>
    </message>
    <message>
        <source>HSDP shard group</source>
        <translation>HSDP 分片组</translation>
    </message>
    <message>
        <source>Virtual pipeline stages</source>
        <translation>虚拟流水线级</translation>
    </message>
    <message>
        <source>Pipeline micro-batches per step</source>
        <translation>每步流水线微批次数</translation>
    </message>
    <message>
        <source>Plan against the band&apos;s high bound</source>
        <translation>按区间上界规划</translation>
    </message>
    <message>
        <source>sequence length %1</source>
        <translation>序列长度 %1</translation>
    </message>
    <message>
        <source>prompt %1 + %2 new tokens</source>
        <translation>提示 %1 + %2 个新 token</translation>
    </message>
    <message>
        <source>samples per prompt: %1</source>
        <translation>每个提示的样本数：%1</translation>
    </message>
    <message>
        <source>%1 over %2 GPUs</source>
        <translation>%1，共 %2 个 GPU</translation>
    </message>
    <message>
        <source>Sequence %1</source>
        <translation>序列 %1</translation>
    </message>
    <message>
        <source>Context %1</source>
        <translation>上下文 %1</translation>
    </message>
    <message>
        <source>%1 samples per prompt</source>
        <translation>每个提示 %1 个样本</translation>
    </message>
    <message>
        <source>%1 GPUs</source>
        <translation>%1 个 GPU</translation>
    </message>
    <message>
        <source>unstated settings</source>
        <translation>未注明的设置</translation>
    </message>
    <message>
        <source>state the settings</source>
        <translation>注明这些设置</translation>
    </message>
    <message>
        <source>Custom (no framework)</source>
        <translation>自定义（无框架）</translation>
    </message>
    <message>
        <source>Plain PyTorch %1</source>
        <comment>framework profile torch-loop: a hand-written training loop; %1 is the torch major version</comment>
        <translation>原生 PyTorch %1</translation>
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
        <translation>%1 T</translation>
    </message>
    <message>
        <source>%1 B</source>
        <translation>%1 B</translation>
    </message>
    <message>
        <source>%1 M</source>
        <translation>%1 M</translation>
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
        <translation>未保存的更改</translation>
    </message>
    <message>
        <source>The scenario “%1” has unsaved changes. Save them first?</source>
        <translation>场景“%1”有未保存的更改。要先保存吗？</translation>
    </message>
</context>
<context>
    <name>headroom::ui::BreakdownTable</name>
    <message>
        <source>%1 bytes</source>
        <translation>%1 字节</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1%</translation>
    </message>
    <message>
        <source>Term</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>占比</translation>
    </message>
    <message>
        <source>Formula</source>
        <translation>公式</translation>
    </message>
    <message>
        <source>Allocated (PyTorch)</source>
        <translation>已分配（PyTorch）</translation>
    </message>
    <message>
        <source>Live tensors: torch.cuda.max_memory_allocated().</source>
        <translation>活跃张量：torch.cuda.max_memory_allocated()。</translation>
    </message>
    <message>
        <source>Reserved (PyTorch)</source>
        <translation>已预留（PyTorch）</translation>
    </message>
    <message>
        <source>Allocated plus the caching allocator&apos;s reserve: torch.cuda.max_memory_reserved().</source>
        <translation>已分配加上缓存分配器的预留：torch.cuda.max_memory_reserved()。</translation>
    </message>
    <message>
        <source>Total (nvidia-smi)</source>
        <translation>总计（nvidia-smi）</translation>
    </message>
    <message>
        <source>Reserved plus the CUDA context: what nvidia-smi shows and the driver enforces.</source>
        <translation>已预留加上 CUDA 上下文：即 nvidia-smi 显示、驱动强制执行的数值。</translation>
    </message>
    <message>
        <source>sum of the live tensors at the peak</source>
        <translation>峰值时活跃张量之和</translation>
    </message>
    <message>
        <source>allocated + allocator reserve</source>
        <translation>已分配 + 分配器预留</translation>
    </message>
    <message>
        <source>reserved + CUDA context</source>
        <translation>已预留 + CUDA 上下文</translation>
    </message>
    <message>
        <source>Memory breakdown</source>
        <translation>显存明细</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>字节</translation>
    </message>
    <message>
        <source>Memory (%1)</source>
        <translation>显存（%1）</translation>
    </message>
    <message>
        <source>Copy as Markdown</source>
        <translation>复制为 Markdown</translation>
    </message>
    <message>
        <source>Copy as CSV</source>
        <translation>复制为 CSV</translation>
    </message>
    <message>
        <source>Host RAM (offload)</source>
        <translation>主机内存（卸载）</translation>
    </message>
    <message>
        <source>CPU memory the offloaded optimizer states, parameters or activations take on this node (not GPU memory).</source>
        <translation>卸载的优化器状态、参数或激活在本节点占用的 CPU 内存（非 GPU 显存）。</translation>
    </message>
    <message>
        <source>offloaded states / parameters / activations in host RAM</source>
        <translation>主机内存中卸载的状态 / 参数 / 激活</translation>
    </message>
    <message>
        <source>weights + KV pool + the profile run&apos;s peak</source>
        <translation>权重 + KV 池 + 剖析运行的峰值</translation>
    </message>
    <message>
        <source>allocated + CUDA graph pools</source>
        <translation>已分配 + CUDA 图内存池</translation>
    </message>
    <message>
        <source>reserved + memory outside torch + CUDA context</source>
        <translation>已预留 + torch 之外的显存 + CUDA 上下文</translation>
    </message>
    <message>
        <source>Needed (verdict)</source>
        <translation>所需（结论）</translation>
    </message>
    <message>
        <source>What the fit verdict and the headline count: nvidia-smi less the cached segments that hold no live tensor, which PyTorch frees before it runs out of memory, and optimizer states paged to host memory.</source>
        <translation>结论与标题所计的显存：nvidia-smi 显存减去不含活跃张量的缓存段（PyTorch 会在显存耗尽前释放它们）以及分页到主机内存的优化器状态。</translation>
    </message>
    <message>
        <source>total less the releasable cache and paged states</source>
        <translation>总量减去可释放缓存与分页状态</translation>
    </message>
</context>
<context>
    <name>headroom::ui::CalibrationDialog</name>
    <message>
        <source>Metric:</source>
        <translation>指标：</translation>
    </message>
    <message>
        <source>Measured peak:</source>
        <translation>实测峰值：</translation>
    </message>
    <message>
        <source>Calibrate from a Measured Run</source>
        <translation>根据实测运行校准</translation>
    </message>
    <message>
        <source>The peak your run reached at this scenario&apos;s micro-batch %1 and %2 tokens, as PyTorch or nvidia-smi reported it. Headroom fits a fixed overhead so the estimate here equals it.</source>
        <translation>您的运行在此场景的微批次 %1、%2 个 token 下达到的峰值（按 PyTorch 或 nvidia-smi 报告）。Headroom 拟合一个固定开销，使此处的估算与之相等。</translation>
    </message>
    <message>
        <source>The run ran out of memory (leave the peak at 0 if it is unknown)</source>
        <translation>该运行显存不足（若峰值未知则保持为 0）</translation>
    </message>
    <message>
        <source>Load JSON…</source>
        <translation>加载 JSON…</translation>
    </message>
    <message>
        <source>The JSON of torch.cuda.memory_stats() or the output of tools/measure/measure_peak.py</source>
        <translation>torch.cuda.memory_stats() 的 JSON 或 tools/measure/measure_peak.py 的输出</translation>
    </message>
    <message>
        <source>Calibrate</source>
        <translation>校准</translation>
    </message>
    <message>
        <source>Clear Calibration</source>
        <translation>清除校准</translation>
    </message>
    <message>
        <source>Measured Peak (JSON)</source>
        <translation>实测峰值（JSON）</translation>
    </message>
    <message>
        <source>JSON files (*.json);;All files (*)</source>
        <translation>JSON 文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Enter the peak your run measured, or tick “ran out of memory”.</source>
        <translation>请输入您的运行实测的峰值，或勾选“显存不足”。</translation>
    </message>
    <message>
        <source>Estimate here: %1 (%2). Fixed overhead to add: %3.</source>
        <translation>此处估算：%1（%2）。要加的固定开销：%3。</translation>
    </message>
    <message>
        <source>The measurement is %1 from the estimate, more than a setup overhead can be: the correction is clamped. Check that the scenario describes the run.</source>
        <translation>实测值与估算相差 %1，超出配置开销的合理范围：校正已被限幅。请检查场景是否描述了该运行。</translation>
    </message>
    <message>
        <source>The run ran out of memory: this point and every larger one stay OOM.</source>
        <translation>该运行显存不足：此点及所有更大的点都保持 OOM。</translation>
    </message>
</context>
<context>
    <name>headroom::ui::CliffChart</name>
    <message>
        <source>Micro-batch (samples per GPU, log scale)</source>
        <translation>微批次（每 GPU 样本数，对数刻度）</translation>
    </message>
    <message>
        <source>Sequence length (tokens, log scale)</source>
        <translation>序列长度（token，对数刻度）</translation>
    </message>
    <message>
        <source>Memory (%1)</source>
        <translation>显存（%1）</translation>
    </message>
    <message>
        <source>nothing fits</source>
        <translation>无法放下</translation>
    </message>
    <message>
        <source>fits beyond %1</source>
        <translation>超过 %1 仍可放下</translation>
    </message>
    <message>
        <source>GPU capacity %1</source>
        <translation>GPU 容量 %1</translation>
    </message>
    <message>
        <source>now %1: %2</source>
        <translation>当前 %1：%2</translation>
    </message>
    <message>
        <source>OOM cliff chart</source>
        <translation>OOM 悬崖图</translation>
    </message>
    <message>
        <source>Memory against micro-batch or sequence length, with the GPU capacity and the largest value that fits.</source>
        <translation>显存随微批次或序列长度的变化，标出 GPU 容量和可放下的最大值。</translation>
    </message>
    <message>
        <source>slope at 1–2: +%1 per sample</source>
        <translation>1–2 处斜率：每个样本 +%1</translation>
    </message>
    <message>
        <source>Context length (prompt + generated tokens, log scale)</source>
        <translation>上下文长度（提示 + 生成的 token，对数刻度）</translation>
    </message>
    <message>
        <source>calibrated to your run (micro-batch %1 × %2 tokens)</source>
        <translation>已按您的运行校准（微批次 %1 × %2 个 token）</translation>
    </message>
    <message>
        <source>calibrated to your run: out of memory</source>
        <translation>已按您的运行校准：显存不足</translation>
    </message>
    <message>
        <source>calibrated to your run: %1 %2</source>
        <translation>已按您的运行校准：%1 %2</translation>
    </message>
    <message>
        <source>%1, out of memory</source>
        <translation>%1，显存不足</translation>
    </message>
    <message>
        <source>largest batch that fits: %1</source>
        <translation>可容纳的最大批量：%1</translation>
    </message>
    <message>
        <source>fits: %1</source>
        <translation>可容纳：%1</translation>
    </message>
    <message>
        <source>largest micro-batch that fits: %1</source>
        <translation>可容纳的最大微批次：%1</translation>
    </message>
    <message>
        <source>longest context that fits: %1</source>
        <translation>可容纳的最长上下文：%1</translation>
    </message>
    <message>
        <source>longest sequence that fits: %1</source>
        <translation>可容纳的最长序列：%1</translation>
    </message>
    <message>
        <source>Batch (sequences generated together per GPU, log scale)</source>
        <translation>批量（每 GPU 同时生成的序列数，对数刻度）</translation>
    </message>
    <message>
        <source>Batch (sequences per GPU)</source>
        <translation>批量（每 GPU 序列数）</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>批量</translation>
    </message>
    <message>
        <source>Micro-batch (per GPU)</source>
        <translation>微批次（每 GPU）</translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation>微批次</translation>
    </message>
    <message>
        <source>Context length (tokens)</source>
        <translation>上下文长度（token）</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>上下文</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>Sequence</source>
        <translation>序列</translation>
    </message>
    <message>
        <source>slope at 1–2: +%1 per sequence</source>
        <translation>1–2 处斜率：每条序列 +%1</translation>
    </message>
    <message>
        <source>now %1: %2 · needs %3</source>
        <translation>当前 %1：%2 · 需要 %3</translation>
    </message>
    <message>
        <source>now %1: %2
needs %3</source>
        <translation>当前 %1：%2
需要 %3</translation>
    </message>
    <message>
        <source>largest batch that may fit: %1</source>
        <translation>可能可容纳的最大批量：%1</translation>
    </message>
    <message>
        <source>largest micro-batch that may fit: %1</source>
        <translation>可能可容纳的最大微批次：%1</translation>
    </message>
    <message>
        <source>longest context that may fit: %1</source>
        <translation>可能可容纳的最长上下文：%1</translation>
    </message>
    <message>
        <source>longest sequence that may fit: %1</source>
        <translation>可能可容纳的最长序列：%1</translation>
    </message>
    <message>
        <source>may fit: %1</source>
        <translation>可能可容纳：%1</translation>
    </message>
    <message>
        <source>now %1:
%2</source>
        <translation>当前 %1：
%2</translation>
    </message>
    <message>
        <source>needs %1</source>
        <translation>需要 %1</translation>
    </message>
</context>
<context>
    <name>headroom::ui::CliffPanel</name>
    <message>
        <source>■ Stop</source>
        <translation>■ 停止</translation>
    </message>
    <message>
        <source>▶ Animate</source>
        <translation>▶ 动画演示</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>显示</translation>
    </message>
    <message>
        <source>Stacked by term</source>
        <translation>按项目堆叠</translation>
    </message>
    <message>
        <source>Total line</source>
        <translation>总量曲线</translation>
    </message>
    <message>
        <source>Stack the memory terms or draw only the nvidia-smi total.</source>
        <translation>堆叠各显存项目，或只绘制 nvidia-smi 总量。</translation>
    </message>
    <message>
        <source>Cliff chart style</source>
        <translation>悬崖图样式</translation>
    </message>
    <message>
        <source>Sweep</source>
        <translation>扫描</translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation>微批次</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>The quantity on the x axis; everything else stays as set.</source>
        <translation>x 轴上的变量；其余设置保持不变。</translation>
    </message>
    <message>
        <source>Swept quantity</source>
        <translation>扫描变量</translation>
    </message>
    <message>
        <source>Move the slider across the sweep and back to watch the memory hit the cliff (F5).</source>
        <translation>让滑块扫过整个范围再返回，观察显存撞上悬崖（F5）。</translation>
    </message>
    <message>
        <source>Animate the sweep</source>
        <translation>动画演示扫描</translation>
    </message>
</context>
<context>
    <name>headroom::ui::ComparePanel</name>
    <message>
        <source>Total (nvidia-smi)</source>
        <translation>总计（nvidia-smi）</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1%</translation>
    </message>
    <message>
        <source>Term</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>变更</translation>
    </message>
    <message>
        <source>Shapley attribution: each change&apos;s effect averaged over every order of applying the changes; the shares add up to the total.</source>
        <translation>Shapley 归因：每项变更的影响按所有应用顺序取平均；各份额之和等于总差值。</translation>
    </message>
    <message numerus="yes">
        <source>Shapley attribution, sampled over %n orders; the shares add up to the total.</source>
        <translation>
            <numerusform>Shapley 归因，对 %n 种顺序抽样；各份额之和等于总差值。</numerusform>
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
        <translation>占比</translation>
    </message>
    <message>
        <source>Memory (%1)</source>
        <translation>显存（%1）</translation>
    </message>
    <message>
        <source>Micro-batch (log scale)</source>
        <translation>微批次（对数刻度）</translation>
    </message>
    <message>
        <source>A (pinned)</source>
        <translation>A（已固定）</translation>
    </message>
    <message>
        <source>B (current)</source>
        <translation>B（当前）</translation>
    </message>
    <message>
        <source>GPU capacity</source>
        <translation>GPU 容量</translation>
    </message>
    <message>
        <source>Worst rank at its peak</source>
        <translation>峰值时最紧张的 rank</translation>
    </message>
    <message>
        <source>OOM cliffs</source>
        <translation>OOM 悬崖</translation>
    </message>
    <message>
        <source>Pin the current scenario as A (Tools → Pin as A for Comparison), then edit it into B: this tab compares them.</source>
        <translation>将当前场景固定为 A（工具 → 固定为对比用 A），再编辑为 B：此标签页对两者进行比较。</translation>
    </message>
    <message>
        <source>A is pinned; B is not a valid run yet.</source>
        <translation>A 已固定；B 还不是有效的运行。</translation>
    </message>
    <message>
        <source>Effect</source>
        <translation>效果</translation>
    </message>
    <message>
        <source>Worst rank</source>
        <translation>最紧张的 rank</translation>
    </message>
    <message>
        <source>none</source>
        <comment>no micro-batch fits</comment>
        <translation>无</translation>
    </message>
    <message>
        <source>OOM cliffs: the largest micro-batch that fits is %1 in A, %2 in B</source>
        <translation>OOM 悬崖：A 中可容纳的最大微批次为 %1，B 中为 %2</translation>
    </message>
    <message>
        <source>Largest micro-batch: A %1, B %2</source>
        <translation>最大微批次：A %1，B %2</translation>
    </message>
    <message>
        <source>The change&apos;s part of the whole difference between A and B</source>
        <translation>该变更在 A 与 B 总差异中所占的份额</translation>
    </message>
    <message>
        <source>B&apos;s GPU capacity</source>
        <translation>B 的 GPU 容量</translation>
    </message>
    <message>
        <source>A&apos;s GPU capacity</source>
        <translation>A 的 GPU 容量</translation>
    </message>
    <message>
        <source>A change&apos;s Shapley value is its effect on the memory averaged over every order in which the changes can be applied; the effects add up to the whole difference between A and B.</source>
        <translation>变更的 Shapley 值是它对显存的影响在所有可能的变更应用顺序上的平均值；各项影响之和等于 A 与 B 的总差异。</translation>
    </message>
    <message>
        <source>A is pinned; comparing…</source>
        <translation>A 已固定；正在比较…</translation>
    </message>
    <message>
        <source>&lt;b&gt;A → B: %1 → %2, B needs %3 more.&lt;/b&gt;</source>
        <translation>&lt;b&gt;A → B：%1 → %2，B 多用 %3。&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;A → B: %1 → %2, B needs %3 less.&lt;/b&gt;</source>
        <translation>&lt;b&gt;A → B：%1 → %2，B 少用 %3。&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;A → B: %1 → %2, the same memory.&lt;/b&gt;</source>
        <translation>&lt;b&gt;A → B：%1 → %2，显存相同。&lt;/b&gt;</translation>
    </message>
    <message numerus="yes">
        <source>Each change&apos;s effect: its Shapley value over every order of applying them (%n estimate(s)).</source>
        <translation>
            <numerusform>每项变更的效果：其在所有应用顺序上的 Shapley 值（%n 次估算）。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Each change&apos;s effect: its Shapley value over %1 sampled orders of applying them, each with its reverse (%n estimate(s)).</source>
        <translation>
            <numerusform>每项变更的效果：其在 %1 个抽样应用顺序（每个连同其逆序）上的 Shapley 值（%n 次估算）。</numerusform>
        </translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation>微批次</translation>
    </message>
    <message>
        <source>The changes pull both ways: a share is of the net difference, so one above 100 % is offset by one below 0.</source>
        <translation>这些变更的作用方向相反：占比是相对净差值而言的，因此超过 100 % 的占比会被低于 0 的占比抵消。</translation>
    </message>
</context>
<context>
    <name>headroom::ui::ControlsPanel</name>
    <message>
        <source>Change model size</source>
        <translation>更改模型大小</translation>
    </message>
    <message>
        <source>Change mode</source>
        <translation>更改模式</translation>
    </message>
    <message>
        <source>Change micro-batch</source>
        <translation>更改微批次</translation>
    </message>
    <message>
        <source>Change sequence length</source>
        <translation>更改序列长度</translation>
    </message>
    <message>
        <source>Change generated tokens</source>
        <translation>更改生成 token 数</translation>
    </message>
    <message>
        <source>Change framework profile</source>
        <translation>更改框架配置</translation>
    </message>
    <message>
        <source>Change optimizer</source>
        <translation>更改优化器</translation>
    </message>
    <message>
        <source>Change checkpointing</source>
        <translation>更改检查点设置</translation>
    </message>
    <message>
        <source>Change checkpointed blocks</source>
        <translation>更改检查点块数</translation>
    </message>
    <message>
        <source>Change attention</source>
        <translation>更改注意力实现</translation>
    </message>
    <message>
        <source>Change LoRA rank</source>
        <translation>更改 LoRA 秩</translation>
    </message>
    <message>
        <source>Change GPU capacity</source>
        <translation>更改 GPU 容量</translation>
    </message>
    <message>
        <source>Change GPU count</source>
        <translation>更改 GPU 数量</translation>
    </message>
    <message>
        <source>Change parallel layout</source>
        <translation>更改并行布局</translation>
    </message>
    <message>
        <source>Change sharding</source>
        <translation>更改分片方式</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Training details</source>
        <translation>训练细节</translation>
    </message>
    <message>
        <source>GPUs and parallelism</source>
        <translation>GPU 与并行</translation>
    </message>
    <message>
        <source>&amp;Model</source>
        <translation>模型(&amp;M)</translation>
    </message>
    <message>
        <source>Si&amp;ze</source>
        <translation>大小(&amp;Z)</translation>
    </message>
    <message>
        <source>M&amp;ode</source>
        <translation>模式(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Framework</source>
        <translation>框架(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Weights</source>
        <translation>权重(&amp;W)</translation>
    </message>
    <message>
        <source>Micro-&amp;batch</source>
        <translation>微批次(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Sequence</source>
        <translation>序列(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Generated</source>
        <translation>生成(&amp;G)</translation>
    </message>
    <message>
        <source>O&amp;ptimizer</source>
        <translation>优化器(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Checkpointing</source>
        <translation>检查点(&amp;C)</translation>
    </message>
    <message>
        <source>Blocks</source>
        <translation>块数</translation>
    </message>
    <message>
        <source>&amp;Attention</source>
        <translation>注意力(&amp;A)</translation>
    </message>
    <message>
        <source>LoRA &amp;rank</source>
        <translation>LoRA 秩(&amp;R)</translation>
    </message>
    <message>
        <source>G&amp;PU</source>
        <translation>GPU(&amp;P)</translation>
    </message>
    <message>
        <source>Capacity</source>
        <translation>容量</translation>
    </message>
    <message>
        <source>GPU cou&amp;nt</source>
        <translation>GPU 数量(&amp;N)</translation>
    </message>
    <message>
        <source>Degrees</source>
        <translation>并行度</translation>
    </message>
    <message>
        <source>S&amp;harding</source>
        <translation>分片(&amp;H)</translation>
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
        <translation>自定义大小（使用大小滑块）</translation>
    </message>
    <message>
        <source>Search models…</source>
        <translation>搜索模型…</translation>
    </message>
    <message>
        <source>Open config.json / safetensors index…</source>
        <translation>打开 config.json / safetensors 索引…</translation>
    </message>
    <message>
        <source>Read the architecture from a Hugging Face config.json, model.safetensors.index.json or .safetensors file.</source>
        <translation>从 Hugging Face 的 config.json、model.safetensors.index.json 或 .safetensors 文件读取模型结构。</translation>
    </message>
    <message>
        <source>Open model file</source>
        <translation>打开模型文件</translation>
    </message>
    <message>
        <source> B params</source>
        <translation> B 参数</translation>
    </message>
    <message>
        <source>Model size</source>
        <translation>模型大小</translation>
    </message>
    <message>
        <source>What the GPU does: serve the model, train all weights, or train LoRA / QLoRA adapters.</source>
        <translation>GPU 的任务：运行推理、训练全部权重，或训练 LoRA / QLoRA 适配器。</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>模式</translation>
    </message>
    <message>
        <source>Framework profile</source>
        <translation>框架配置</translation>
    </message>
    <message>
        <source>Storage precision of the model weights: fp32, bf16, fp16, fp8, int8, int4 or NF4.</source>
        <translation>模型权重的存储精度：fp32、bf16、fp16、fp8、int8、int4 或 NF4。</translation>
    </message>
    <message>
        <source>Weight precision</source>
        <translation>权重精度</translation>
    </message>
    <message>
        <source> samples</source>
        <translation> 个样本</translation>
    </message>
    <message>
        <source>Samples processed together in one forward/backward pass on each GPU (power-of-two steps with fine steps between).</source>
        <translation>每个 GPU 在一次前向/反向传播中一起处理的样本数（按 2 的幂步进，中间有细分步长）。</translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation>微批次</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> 个 token</translation>
    </message>
    <message>
        <source>Tokens per sample; for inference, the whole context (prompt plus generated tokens). Log scale, 128 to 1 M.</source>
        <translation>每个样本的 token 数；推理时为整个上下文（提示加生成的 token）。对数刻度，128 到 1 M。</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>Tokens generated per sequence; the rest of the sequence length is the prompt.</source>
        <translation>每个序列生成的 token 数；序列长度的其余部分为提示。</translation>
    </message>
    <message>
        <source>Generated tokens</source>
        <translation>生成 token 数</translation>
    </message>
    <message>
        <source>The optimizer decides how many state tensors are kept per trainable parameter (AdamW: two).</source>
        <translation>优化器决定每个可训练参数保留多少个状态张量（AdamW：两个）。</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>Activation checkpointing stores fewer activations and recomputes them in the backward pass.</source>
        <translation>激活检查点保存更少的激活值，并在反向传播时重新计算。</translation>
    </message>
    <message>
        <source>Activation checkpointing</source>
        <translation>激活检查点</translation>
    </message>
    <message>
        <source>Checkpointed blocks</source>
        <translation>检查点块数</translation>
    </message>
    <message>
        <source>The attention kernel; eager attention stores the full score matrix, fused kernels do not.</source>
        <translation>注意力内核；eager 注意力会保存完整的分数矩阵，融合内核不会。</translation>
    </message>
    <message>
        <source>Attention implementation</source>
        <translation>注意力实现</translation>
    </message>
    <message>
        <source>Rank r of the LoRA adapters; adapter size grows linearly with it.</source>
        <translation>LoRA 适配器的秩 r；适配器大小随之线性增长。</translation>
    </message>
    <message>
        <source>LoRA rank</source>
        <translation>LoRA 秩</translation>
    </message>
    <message>
        <source>Custom capacity</source>
        <translation>自定义容量</translation>
    </message>
    <message>
        <source>The GPU model; its total memory is the capacity line in the charts.</source>
        <translation>GPU 型号；其总显存即图表中的容量线。</translation>
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
        <translation>自定义 GPU 的总显存（GiB），以 nvidia-smi 报告为准。</translation>
    </message>
    <message>
        <source>Custom GPU capacity</source>
        <translation>自定义 GPU 容量</translation>
    </message>
    <message>
        <source>Total GPUs in the job; must equal DP × TP × PP × CP.</source>
        <translation>任务中的 GPU 总数；必须等于 DP × TP × PP × CP。</translation>
    </message>
    <message>
        <source>GPU count</source>
        <translation>GPU 数量</translation>
    </message>
    <message>
        <source>Data parallelism: replicas (or shards) that each process their own micro-batches.</source>
        <translation>数据并行：各自处理自己微批的副本（或分片）。</translation>
    </message>
    <message>
        <source>Data-parallel degree</source>
        <translation>数据并行度</translation>
    </message>
    <message>
        <source>Tensor parallelism: each layer&apos;s matrices are split over this many GPUs; must divide the attention heads.</source>
        <translation>张量并行：每层的矩阵切分到这么多 GPU 上；必须整除注意力头数。</translation>
    </message>
    <message>
        <source>Tensor-parallel degree</source>
        <translation>张量并行度</translation>
    </message>
    <message>
        <source>Pipeline parallelism: the layers are split into this many stages; at most the number of layers.</source>
        <translation>流水线并行：各层分成这么多个阶段；不超过层数。</translation>
    </message>
    <message>
        <source>Pipeline-parallel degree</source>
        <translation>流水线并行度</translation>
    </message>
    <message>
        <source>Context parallelism: each sequence is split over this many GPUs.</source>
        <translation>上下文并行：每个序列切分到这么多 GPU 上。</translation>
    </message>
    <message>
        <source>Context-parallel degree</source>
        <translation>上下文并行度</translation>
    </message>
    <message>
        <source>Expert parallelism: the experts of a mixture-of-experts model are split over this many GPUs; must divide the experts.</source>
        <translation>专家并行：混合专家模型的专家分布到这么多 GPU 上；必须整除专家数。</translation>
    </message>
    <message>
        <source>Expert-parallel degree</source>
        <translation>专家并行度</translation>
    </message>
    <message>
        <source>ZeRO / FSDP sharding splits optimizer states, gradients and parameters over the data-parallel GPUs.</source>
        <translation>ZeRO / FSDP 分片将优化器状态、梯度和参数分布到数据并行的 GPU 上。</translation>
    </message>
    <message>
        <source>Sharding</source>
        <translation>分片</translation>
    </message>
    <message>
        <source>Layout problem</source>
        <translation>布局问题</translation>
    </message>
    <message>
        <source>Imported model</source>
        <translation>导入的模型</translation>
    </message>
    <message>
        <source>Imported: %1</source>
        <translation>已导入：%1</translation>
    </message>
    <message>
        <source>%1 params · %2 layers · hidden %3 · %4/%5 heads</source>
        <translation>%1 参数 · %2 层 · 隐藏维度 %3 · %4/%5 头</translation>
    </message>
    <message>
        <source> · %1 experts, top-%2 (%3 active)</source>
        <translation> · %1 个专家，top-%2（激活 %3）</translation>
    </message>
    <message>
        <source>Use a custom model size</source>
        <translation>使用自定义模型大小</translation>
    </message>
    <message>
        <source>Change model</source>
        <translation>更改模型</translation>
    </message>
    <message>
        <source>Use a custom GPU capacity</source>
        <translation>使用自定义 GPU 容量</translation>
    </message>
    <message>
        <source>Change GPU</source>
        <translation>更改 GPU</translation>
    </message>
    <message>
        <source>Change weight precision</source>
        <translation>更改权重精度</translation>
    </message>
    <message>
        <source>The model to plan for; type to search the presets, or pick “Custom size” to set a parameter count.</source>
        <translation>要规划的模型；输入以搜索预设，或选择“自定义大小”来设置参数量。</translation>
    </message>
    <message>
        <source>How many leading blocks are checkpointed when checkpointing is “First N blocks”.</source>
        <translation>检查点方式为“前 N 个块”时，使用检查点的前几个块数。</translation>
    </message>
    <message>
        <source>A framework profile sets the dtypes of weights, gradients and optimizer states the way that framework stores them, and the behaviour of its code that changes the peak (docs/profiles.md).</source>
        <translation>框架配置按该框架的存储方式设定权重、梯度和优化器状态的数据类型，以及其代码中改变峰值的行为（docs/profiles.md）。</translation>
    </message>
    <message>
        <source>Total parameters (log scale, 0.1 B to 1 T). From a built-in model it steps through the family&apos;s real sizes (Llama 3.x 1B…405B, Qwen2.5 0.5B…72B, …) and, between or beyond them, a shape derived from the family, labelled “derived”. With “Custom size”: a llama-style dense model. Not available for an imported config.</source>
        <translation>参数总量（对数刻度，0.1 B 至 1 T）。对内置模型，滑块依次经过该系列的真实规模（Llama 3.x 1B…405B、Qwen2.5 0.5B…72B 等），在其之间或之外则为由该系列推导出的结构，并标注“推导”。选择“自定义大小”时为 Llama 风格的稠密模型。导入的配置不可用。</translation>
    </message>
    <message>
        <source>Derived shape of the family (not a published model) · </source>
        <translation>由该系列推导出的结构（非已发布模型）· </translation>
    </message>
    <message>
        <source> sequence</source>
        <translation> 条序列</translation>
    </message>
    <message>
        <source> sequences</source>
        <translation> 条序列</translation>
    </message>
    <message>
        <source> sample</source>
        <translation> 个样本</translation>
    </message>
</context>
<context>
    <name>headroom::ui::Dashboard</name>
    <message>
        <source>VRAM per GPU</source>
        <translation>每 GPU 显存</translation>
    </message>
    <message>
        <source>Worst rank</source>
        <translation>最紧张的 rank</translation>
    </message>
    <message>
        <source>Per pipeline stage</source>
        <translation>按流水线级</translation>
    </message>
    <message>
        <source>One bar for the GPU with the most memory, or one bar per pipeline stage.</source>
        <translation>显存占用最多的 GPU 显示一根柱，或每个流水线级一根柱。</translation>
    </message>
    <message>
        <source>Bar view</source>
        <translation>柱状视图</translation>
    </message>
    <message>
        <source>&amp;Breakdown</source>
        <translation>明细(&amp;B)</translation>
    </message>
    <message>
        <source>OOM &amp;playbook</source>
        <translation>OOM 应对手册(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Multi-GPU layout</source>
        <translation>多 GPU 布局(&amp;M)</translation>
    </message>
    <message>
        <source>Every memory term with its bytes, share and formula.</source>
        <translation>每个显存项目的字节数、占比和公式。</translation>
    </message>
    <message>
        <source>Ranked changes that make the run fit.</source>
        <translation>按优先级排列的、能让任务放下的变更。</translation>
    </message>
    <message>
        <source>Find the smallest GPU layout for this run.</source>
        <translation>为此任务寻找最小的 GPU 布局。</translation>
    </message>
    <message>
        <source>Step t&amp;imeline</source>
        <translation>单步时间线(&amp;I)</translation>
    </message>
    <message>
        <source>Allocated memory through one step: after load, forward, backward, optimizer step, per pipeline stage.</source>
        <translation>单步内的已分配显存：加载后、前向、反向、优化器步骤，按流水线级显示。</translation>
    </message>
    <message>
        <source>&amp;Serving</source>
        <translation>推理服务(&amp;S)</translation>
    </message>
    <message>
        <source>Inference: KV budget, concurrent sequences against context length and the longest context on a vLLM-style server.</source>
        <translation>推理：vLLM 式服务器上的 KV 预算、并发序列数与上下文长度的关系，以及最长上下文。</translation>
    </message>
    <message>
        <source>C&amp;ompare</source>
        <translation>对比(&amp;O)</translation>
    </message>
    <message>
        <source>The scenario pinned as A against the current one: bars, cliffs, per-term deltas and what each change saved.</source>
        <translation>固定为 A 的场景与当前场景对比：柱状图、悬崖图、逐项差值以及每项变更节省的量。</translation>
    </message>
    <message>
        <source>Measure&amp;d</source>
        <translation>实测(&amp;D)</translation>
    </message>
    <message>
        <source>A captured run beside the estimate: peaks, phases, categories and what differs.</source>
        <translation>采集的运行与估算并列：峰值、阶段、类别及差异所在。</translation>
    </message>
</context>
<context>
    <name>headroom::ui::ExportDialog</name>
    <message>
        <source>Export Image</source>
        <translation>导出图片</translation>
    </message>
    <message>
        <source>Stacked VRAM bar</source>
        <translation>堆叠显存柱</translation>
    </message>
    <message>
        <source>OOM-cliff chart</source>
        <translation>OOM 悬崖图</translation>
    </message>
    <message>
        <source>Dashboard (verdict and both charts)</source>
        <translation>仪表盘（结论和两张图）</translation>
    </message>
    <message>
        <source>Which part of the window to export.</source>
        <translation>要导出窗口的哪个部分。</translation>
    </message>
    <message>
        <source>Export target</source>
        <translation>导出对象</translation>
    </message>
    <message>
        <source> px</source>
        <translation> 像素</translation>
    </message>
    <message>
        <source>Width of the picture before scaling.</source>
        <translation>缩放前的图片宽度。</translation>
    </message>
    <message>
        <source>Height of the picture before scaling.</source>
        <translation>缩放前的图片高度。</translation>
    </message>
    <message>
        <source>Width</source>
        <translation>宽度</translation>
    </message>
    <message>
        <source>Height</source>
        <translation>高度</translation>
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
        <translation>像素密度：2× 使像素加倍，适合清晰的幻灯片和高分辨率屏幕。</translation>
    </message>
    <message>
        <source>Scale</source>
        <translation>缩放</translation>
    </message>
    <message>
        <source>PNG image</source>
        <translation>PNG 图片</translation>
    </message>
    <message>
        <source>SVG vector drawing</source>
        <translation>SVG 矢量图</translation>
    </message>
    <message>
        <source>PNG for slides and chat, SVG for print and editing.</source>
        <translation>PNG 适合幻灯片和聊天，SVG 适合打印和编辑。</translation>
    </message>
    <message>
        <source>File format</source>
        <translation>文件格式</translation>
    </message>
    <message>
        <source>Drawn at the top of the picture; leave empty for none.</source>
        <translation>绘制在图片顶部；留空则不绘制。</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>标题</translation>
    </message>
    <message>
        <source>Draw the scenario summary and verdict</source>
        <translation>绘制场景摘要和结论</translation>
    </message>
    <message>
        <source>Model, mode, precision, batch, sequence length and GPU under the title.</source>
        <translation>在标题下方显示模型、模式、精度、批大小、序列长度和 GPU。</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>导出(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Size</source>
        <translation>尺寸(&amp;S)</translation>
    </message>
    <message>
        <source>S&amp;cale</source>
        <translation>缩放(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Format</source>
        <translation>格式(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Title</source>
        <translation>标题(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Save…</source>
        <translation>保存(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Copy to Clipboard</source>
        <translation>复制到剪贴板(&amp;C)</translation>
    </message>
    <message>
        <source>Vector drawing, %1 × %2 units</source>
        <translation>矢量图，%1 × %2 单位</translation>
    </message>
    <message>
        <source>Output: %1 × %2 pixels</source>
        <translation>输出：%1 × %2 像素</translation>
    </message>
</context>
<context>
    <name>headroom::ui::FeaturesPanel</name>
    <message>
        <source>Chunked cross-entropy</source>
        <translation>分块交叉熵</translation>
    </message>
    <message>
        <source>The loss works on chunks of tokens: the fp32 logits are never held whole (litgpt, torchtune CEWithChunkedOutputLoss).</source>
        <translation>损失按 token 分块计算：fp32 logits 从不完整驻留（litgpt、torchtune CEWithChunkedOutputLoss）。</translation>
    </message>
    <message>
        <source>torch.compile</source>
        <translation>torch.compile</translation>
    </message>
    <message>
        <source>Compiled model and loss: fused norms, RoPE and SiLU save less, and a compiled loss keeps only its input and one gradient.</source>
        <translation>编译模型和损失：融合的 norm、RoPE 和 SiLU 保存更少，编译后的损失只保留其输入和一个梯度。</translation>
    </message>
    <message>
        <source>Fused optimizer step</source>
        <translation>融合优化器步骤</translation>
    </message>
    <message>
        <source>AdamW(fused=True): no for-each temporaries during the step.</source>
        <translation>AdamW(fused=True)：优化器步骤中没有 for-each 临时张量。</translation>
    </message>
    <message>
        <source>Optimizer step in backward</source>
        <translation>反向传播中执行优化器步骤</translation>
    </message>
    <message>
        <source>Each parameter is updated as soon as its gradient exists and the gradient is freed: no full set of gradients is ever held.</source>
        <translation>每个参数在其梯度产生后立即更新并释放梯度：从不同时持有全部梯度。</translation>
    </message>
    <message>
        <source>Activation offloading to CPU</source>
        <translation>激活卸载到 CPU</translation>
    </message>
    <message>
        <source>Saved activations move to host memory; the block being computed and the one being prefetched stay on the GPU.</source>
        <translation>保存的激活移到主机内存；正在计算的块和预取的块留在 GPU 上。</translation>
    </message>
    <message>
        <source>Sequence packing</source>
        <translation>序列打包</translation>
    </message>
    <message>
        <source>Samples are packed to exactly the sequence length (no padding).</source>
        <translation>样本被打包到恰好等于序列长度（无填充）。</translation>
    </message>
    <message>
        <source>Optimizer offload to CPU</source>
        <translation>优化器卸载到 CPU</translation>
    </message>
    <message>
        <source>ZeRO-Offload / FSDP CPU offload: optimizer states and the step live on the CPU.</source>
        <translation>ZeRO-Offload / FSDP CPU 卸载：优化器状态和优化器步骤在 CPU 上。</translation>
    </message>
    <message>
        <source>Parameter offload to CPU</source>
        <translation>参数卸载到 CPU</translation>
    </message>
    <message>
        <source>ZeRO-Infinity / FSDP offload_params: sharded parameters live on the CPU (needs a sharding strategy that shards parameters).</source>
        <translation>ZeRO-Infinity / FSDP offload_params：分片后的参数在 CPU 上（需要对参数分片的分片策略）。</translation>
    </message>
    <message>
        <source>Sequence parallelism</source>
        <translation>序列并行</translation>
    </message>
    <message>
        <source>With tensor parallelism: norm and dropout activations are split over the TP ranks (needs TP &gt; 1).</source>
        <translation>配合张量并行：norm 和 dropout 的激活在 TP rank 间切分（需要 TP &gt; 1）。</translation>
    </message>
    <message>
        <source>Loss not compiled</source>
        <translation>损失未编译</translation>
    </message>
    <message>
        <source>Loop keeps the logits</source>
        <translation>训练循环保留 logits</translation>
    </message>
    <message>
        <source>The training loop still references the logits during backward (fsdp_qlora, litgpt, torchtune before mid-2024).</source>
        <translation>反向传播期间训练循环仍引用 logits（fsdp_qlora、litgpt、2024 年年中之前的 torchtune）。</translation>
    </message>
    <message>
        <source>Model returns fp32 logits</source>
        <translation>模型返回 fp32 logits</translation>
    </message>
    <message>
        <source>The model upcasts its logits (HF Llama before transformers 4.45, torchtune unchunked output, torchtitan 2024).</source>
        <translation>模型将 logits 上转为 fp32（transformers 4.45 之前的 HF Llama、torchtune 非分块输出、2024 年的 torchtitan）。</translation>
    </message>
    <message>
        <source>Fused QKV projection</source>
        <translation>融合 QKV 投影</translation>
    </message>
    <message>
        <source>One linear projects q, k and v (litgpt); it and its LoRA save different tensors for backward.</source>
        <translation>一个线性层同时投影 q、k、v（litgpt）；它及其 LoRA 为反向传播保存的张量不同。</translation>
    </message>
    <message>
        <source>FSDP units mix frozen and LoRA weights</source>
        <translation>FSDP 单元混合冻结权重与 LoRA 权重</translation>
    </message>
    <message>
        <source>FSDP1 use_orig_params wrapping whole blocks: the frozen weights get gradients too (LoRA or QLoRA with sharding).</source>
        <translation>FSDP1 use_orig_params 以整个块为单元包装：冻结权重也会得到梯度（带分片的 LoRA 或 QLoRA）。</translation>
    </message>
    <message>
        <source>Accumulate under no_sync()</source>
        <translation>在 no_sync() 下累积</translation>
    </message>
    <message>
        <source>Gradient accumulation under FSDP no_sync(): gradients stay unsharded until the syncing micro-batch.</source>
        <translation>在 FSDP no_sync() 下做梯度累积：在同步的微批 之前梯度保持未分片。</translation>
    </message>
    <message>
        <source>loss_parallel() with TP</source>
        <translation>TP 下的 loss_parallel()</translation>
    </message>
    <message>
        <source>torch loss_parallel() (torchtitan): the eager loss on the vocabulary shard holds 16 bytes per logit instead of 12 (needs TP &gt; 1).</source>
        <translation>torch loss_parallel()（torchtitan）：词表分片上的 eager 损失每个 logit 占 16 字节而非 12 字节（需要 TP &gt; 1）。</translation>
    </message>
    <message>
        <source>Turn on %1</source>
        <translation>开启 %1</translation>
    </message>
    <message>
        <source>Turn off %1</source>
        <translation>关闭 %1</translation>
    </message>
    <message>
        <source>Memory features</source>
        <translation>显存相关选项</translation>
    </message>
    <message>
        <source>What the run turns on</source>
        <translation>本次运行开启的功能</translation>
    </message>
    <message>
        <source>How the framework&apos;s code behaves</source>
        <translation>框架代码的行为</translation>
    </message>
    <message>
        <source>Facts about a framework version that change its peak; docs/profiles.md lists which frameworks do what.</source>
        <translation>会改变峰值的框架版本特性；docs/profiles.md 列出了各框架的做法。</translation>
    </message>
    <message>
        <source>In place</source>
        <translation>原地创建</translation>
    </message>
    <message>
        <source>Weights are created where they stay: the load leaves nothing cached.</source>
        <translation>权重直接在最终位置创建：加载不会留下缓存。</translation>
    </message>
    <message>
        <source>torchao NF4 (torchtune QLoRA)</source>
        <translation>torchao NF4（torchtune QLoRA）</translation>
    </message>
    <message>
        <source>Base weights quantised to NF4 on the GPU at init and again when the checkpoint is loaded (torchao 0.2 and later).</source>
        <translation>基础权重在初始化时以及加载检查点时在 GPU 上量化为 NF4（torchao 0.2 及以后）。</translation>
    </message>
    <message>
        <source>torchao 0.1 NF4, unchunked</source>
        <translation>torchao 0.1 NF4，不分块</translation>
    </message>
    <message>
        <source>torchtune QLoRA in spring 2024: the NF4 search over a whole weight needs 32 bytes per element and leaves gigabytes cached.</source>
        <translation>2024 年春的 torchtune QLoRA：对整个权重做 NF4 搜索，每个元素需要 32 字节，并留下数 GB 缓存。</translation>
    </message>
    <message>
        <source>FSDP1 sync_module_states</source>
        <translation>FSDP1 sync_module_states</translation>
    </message>
    <message>
        <source>Rank 0 loads on the CPU; each FSDP unit is broadcast, flattened and sharded on the GPU (fsdp_qlora, accelerate low-memory loading).</source>
        <translation>rank 0 在 CPU 上加载；每个 FSDP 单元在 GPU 上广播、展平并分片（fsdp_qlora、accelerate 低内存加载）。</translation>
    </message>
    <message>
        <source>How the weights are loaded</source>
        <translation>权重如何加载</translation>
    </message>
    <message>
        <source>The caching allocator keeps what the load cached, so the load can set the reserved peak (docs/metrics.md).</source>
        <translation>缓存分配器会保留加载时缓存的显存，因此加载可能决定 已预留峰值（docs/metrics.md）。</translation>
    </message>
    <message>
        <source>Model load: %1</source>
        <translation>模型加载：%1</translation>
    </message>
    <message>
        <source>torchao NF4 base weights</source>
        <translation>torchao NF4 基础权重</translation>
    </message>
    <message>
        <source>The quantised base is a torchao NF4Tensor (torchtune QLoRA): its linears keep no input for backward, unlike bitsandbytes.</source>
        <translation>量化基础模型是 torchao NF4Tensor（torchtune QLoRA）：与 bitsandbytes 不同，其线性层不为反向传播保留输入。</translation>
    </message>
    <message>
        <source>Gradient buffer always allocated</source>
        <translation>梯度缓冲区始终已分配</translation>
    </message>
    <message>
        <source>Megatron-Core DDP allocates one gradient buffer when the model is wrapped: the gradients take memory in every phase.</source>
        <translation>Megatron-Core DDP 在包装模型时分配一个梯度缓冲区：梯度在每个阶段都占用显存。</translation>
    </message>
    <message>
        <source>Sequence parallelism keeps inputs split</source>
        <translation>序列并行保持输入切分</translation>
    </message>
    <message>
        <source>Megatron-LM: the linears save their split input and gather it again in backward (needs sequence parallelism and TP &gt; 1).</source>
        <translation>Megatron-LM：线性层保存切分后的输入，并在反向传播中重新聚合（需要序列并行且 TP &gt; 1）。</translation>
    </message>
    <message>
        <source>Output layer quantised too</source>
        <translation>输出层也量化</translation>
    </message>
    <message>
        <source>Every linear layer is quantised, lm_head included (Lightning BitsandbytesPrecision, litgpt --quantize bnb.*).</source>
        <translation>每个线性层都被量化，包括 lm_head（Lightning BitsandbytesPrecision，litgpt --quantize bnb.*）。</translation>
    </message>
    <message>
        <source>Quantised from fp16</source>
        <translation>从 fp16 量化</translation>
    </message>
    <message>
        <source>The 4-bit weights were quantised from fp16: each dequantised linear is cast to the compute dtype, two copies while it runs (litgpt).</source>
        <translation>4 位权重由 fp16 量化而来：每个反量化的线性层都会转换为计算数据类型，运行时同时存在两份副本（litgpt）。</translation>
    </message>
    <message>
        <source>SDPA math kernel for multi-query</source>
        <translation>多查询注意力使用 SDPA 数学内核</translation>
    </message>
    <message>
        <source>A one-KV-head model reaches SDPA with its K/V un-expanded (lit-gpt 2023): the math kernel keeps the attention probabilities.</source>
        <translation>只有一个 KV 头的模型将未展开的 K/V 交给 SDPA（lit-gpt 2023）：数学内核会保留注意力概率。</translation>
    </message>
    <message>
        <source>With torch.compile the loss stays eager (torchtitan until March 2025, torchtune before compile_loss): 12 bytes per logit at the loss.</source>
        <translation>使用 torch.compile 时损失函数仍以 eager 模式运行（torchtitan 至 2025 年 3 月，torchtune 在 compile_loss 之前）：损失处每个 logit 12 字节。</translation>
    </message>
    <message>
        <source>ZeRO runs on DeepSpeed</source>
        <translation>ZeRO 由 DeepSpeed 运行</translation>
    </message>
    <message>
        <source>DeepSpeed&apos;s ZeRO optimizer copies gradients into a bucket of reduce_bucket_size elements (ZeRO-3: always allocated; ZeRO-1/2: during backward).</source>
        <translation>DeepSpeed 的 ZeRO 优化器把梯度复制到一个含 reduce_bucket_size 个元素的缓冲桶中（ZeRO-3：始终分配；ZeRO-1/2：仅在反向传播期间）。</translation>
    </message>
    <message>
        <source>Expandable allocator segments</source>
        <translation>可扩展分配器段</translation>
    </message>
    <message>
        <source>PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True: batches of varying length leave no fragmented cache behind (needs variable sample lengths, under Run details).</source>
        <translation>PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True：长度不一的批次不会留下碎片化的缓存（需要可变样本长度，见“运行细节”）。</translation>
    </message>
    <message>
        <source>gelu_new as separate ops</source>
        <translation>gelu_new 作为独立算子</translation>
    </message>
    <message>
        <source>transformers runs GPT-2&apos;s gelu_new (gpt2, phi) as separate ops under autocast: fp32 intermediates are kept for backward (HF Trainer).</source>
        <translation>transformers 在 autocast 下将 GPT-2 的 gelu_new（gpt2、phi）作为独立算子运行：反向传播保留 fp32 中间结果（HF Trainer）。</translation>
    </message>
</context>
<context>
    <name>headroom::ui::LayoutPanel</name>
    <message>
        <source>Searching layouts of up to %1 GPUs…</source>
        <translation>正在搜索最多 %1 个 GPU 的布局…</translation>
    </message>
    <message>
        <source>Apply smallest layout (%1 GPUs)</source>
        <translation>应用最小布局（%1 个 GPU）</translation>
    </message>
    <message>
        <source>No layout of up to %1 × %2 fits this run.</source>
        <translation>最多 %1 × %2 的任何布局都放不下此任务。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Smallest layout: %1 × %2&lt;/b&gt; — DP %3 × TP %4 × PP %5 × CP %6, sharding: %7.</source>
        <translation>&lt;b&gt;最小布局：%1 × %2&lt;/b&gt; —— DP %3 × TP %4 × PP %5 × CP %6，分片：%7。</translation>
    </message>
    <message>
        <source>Tightest rank: pipeline stage %1 (layers %2–%3) at %4 of %5, %6 free.</source>
        <translation>最紧张的 rank：流水线级 %1（第 %2–%3 层），占用 %4 / %5，剩余 %6。</translation>
    </message>
    <message>
        <source>Find the fewest GPUs of the selected type (then the least tensor and pipeline parallelism) that run this scenario, and apply that layout. The per-stage bar then highlights the tightest rank.</source>
        <translation>寻找运行此场景所需的最少所选型号 GPU（其次是最小的张量和流水线并行度），并应用该布局。之后按阶段的柱状图会突出显示最紧张的 rank。</translation>
    </message>
    <message>
        <source>&amp;Find smallest layout</source>
        <translation>寻找最小布局(&amp;F)</translation>
    </message>
    <message>
        <source>Search DP × TP × PP layouts of this GPU for the smallest one that fits, and apply it.</source>
        <translation>在此 GPU 的 DP × TP × PP 布局中搜索能放下的最小布局并应用。</translation>
    </message>
    <message>
        <source>Find smallest layout</source>
        <translation>寻找最小布局</translation>
    </message>
    <message>
        <source>Up to</source>
        <translation>最多</translation>
    </message>
    <message>
        <source> GPUs</source>
        <translation> 个 GPU</translation>
    </message>
    <message>
        <source>The largest GPU count the search may use.</source>
        <translation>搜索可使用的最大 GPU 数量。</translation>
    </message>
    <message>
        <source>Maximum GPUs to search</source>
        <translation>搜索的最大 GPU 数量</translation>
    </message>
    <message>
        <source>Layout result</source>
        <translation>布局结果</translation>
    </message>
</context>
<context>
    <name>headroom::ui::MainWindow</name>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Units</source>
        <translation>单位(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>工具(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;New Scenario</source>
        <translation>新建场景(&amp;N)</translation>
    </message>
    <message>
        <source>Start again from the default scenario.</source>
        <translation>从默认场景重新开始。</translation>
    </message>
    <message>
        <source>&amp;Open Scenario…</source>
        <translation>打开场景(&amp;O)…</translation>
    </message>
    <message>
        <source>Open a saved scenario (.json).</source>
        <translation>打开已保存的场景（.json）。</translation>
    </message>
    <message>
        <source>Open &amp;Model File…</source>
        <translation>打开模型文件(&amp;M)…</translation>
    </message>
    <message>
        <source>Import a model from config.json, a safetensors index or a .safetensors file.</source>
        <translation>从 config.json、safetensors 索引或 .safetensors 文件导入模型。</translation>
    </message>
    <message>
        <source>&amp;Save Scenario</source>
        <translation>保存场景(&amp;S)</translation>
    </message>
    <message>
        <source>Save Scenario &amp;As…</source>
        <translation>场景另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Export Image…</source>
        <translation>导出图片(&amp;E)…</translation>
    </message>
    <message>
        <source>Save the bar, the cliff chart or the dashboard as PNG or SVG.</source>
        <translation>将柱状图、悬崖图或仪表盘保存为 PNG 或 SVG。</translation>
    </message>
    <message>
        <source>&amp;Copy Image</source>
        <translation>复制图片(&amp;C)</translation>
    </message>
    <message>
        <source>Copy the exported image to the clipboard.</source>
        <translation>将导出的图片复制到剪贴板。</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Presentation Mode</source>
        <translation>演示模式(&amp;P)</translation>
    </message>
    <message>
        <source>Full screen with large type: charts, verdict and key sliders only.</source>
        <translation>大字体全屏：只显示图表、结论和关键滑块。</translation>
    </message>
    <message>
        <source>Leave Presentation Mode</source>
        <translation>退出演示模式</translation>
    </message>
    <message>
        <source>&amp;Animate OOM Cliff</source>
        <translation>动画演示 OOM 悬崖(&amp;A)</translation>
    </message>
    <message>
        <source>Per-&amp;Stage Bars</source>
        <translation>按阶段显示柱(&amp;S)</translation>
    </message>
    <message>
        <source>Show &amp;Controls</source>
        <translation>显示控制面板(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;GiB (2³⁰ bytes)</source>
        <translation>&amp;GiB（2³⁰ 字节）</translation>
    </message>
    <message>
        <source>G&amp;B (10⁹ bytes)</source>
        <translation>G&amp;B（10⁹ 字节）</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>浅色(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>深色(&amp;D)</translation>
    </message>
    <message>
        <source>Find &amp;Smallest Layout</source>
        <translation>寻找最小布局(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;About Headroom</source>
        <translation>关于 Headroom(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;System Default</source>
        <translation>跟随系统(&amp;S)</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>场景</translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>%1[*] — Headroom</source>
        <translation>%1[*] — Headroom</translation>
    </message>
    <message>
        <source>Units: %1</source>
        <translation>单位：%1</translation>
    </message>
    <message>
        <source>Open Scenario</source>
        <translation>打开场景</translation>
    </message>
    <message>
        <source>Headroom scenarios (*.json);;All files (*)</source>
        <translation>Headroom 场景 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Open Model File</source>
        <translation>打开模型文件</translation>
    </message>
    <message>
        <source>Model descriptions (config.json *.index.json *.safetensors *.json);;All files (*)</source>
        <translation>模型描述 (config.json *.index.json *.safetensors *.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Cannot open scenario</source>
        <translation>无法打开场景</translation>
    </message>
    <message>
        <source>%1 was not opened: %2
The current scenario is unchanged.</source>
        <translation>未打开 %1：%2
当前场景保持不变。</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>已打开 %1</translation>
    </message>
    <message>
        <source>Cannot import model</source>
        <translation>无法导入模型</translation>
    </message>
    <message>
        <source>%1 was not imported: %2
The current scenario is unchanged.</source>
        <translation>未导入 %1：%2
当前场景保持不变。</translation>
    </message>
    <message>
        <source>Import model %1</source>
        <translation>导入模型 %1</translation>
    </message>
    <message>
        <source>Imported %1</source>
        <translation>已导入 %1</translation>
    </message>
    <message>
        <source>scenario.json</source>
        <translation>scenario.json</translation>
    </message>
    <message>
        <source>Save Scenario</source>
        <translation>保存场景</translation>
    </message>
    <message>
        <source>Headroom scenarios (*.json)</source>
        <translation>Headroom 场景 (*.json)</translation>
    </message>
    <message>
        <source>Cannot save scenario</source>
        <translation>无法保存场景</translation>
    </message>
    <message>
        <source>%1 could not be written: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Image copied to the clipboard</source>
        <translation>图片已复制到剪贴板</translation>
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
        <translation>导出图片</translation>
    </message>
    <message>
        <source>SVG drawings (*.svg)</source>
        <translation>SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG 图片 (*.png)</translation>
    </message>
    <message>
        <source>Cannot export image</source>
        <translation>无法导出图片</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>已导出 %1</translation>
    </message>
    <message>
        <source>New scenario</source>
        <translation>新建场景</translation>
    </message>
    <message>
        <source>Open scenario</source>
        <translation>打开场景</translation>
    </message>
    <message>
        <source>Open model file</source>
        <translation>打开模型文件</translation>
    </message>
    <message>
        <source>Save scenario</source>
        <translation>保存场景</translation>
    </message>
    <message>
        <source>Export image</source>
        <translation>导出图片</translation>
    </message>
    <message>
        <source>Copy image</source>
        <translation>复制图片</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>重做</translation>
    </message>
    <message>
        <source>Presentation mode (Esc leaves)</source>
        <translation>演示模式（按 Esc 退出）</translation>
    </message>
    <message>
        <source>Animate the OOM cliff</source>
        <translation>动画演示 OOM 悬崖</translation>
    </message>
    <message>
        <source>Per-stage bars</source>
        <translation>按阶段显示柱</translation>
    </message>
    <message>
        <source>Find smallest layout</source>
        <translation>寻找最小布局</translation>
    </message>
    <message>
        <source>Show GiB</source>
        <translation>显示 GiB</translation>
    </message>
    <message>
        <source>Show GB</source>
        <translation>显示 GB</translation>
    </message>
    <message>
        <source>Toggle dark theme</source>
        <translation>切换深色主题</translation>
    </message>
    <message>
        <source>Show or hide the controls</source>
        <translation>显示或隐藏控制面板</translation>
    </message>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>About Headroom</source>
        <translation>关于 Headroom</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Headroom %1&lt;/h3&gt;&lt;p&gt;How much GPU memory an LLM training or inference run needs, and why.&lt;/p&gt;&lt;p&gt;Totals are the nvidia-smi metric, which the driver refuses to exceed; PyTorch&apos;s allocated and reserved figures are shown beside it.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Headroom %1&lt;/h3&gt;&lt;p&gt;计算大语言模型训练或推理需要多少显存，以及原因。&lt;/p&gt;&lt;p&gt;总量采用 nvidia-smi 指标，即驱动不允许超过的数值；旁边同时显示 PyTorch 的已分配和已预留数值。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;Calibrate from a Measured Run…</source>
        <translation>根据实测运行校准(&amp;C)…</translation>
    </message>
    <message>
        <source>Clear Ca&amp;libration</source>
        <translation>清除校准(&amp;L)</translation>
    </message>
    <message>
        <source>Calibrate to Measured Run</source>
        <translation>按实测运行校准</translation>
    </message>
    <message>
        <source>Clear Calibration</source>
        <translation>清除校准</translation>
    </message>
    <message>
        <source>Pinned as A: edit the scenario into B to compare</source>
        <translation>已固定为 A：将场景编辑为 B 以进行比较</translation>
    </message>
    <message>
        <source>Export &amp;Breakdown Table…</source>
        <translation>导出明细表(&amp;B)…</translation>
    </message>
    <message>
        <source>Save the breakdown table (bytes, share, formula per term) as CSV or Markdown.</source>
        <translation>将明细表（每项的字节数、占比、公式）保存为 CSV 或 Markdown。</translation>
    </message>
    <message>
        <source>&amp;Pin as A for Comparison</source>
        <translation>固定为对比用 A(&amp;P)</translation>
    </message>
    <message>
        <source>Keep the current scenario as A; the Compare tab compares the scenario you edit (B) with it.</source>
        <translation>将当前场景保留为 A；“对比”标签页将您编辑的场景（B）与之比较。</translation>
    </message>
    <message>
        <source>Export Co&amp;mparison…</source>
        <translation>导出对比(&amp;M)…</translation>
    </message>
    <message>
        <source>Save the comparison as PNG or SVG, or its tables as Markdown.</source>
        <translation>将对比保存为 PNG 或 SVG，或将其表格保存为 Markdown。</translation>
    </message>
    <message>
        <source>Export Comparison</source>
        <translation>导出对比</translation>
    </message>
    <message>
        <source>Pin a scenario as A first (Tools → Pin as A for Comparison).</source>
        <translation>请先将一个场景固定为 A（工具 → 固定为对比用 A）。</translation>
    </message>
    <message>
        <source>headroom-compare.png</source>
        <translation>headroom-compare.png</translation>
    </message>
    <message>
        <source>PNG images (*.png);;SVG drawings (*.svg);;Markdown tables (*.md)</source>
        <translation>PNG 图像 (*.png);;SVG 图形 (*.svg);;Markdown 表格 (*.md)</translation>
    </message>
    <message>
        <source>Cannot export the comparison</source>
        <translation>无法导出对比</translation>
    </message>
    <message>
        <source>Export Breakdown Table</source>
        <translation>导出明细表</translation>
    </message>
    <message>
        <source>headroom-breakdown.csv</source>
        <translation>headroom-breakdown.csv</translation>
    </message>
    <message>
        <source>CSV tables (*.csv);;Markdown tables (*.md)</source>
        <translation>CSV 表格 (*.csv);;Markdown 表格 (*.md)</translation>
    </message>
    <message>
        <source>Cannot export the table</source>
        <translation>无法导出表格</translation>
    </message>
    <message>
        <source>Open Measured &amp;Run…</source>
        <translation>打开实测运行(&amp;R)…</translation>
    </message>
    <message>
        <source>Open a run captured with headroom_capture.py and show it beside the estimate.</source>
        <translation>打开用 headroom_capture.py 采集的运行，并与估算并列显示。</translation>
    </message>
    <message>
        <source>Open Measured Run</source>
        <translation>打开实测运行</translation>
    </message>
    <message>
        <source>Cannot open measured run</source>
        <translation>无法打开实测运行</translation>
    </message>
    <message>
        <source>Opened measured run %1</source>
        <translation>已打开实测运行 %1</translation>
    </message>
    <message>
        <source>Cannot calibrate</source>
        <translation>无法校准</translation>
    </message>
    <message>
        <source>Measured runs (*.headroom.json *.json *.pickle);;All files (*)</source>
        <translation>实测运行 (*.headroom.json *.json *.pickle);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Computed in %1 ms</source>
        <translation>计算用时 %1 ms</translation>
    </message>
</context>
<context>
    <name>headroom::ui::MeasuredPanel</name>
    <message>
        <source>No measured run is open. File &gt; Open Measured Run… reads a file written by tools/capture/headroom_capture.py (docs/measured-runs.md).</source>
        <translation>未打开实测运行。文件 &gt; 打开实测运行… 读取由 tools/capture/headroom_capture.py 写出的文件（docs/measured-runs.md）。</translation>
    </message>
    <message numerus="yes">
        <source>%1: %2, %n step(s) captured. Predicted is the estimate shown above.</source>
        <translation>
            <numerusform>%1：%2，采集了 %n 步。预测值即上方显示的估算。</numerusform>
        </translation>
    </message>
    <message>
        <source>Allocated peak</source>
        <translation>已分配峰值</translation>
    </message>
    <message>
        <source>Reserved peak</source>
        <translation>已预留峰值</translation>
    </message>
    <message>
        <source>nvidia-smi peak</source>
        <translation>nvidia-smi 峰值</translation>
    </message>
    <message>
        <source>Peaks</source>
        <translation>峰值</translation>
    </message>
    <message>
        <source>After load</source>
        <translation>加载后</translation>
    </message>
    <message>
        <source>Forward</source>
        <translation>前向</translation>
    </message>
    <message>
        <source>Backward</source>
        <translation>反向</translation>
    </message>
    <message>
        <source>Optimizer step</source>
        <translation>优化器步骤</translation>
    </message>
    <message>
        <source>Allocated peak by phase</source>
        <translation>各阶段已分配峰值</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>Gradients (end of backward)</source>
        <translation>梯度（反向结束时）</translation>
    </message>
    <message>
        <source>Optimizer states</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>The rest at the allocated peak</source>
        <translation>已分配峰值处的其余部分</translation>
    </message>
    <message>
        <source>By category</source>
        <translation>按类别</translation>
    </message>
    <message>
        <source>Nothing beyond the tolerances: parameters, gradients and optimizer states within 5 %, the rest at the peak within 10 %.</source>
        <translation>均在容差之内：参数、梯度和优化器状态在 5 % 以内，峰值处其余部分在 10 % 以内。</translation>
    </message>
    <message>
        <source>Reserved is %1× allocated (%2 of %3): the step lengths varied (%4 to %5 tokens) under the default caching allocator, which keeps a segment for each longer batch. PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True removes it; Sample lengths: Real data models it.</source>
        <translation>已预留是已分配的 %1 倍（%3 中的 %2）：步长在 %4 到 %5 个 token 之间变化，默认缓存分配器为每个更长的批次保留一个段。PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True 可消除；样本长度：真实数据 可对其建模。</translation>
    </message>
    <message>
        <source>Reserved is %1× allocated (%2 of %3) with fixed lengths: blocks cached that the estimate&apos;s allocator model does not have.</source>
        <translation>固定长度下已预留是已分配的 %1 倍（%3 中的 %2）：估算的分配器模型中没有这些缓存块。</translation>
    </message>
    <message>
        <source>Parameters: measured %1, predicted %2 (a dtype, tied embeddings or quantisation the scenario does not have).</source>
        <translation>参数：实测 %1，预测 %2（场景中没有的数据类型、共享嵌入或量化）。</translation>
    </message>
    <message>
        <source>Gradients: measured %1, predicted %2 (the trainable set or the gradient dtype differs).</source>
        <translation>梯度：实测 %1，预测 %2（可训练参数集或梯度数据类型不同）。</translation>
    </message>
    <message>
        <source>Optimizer states: measured %1, predicted %2 (the optimizer or its state dtype differs).</source>
        <translation>优化器状态：实测 %1，预测 %2（优化器或其状态数据类型不同）。</translation>
    </message>
    <message>
        <source>Activations and temporaries at the peak: measured %1, predicted %2 (the attention kernel, checkpointing, logits or the loss differ).</source>
        <translation>峰值处的激活与临时张量：实测 %1，预测 %2（注意力内核、检查点、logits 或损失不同）。</translation>
    </message>
    <message>
        <source>nvidia-smi less reserved (CUDA context, cuBLAS, NCCL): measured %1, predicted %2.</source>
        <translation>nvidia-smi 减去已预留（CUDA 上下文、cuBLAS、NCCL）：实测 %1，预测 %2。</translation>
    </message>
    <message>
        <source>Not modelled: %1.</source>
        <translation>未建模：%1。</translation>
    </message>
    <message>
        <source>Predicted</source>
        <translation>预测</translation>
    </message>
    <message>
        <source>Measured</source>
        <translation>实测</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>误差</translation>
    </message>
    <message>
        <source>&lt;b&gt;What differs&lt;/b&gt;</source>
        <translation>&lt;b&gt;差异所在&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Calibrate in:</source>
        <translation>校准指标：</translation>
    </message>
    <message>
        <source>allocated</source>
        <translation>已分配</translation>
    </message>
    <message>
        <source>reserved</source>
        <translation>已预留</translation>
    </message>
    <message>
        <source>nvidia-smi</source>
        <translation>nvidia-smi</translation>
    </message>
    <message>
        <source>Calibrate from This Run</source>
        <translation>按此运行校准</translation>
    </message>
    <message>
        <source>Fit the scenario&apos;s calibration to this run&apos;s peak in the chosen metric (one undo step).</source>
        <translation>按所选指标将场景的校准拟合到此运行的峰值（一个撤销步骤）。</translation>
    </message>
    <message>
        <source>%1: PyTorch&apos;s memory snapshot, compared with the scenario shown above; its peaks come from the trace when it has one, else from the segments at the dump.</source>
        <translation>%1：PyTorch 的内存快照，与上方显示的场景比较；峰值在有跟踪记录时取自跟踪记录，否则取自转储时的段。</translation>
    </message>
    <message>
        <source>No finding: a snapshot has no phases or categories to compare.</source>
        <translation>无发现：快照没有可比较的阶段或类别。</translation>
    </message>
</context>
<context>
    <name>headroom::ui::PlanWaterfallChart</name>
    <message>
        <source>Today: %1</source>
        <translation>当前：%1</translation>
    </message>
    <message>
        <source>With the whole plan: %1 (disruption cost %2)</source>
        <translation>执行整个方案后：%1（干扰代价 %2）</translation>
    </message>
    <message>
        <source>Step %1: %2
Saves %3, total %4, disruption cost %5</source>
        <translation>第 %1 步：%2
节省 %3，总计 %4，干扰代价 %5</translation>
    </message>
    <message>
        <source>Today</source>
        <translation>当前</translation>
    </message>
    <message>
        <source>With plan</source>
        <translation>执行方案后</translation>
    </message>
    <message>
        <source>GPU capacity %1</source>
        <translation>GPU 容量 %1</translation>
    </message>
    <message>
        <source>Plan waterfall</source>
        <translation>方案瀑布图</translation>
    </message>
    <message>
        <source>Memory today, after each step of the plan and with the whole plan, against the GPU capacity.</source>
        <translation>当前、方案每一步之后以及执行整个方案后的显存，与 GPU 容量对比。</translation>
    </message>
</context>
<context>
    <name>headroom::ui::PlaybookView</name>
    <message>
        <source>Apply: %1</source>
        <translation>应用：%1</translation>
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
        <translation>可放下</translation>
    </message>
    <message>
        <source>still OOM</source>
        <translation>仍然 OOM</translation>
    </message>
    <message>
        <source>No playbook for an invalid scenario.</source>
        <translation>场景无效，没有应对手册。</translation>
    </message>
    <message>
        <source>No change in the playbook applies to this scenario.</source>
        <translation>应对手册中没有适用于此场景的变更。</translation>
    </message>
    <message>
        <source>The scenario fits. These changes would free more memory, ranked from least to most disruptive. Double-click a row to apply it.</source>
        <translation>此场景可以放下。以下变更可释放更多显存，按影响从小到大排列。双击一行即可应用。</translation>
    </message>
    <message>
        <source>Out of memory. Changes ranked: those that make it fit first, then the least disruptive. Double-click a row to apply it.</source>
        <translation>显存不足。变更的排序：先是能放下的，再按影响从小到大。双击一行即可应用。</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>变更</translation>
    </message>
    <message>
        <source>Saves</source>
        <translation>节省</translation>
    </message>
    <message>
        <source>New total</source>
        <translation>新总量</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>&amp;Apply selected</source>
        <translation>应用所选(&amp;A)</translation>
    </message>
    <message>
        <source>Apply the selected change to the scenario (undoable).</source>
        <translation>将所选变更应用到场景（可撤销）。</translation>
    </message>
    <message>
        <source>Apply selected playbook change</source>
        <translation>应用所选的手册变更</translation>
    </message>
    <message>
        <source>OOM playbook</source>
        <translation>OOM 应对手册</translation>
    </message>
    <message>
        <source>Ranked changes that reduce memory; the savings are computed for this scenario.</source>
        <translation>按优先级排列的省显存变更；节省量针对此场景计算。</translation>
    </message>
    <message>
        <source>Apply plan (disruption cost %1)</source>
        <translation>应用方案（干扰代价 %1）</translation>
    </message>
    <message>
        <source>Plan that fits: disruption cost %1 (throughput + convergence + effort)</source>
        <translation>可放下的方案：干扰代价 %1（吞吐量 + 收敛 + 工作量）</translation>
    </message>
    <message>
        <source>Out of memory. The least disruptive combination of changes that fits on these GPUs is drawn on the right, step by step; Apply plan applies all of it as one undo step.</source>
        <translation>显存不足。右侧逐步绘出了在这些 GPU 上可以放下、干扰最小的变更组合；“应用方案”会将其全部作为一个可撤销步骤应用。</translation>
    </message>
    <message>
        <source>Apply p&amp;lan</source>
        <translation>应用方案(&amp;L)</translation>
    </message>
    <message>
        <source>Apply every step of the plan at once (one undo step).</source>
        <translation>一次应用方案的所有步骤（一个撤销步骤）。</translation>
    </message>
    <message>
        <source>Apply the combined plan</source>
        <translation>应用组合方案</translation>
    </message>
    <message>
        <source>Plan against the band&apos;s high bound</source>
        <translation>按区间上界规划</translation>
    </message>
    <message>
        <source>At the band&apos;s high bound the scenario may not fit. Changes ranked: those that make the high bound fit first, then the least disruptive. Double-click a row to apply it.</source>
        <translation>按区间上界，该场景可能放不下。变更的排序：先是让上限放下的，再按影响从小到大。双击一行即可应用。</translation>
    </message>
    <message>
        <source>Plan against the &amp;high bound</source>
        <translation>按上限规划(&amp;H)</translation>
    </message>
    <message>
        <source>Count a run as fitting only where the band&apos;s high bound fits the GPU: the playbook, the plan, the largest micro-batch and the layout finder then leave room for every mechanism the band names (allocator configuration, CUDA stack, framework versions, sample lengths).</source>
        <translation>仅当区间上界能放进 GPU 时才算放得下：应对手册、组合方案、最大微批次和布局查找都会为区间所列的每个机制（分配器配置、CUDA 栈、框架版本、样本长度）留出余量。</translation>
    </message>
    <message>
        <source>Disruption cost %1: throughput %2, convergence %3, effort %4 (each 0-3)</source>
        <translation>干扰代价 %1：吞吐 %2，收敛 %3，工作量 %4（各 0-3）</translation>
    </message>
    <message>
        <source>Disruption cost %1: the sum of the plan&apos;s steps</source>
        <translation>干扰代价 %1：方案各步骤之和</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>干扰代价</translation>
    </message>
    <message>
        <source>Disruption cost: throughput lost + convergence changed + engineering effort, each 0-3 (docs/plan-search.md)</source>
        <translation>干扰代价：吞吐损失 + 收敛变化 + 工程工作量，各 0-3（docs/plan-search.md）</translation>
    </message>
    <message>
        <source>A sized server: the changes that let it start or serve more sequences at once (GPU memory utilisation, fp8 KV cache, TP, max_num_seqs, max_model_len, fp8 weights) are in the Serving tab, each with what the server becomes.</source>
        <translation>已设定规模的服务器：能让它启动或同时服务更多序列的变更（GPU 显存利用率、fp8 KV 缓存、TP、max_num_seqs、max_model_len、fp8 权重）在“推理服务”标签页中，每项都附有服务器随之的变化。</translation>
    </message>
    <message>
        <source>may not fit</source>
        <extracomment>the playbook&apos;s verdict column, kept short (the tooltip says it in full)</extracomment>
        <translation>可能放不下</translation>
    </message>
    <message>
        <source>The scenario may not fit: its band reaches past the GPU. These changes free more memory, ranked: those whose whole band fits under the GPU first, then the least disruptive. Double-click a row to apply it.</source>
        <translation>此场景可能放不下：其区间超出了 GPU 容量。以下变更可释放更多显存，排序：整个区间都在 GPU 容量以内的在前，其余按影响从小到大。双击一行即可应用。</translation>
    </message>
    <message>
        <source>The change fits by its point estimate, but its band reaches past the GPU: it may not fit.</source>
        <translation>此变更按点估计放得下，但其区间超出了 GPU 容量：可能放不下。</translation>
    </message>
    <message>
        <source>More accumulation keeps the gradients between micro-batches: more than the chart shows at the same micro-batch.</source>
        <translation>更多累积会在微批次之间保留梯度：高于图中同一微批次的值。</translation>
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
        <translation>清除最近文件</translation>
    </message>
</context>
<context>
    <name>headroom::ui::RunDetailsPanel</name>
    <message>
        <source>Gradient accumulation:</source>
        <translation>梯度累积：</translation>
    </message>
    <message>
        <source>Micro-batches per optimizer step. Memory per GPU does not grow with it (gradients accumulate in place); the global batch does.</source>
        <translation>每个优化器步骤的微批次数。每 GPU 显存不随之增长（梯度原地累积），全局批次会随之增大。</translation>
    </message>
    <message>
        <source>fp32 master weights</source>
        <translation>fp32 主权重</translation>
    </message>
    <message>
        <source>A separate fp32 copy of the trainable parameters for the optimizer (mixed precision with bf16/fp16 weights): 4 bytes per trainable parameter.</source>
        <translation>为优化器保留的可训练参数的独立 fp32 副本（bf16/fp16 权重的混合精度）：每个可训练参数 4 字节。</translation>
    </message>
    <message>
        <source>LoRA dropout &gt; 0</source>
        <translation>LoRA dropout &gt; 0</translation>
    </message>
    <message>
        <source>lora_dropout &gt; 0 saves a dropped-out copy of each adapted layer&apos;s input for the backward pass.</source>
        <translation>lora_dropout &gt; 0 会为反向传播保存每个适配层输入的 dropout 副本。</translation>
    </message>
    <message>
        <source>RL rollout engine</source>
        <translation>RL rollout 引擎</translation>
    </message>
    <message>
        <source>A colocated rollout engine (RL: GRPO/PPO) generating on the same GPUs: its weights and KV cache come on top of training.</source>
        <translation>在同一批 GPU 上生成的共置 rollout 引擎（RL：GRPO/PPO）：其权重和 KV 缓存叠加在训练之上。</translation>
    </message>
    <message>
        <source>Rollout prompts:</source>
        <translation>Rollout 提示数：</translation>
    </message>
    <message>
        <source>Prompts per rollout step.</source>
        <translation>每个 rollout 步的提示数。</translation>
    </message>
    <message>
        <source>Samples per prompt:</source>
        <translation>每个提示的样本数：</translation>
    </message>
    <message>
        <source>Responses generated per prompt (GRPO group size).</source>
        <translation>每个提示生成的回复数（GRPO 组大小）。</translation>
    </message>
    <message>
        <source>Response length:</source>
        <translation>回复长度：</translation>
    </message>
    <message>
        <source>Maximum generated tokens per response.</source>
        <translation>每条回复最多生成的 token 数。</translation>
    </message>
    <message>
        <source>Rollout prompt tokens:</source>
        <translation>Rollout 提示 token 数：</translation>
    </message>
    <message>
        <source>Prompt length of a rollout (0: ignored).</source>
        <translation>rollout 的提示长度（0：忽略）。</translation>
    </message>
    <message>
        <source>Rollout TP:</source>
        <translation>Rollout TP：</translation>
    </message>
    <message>
        <source>Tensor parallelism of the rollout engine (0: the training TP).</source>
        <translation>rollout 引擎的张量并行度（0：与训练 TP 相同）。</translation>
    </message>
    <message>
        <source>Set %1</source>
        <translation>设置 %1</translation>
    </message>
    <message>
        <source>Set %1 %2</source>
        <translation>将 %1 设为 %2</translation>
    </message>
    <message>
        <source>Optimizer states in %1</source>
        <translation>优化器状态使用 %1</translation>
    </message>
    <message>
        <source>KV cache in %1</source>
        <translation>KV 缓存使用 %1</translation>
    </message>
    <message>
        <source>Add LoRA target %1</source>
        <translation>添加 LoRA 目标 %1</translation>
    </message>
    <message>
        <source>Remove LoRA target %1</source>
        <translation>移除 LoRA 目标 %1</translation>
    </message>
    <message>
        <source>global batch %1 samples (micro-batch × accumulation × DP %2)</source>
        <translation>全局批次 %1 个样本（微批次 × 累积 × DP %2）</translation>
    </message>
    <message>
        <source>Run details</source>
        <translation>运行细节</translation>
    </message>
    <message>
        <source>Optimizer states:</source>
        <translation>优化器状态：</translation>
    </message>
    <message>
        <source>Dtype of Adam&apos;s m and v (8-bit optimizers are chosen under Optimizer).</source>
        <translation>Adam 的 m 和 v 的数据类型（8 位优化器在“优化器”中选择）。</translation>
    </message>
    <message>
        <source>Optimizer states</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>KV cache:</source>
        <translation>KV 缓存：</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <source>LoRA target %1</source>
        <translation>LoRA 目标 %1</translation>
    </message>
    <message>
        <source>Adapters on the %1 projection</source>
        <translation>在 %1 投影上的适配器</translation>
    </message>
    <message>
        <source>Dtype of the KV cache (inference and the RL rollout); fp8 and int8 as in vLLM&apos;s kv_cache_dtype.</source>
        <translation>KV 缓存的数据类型（推理和 RL rollout）；fp8 和 int8 同 vLLM 的 kv_cache_dtype。</translation>
    </message>
    <message>
        <source>LoRA targets:</source>
        <translation>LoRA 目标：</translation>
    </message>
    <message>
        <source>The linear layers that get adapters (PEFT target_modules); all seven projections is PEFT&apos;s &quot;all-linear&quot;.</source>
        <translation>添加适配器的线性层（PEFT target_modules）；全部七个投影即 PEFT 的 &quot;all-linear&quot;。</translation>
    </message>
    <message>
        <source>DeepSpeed reduce bucket:</source>
        <translation>DeepSpeed 归约桶：</translation>
    </message>
    <message>
        <source>DeepSpeed ZeRO reduce_bucket_size in elements: the gradient bucket it allocates. DeepSpeed&apos;s default is 500,000,000; HF Trainer&apos;s &quot;auto&quot; is hidden size squared.</source>
        <translation>DeepSpeed ZeRO 的 reduce_bucket_size（元素个数）：它分配的梯度缓冲桶。DeepSpeed 默认值为 500,000,000；HF Trainer 的 &quot;auto&quot; 为隐藏维度的平方。</translation>
    </message>
    <message>
        <source>Mean sample length:</source>
        <translation>平均样本长度：</translation>
    </message>
    <message>
        <source>Variable sample lengths: the data set&apos;s mean length in tokens, each micro-batch padded to its longest sample. The caching allocator keeps segments sized for every new longest batch, so reserved memory grows beyond allocated. 0: every batch is the sequence length (fixed or packed).</source>
        <translation>可变样本长度：数据集的平均长度（token），每个微批填充到其最长样本。缓存分配器为每个新的最长批次保留相应大小的段，因此 reserved 内存会超过 allocated。0：每个批次都等于序列长度（固定或打包）。</translation>
    </message>
    <message>
        <source>Length spread (std):</source>
        <translation>长度离散度（标准差）：</translation>
    </message>
    <message>
        <source>Standard deviation of the sample lengths, tokens.</source>
        <translation>样本长度的标准差（token）。</translation>
    </message>
    <message>
        <source>Shortest sample:</source>
        <translation>最短样本：</translation>
    </message>
    <message>
        <source>The shortest sample, tokens.</source>
        <translation>最短样本的长度（token）。</translation>
    </message>
    <message>
        <source>Longest sample in data:</source>
        <translation>数据中最长样本：</translation>
    </message>
    <message>
        <source>The data set&apos;s longest sample, tokens (0: no limit). Longer samples than the sequence length are truncated to it, or dropped.</source>
        <translation>数据集最长样本的长度（token，0：无上限）。超过序列长度的样本会被截断到该长度，或被丢弃。</translation>
    </message>
    <message>
        <source>Drop samples over the sequence length</source>
        <translation>丢弃超过序列长度的样本</translation>
    </message>
    <message>
        <source>Samples longer than the sequence length are dropped (ms-swift truncation_strategy &apos;delete&apos;) instead of truncated.</source>
        <translation>超过序列长度的样本被丢弃（ms-swift truncation_strategy &apos;delete&apos;），而不是截断。</translation>
    </message>
    <message>
        <source>Training micro-batches:</source>
        <translation>训练微批数：</translation>
    </message>
    <message>
        <source>Micro-batches the run trains: the more batches, the more new longest ones (about ln of the count) and the more cached segments.</source>
        <translation>本次运行训练的微批数：批次越多，新的最长批次越多（约为数量的自然对数），缓存的段也越多。</translation>
    </message>
    <message>
        <source>Sample lengths: %1</source>
        <translation>样本长度：%1</translation>
    </message>
    <message>
        <source>Sample lengths:</source>
        <translation>样本长度：</translation>
    </message>
    <message>
        <source>Sample lengths</source>
        <translation>样本长度</translation>
    </message>
    <message>
        <source>As the framework</source>
        <translation>按框架默认</translation>
    </message>
    <message>
        <source>Fixed</source>
        <translation>固定</translation>
    </message>
    <message>
        <source>Packed</source>
        <translation>打包</translation>
    </message>
    <message>
        <source>Real data</source>
        <translation>真实数据</translation>
    </message>
    <message>
        <source>How long the training batches are. Fixed or packed: every batch is the sequence length. Real data: each batch padded to its longest sample, so the caching allocator keeps segments for many lengths and reserved memory grows (the mean below, or a published SFT mix: mean 528, spread 658, longest 18,718 tokens). As the framework: real data for the SFT trainers (HF Trainer, torchtune, LLaMA-Factory, ms-swift), fixed windows for a plain PyTorch loop or pre-training.</source>
        <translation>训练批次的长度。固定或打包：每个批次都是序列长度。真实数据：每个批次填充到其最长样本，因此缓存分配器会为多种长度保留显存段，已预留显存随之增长（使用下方的均值，或一个公开的 SFT 数据混合：均值 528，标准差 658，最长 18,718 个 token）。按框架默认：SFT 训练器（HF Trainer、torchtune、LLaMA-Factory、ms-swift）使用真实数据，普通 PyTorch 循环或预训练使用固定窗口。</translation>
    </message>
</context>
<context>
    <name>headroom::ui::ScenarioController</name>
    <message>
        <source>Custom dense %1</source>
        <translation>自定义稠密模型 %1</translation>
    </message>
    <message>
        <source>Imported model</source>
        <translation>导入的模型</translation>
    </message>
    <message>
        <source>Custom GPU (%1)</source>
        <translation>自定义 GPU（%1）</translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source> + calibrated to your run: %1</source>
        <translation> + 已按您的运行校准：%1</translation>
    </message>
    <message>
        <source>%1 × %2 tokens</source>
        <translation>%1 × %2 个 token</translation>
    </message>
    <message>
        <source>context %1 tokens</source>
        <translation>上下文 %1 个 token</translation>
    </message>
    <message>
        <source>%1 at GPU memory utilisation %2</source>
        <translation>%1，GPU 显存利用率 %2</translation>
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
        <translation>max_model_len %1 时无法启动</translation>
    </message>
    <message>
        <source>%1 sequences × %2 tokens</source>
        <translation>%1 条序列 × %2 个 token</translation>
    </message>
    <message>
        <source>Context length (tokens per sequence)</source>
        <translation>上下文长度（每条序列的 token 数）</translation>
    </message>
    <message>
        <source>Context length</source>
        <translation>上下文长度</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>上下文</translation>
    </message>
    <message>
        <source>Sequences at once</source>
        <translation>同时运行的序列数</translation>
    </message>
    <message>
        <source>Sequences</source>
        <translation>序列数</translation>
    </message>
    <message>
        <source>Concurrent sequences against context length</source>
        <translation>并发序列数与上下文长度的关系</translation>
    </message>
    <message>
        <source>does not start</source>
        <translation>无法启动</translation>
    </message>
    <message>
        <source>%1 × %2 tokens</source>
        <translation>%1 × %2 个 token</translation>
    </message>
    <message>
        <source>max_num_seqs %1</source>
        <translation>max_num_seqs %1</translation>
    </message>
    <message>
        <source>Seq.</source>
        <comment>axis title: sequences, shortest</comment>
        <translation>序列</translation>
    </message>
    <message>
        <source>%1: %2 sequences × %3 tokens</source>
        <translation>%1：%2 条序列 × %3 个 token</translation>
    </message>
    <message>
        <source>%1: %2 × %3 tokens</source>
        <translation>%1：%2 × %3 个 token</translation>
    </message>
</context>
<context>
    <name>headroom::ui::ServingPanel</name>
    <message>
        <source>Change GPU memory utilisation</source>
        <translation>更改 GPU 显存利用率</translation>
    </message>
    <message>
        <source>Change KV-cache dtype</source>
        <translation>更改 KV 缓存数据类型</translation>
    </message>
    <message>
        <source>&lt;b&gt;KV budget&lt;/b&gt;: %1 = %2 blocks of %3 tokens = %4 tokens (%5 B per token)</source>
        <translation>&lt;b&gt;KV 预算&lt;/b&gt;：%1 = %2 个块 × 每块 %3 个 token = %4 个 token（每个 token %5 B）</translation>
    </message>
    <message>
        <source>&lt;b&gt;Max concurrent sequences&lt;/b&gt; at %1 tokens: %2</source>
        <translation>&lt;b&gt;最大并发序列数&lt;/b&gt;（每条 %1 个 token）：%2</translation>
    </message>
    <message>
        <source>&lt;b&gt;Max context that fits&lt;/b&gt;: %1 tokens</source>
        <translation>&lt;b&gt;可容纳的最长上下文&lt;/b&gt;：%1 个 token</translation>
    </message>
    <message>
        <source>(max_position_embeddings %1; the KV budget holds %2)</source>
        <translation>（max_position_embeddings 为 %1；KV 预算可容纳 %2）</translation>
    </message>
    <message>
        <source>GPU memory &amp;utilisation</source>
        <translation>GPU 显存利用率(&amp;U)</translation>
    </message>
    <message>
        <source>GPU memory utilisation</source>
        <translation>GPU 显存利用率</translation>
    </message>
    <message>
        <source>&amp;KV-cache dtype</source>
        <translation>KV 缓存数据类型(&amp;K)</translation>
    </message>
    <message>
        <source>Element type of the KV cache (vLLM kv_cache_dtype); fp8 halves it against bf16.</source>
        <translation>KV 缓存的元素类型（vLLM kv_cache_dtype）；fp8 相比 bf16 减半。</translation>
    </message>
    <message>
        <source>KV-cache dtype</source>
        <translation>KV 缓存数据类型</translation>
    </message>
    <message>
        <source>Serving figures</source>
        <translation>推理服务数据</translation>
    </message>
    <message>
        <source>on each of %1 GPUs in tensor parallel (each holds 1/%1 of the weights and of the KV heads)</source>
        <translation>在 %1 块张量并行的 GPU 上（每块持有 1/%1 的权重与 KV 头）</translation>
    </message>
    <message>
        <source>on one GPU</source>
        <translation>在一块 GPU 上</translation>
    </message>
    <message>
        <source>transformers generate(), one batch prefilled at once (the cliff chart): %1 sequences of %2 tokens</source>
        <translation>transformers generate()，整批一次预填充（悬崖图）：%1 条 %2 个 token 的序列</translation>
    </message>
    <message>
        <source>Change serving engine</source>
        <translation>更改推理服务引擎</translation>
    </message>
    <message>
        <source>%1 %2: it gives the memory fraction of what is free at start, less the weights, to a pool of token slots shared by all running requests; activations and CUDA graphs live in the rest.</source>
        <translation>%1 %2：它把启动时空闲显存按显存份额扣除权重后，分给所有运行中请求共享的 token 槽池；激活和 CUDA 图使用其余部分。</translation>
    </message>
    <message>
        <source>%1 %2: it loads the weights, runs one step of its largest batch, and gives the memory fraction of what is left to KV-cache blocks of %3 tokens.</source>
        <translation>%1 %2：它加载权重，运行一步最大批次，再把剩余显存按比例分给每块 %3 个 token 的 KV 缓存块。</translation>
    </message>
    <message>
        <source>%1 %2: it requests the utilisation share of the memory, loads the weights, profiles one step of its largest batch, and pages the rest into KV-cache blocks of %3 tokens shared by all running requests.</source>
        <translation>%1 %2：它申请按利用率划分的显存，加载权重，剖析一步最大批次，再把其余部分分页为每块 %3 个 token、由所有运行中请求共享的 KV 缓存块。</translation>
    </message>
    <message>
        <source>(CUDA graphs come out of the memory the share leaves)</source>
        <translation>（CUDA 图占用该份额之外的显存）</translation>
    </message>
    <message>
        <source>This GPU&apos;s memory as CUDA reports it is not known: the driver total is used (engines see a few hundred MiB less).</source>
        <translation>未知 CUDA 报告的该 GPU 显存：使用驱动报告的总量（引擎看到的会少几百 MiB）。</translation>
    </message>
    <message>
        <source>TP is above the KV heads: each GPU keeps one KV head (replicated).</source>
        <translation>TP 大于 KV 头数：每个 GPU 保留一个 KV 头（复制）。</translation>
    </message>
    <message>
        <source>Activations and CUDA graphs exceed what the fraction leaves out: the server may run out of memory under load.</source>
        <translation>激活和 CUDA 图超过该比例之外的显存：服务器在负载下可能显存不足。</translation>
    </message>
    <message>
        <source>Serving applies to inference: choose the Inference mode to size a server (KV pool, concurrent requests, longest context).</source>
        <translation>“推理服务”仅在推理模式下可用：请选择“推理”模式来估算服务器规模（KV 池、并发请求、最长上下文）。</translation>
    </message>
    <message>
        <source>&amp;Engine</source>
        <translation>引擎(&amp;E)</translation>
    </message>
    <message>
        <source>The serving engine and the version whose start-up sizing is followed (docs/serving.md).</source>
        <translation>所遵循其启动显存划分方式的推理服务引擎及版本（docs/serving.md）。</translation>
    </message>
    <message>
        <source>Serving engine</source>
        <translation>推理服务引擎</translation>
    </message>
    <message>
        <source>The engine&apos;s memory fraction: vLLM gpu_memory_utilization, SGLang mem_fraction_static, TensorRT-LLM free_gpu_memory_fraction.</source>
        <translation>引擎的显存份额：vLLM gpu_memory_utilization、SGLang mem_fraction_static、TensorRT-LLM free_gpu_memory_fraction。</translation>
    </message>
    <message>
        <source>KV cache in fp8</source>
        <translation>KV 缓存使用 fp8</translation>
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
        <translation>权重使用 fp8</translation>
    </message>
    <message>
        <source>&lt;b&gt;Each change alone&lt;/b&gt;:</source>
        <translation>&lt;b&gt;各项改动单独生效时&lt;/b&gt;：</translation>
    </message>
    <message>
        <source>%1 requests of %2 tokens</source>
        <translation>%1 个 %2 token 的请求</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1: still does not start</source>
        <translation>%1：仍无法启动</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 starts&lt;/b&gt;: yes</source>
        <translation>&lt;b&gt;%1 能否启动&lt;/b&gt;：能</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 starts&lt;/b&gt;: no (%2)</source>
        <translation>&lt;b&gt;%1 能否启动&lt;/b&gt;：不能（%2）</translation>
    </message>
    <message>
        <source>Weights %1, activation peak %2, non-torch %3, CUDA graphs %4, CUDA context %5</source>
        <translation>权重 %1，激活峰值 %2，PyTorch 之外 %3，CUDA 图 %4，CUDA 上下文 %5</translation>
    </message>
    <message>
        <source>GPU memory utilisation %1</source>
        <translation>GPU 显存利用率 %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;Budget&lt;/b&gt;: %1 × %2 (the memory CUDA reports of the card&apos;s %4) = %3</source>
        <translation>&lt;b&gt;预算&lt;/b&gt;：%1 × %2（CUDA 从显卡的 %4 中报告的显存）= %3</translation>
    </message>
    <message>
        <source>&lt;b&gt;Budget&lt;/b&gt;: %1 (fraction %2 of the memory it applies to; CUDA reports %3 of the card&apos;s %4)</source>
        <translation>&lt;b&gt;预算&lt;/b&gt;：%1（所适用显存的 %2 比例；CUDA 报告显卡 %4 中的 %3）</translation>
    </message>
</context>
<context>
    <name>headroom::ui::SliderField</name>
    <message>
        <source>%1 (exact value)</source>
        <translation>%1（精确值）</translation>
    </message>
</context>
<context>
    <name>headroom::ui::TermLegend</name>
    <message>
        <source>band: low to high bound</source>
        <translation>区间：下界到上界</translation>
    </message>
</context>
<context>
    <name>headroom::ui::TimelineChart</name>
    <message>
        <source>Allocated (%1)</source>
        <translation>已分配（%1）</translation>
    </message>
    <message>
        <source>Stage %1</source>
        <translation>第 %1 级</translation>
    </message>
    <message>
        <source>Per GPU</source>
        <translation>每个 GPU</translation>
    </message>
    <message>
        <source>Step timeline</source>
        <translation>单步时间线</translation>
    </message>
    <message>
        <source>Allocated memory through one step (after load, forward, backward, optimizer step), one line per pipeline stage, with the peak marked.</source>
        <translation>单步内的已分配显存（加载后、前向、反向、优化器步骤），每个流水线级一条线，并标出峰值。</translation>
    </message>
    <message>
        <source>allocated peak: %1 in %2 (stage %3)</source>
        <translation>已分配峰值：%1（%2，第 %3 级）</translation>
    </message>
    <message>
        <source>allocated peak: %1 in %2</source>
        <translation>已分配峰值：%1（%2）</translation>
    </message>
</context>
<context>
    <name>headroom::ui::VerdictView</name>
    <message>
        <source>%1 of %2: fits, %3 free</source>
        <translation>%1 / %2：可放下，剩余 %3</translation>
    </message>
    <message>
        <source>OOM by %1: needs %2 of %3</source>
        <translation>OOM，超出 %1：需要 %2 / %3</translation>
    </message>
    <message>
        <source>Worst rank (pipeline stage %1 of %2). </source>
        <translation>最紧张的 rank（流水线级 %1 / %2）。</translation>
    </message>
    <message>
        <source>Total = nvidia-smi memory, what the driver refuses to exceed. PyTorch allocated %1 · reserved %2 · peak during %3.</source>
        <translation>总量 = nvidia-smi 显存，即驱动不允许超过的数值。PyTorch 已分配 %1 · 已预留 %2 · 峰值出现在%3阶段。</translation>
    </message>
    <message>
        <source>%1 of reserved is empty cached segments, which PyTorch frees before it runs out of memory; they are not counted as needed.</source>
        <translation>已预留显存中有 %1 是空的缓存段，PyTorch 会在显存耗尽前释放它们；它们不计入所需显存。</translation>
    </message>
    <message>
        <source>Showing the last valid scenario. </source>
        <translation>显示的是上一个有效场景。</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>The calibration was measured on another setup and is not applied. </source>
        <translation>该校准是在另一种配置上测得的，未被应用。</translation>
    </message>
    <message>
        <source>%1 measured %2</source>
        <translation>%1 实测 %2</translation>
    </message>
    <message>
        <source>out of memory</source>
        <translation>显存不足</translation>
    </message>
    <message>
        <source>Calibrated to your run: %1 at micro-batch %2 × %3 tokens, fixed overhead %4. </source>
        <translation>已按您的运行校准：%1，微批次 %2 × %3 个 token，固定开销 %4。</translation>
    </message>
    <message>
        <source>The measured run ran out of memory, so this point is OOM. </source>
        <translation>实测运行显存不足，因此该点为 OOM。</translation>
    </message>
    <message>
        <source>%1 of %2: may not fit, up to %3</source>
        <translation>%1 / %2：可能放不下，最多 %3</translation>
    </message>
    <message>
        <source>Needs %1 of %2: may not fit, %3 at best</source>
        <translation>需要 %1 / %2：可能放不下，最少 %3</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation>%1 至 %2</translation>
    </message>
    <message>
        <source>Band %1.</source>
        <translation>区间 %1。</translation>
    </message>
    <message>
        <source>Band %1: %2 can push it over (%3).</source>
        <translation>区间 %1：%2可能使其超出（%3）。</translation>
    </message>
    <message>
        <source>Band %1: it can fit with %2 (%3).</source>
        <translation>区间 %1：借助 %2 可能放得下（%3）。</translation>
    </message>
    <message>
        <source>%1 does not start: %2</source>
        <translation>%1 无法启动：%2</translation>
    </message>
    <message>
        <source>%1 starts: %2 sequences × %3 tokens at once</source>
        <translation>%1 可启动：同时 %2 条序列 × %3 个 token</translation>
    </message>
    <message>
        <source>The server takes its share of the %1 CUDA reports (the card&apos;s %7 less what the driver keeps), %2: weights %3, KV cache %4, the rest %5; with the CUDA context nvidia-smi shows %6. The bar and the breakdown show its terms, the chart how many sequences fit at each context length.</source>
        <translation>服务器占用 CUDA 报告的 %1（显卡的 %7 减去驱动保留的部分）中的份额 %2：权重 %3，KV 缓存 %4，其余 %5；加上 CUDA 上下文，nvidia-smi 显示 %6。柱状图和明细显示其各项，图表显示每种上下文长度下能同时容纳多少条序列。</translation>
    </message>
</context>
<context>
    <name>headroom::ui::VramBarChart</name>
    <message>
        <source>Tightest rank (stage %1)</source>
        <translation>最紧张的 rank（第 %1 级）</translation>
    </message>
    <message>
        <source>Per GPU</source>
        <translation>每个 GPU</translation>
    </message>
    <message>
        <source>Stage %1</source>
        <translation>第 %1 级</translation>
    </message>
    <message>
        <source>Pipeline stage</source>
        <translation>流水线级</translation>
    </message>
    <message>
        <source>Memory (%1)</source>
        <translation>显存（%1）</translation>
    </message>
    <message>
        <source>GPU capacity %1</source>
        <translation>GPU 容量 %1</translation>
    </message>
    <message>
        <source>Stacked VRAM bar</source>
        <translation>堆叠显存柱</translation>
    </message>
    <message>
        <source>Memory per term for the worst rank or per pipeline stage, with the GPU capacity marked.</source>
        <translation>最紧张 rank 或各流水线级按项目划分的显存，并标出 GPU 容量。</translation>
    </message>
    <message>
        <source>stage %1 (layers %2–%3)</source>
        <translation>第 %1 级（第 %2–%3 层）</translation>
    </message>
    <message>
        <source>worst rank</source>
        <translation>最紧张的 rank</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — %2&lt;br&gt;%3 (%4, %5 bytes)&lt;br&gt;%6 % of %7 (nvidia-smi total)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; —— %2&lt;br&gt;%3（%4，%5 字节）&lt;br&gt;占 %7 的 %6 %（nvidia-smi 总量）</translation>
    </message>
    <message>
        <source>Pipeline stages 1–%1</source>
        <translation>流水线级 1–%1</translation>
    </message>
    <message>
        <source>★ tightest: stage %1, %2</source>
        <translation>★ 最紧张：第 %1 级，%2</translation>
    </message>
    <message>
        <source>%1 · needs %2</source>
        <translation>%1 · 需要 %2</translation>
    </message>
    <message>
        <source>%1
needs %2</source>
        <translation>%1
需要 %2</translation>
    </message>
    <message>
        <source>Stages 1–%1</source>
        <translation>第 1–%1 级</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>级</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>GPU memory planner for LLM training and inference.</source>
        <translation>大语言模型训练与推理的显存规划工具。</translation>
    </message>
    <message>
        <source>Render the window offscreen to &lt;file&gt; (PNG) and exit.</source>
        <translation>在屏幕外将窗口渲染到 &lt;file&gt;（PNG）后退出。</translation>
    </message>
    <message>
        <source>Open the scenario &lt;file&gt; (JSON).</source>
        <translation>打开场景文件 &lt;file&gt;（JSON）。</translation>
    </message>
    <message>
        <source>Start in presentation mode.</source>
        <translation>以演示模式启动。</translation>
    </message>
    <message>
        <source>Theme: light or dark.</source>
        <translation>主题：light（浅色）或 dark（深色）。</translation>
    </message>
    <message>
        <source>Interface language: en, de or zh_CN.</source>
        <translation>界面语言：en、de 或 zh_CN。</translation>
    </message>
    <message>
        <source>A scenario or model file to open.</source>
        <translation>要打开的场景或模型文件。</translation>
    </message>
    <message>
        <source>Window size for --screenshot, e.g. 1600x1000 (at most %1 px a side and %2 px in all).</source>
        <translation>--screenshot 的窗口尺寸，例如 1600x1000（每边最多 %1 像素，总计最多 %2 像素）。</translation>
    </message>
    <message>
        <source>--size must look like 1600x1000, with 10 to %1 px a side and at most %2 px in all (got &apos;%3&apos;)</source>
        <translation>--size 的格式应为 1600x1000，每边 10 到 %1 像素，总计最多 %2 像素（实际为“%3”）</translation>
    </message>
    <message>
        <source>--tab must be one of: %1 (got &apos;%2&apos;)</source>
        <translation>--tab 必须是以下之一：%1（实际为“%2”）</translation>
    </message>
    <message>
        <source>With --screenshot: pin the --scenario file (or the default scenario) as A, open &lt;file&gt; as B and show the Compare tab.</source>
        <translation>与 --screenshot 一起使用：将 --scenario 文件（或默认场景）固定为 A，打开 &lt;file&gt; 作为 B 并显示“对比”标签页。</translation>
    </message>
    <message>
        <source>With --screenshot: list every cut, elided or overlapping text on stderr and exit with 3 if any.</source>
        <translation>配合 --screenshot：在 stderr 列出所有被截断、省略或重叠的文字，若有则以 3 退出。</translation>
    </message>
    <message>
        <source>Open the measured run &lt;file&gt; (headroom_capture.py) beside the estimate of the scenario it describes.</source>
        <translation>打开实测运行 &lt;file&gt;（headroom_capture.py），与其描述的场景的估算并列显示。</translation>
    </message>
    <message>
        <source>--tab measured needs --measured &lt;file&gt;</source>
        <translation>--tab measured 需要 --measured &lt;文件&gt;</translation>
    </message>
    <message>
        <source>Detail tab shown by --screenshot: breakdown, playbook, layout, timeline, serving, compare, or measured (with --measured).</source>
        <translation>--screenshot 显示的详情标签页：breakdown、playbook、layout、timeline、serving、compare，或 measured（需配合 --measured）。</translation>
    </message>
</context>
</TS>
