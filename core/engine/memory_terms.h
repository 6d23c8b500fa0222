#pragma once
// Memory terms: one small function each, in bytes, with formula and source.
// Notation: P = parameters, b = micro-batch, s = sequence length, h = hidden size,
// a = attention heads, i = FFN width, V = vocabulary, L = layers, c = bytes per element of
// the compute dtype, t = tensor-parallel degree, N = sharding degree.
// estimator.cpp composes these per rank and per phase; tests check each one by hand.

#include "core/engine/workload.h"
#include "core/model/dtype.h"
#include "core/model/model.h"
#include "core/model/weight_storage.h"

#include <cstdint>

namespace headroom::terms {

/// Model weights: P x bytes(dtype). Quantised formats include their block scales
/// (dtype.h). Source: seed 000 "Model Parameters"; bitsandbytes / OCP MX block layouts.
double weights(double params, DType dtype);

/// Parameters of each storage group held on one rank (after TP/EP/PP division).
struct RankWeightGroups {
    double embedding = 0; ///< token table (first stage)
    double lmHead = 0;    ///< output projection (last stage)
    double attention = 0; ///< attention projections, their biases and norms
    double mlp = 0;       ///< dense FFN and shared experts
    double experts = 0;   ///< routed experts
    double other = 0;     ///< block and final norms, routers
};

/// Model weights stored as the checkpoint holds them: sum over groups of the rank's
/// parameters x that group's bytes per parameter in checkpointStorage(m) (fp8 blocks with
/// fp32 scales, MXFP4 blocks with E8M0 scales, GPTQ/AWQ packed int4 with fp16 group scales
/// and packed zeros, the rest at torch_dtype; scaled to a safetensors header's bytes when
/// known). Bytes. Source: core/model/weight_storage.h (each format's loader module).
double checkpointWeights(const RankWeightGroups& g, const WeightStorage& s);

/// Whether the weights are stored as the checkpoint holds them rather than in
/// Precision::weights: the user chose no weight dtype (Precision::checkpointWeights), the
/// checkpoint has a storage of its own (quantization_config, or a safetensors header's
/// bytes), and the run keeps it: inference, or LoRA over a GPTQ/AWQ base (PEFT trains
/// adapters over the packed QuantLinear). Full fine-tuning needs trainable 16/32-bit weights
/// and QLoRA re-quantises to NF4, so both use Precision::weights; fp8 and MXFP4 modules are
/// inference-only in transformers (FP8Linear and Mxfp4GptOssExperts have no backward; gpt-oss
/// fine-tuning loads with Mxfp4Config(dequantize=True)).
bool checkpointStorageApplies(const ModelArch& m, const Workload& w);

/// The block scales of a bitsandbytes 4-bit weight (its QuantState: absmax, and for double
/// quantisation the 8-bit absmax with one fp32 scale per 256 of them), bytes:
/// P x (bytes(dtype) - 0.5): 1/16 B per weight for NF4/FP4, 1/64 + 1/4096 B for NF4 with
/// double quantisation, 0 for other dtypes. Params4bit keeps them in `quant_state`, outside
/// the parameter storage, so FSDP (flat parameters, quant_storage) and ZeRO-3 shard and
/// offload only the packed 4-bit data: every rank holds the whole state on its GPU.
/// Source: bitsandbytes nn/modules.py Params4bit, functional.py QuantState.
double quantStateBytes(double params, DType dtype);

/// The dequantised copy of a quantised linear while its matmul runs (bitsandbytes
/// MatMul4Bit/MatMul8bitLt, torchao NF4Tensor linear): the widest such linear's elements x
/// bytes(compute dtype), bytes; with an fp16 quantisation state and another compute dtype
/// (@p fp16State: Lightning's BitsandbytesPrecision quantises from fp16) the fp16
/// dequantisation and its cast are alive together: elements x (2 + bytes(compute)).
/// Source: bitsandbytes/autograd/_functions.py MatMul4Bit.forward/backward
/// (`F.dequantize_4bit(B, quant_state).to(A.dtype)`), functional.py dequantize_4bit (output in
/// quant_state.dtype); lightning/fabric/plugins/precision/bitsandbytes.py _Linear4bit.quantize.
double dequantBuffer(double widestElements, DType compute, bool fp16State);

/// Compute-dtype copies of fp32 weights that torch.autocast makes for the matmuls of a run
/// that keeps its weights in fp32 and computes in bf16/fp16 (HF Trainer before transformers 5,
/// Lightning bf16-mixed, torch.amp; not FSDP, whose MixedPrecision gathers 16-bit units).
/// Each matmul saves its cast weight for the input gradient, and autocast caches the cast of
/// a leaf that requires grad until the outermost autocast region (the forward and the loss)
/// ends. Bytes, with L = the block linear weights on the rank, H = the lm_head matrix (the
/// embedding's when tied), u = the share of blocks not checkpointed (1 none, 0 full):
///   forward  (end of the forward, the loss)    c (H + L)                    trainable weights
///                                              c (H + u L + (1 - u) L / n)  frozen weights
///   backward (the loss and the blocks)         c (H + u L + (1 - u) L / n)
///   end      (the first block's backward)      c L / n
/// A checkpointed block's casts die with the no-grad forward (frozen) or with the cache at
/// the end of the autocast region (trainable); its recompute casts one block again.
/// Source: aten/src/ATen/autocast_mode.cpp cached_cast (can_try_cache: an fp32 leaf that
/// requires grad), torch/amp/autocast_mode.py (the cache is cleared when the outermost
/// autocast exits), torch/utils/checkpoint.py (recompute under the saved autocast state);
/// measured: tests/data/h200-2026-11.records.json H200-20..31 (transformers Trainer on weights
/// loaded in fp32).
struct AutocastCopies {
    double forward = 0;
    double backward = 0;
    double end = 0;
};
AutocastCopies autocastWeightCopies(double blockLinear, double head, int blocks,
                                    double uncheckpointedShare, double c, bool trainable);

/// What torch's math SDPA kernel saves per token per block beyond the fused kernels' inputs,
/// bytes: the softmax probabilities a x s_k x c (kept for the softmax backward and the value
/// matmul) and the scaled query copy a x d x c (the key matmul's saved input).
/// Source: aten/src/ATen/native/transformers/attention.cpp _scaled_dot_product_attention_math
/// (query * sqrt(scale), matmul, softmax, matmul) in torch 2.0/2.1.
double sdpaMathBytesPerToken(int heads, double keyTokens, int headDim, double c);

/// Gradients of trainable parameters: P_trainable x bytes(grad dtype) / N.
/// N = DP degree for ZeRO-2/3 and FSDP (gradients reduce-scattered), else 1.
/// Source: seed 000 "Gradients"; Rajbhandari et al. 2020 (ZeRO) Sec. 5.2.
double gradients(double trainableParams, DType gradDtype, double shardDegree);

/// DeepSpeed ZeRO's contiguous gradient bucket (contiguous_gradients, on by default): each
/// gradient is copied into a flat buffer of reduce_bucket_size elements in the dtype of the
/// module's trainable parameters until the bucket is reduced, bytes:
/// bucketElements x bytes(grad dtype). ZeRO-3 allocates it when the optimizer is built and
/// keeps it (resident from the first forward on); ZeRO-1/2 allocate one at the start of every
/// backward (a second with overlap_comm, off by default below stage 3, not modelled) and free
/// it at its end.
/// Source: DeepSpeed deepspeed/runtime/zero/stage3.py DeepSpeedZeroOptimizer_Stage3.__init__
/// (`__ipg_bucket_flat_buffer = torch.empty(self.reduce_bucket_size, dtype=self.dtype)`),
/// stage_1_and_2.py DeepSpeedZeroOptimizer.backward (ipg_buffer) and
/// independent_gradient_partition_epilogue (_release_ipg_buffers); config.py
/// reduce_bucket_size default 5e8, contiguous_gradients default True.
double deepspeedGradientBucket(double bucketElements, DType gradDtype);

/// Gradients with the optimizer step fused into backward (torchtune optimizer_in_bwd):
/// only the largest single gradient lives at once: maxTensorParams x bytes(grad dtype).
/// Source: torchtune recipes/full_finetune_single_device.py (optimizer_in_bwd hooks).
double gradientsInBackward(double maxTensorParams, DType gradDtype);

/// Optimizer state bytes per trainable parameter (before sharding).
///   AdamW/Adam: 2 x bytes(state dtype)  (exp_avg, exp_avg_sq; torch keeps them in the
///               parameter's dtype, so pure-bf16 training has 4 B/param, AMP 8 B/param)
///   SGD: 0; SGD momentum, Lion: 1 x bytes(state dtype)
///   AdamW 8-bit (bitsandbytes): 2 x (1 + 4/2048) (int8 states + fp32 absmax per 2048 block)
///   Paged variants: as their unpaged twins (the bytes live in CUDA unified memory).
///   Adafactor: handled by adafactorStates() (factored, not per parameter).
/// Source: torch/optim/adamw.py, bitsandbytes optim/optimizer.py (block_wise, 2048).
double optimizerBytesPerParam(Optimizer opt, DType stateDtype);

/// Adafactor (HF transformers, beta1=None): one row and one column fp32 vector per matrix:
/// 4 x (numMatrices x h + P / h) bytes, each matrix taken as h x (P_matrix / h).
/// Source: transformers/optimization.py Adafactor._get_options / factored second moment.
double adafactorStates(double trainableParams, double numMatrices, double hidden);

/// Optimizer states: P_trainable x optimizerBytesPerParam / N (N = DP for ZeRO-1+).
/// Source: seed 000 "The Optimizer State Trap"; ZeRO paper K = 12 with master weights.
double optimizerStates(double trainableParams, Optimizer opt, DType stateDtype, double shardDegree);

/// fp32 master copy of trainable parameters when the weights are stored in 16 bits:
/// 4 x P_trainable / N. Zero when the weights are already fp32 (AMP keeps fp32 weights).
/// Source: Micikevicius et al. 2018 (mixed precision); DeepSpeed bf16 optimizer.
double masterWeights(double trainableParams, DType weightDtype, double shardDegree);

/// Optimizer-step temporaries beyond the states: the update of the largest parameter
/// tensor in the state dtype (maxTensorParams x bytes(state dtype) / N). torch's for-each
/// AdamW builds sqrt(exp_avg_sq) as a list, but measurement bounds the step's extra
/// memory well below one full state copy (torchtune TT3B-05: states + grads + weights
/// already reach the measured peak), so only one tensor's worth is counted. Fused,
/// 8-bit and paged optimizers: 0. Source: torch/optim/adamw.py; docs/accuracy.md.
double optimizerTemporaries(double maxTensorParams, Optimizer opt, DType stateDtype, bool fused,
                            double shardDegree);

/// KV cache: 2 (K and V) x layers x kvHeads x headDim x bytes x sequences x tokens.
/// Sliding-window layers cache min(tokens, window). GQA/MQA use the KV head count, not h.
/// MLA caches the latent instead: layers x (kv_lora_rank + qk_rope_head_dim) x bytes x ...
/// Source: seed 001 "KV cache formula" (with KV heads, not heads); DeepSeek-V2 paper Sec. 2.1.
double kvCache(const ModelArch& m, int layers, int slidingLayers, double sequences, double tokens,
               DType dtype, int tpDegree);

/// Seed 000's KV-cache shortcut: 2 x L x h x s x b x bytes (uses the hidden size, so it
/// overstates GQA models by numHeads / numKvHeads). Kept to show the difference in tests.
double kvCacheSeedShortcut(double layers, double hidden, double tokens, double batch,
                           double bytesPerElement);

/// Korthikanti et al. 2022 activation memory of one GPT layer without recomputation:
/// s x b x h x (34 + 5 a s / h) bytes (fp16, with dropout). Seed 003's formula.
double activationsKorthikanti(double s, double b, double h, double a);

/// Saved-for-backward bytes per token of one transformer block, following what PyTorch
/// autograd keeps (a linear layer saves its input only if its weight is trainable; see
/// docs/activations.md for the tensor-by-tensor list). Excludes the attention score
/// matrix (see attentionScoreBytesPerToken) and the block input under checkpointing.
struct BlockSaveOptions {
    double c = 2;             ///< bytes per element of the compute dtype
    bool trainBase = true;    ///< base weights trainable (full fine-tune)
    unsigned loraTargets = 0; ///< LoraTarget bits with adapters (0 = none)
    int loraRank = 0;
    bool loraDropout = false;
    bool compiled = false; ///< torch.compile fuses norms, RoPE and SiLU x up
    bool repeatKv = true;  ///< HF eager/SDPA expand K/V to all heads before attention
    bool moeLayer = false; ///< this block's FFN is a routed MoE
    bool eager = false;    ///< eager attention: no fused kernel output/logsumexp is saved
    bool dropout = false;  ///< hidden dropout after attention and MLP (1-byte masks)
    bool frozenLinearSavesInput = false; ///< bitsandbytes 4/8-bit base: inputs saved anyway
    /// Bytes per element of the LoRA adapter weights as they run (0 = the compute dtype's,
    /// c). PEFT casts each adapted layer's input to this dtype before lora_A (see
    /// loraAdapterInput).
    double adapterBytes = 0;
    /// torch.autocast wraps the forward (HF Trainer bf16/fp16=True; fp32 weights under a
    /// 16-bit compute dtype): a matmul casts an activation to the compute dtype as a new tensor.
    bool autocast = false;
    /// litgpt's fused QKV linear (LoRAQKVLinear): see Features::fusedQkvLora
    bool fusedQkv = false;
    /// A plain (GELU) FFN whose activation is transformers' NewGELUActivation under autocast
    /// (Features::geluNewOps with ModelArch::geluNew; ignored when compiled): pow's fp32 input
    /// cast (4), tanh's fp32 output (4), 0.5 x (c) and the fp32 1 + tanh (4) are saved where
    /// a fused GELU saves its input (c): 12 + c bytes per FFN element instead of c.
    bool geluNewOps = false;
};
double blockSavedBytesPerToken(const ModelArch& m, const BlockSaveOptions& o);

/// What lora_A keeps for its weight gradient per element of an adapted layer's input whose
/// elements have @p inputBytes: its bytes, and whether it is the adapter's own tensor (true)
/// or the layer input itself, which the base layer and the other adapters on it share.
/// PEFT's Linear.forward casts the input to lora_A's weight dtype first (o.adapterBytes; fp32
/// under PEFT >= 0.12's default autocast_adapter_dtype=True on a 16-bit model; not under
/// autocast over a bitsandbytes base), then autocast casts lora_A's input to the compute
/// dtype; either cast makes a new tensor (autocast caches only leaf weights' casts).
/// Units: bytes per element. Source: peft src/peft/tuners/lora/layer.py Linear.forward
/// (_cast_input_dtype), tuners/lora/bnb.py (requires_conversion = not autocast),
/// tuners/tuners_utils.py (autocast_adapter_dtype); aten/src/ATen/autocast_mode.cpp
/// cached_cast. Measured: tests/data/measured-runs (fp32 against bf16 adapters).
struct LoraAdapterInput {
    double bytes = 2;
    bool own = false;
};
LoraAdapterInput loraAdapterInput(double inputBytes, const BlockSaveOptions& o);

/// The part of blockSavedBytesPerToken that Megatron tensor parallelism without sequence
/// parallelism keeps replicated on every TP rank: the norms' saved tensors and the norm
/// outputs read by column-parallel linears (Korthikanti et al. 2022, Sec. 4.2.1).
double blockReplicatedBytesPerToken(const ModelArch& m, const BlockSaveOptions& o);

/// The part of blockSavedBytesPerToken that DTensor sequence parallelism keeps whole on
/// every TP rank: the all-gathered norm outputs that the column-parallel linears save for
/// their weight gradients, c x h for q/k/v and c x h for gate/up (one with a parallel
/// block; 0 when the linears keep no input, i.e. a frozen base). torchtitan
/// parallelize_llama shards the norms (SequenceParallel) and all-gathers their output in
/// forward (PrepareModuleInput Shard(1) -> Replicate()), and autograd saves the gathered
/// tensor. Megatron SP saves the sharded input and all-gathers it again in backward
/// (megatron/core/tensor_parallel/layers.py, LinearWithGradAccumulationAndAsyncCommunication),
/// so there everything is split t ways (Korthikanti et al. 2022 Sec. 4.2.2). Bytes per token.
double blockGatheredInputBytesPerToken(const ModelArch& m, const BlockSaveOptions& o);

/// Selective recomputation (torchtitan op-level SAC, Korthikanti "selective"): the block
/// input, the attention output and logsumexp, and every other matmul output are kept;
/// norms, activation functions and the attention core are recomputed:
/// c h + c oIn + 4 a + 0.5 c (qOut + 2 kvOut + h + (2 or 1) i + h) bytes per token.
double blockSelectiveBytesPerToken(const ModelArch& m, const BlockSaveOptions& o);

/// Gradient transients while one block runs backward: the gradients of its widest
/// intermediates and of the residual stream, c x (2 i + 2 h) bytes per token
/// (autograd holds grad_output and grad_input of the FFN at once).
double blockBackwardTransientPerToken(const ModelArch& m, const BlockSaveOptions& o);

/// Eager attention probabilities saved per token per block, a x s_k x B bytes with
///   B = (fp32Softmax ? 4 : c)            softmax output, kept for softmax backward
///     + (dropout ? 1 + c : (fp32Softmax ? c : 0))  dropout mask and output, or the
///                                          compute-dtype cast read by the value matmul.
/// HF eager_attention_forward (softmax in fp32, dropout 0): a s (4 + c).
/// Megatron/Korthikanti (fp16 softmax, dropout): a s (2c + 1) = 5 a s for c = 2.
/// FlashAttention/SDPA/flex: 0 (they keep a logsumexp only, counted per block).
/// Sliding-window layers pass s_k = min(s, window). With @p softcap (Gemma-2's
/// cap x tanh(scores / cap), ModelArch::attnSoftcap) tanh saves its output too: + c.
double attentionScoreBytesPerToken(int heads, double keyTokens, double c, bool fp32Softmax = true,
                                   bool dropout = false, bool softcap = false);

/// Soft-capped logits (ModelArch::finalSoftcap, Gemma-2: logits / cap, tanh, x cap on the
/// lm_head output, modeling_gemma2.py Gemma2ForCausalLM.forward), training: tanh's output,
/// saved for backward from the forward to the loss's backward, bytes: tokens x V x c.
/// (The division and the multiplication by a Python float save nothing.)
double softcapLogitsBytes(double tokens, double vocab, double c);

/// Element bytes along transformers' eager attention softmax (eager_attention_forward, and
/// the Llama-family eager attention before it, which runs the same chain):
///   - the additive causal mask, b x 1 x s x s_k, is built in the dtype of the embedding
///     output (masking_utils create_causal_mask, and _update_causal_mask before it:
///     `dtype = inputs_embeds.dtype`), i.e. the model's unquantised weights' dtype;
///   - the scaled scores are in the compute dtype and `scores + mask` follows torch's type
///     promotion (equal dtypes stay, fp16 with bf16 or anything with fp32 gives fp32);
///   - softmax(x, dtype=float32) reads an fp16 CUDA input directly (the half_to_float
///     kernel) and converts any other input to fp32 first, a copy alive while the softmax
///     runs (aten/src/ATen/native/SoftMax.cpp `softmax(input_, dim_, dtype)`:
///     `input_.toType(dtype.value())` unless the input is Half on CUDA); its gradient comes
///     out in the dtype the softmax read (`_softmax_backward_data(..., input_dtype)`).
struct EagerSoftmaxDtypes {
    double mask = 2;      ///< the additive mask
    double masked = 2;    ///< scores + mask
    double softmaxIn = 2; ///< what _softmax reads, and its gradient
    bool copy = false;    ///< the masked scores are copied to fp32 first (bf16 scores)
    bool operator==(const EagerSoftmaxDtypes&) const = default;
};
EagerSoftmaxDtypes eagerSoftmaxDtypes(DType compute, DType embedding);

/// Eager attention's transient beyond its saved probabilities (attentionScoreBytesPerToken)
/// while one block runs its softmax, bytes per token: a x s_k x max(
///   4 + softmaxIn - c              in backward, the cast's gradient upcast to fp32 and the
///                                  softmax gradient while the fp32 probabilities live (the
///                                  compute-dtype cast is released by then),
///   masked + 4 x copy - c          in forward (and its recompute), the masked scores and
///                                  their fp32 copy before the cast exists).
/// The block's other saves are counted whole (its MLP's are not yet made in forward and
/// already released in backward: an upper bound by them). bf16 scores: 6 a s_k.
/// Sources: transformers eager_attention_forward (matmul x scaling + mask, softmax(dtype=
/// float32).to(query.dtype)); aten SoftMax.cpp; torch autograd: `.to()` backward casts the
/// gradient back, _softmax saves its output only.
double eagerSoftmaxTransientPerToken(int heads, double keyTokens, double c,
                                     const EagerSoftmaxDtypes& d);

/// Eager attention without autograd (prefill): the score tensors alive at once, bytes per
/// token: a x s_k x max(m + 4 x copy + 4, m + 4 + c) + s_k x mask, i.e. the masked scores m
/// with their fp32 copy (bf16 scores) and the fp32 softmax output, then the masked scores,
/// the softmax output and its cast (the masked ones go when the name is rebound to the
/// cast), and the b x 1 x s x s_k additive mask. bf16 scores: 10 a s_k + 2 s_k.
/// Sources: as eagerSoftmaxTransientPerToken; each intermediate is freed as soon as its
/// Python reference goes (no autograd graph keeps it).
double eagerPrefillScoresPerToken(int heads, double keyTokens, double c,
                                  const EagerSoftmaxDtypes& d);

/// Logits at the loss, per token, at its peak: the start of backward through the loss.
/// inputBytes = bytes per element of the tensor the loss reads: 4 when the model returns
/// fp32 logits (torchtune TransformerDecoder `.float()`, HF LlamaForCausalLM before 4.45,
/// torchtitan 2024), else the compute dtype (0 means c).
/// Unchunked, uncompiled: V x 12, whatever the dtypes: the fp32 log-softmax cross-entropy
/// saved (4), the dense fp32 gradient NLL-backward hands it (4) and the fp32 gradient it
/// returns (4) are alive at once (torch log_softmax_backward_data). The loss input itself
/// is no longer referenced when the loop drops it (HF Trainer drops `outputs`, torchtune
/// `del logits`, torchtitan `del pred`); see retainedLogitsBytes when it does not.
/// In forward HF reaches the same V x 12 (fp32 logits + shifted copy + log-softmax).
/// Compiled unchunked loss (torchtitan build_cross_entropy_loss since 2025, torchtune
/// compile_loss, HF models compiled with their loss): upcast, log-softmax and NLL fuse; the
/// graph saves its input and backward writes a gradient of the same dtype: V x 2 x input.
/// Chunked cross-entropy (litgpt chunked_cross_entropy, torchtune CEWithChunkedOutputLoss)
/// never holds the full fp32 upcast: V x (c + 4) per token (compute-dtype logits + each
/// chunk's saved fp32 log-softmax) plus one chunk's fp32 upcast (V x 4 x chunkTokens).
/// A compiled chunked loss (torchtune compile=True compiles the loss) saves each chunk's
/// compute-dtype input and backward writes one chunk's gradient at a time: V x c per token
/// plus V x c x chunkTokens (torchtune modules/transformer.py chunked_output + loss/ce).
/// torchtitan until March 2025 compiled the model but not the loss: TITAN-01 vs TITAN-03
/// (compile + float8) differ by 5.6 GiB, far less than the 15.7 GiB a fused loss saves
/// there (docs/accuracy.md); Features::uncompiledLoss describes that case.
double logitsBytes(double tokens, double vocab, double c, bool chunked, double chunkTokens,
                   bool compiledLoss = false, double inputBytes = 0);

/// Logits at the loss under torch's loss_parallel() (Parallelism::lossParallel), bytes:
/// tokens x V_local x 16, V_local = V / TP. torch/distributed/tensor/parallel/loss.py runs
/// the backward of NLL and log-softmax as one decomposed function,
/// `(zeros_like(x) + exp(x)) * grad_output` after a scatter into the zeros: the saved fp32
/// log-softmax x (4), the scattered gradient (4), exp(x) (4) and their sum (4) are live
/// together, then the sum and the product. Its forward peaks lower: the fp32 input,
/// `x - max` and its exp (12). Applies to an eager, unchunked loss; the loss input itself
/// is dropped before backward (torchtitan `del pred`).
double lossParallelLogitsBytes(double tokens, double localVocab);

/// Logits still referenced by the training loop while the blocks run backward
/// (Features::retainedLogits), bytes: tokens x V x inputBytes (the loss input, 0 means c),
/// or tokens x V x c for a chunked loss (the compute-dtype chunks). An unchunked loss adds
/// them at the loss too (logitsBytes does not count its input); a chunked one already
/// counts its chunks.
double retainedLogitsBytes(double tokens, double vocab, double c, bool chunked,
                           double inputBytes = 0);

/// CUDA context + cuBLAS/cuDNN handles seen by nvidia-smi but not by torch (bytes).
/// Source: HF docs "Model training anatomy" (1343 MiB on V100, CUDA 11), torch 2.x with
/// CUDA 12 lazy loading on A100/H100 (about 500 MiB); see docs/metrics.md.
double cudaContext(int numGpus);

/// Caching-allocator overhead (reserved - allocated), bytes:
///   0.20 x dynamicBytes: blocks freed out of order in backward and split by later, smaller
///   requests; one constant fitted on the calibration records measured as `reserved`
///   (docs/metrics.md). A training step without PP or activation offload replays its blocks
///   and loss through the allocator model instead (length_replay.h stepFragmentation) and
///   passes here only what the replay does not run (a chunked, compiled or loss-parallel
///   loss); elsewhere dynamicBytes are the activations, logits and workspace;
///   0.035 x staticBytes (weights, states, gradients): segments cached while the model is
///   loaded; measured, not fitted: torchtune's LoRA tutorial reports 13.98 GB reserved at
///   model init for 13.48 GB of bf16 Llama-2-7B weights (+3.7 %).
double allocatorReserve(double dynamicBytes, double staticBytes);

/// Sharded gradients cached in a side stream's pool while the peak does not hold them, bytes:
///   max(0, sideStreamGradBytes - gradsLiveAtPeak).
/// torch FSDP allocates each unit's sharded gradient on its own stream: FSDP1 in
/// `_post_backward_hook` under `state._post_backward_stream` (`_get_reduce_scatter_tensors`:
/// `torch.empty_like(chunks[0])`, fsdp/_runtime_utils.py), FSDP2 in `foreach_reduce` under
/// the reduce-scatter stream (the sharded grads view `reduce_output`; "the GPU sharded
/// gradient is allocated in the RS stream", fsdp/_fully_shard/_fsdp_collectives.py). When
/// `zero_grad(set_to_none=True)` frees them, their blocks go back to that stream's pool, and
/// the caching allocator never hands a block cached for one stream to another
/// (CUDACachingAllocator.cpp `get_free_block`: blocks are keyed by stream). So the next
/// step's forward and loss, which run on the default stream, cannot reuse those bytes: they
/// stay reserved at a peak where the gradients are not live yet (the loss, the first
/// recomputed block). 0 in a phase that already holds them (accumulation, the optimizer
/// step). The estimator adds it per phase and takes the largest sum, so `reserved` stays
/// continuous when the allocated peak moves between phases.
/// DeepSpeed and Megatron keep persistent gradient buffers instead (counted as allocated).
double sideStreamGradientCache(double sideStreamGradBytes, double gradsLiveAtPeak);

} // namespace headroom::terms
