#pragma once
// Import of Hugging Face model descriptions: config.json, model.safetensors.index.json and
// .safetensors headers.

#include "core/checked.h"
#include "core/error.h"
#include "core/model/model.h"

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace headroom {

/// Something an import decided that the user should know, without failing it.
enum class ImportNoteCode {
    /// model_type is unknown, but architectures[0] names a known class: imported as that.
    ArchitectureFallback,
    /// quantization_config names a method whose storage is not modelled: torch_dtype used.
    QuantMethodNotModelled,
    /// The safetensors header's dtypes disagree with what config.json implies.
    HeaderDisagreesWithConfig,
    /// The weight bytes come from the safetensors header, not from the config.
    WeightBytesFromHeader,
};

/// A typed note of an import: @p field names the key, @p detail says what was decided.
struct ImportNote {
    ImportNoteCode code;
    std::string field;
    std::string detail;
};

/// An imported model with the notes its import produced.
struct ImportedModel {
    ModelArch arch;
    std::vector<ImportNote> notes;
};

/// Parses a config.json text. The family is taken from `model_type`, falling back to the
/// first `architectures` entry (e.g. "LlamaForCausalLM" -> llama). Supported: llama,
/// mistral, qwen2, qwen3, qwen3_moe, qwen2_moe, mixtral, gemma, gemma2, gemma3_text, phi3,
/// deepseek_v2, deepseek_v3, gpt_oss, gpt2. Errors name the missing/invalid key.
Result<ModelArch> parseHfConfig(std::string_view jsonText, std::string_view name = {});
/// The same, with the import's notes (architecture fallback, unmodelled quantisation).
Result<ImportedModel> importHfConfig(std::string_view jsonText, std::string_view name = {});

/// The largest config.json text read (a file, or a records file's inline model.hf_config).
inline constexpr std::uintmax_t kMaxHfConfigBytes = 4u * 1024u * 1024u;

/// Reads and parses a config.json file (at most kMaxHfConfigBytes).
Result<ModelArch> loadHfConfig(const std::filesystem::path& file);

/// What a safetensors index or header says about the stored tensors.
struct TensorStats {
    int64_t totalBytes = 0;    ///< sum of tensor data bytes (index: metadata.total_size)
    int64_t totalElements = 0; ///< from a header: sum of shape products; index: 0 (unknown)
    std::map<std::string, int64_t> elementsByDtype; ///< header only: "BF16" -> elements
    int tensorCount = 0;
};

/// Parses model.safetensors.index.json text: metadata.total_size and weight_map size.
Result<TensorStats> parseSafetensorsIndex(std::string_view jsonText);
Result<TensorStats> loadSafetensorsIndex(const std::filesystem::path& file);

/// Reads only the 8-byte little-endian header length and the JSON header of a .safetensors
/// file (never the tensor data). Rejects a length above 100 MiB or beyond the file size.
Result<TensorStats> loadSafetensorsHeader(const std::filesystem::path& file);

/// Parameters implied by an index's total_size at @p bytesPerParam (e.g. 2 for bf16), rounded
/// to nearest; nothing when @p bytesPerParam is not positive or the count leaves int64.
inline std::optional<int64_t> paramsFromBytes(int64_t totalBytes, double bytesPerParam) {
    if (!(bytesPerParam > 0))
        return std::nullopt;
    return checked::toInt64(std::round(static_cast<double>(totalBytes) / bytesPerParam));
}

/// Loads any of the three by file name: "*.safetensors" -> header, "*index.json" -> index,
/// other ".json" -> config. For index/header, looks for config.json beside it and fills
/// ModelArch::publishedParams.
Result<ModelArch> loadModelFile(const std::filesystem::path& file);
/// The same, with the import's notes. From a .safetensors header the per-tensor dtypes set
/// ModelArch::headerWeightBytes; a header whose bytes or dtypes disagree with the config's
/// storage (checkpointStorage) adds a HeaderDisagreesWithConfig note.
Result<ImportedModel> importModelFile(const std::filesystem::path& file);

} // namespace headroom
