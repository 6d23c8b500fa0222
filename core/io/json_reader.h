#pragma once
// Reading a JSON object field by field with typed errors: the first error is kept with the
// field's dotted path ("workload.parallelism.tp"), each kind of mistake its own ErrorCode
// (core/error.h). Used by the scenario reader (core/io/scenario.cpp) and the measured-run
// reader (core/measured/measured_run.cpp).

#include "core/checked.h"
#include "core/error.h"
#include "core/input_limits.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <sstream>
#include <string>

namespace headroom {

/// Reads fields of one JSON object, remembering the first error with its dotted path.
class JsonReader {
public:
    JsonReader(const nlohmann::json& obj, std::string path, std::optional<Error>& err)
        : m_obj(obj), m_path(std::move(path)), m_err(err) {}

    std::string path(const std::string& key) const {
        return m_path.empty() ? key : m_path + "." + key;
    }
    bool failed() const { return m_err.has_value(); }

    const nlohmann::json* find(const std::string& key, bool required) {
        if (failed())
            return nullptr;
        auto it = m_obj.find(key);
        if (it == m_obj.end() || it->is_null()) {
            if (required)
                fail(ErrorCode::FieldMissing, key, "");
            return nullptr;
        }
        return &*it;
    }
    std::optional<JsonReader> object(const std::string& key, bool required = true) {
        const nlohmann::json* j = find(key, required);
        if (!j)
            return std::nullopt;
        if (!j->is_object()) {
            fail(ErrorCode::FieldWrongType, key, "expected an object");
            return std::nullopt;
        }
        return JsonReader(*j, path(key), m_err);
    }
    void number(const std::string& key, double& out, double lo, double hi, bool required = false) {
        const nlohmann::json* j = find(key, required);
        if (!j)
            return;
        if (!j->is_number()) {
            fail(ErrorCode::FieldWrongType, key, "expected a number");
            return;
        }
        const double v = j->get<double>();
        if (!std::isfinite(v)) {
            fail(ErrorCode::FieldNotFinite, key, "must be finite");
            return;
        }
        if (v < lo || v > hi) {
            std::ostringstream os;
            os << "must be in [" << lo << ", " << hi << "] (got " << v << ")";
            fail(ErrorCode::FieldOutOfRange, key, os.str());
            return;
        }
        out = v;
    }
    /// An integer in [lo, hi] (which must fit @p Int). Integral floats (4096.0) are accepted;
    /// every conversion is checked (core/checked.h).
    template <class Int>
    void integer(const std::string& key, Int& out, int64_t lo, int64_t hi, bool required = false) {
        hi = std::min<int64_t>(hi, std::numeric_limits<Int>::max());
        const nlohmann::json* j = find(key, required);
        if (!j)
            return;
        if (!j->is_number()) {
            fail(ErrorCode::FieldWrongType, key, "expected a number");
            return;
        }
        std::optional<int64_t> v;
        if (j->is_number_unsigned()) {
            const uint64_t u = j->get<uint64_t>();
            if (u <= static_cast<uint64_t>(hi))
                v = static_cast<int64_t>(u);
        } else if (j->is_number_integer()) {
            v = j->get<int64_t>();
        } else {
            const double d = j->get<double>();
            if (!std::isfinite(d)) {
                fail(ErrorCode::FieldNotFinite, key, "must be finite");
                return;
            }
            if (std::floor(d) != d) {
                fail(ErrorCode::FieldWrongType, key, "expected an integer");
                return;
            }
            v = checked::toInt64(d);
        }
        if (!v || *v < lo || *v > hi) {
            fail(ErrorCode::FieldOutOfRange, key,
                 "must be in [" + std::to_string(lo) + ", " + std::to_string(hi) + "] (got " +
                     j->dump() + ")");
            return;
        }
        out = static_cast<Int>(*v);
    }
    /// The same, bounded by a row of the shared table (core/input_limits.h).
    template <class Int>
    void integer(const std::string& key, Int& out, const FieldLimit& l, bool required = false) {
        integer(key, out, l.min, l.max, required);
    }
    void boolean(const std::string& key, bool& out) {
        const nlohmann::json* j = find(key, false);
        if (!j)
            return;
        if (!j->is_boolean()) {
            fail(ErrorCode::FieldWrongType, key, "expected true or false");
            return;
        }
        out = j->get<bool>();
    }
    template <class E>
    void enumeration(const std::string& key, E& out, std::optional<E> (*parse)(std::string_view),
                     bool required = false) {
        const nlohmann::json* j = find(key, required);
        if (!j)
            return;
        if (!j->is_string()) {
            fail(ErrorCode::FieldWrongType, key, "expected a string");
            return;
        }
        const auto v = parse(j->get<std::string>());
        if (!v) {
            fail(ErrorCode::UnknownValue, key, j->get<std::string>());
            return;
        }
        out = *v;
    }
    void string(const std::string& key, std::string& out, bool required = false) {
        const nlohmann::json* j = find(key, required);
        if (!j)
            return;
        if (!j->is_string()) {
            fail(ErrorCode::FieldWrongType, key, "expected a string");
            return;
        }
        out = j->get<std::string>();
    }
    const nlohmann::json& raw() const { return m_obj; }
    void fail(ErrorCode c, const std::string& key, std::string detail) {
        if (!m_err)
            m_err = Error{c, path(key), std::move(detail)};
    }

private:
    const nlohmann::json& m_obj;
    std::string m_path;
    std::optional<Error>& m_err;
};

} // namespace headroom
