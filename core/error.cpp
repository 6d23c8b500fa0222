#include "core/error.h"

namespace headroom {

bool isLayoutError(ErrorCode c) {
    switch (c) {
    case ErrorCode::InvalidLayout:
    case ErrorCode::TooManyGpus:
    case ErrorCode::TpNotDividingHeads:
    case ErrorCode::TpNotDividingKvHeads:
    case ErrorCode::PpAboveLayers:
    case ErrorCode::EpWithoutExperts:
    case ErrorCode::EpNotDividingExperts:
    case ErrorCode::EpNotDividingDpTp:
    case ErrorCode::CpNotDividingSequence:
        return true;
    default:
        return false;
    }
}

std::string describe(const Error& e) {
    std::string what;
    switch (e.code) {
    case ErrorCode::FileUnreadable:
        what = "cannot read file";
        break;
    case ErrorCode::FileTooLarge:
        what = "file too large";
        break;
    case ErrorCode::JsonMalformed:
        what = "malformed JSON";
        break;
    case ErrorCode::FieldMissing:
        what = "missing required field";
        break;
    case ErrorCode::FieldWrongType:
        what = "wrong type";
        break;
    case ErrorCode::FieldOutOfRange:
        what = "out of range";
        break;
    case ErrorCode::FieldNotFinite:
        what = "not a finite number";
        break;
    case ErrorCode::UnknownValue:
        what = "unknown value";
        break;
    case ErrorCode::UnsupportedFamily:
        what = "unsupported model family";
        break;
    case ErrorCode::UnsupportedVersion:
        what = "unsupported schema version";
        break;
    case ErrorCode::HeaderMalformed:
        what = "malformed safetensors header";
        break;
    case ErrorCode::InvalidLayout:
        what = "invalid parallel layout";
        break;
    case ErrorCode::DoesNotFit:
        what = "does not fit";
        break;
    case ErrorCode::TooManyGpus:
        what = "too many GPUs";
        break;
    case ErrorCode::TpNotDividingHeads:
        what = "TP does not divide the attention heads";
        break;
    case ErrorCode::TpNotDividingKvHeads:
        what = "TP does not divide the KV heads";
        break;
    case ErrorCode::PpAboveLayers:
        what = "more pipeline stages than layers";
        break;
    case ErrorCode::EpWithoutExperts:
        what = "expert parallelism on a dense model";
        break;
    case ErrorCode::EpNotDividingExperts:
        what = "EP does not divide the experts";
        break;
    case ErrorCode::EpNotDividingDpTp:
        what = "EP does not divide DP x TP";
        break;
    case ErrorCode::CpNotDividingSequence:
        what = "CP does not divide the sequence length";
        break;
    }
    // a layout rule's detail states the rule with the model's number ("TP must divide the
    // attention heads (32)"): it replaces the code's shorter words instead of repeating them
    if (e.code != ErrorCode::InvalidLayout && isLayoutError(e.code) && !e.detail.empty())
        what = e.detail;
    std::string out = e.field.empty() ? what : e.field + ": " + what;
    if (!e.detail.empty() && what != e.detail)
        out += " (" + e.detail + ")";
    return out;
}

} // namespace headroom
