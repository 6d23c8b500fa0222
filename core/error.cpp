#include "core/error.h"

namespace headroom {

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
    }
    std::string out = e.field.empty() ? what : e.field + ": " + what;
    if (!e.detail.empty())
        out += " (" + e.detail + ")";
    return out;
}

} // namespace headroom
