#pragma once
// Typed errors: core never formats user-facing prose beyond an English fallback; the GUI
// turns ErrorCode + field into translated text.

#include <string>
#include <utility>
#include <variant>

namespace headroom {

enum class ErrorCode {
    FileUnreadable,     ///< cannot open or read the file (detail: OS reason)
    FileTooLarge,       ///< file or header larger than the accepted limit
    JsonMalformed,      ///< not valid JSON (detail: parser message with byte offset)
    FieldMissing,       ///< a required field is absent (field: its JSON key)
    FieldWrongType,     ///< a field has the wrong JSON type (detail: expected type)
    FieldOutOfRange,    ///< a number is zero/negative/too large for the field (detail: range)
    FieldNotFinite,     ///< NaN or infinity
    UnknownValue,       ///< an enum string or preset key that is not known (detail: the value)
    UnsupportedFamily,  ///< a model_type/architectures entry the importer does not know
    UnsupportedVersion, ///< a scenario/record schema version newer than this build reads
    HeaderMalformed,    ///< a safetensors header that is not what the format says
    InvalidLayout,      ///< parallel degrees violate a constraint not listed below
    DoesNotFit,         ///< a solver found no feasible value
    // one code per layout rule of validateWorkload (core/engine/estimator.h); field: the degree
    TooManyGpus,           ///< dp x tp x pp x cp above limits::kGpus
    TpNotDividingHeads,    ///< TP does not divide the attention heads
    TpNotDividingKvHeads,  ///< TP below the KV heads does not divide them
    PpAboveLayers,         ///< more pipeline stages than layers
    EpWithoutExperts,      ///< EP > 1 on a dense model
    EpNotDividingExperts,  ///< EP does not divide the routed experts
    EpNotDividingDpTp,     ///< EP does not divide DP x TP
    CpNotDividingSequence, ///< CP does not divide the sequence length
};

/// Whether @p c is a parallel-layout error (InvalidLayout or one of the per-rule codes).
bool isLayoutError(ErrorCode c);

struct Error {
    ErrorCode code;
    std::string field;  ///< JSON key / CLI option / degree the error names ("" if none)
    std::string detail; ///< untranslated specifics: expected range, parser message, value
};

/// English one-line description, for the CLI and logs: "num_hidden_layers: must be > 0 (got -3)".
std::string describe(const Error& e);

/// A value or an Error (std::expected is C++23; g++ 12 lacks it).
template <class T> class Result {
public:
    Result(T value) : m_v(std::move(value)) {}
    Result(Error error) : m_v(std::move(error)) {}
    bool ok() const { return m_v.index() == 0; }
    explicit operator bool() const { return ok(); }
    const T& value() const& { return std::get<0>(m_v); }
    T& value() & { return std::get<0>(m_v); }
    T&& value() && { return std::get<0>(std::move(m_v)); }
    const T& operator*() const& { return value(); }
    const T* operator->() const { return &value(); }
    T* operator->() { return &value(); }
    const Error& error() const { return std::get<1>(m_v); }

private:
    std::variant<T, Error> m_v;
};

} // namespace headroom
