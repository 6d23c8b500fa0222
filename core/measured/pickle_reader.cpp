// pickle_reader.cpp: the data-only pickle machine (pickle_reader.h).
//
// The stack holds indices into an arena of nodes; the memo maps indices to nodes, so a GET
// shares a node the way Python shares an object. At STOP the arena is measured (the size of the
// JSON it becomes, its nesting, cycles: each node once) and only then turned into JSON.
// Opcodes and their arguments follow CPython's Lib/pickletools.py opcode table.

#include "core/measured/pickle_reader.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

namespace headroom {

namespace {

using json = nlohmann::json;
using Status = std::optional<Error>;

enum class Kind : uint8_t { None, Bool, Int, Float, Str, List, Tuple, Dict, Set };

const char* kindName(Kind k) {
    switch (k) {
    case Kind::None:
        return "None";
    case Kind::Bool:
        return "bool";
    case Kind::Int:
        return "int";
    case Kind::Float:
        return "float";
    case Kind::Str:
        return "str";
    case Kind::List:
        return "list";
    case Kind::Tuple:
        return "tuple";
    case Kind::Dict:
        return "dict";
    case Kind::Set:
        return "set";
    }
    return "?";
}

/// One value the pickle made. 16 bytes: the arena may hold tens of millions.
struct Node {
    Kind kind = Kind::None;
    bool onPath = false; ///< set while measure() is below this node (finds a cycle)
    /// 0 for a scalar; a container: 1 + its deepest item, as built, then as measured at STOP
    uint16_t depth = 0;
    uint32_t ref = 0;   ///< Str: index into the strings; a container: into the item lists
    int64_t scalar = 0; ///< Int, Bool: the value; Float: the double's bits
};

bool isContainer(Kind k) {
    return k == Kind::List || k == Kind::Tuple || k == Kind::Dict || k == Kind::Set;
}

/// Offset of the first byte of @p s that is not well-formed UTF-8 (RFC 3629: no overlong
/// forms, no surrogates, nothing above U+10FFFF), or nothing.
std::optional<size_t> invalidUtf8(std::string_view s) {
    size_t i = 0;
    while (i < s.size()) {
        const auto c = static_cast<unsigned char>(s[i]);
        size_t n = 0;
        unsigned char lo = 0x80, hi = 0xBF;
        if (c < 0x80) {
            ++i;
            continue;
        }
        if (c >= 0xC2 && c <= 0xDF)
            n = 1;
        else if (c >= 0xE0 && c <= 0xEF) {
            n = 2;
            lo = c == 0xE0 ? 0xA0 : 0x80;
            hi = c == 0xED ? 0x9F : 0xBF;
        } else if (c >= 0xF0 && c <= 0xF4) {
            n = 3;
            lo = c == 0xF0 ? 0x90 : 0x80;
            hi = c == 0xF4 ? 0x8F : 0xBF;
        } else
            return i;
        if (i + n >= s.size()) // truncated sequence
            return i;
        for (size_t k = 1; k <= n; ++k) {
            const auto d = static_cast<unsigned char>(s[i + k]);
            if (d < (k == 1 ? lo : 0x80) || d > (k == 1 ? hi : 0xBF))
                return i;
        }
        i += n + 1;
    }
    return std::nullopt;
}

class Unpickler;
using Handler = Status (Unpickler::*)();

/// One row of the opcode table: a handler for the data subset, or why the opcode is refused.
struct OpEntry {
    const char* name = nullptr;
    Handler handler = nullptr;
    const char* refusal = nullptr;
};

const std::array<OpEntry, 256>& opTable();

class Unpickler {
public:
    Unpickler(std::string_view in, const PickleLimits& limits, const std::vector<PickleDrop>& drops)
        : m_in(in), m_limits(limits), m_drops(drops),
          m_maxDepth(std::clamp(limits.maxDepth, 1, 65535)) {}
    Result<json> run();

    // The handlers of the data subset, one per opcode (named in opTable()).
    Status opProto();
    Status opFrame();
    Status opMark();
    Status opPop();
    Status opPopMark();
    Status opDup();
    Status opNone() { return pushNew(Node{Kind::None}); }
    Status opTrue() { return pushNew(Node{Kind::Bool, false, 0, 0, 1}); }
    Status opFalse() { return pushNew(Node{Kind::Bool}); }
    Status opInt();
    Status opLong();
    Status opBinInt();
    Status opBinInt1();
    Status opBinInt2();
    Status opLong1() { return readLong(1); }
    Status opLong4() { return readLong(4); }
    Status opBinFloat();
    Status opShortBinUnicode() { return readString(1); }
    Status opBinUnicode() { return readString(4); }
    Status opBinUnicode8() { return readString(8); }
    Status opEmptyDict() { return pushContainer(Kind::Dict); }
    Status opEmptyList() { return pushContainer(Kind::List); }
    Status opEmptyTuple() { return pushContainer(Kind::Tuple); }
    Status opEmptySet() { return pushContainer(Kind::Set); }
    Status opDict() { return fromMark(Kind::Dict); }
    Status opList() { return fromMark(Kind::List); }
    Status opTuple() { return fromMark(Kind::Tuple); }
    Status opFrozenSet() { return fromMark(Kind::Set); }
    Status opTuple1() { return tupleOfTop(1); }
    Status opTuple2() { return tupleOfTop(2); }
    Status opTuple3() { return tupleOfTop(3); }
    Status opSetItem() { return addTop(Kind::Dict, 2); }
    Status opAppend() { return addTop(Kind::List, 1); }
    Status opSetItems() { return addFromMark(Kind::Dict); }
    Status opAppends() { return addFromMark(Kind::List); }
    Status opAddItems() { return addFromMark(Kind::Set); }
    Status opMemoize() { return memoPut(m_memo.size() + m_sparseMemo.size()); }
    Status opPut();
    Status opBinPut();
    Status opLongBinPut();
    Status opGet();
    Status opBinGet();
    Status opLongBinGet();

private:
    Error fail(ErrorCode code, const std::string& detail) const;
    Error refuse(const OpEntry& e) const;
    Result<json> finish();
    size_t left() const { return m_in.size() - m_pos; }
    Status need(uint64_t n, const char* what) const;
    uint64_t readLE(size_t n);
    Result<std::string_view> readLine();
    Result<uint64_t> readIndexLine();
    Status pushInt(int64_t v) { return pushNew(Node{Kind::Int, false, 0, 0, v}); }
    Status parseIntText(std::string_view text);
    Status readLong(size_t lengthBytes);
    Status readString(size_t lengthBytes);
    size_t base() const { return m_marks.empty() ? 0 : m_marks.back(); }
    size_t above() const { return m_stack.size() - base(); }
    Result<uint32_t> newNode(const Node& n);
    Status push(uint32_t id);
    Status pushNew(const Node& n);
    Result<uint32_t> newContainer(Kind k);
    Status pushContainer(Kind k);
    Result<size_t> popMark();
    Status addItems(uint32_t container, std::span<const uint32_t> items);
    Status fromMark(Kind k);
    Status tupleOfTop(size_t n);
    Status addTop(Kind k, size_t n);
    Status addFromMark(Kind k);
    Status memoPut(uint64_t index);
    Status memoGet(uint64_t index);
    Status measure(uint32_t id, int depth);
    int64_t countOf(uint32_t id) const { return isContainer(m_nodes[id].kind) ? m_count[id] : 1; }
    void build(uint32_t id, json& out) const;
    void buildContainer(const Node& n, json& out) const;
    bool keyIs(uint32_t key, std::string_view s) const;
    std::vector<std::string_view> droppedKeys(const Node& dict) const;
    static bool isDropped(const std::vector<std::string_view>& dropped, const Node& key,
                          const std::vector<std::string_view>& strings);

    std::string_view m_in;
    PickleLimits m_limits;
    const std::vector<PickleDrop>& m_drops;
    int m_maxDepth;
    size_t m_pos = 0;
    size_t m_opPos = 0;
    uint8_t m_op = 0;
    std::vector<Node> m_nodes;
    std::vector<std::string_view> m_strings; ///< views into m_in, UTF-8 checked
    std::vector<std::vector<uint32_t>> m_items;
    std::vector<uint32_t> m_stack;
    std::vector<size_t> m_marks;  ///< stack sizes at each open MARK
    std::vector<uint32_t> m_memo; ///< indices 0..n-1, as every pickler writes them
    std::unordered_map<uint64_t, uint32_t> m_sparseMemo; ///< any other index
    std::vector<int64_t> m_count; ///< per node at STOP: the values it becomes, -1 unknown
};

Error Unpickler::fail(ErrorCode code, const std::string& detail) const {
    const char* name = opTable()[m_op].name;
    char unknown[16];
    if (!name) {
        std::snprintf(unknown, sizeof unknown, "opcode 0x%02x", m_op);
        name = unknown;
    }
    return Error{code, name, "at byte " + std::to_string(m_opPos) + ": " + detail};
}

Error Unpickler::refuse(const OpEntry& e) const {
    if (!e.name)
        return fail(ErrorCode::HeaderMalformed, "not a pickle opcode");
    char code[8];
    std::snprintf(code, sizeof code, "0x%02x", m_op);
    return fail(ErrorCode::HeaderMalformed,
                std::string(e.name) + " (" + code + ") " + e.refusal +
                    "; refused: this reader reads plain data only (no globals, no calls)");
}

Status Unpickler::need(uint64_t n, const char* what) const {
    if (n <= left())
        return std::nullopt;
    return fail(ErrorCode::HeaderMalformed, std::string("truncated: ") + what + " of " +
                                                std::to_string(n) + " bytes, " +
                                                std::to_string(left()) + " left");
}

uint64_t Unpickler::readLE(size_t n) {
    uint64_t v = 0;
    for (size_t i = n; i-- > 0;)
        v = (v << 8) | static_cast<unsigned char>(m_in[m_pos + i]);
    m_pos += n;
    return v;
}

Result<std::string_view> Unpickler::readLine() {
    const size_t nl = m_in.find('\n', m_pos);
    if (nl == std::string_view::npos)
        return fail(ErrorCode::HeaderMalformed, "truncated: no newline ends the argument");
    const std::string_view line = m_in.substr(m_pos, nl - m_pos);
    m_pos = nl + 1;
    return line;
}

Result<uint64_t> Unpickler::readIndexLine() {
    auto line = readLine();
    if (!line)
        return line.error();
    uint64_t v = 0;
    const auto* end = line->data() + line->size();
    const auto r = std::from_chars(line->data(), end, v);
    if (line->empty() || r.ec != std::errc() || r.ptr != end)
        return fail(ErrorCode::HeaderMalformed, "memo index is not a decimal number");
    return v;
}

// ---------------------------------------------------------------------------------------------
// The arena and the stack.

Result<uint32_t> Unpickler::newNode(const Node& n) {
    if (static_cast<int64_t>(m_nodes.size()) >= m_limits.maxValues ||
        m_nodes.size() >= UINT32_MAX) // a node's index is 32 bits
        return fail(ErrorCode::FileTooLarge,
                    "more than " + std::to_string(m_limits.maxValues) + " values");
    m_nodes.push_back(n);
    return static_cast<uint32_t>(m_nodes.size() - 1);
}

Status Unpickler::push(uint32_t id) {
    if (static_cast<int64_t>(m_stack.size()) >= m_limits.maxValues)
        return fail(ErrorCode::FileTooLarge,
                    "more than " + std::to_string(m_limits.maxValues) + " entries on the stack");
    m_stack.push_back(id);
    return std::nullopt;
}

Status Unpickler::pushNew(const Node& n) {
    auto id = newNode(n);
    if (!id)
        return id.error();
    return push(*id);
}

Result<uint32_t> Unpickler::newContainer(Kind k) {
    auto id = newNode(Node{k, false, 1, static_cast<uint32_t>(m_items.size()), 0});
    if (id)
        m_items.emplace_back();
    return id;
}

Status Unpickler::pushContainer(Kind k) {
    auto id = newContainer(k);
    if (!id)
        return id.error();
    return push(*id);
}

Result<size_t> Unpickler::popMark() {
    if (m_marks.empty())
        return fail(ErrorCode::HeaderMalformed, "no open MARK");
    const size_t b = m_marks.back();
    m_marks.pop_back();
    return b;
}

/// Appends @p items to the container node @p container: a dict's as key, value pairs whose
/// keys are str or int. Checks the container's size and the nesting it reaches.
Status Unpickler::addItems(uint32_t container, std::span<const uint32_t> items) {
    std::vector<uint32_t>& list = m_items[m_nodes[container].ref];
    if (static_cast<int64_t>(list.size() + items.size()) > m_limits.maxContainerItems)
        return fail(ErrorCode::FileTooLarge, "a container of more than " +
                                                 std::to_string(m_limits.maxContainerItems) +
                                                 " items");
    const bool dict = m_nodes[container].kind == Kind::Dict;
    if (dict && items.size() % 2 != 0)
        return fail(ErrorCode::HeaderMalformed, "a dict takes key, value pairs; got " +
                                                    std::to_string(items.size()) + " items");
    int depth = m_nodes[container].depth;
    for (size_t i = 0; i < items.size(); ++i) {
        const Node& item = m_nodes[items[i]];
        if (dict && i % 2 == 0 && item.kind != Kind::Str && item.kind != Kind::Int)
            return fail(ErrorCode::HeaderMalformed, std::string("a dict key is a ") +
                                                        kindName(item.kind) +
                                                        "; only str and int keys are read");
        depth = std::max(depth, item.depth + 1);
    }
    if (depth > m_maxDepth)
        return fail(ErrorCode::FieldOutOfRange,
                    "containers nested deeper than " + std::to_string(m_maxDepth));
    m_nodes[container].depth = static_cast<uint16_t>(depth);
    list.insert(list.end(), items.begin(), items.end());
    return std::nullopt;
}

// ---------------------------------------------------------------------------------------------
// Opcodes: stack and protocol.

Status Unpickler::opProto() {
    if (auto e = need(1, "protocol"))
        return e;
    const auto v = static_cast<unsigned char>(m_in[m_pos++]);
    if (v > 5)
        return fail(ErrorCode::UnsupportedVersion,
                    "protocol " + std::to_string(v) + "; this reader reads protocols 0 to 5");
    return std::nullopt;
}

Status Unpickler::opFrame() {
    if (auto e = need(8, "frame length"))
        return e;
    const uint64_t n = readLE(8);
    return need(n, "frame");
}

Status Unpickler::opMark() {
    if (static_cast<int>(m_marks.size()) >= m_maxDepth)
        return fail(ErrorCode::FieldOutOfRange,
                    "more than " + std::to_string(m_maxDepth) + " MARKs open at once");
    m_marks.push_back(m_stack.size());
    return std::nullopt;
}

Status Unpickler::opPop() {
    if (above() > 0)
        m_stack.pop_back();
    else if (!m_marks.empty())
        m_marks.pop_back(); // Python pops the MARK when nothing is above it
    else
        return fail(ErrorCode::HeaderMalformed, "stack underflow: POP of an empty stack");
    return std::nullopt;
}

Status Unpickler::opPopMark() {
    auto b = popMark();
    if (!b)
        return b.error();
    m_stack.resize(*b);
    return std::nullopt;
}

Status Unpickler::opDup() {
    if (above() == 0)
        return fail(ErrorCode::HeaderMalformed, "stack underflow: nothing to duplicate");
    return push(m_stack.back());
}

// ---------------------------------------------------------------------------------------------
// Opcodes: numbers and strings.

Status Unpickler::parseIntText(std::string_view text) {
    int64_t v = 0;
    const char* end = text.data() + text.size();
    const auto r = std::from_chars(text.data(), end, v);
    if (r.ec == std::errc::result_out_of_range)
        return fail(ErrorCode::FieldOutOfRange, "an integer beyond 64 bits");
    if (text.empty() || r.ec != std::errc() || r.ptr != end)
        return fail(ErrorCode::HeaderMalformed, "not a decimal integer");
    return pushInt(v);
}

Status Unpickler::opInt() {
    auto line = readLine();
    if (!line)
        return line.error();
    if (*line == "01" || *line == "00") // protocol 0's True and False
        return pushNew(Node{Kind::Bool, false, 0, 0, *line == "01" ? 1 : 0});
    return parseIntText(*line);
}

Status Unpickler::opLong() {
    auto line = readLine();
    if (!line)
        return line.error();
    std::string_view text = *line;
    if (!text.empty() && text.back() == 'L')
        text.remove_suffix(1);
    return parseIntText(text);
}

Status Unpickler::opBinInt() {
    if (auto e = need(4, "int32"))
        return e;
    return pushInt(static_cast<int32_t>(static_cast<uint32_t>(readLE(4))));
}

Status Unpickler::opBinInt1() {
    if (auto e = need(1, "uint8"))
        return e;
    return pushInt(static_cast<int64_t>(readLE(1)));
}

Status Unpickler::opBinInt2() {
    if (auto e = need(2, "uint16"))
        return e;
    return pushInt(static_cast<int64_t>(readLE(2)));
}

/// LONG1 / LONG4: a length, then that many bytes of a little-endian two's-complement integer.
Status Unpickler::readLong(size_t lengthBytes) {
    if (auto e = need(lengthBytes, "length"))
        return e;
    const uint64_t raw = readLE(lengthBytes);
    if (lengthBytes == 4 && raw > 0x7FFFFFFFu)
        return fail(ErrorCode::HeaderMalformed, "negative length");
    if (auto e = need(raw, "integer"))
        return e;
    if (raw > 8)
        return fail(ErrorCode::FieldOutOfRange, "an integer of " + std::to_string(raw) +
                                                    " bytes; this reader keeps 64 bits (8 bytes)");
    const auto n = static_cast<size_t>(raw);
    uint64_t v = readLE(n);
    if (n > 0 && n < 8 && ((v >> (8 * n - 1)) & 1u) != 0)
        v |= ~uint64_t{0} << (8 * n); // sign extension
    return pushInt(static_cast<int64_t>(v));
}

Status Unpickler::opBinFloat() {
    if (auto e = need(8, "float64"))
        return e;
    uint64_t bits = 0;
    for (size_t i = 0; i < 8; ++i) // big-endian
        bits = (bits << 8) | static_cast<unsigned char>(m_in[m_pos + i]);
    m_pos += 8;
    double d = 0;
    std::memcpy(&d, &bits, sizeof d);
    if (!std::isfinite(d))
        return fail(ErrorCode::FieldNotFinite, "a NaN or infinite float; JSON has none");
    return pushNew(Node{Kind::Float, false, 0, 0, static_cast<int64_t>(bits)});
}

/// SHORT_BINUNICODE / BINUNICODE / BINUNICODE8: a little-endian length, then UTF-8.
Status Unpickler::readString(size_t lengthBytes) {
    if (auto e = need(lengthBytes, "length"))
        return e;
    const uint64_t n = readLE(lengthBytes);
    if (n > left())
        return fail(ErrorCode::HeaderMalformed, "truncated: a string that claims " +
                                                    std::to_string(n) + " bytes, " +
                                                    std::to_string(left()) + " left");
    if (static_cast<int64_t>(n) > m_limits.maxStringBytes)
        return fail(ErrorCode::FileTooLarge, "a string of " + std::to_string(n) + " bytes, limit " +
                                                 std::to_string(m_limits.maxStringBytes));
    const std::string_view s = m_in.substr(m_pos, static_cast<size_t>(n));
    if (const auto bad = invalidUtf8(s))
        return fail(ErrorCode::HeaderMalformed,
                    "a string that is not UTF-8 (its byte " + std::to_string(*bad) + ")");
    m_pos += static_cast<size_t>(n);
    m_strings.push_back(s);
    return pushNew(Node{Kind::Str, false, 0, static_cast<uint32_t>(m_strings.size() - 1), 0});
}

// ---------------------------------------------------------------------------------------------
// Opcodes: containers.

/// DICT, LIST, TUPLE, FROZENSET: a new container of the items above the last MARK.
Status Unpickler::fromMark(Kind k) {
    auto b = popMark();
    if (!b)
        return b.error();
    auto id = newContainer(k);
    if (!id)
        return id.error();
    const std::vector<uint32_t> items(m_stack.begin() + static_cast<std::ptrdiff_t>(*b),
                                      m_stack.end());
    m_stack.resize(*b);
    if (auto e = addItems(*id, items))
        return e;
    return push(*id);
}

Status Unpickler::tupleOfTop(size_t n) {
    if (above() < n)
        return fail(ErrorCode::HeaderMalformed, "stack underflow: a tuple of " + std::to_string(n) +
                                                    " items, " + std::to_string(above()) +
                                                    " on the stack");
    auto id = newContainer(Kind::Tuple);
    if (!id)
        return id.error();
    const std::vector<uint32_t> items(m_stack.end() - static_cast<std::ptrdiff_t>(n),
                                      m_stack.end());
    m_stack.resize(m_stack.size() - n);
    if (auto e = addItems(*id, items))
        return e;
    return push(*id);
}

/// APPEND (one value) and SETITEM (key, value) onto the list or dict below them.
Status Unpickler::addTop(Kind k, size_t n) {
    if (above() < n + 1)
        return fail(ErrorCode::HeaderMalformed, std::string("stack underflow: needs a ") +
                                                    kindName(k) + " and " + std::to_string(n) +
                                                    " values on the stack");
    const uint32_t target = m_stack[m_stack.size() - n - 1];
    if (m_nodes[target].kind != k)
        return fail(ErrorCode::HeaderMalformed, std::string("adds to a ") +
                                                    kindName(m_nodes[target].kind) +
                                                    ", expected a " + kindName(k));
    std::array<uint32_t, 2> items{};
    std::copy(m_stack.end() - static_cast<std::ptrdiff_t>(n), m_stack.end(), items.begin());
    m_stack.resize(m_stack.size() - n);
    return addItems(target, std::span<const uint32_t>(items.data(), n));
}

/// APPENDS, SETITEMS, ADDITEMS: the items above the last MARK onto the object below it.
Status Unpickler::addFromMark(Kind k) {
    auto b = popMark();
    if (!b)
        return b.error();
    if (*b == 0 || *b - 1 < base())
        return fail(ErrorCode::HeaderMalformed,
                    std::string("stack underflow: no ") + kindName(k) + " below the MARK");
    const uint32_t target = m_stack[*b - 1];
    if (m_nodes[target].kind != k)
        return fail(ErrorCode::HeaderMalformed, std::string("adds to a ") +
                                                    kindName(m_nodes[target].kind) +
                                                    ", expected a " + kindName(k));
    const std::vector<uint32_t> items(m_stack.begin() + static_cast<std::ptrdiff_t>(*b),
                                      m_stack.end());
    m_stack.resize(*b);
    return addItems(target, items);
}

// ---------------------------------------------------------------------------------------------
// Opcodes: the memo.

Status Unpickler::memoPut(uint64_t index) {
    if (above() == 0)
        return fail(ErrorCode::HeaderMalformed, "stack underflow: nothing to memoise");
    const uint32_t v = m_stack.back();
    if (index < m_memo.size()) {
        m_memo[index] = v;
        return std::nullopt;
    }
    if (static_cast<int64_t>(m_memo.size() + m_sparseMemo.size()) >= m_limits.maxMemoEntries)
        return fail(ErrorCode::FileTooLarge,
                    "more than " + std::to_string(m_limits.maxMemoEntries) + " memo entries");
    if (index == m_memo.size()) {
        m_memo.push_back(v);
        if (!m_sparseMemo.empty())
            m_sparseMemo.erase(index);
    } else {
        m_sparseMemo[index] = v;
    }
    return std::nullopt;
}

Status Unpickler::memoGet(uint64_t index) {
    if (index < m_memo.size())
        return push(m_memo[index]);
    const auto it = m_sparseMemo.find(index);
    if (it == m_sparseMemo.end())
        return fail(ErrorCode::HeaderMalformed,
                    "memo index " + std::to_string(index) + " was never stored (PUT or MEMOIZE)");
    return push(it->second);
}

Status Unpickler::opPut() {
    auto i = readIndexLine();
    if (!i)
        return i.error();
    return memoPut(*i);
}

Status Unpickler::opBinPut() {
    if (auto e = need(1, "memo index"))
        return e;
    return memoPut(readLE(1));
}

Status Unpickler::opLongBinPut() {
    if (auto e = need(4, "memo index"))
        return e;
    return memoPut(readLE(4));
}

Status Unpickler::opGet() {
    auto i = readIndexLine();
    if (!i)
        return i.error();
    return memoGet(*i);
}

Status Unpickler::opBinGet() {
    if (auto e = need(1, "memo index"))
        return e;
    return memoGet(readLE(1));
}

Status Unpickler::opLongBinGet() {
    if (auto e = need(4, "memo index"))
        return e;
    return memoGet(readLE(4));
}

// ---------------------------------------------------------------------------------------------
// The machine and the JSON it builds.

Result<json> Unpickler::run() {
    if (m_in.empty())
        return Error{ErrorCode::HeaderMalformed, "pickle", "at byte 0: empty input"};
    if (static_cast<int64_t>(m_in.size()) > m_limits.maxInputBytes)
        return Error{ErrorCode::FileTooLarge, "pickle",
                     std::to_string(m_in.size()) + " bytes, limit " +
                         std::to_string(m_limits.maxInputBytes)};
    const auto& table = opTable();
    while (m_pos < m_in.size()) {
        m_opPos = m_pos;
        m_op = static_cast<uint8_t>(m_in[m_pos++]);
        if (m_op == '.') // STOP
            return finish();
        const OpEntry& e = table[m_op];
        if (!e.handler)
            return refuse(e);
        if (auto err = (this->*e.handler)())
            return *err;
    }
    m_op = '.';
    m_opPos = m_in.size();
    return fail(ErrorCode::HeaderMalformed, "the input ends without STOP");
}

Result<json> Unpickler::finish() {
    if (!m_marks.empty())
        return fail(ErrorCode::HeaderMalformed, "STOP with a MARK still open");
    if (m_stack.size() != 1)
        return fail(ErrorCode::HeaderMalformed,
                    "STOP with " + std::to_string(m_stack.size()) + " values on the stack, not 1");
    if (m_pos != m_in.size())
        return fail(ErrorCode::HeaderMalformed,
                    std::to_string(m_in.size() - m_pos) + " bytes after STOP");
    const uint32_t root = m_stack.back();
    m_count.assign(m_nodes.size(), -1);
    if (auto e = measure(root, 1))
        return *e;
    if (countOf(root) > m_limits.maxValues)
        return fail(ErrorCode::FileTooLarge,
                    "a result of more than " + std::to_string(m_limits.maxValues) +
                        " values (a shared container counts once per place it appears)");
    json out;
    build(root, out);
    return out;
}

/// Values of the JSON that @p id becomes (at most maxValues + 1) and its true nesting, each
/// container measured once: linear in the arena however often the memo shares a container.
/// Finds a container that contains itself and nesting beyond maxDepth, which mutation through
/// a shared reference can create after the container was built. @p depth: the nesting of @p id.
Status Unpickler::measure(uint32_t id, int depth) {
    Node& n = m_nodes[id];
    if (!isContainer(n.kind))
        return std::nullopt;
    if (n.onPath)
        return fail(ErrorCode::HeaderMalformed,
                    std::string("a ") + kindName(n.kind) +
                        " that contains itself (a recursive structure JSON cannot hold)");
    const bool known = m_count[id] >= 0;
    if (depth > m_maxDepth || (known && depth - 1 + n.depth > m_maxDepth))
        return fail(ErrorCode::FieldOutOfRange,
                    "containers nested deeper than " + std::to_string(m_maxDepth));
    if (known)
        return std::nullopt;
    n.onPath = true;
    const int64_t cap = m_limits.maxValues < INT64_MAX ? m_limits.maxValues + 1 : INT64_MAX;
    int64_t total = 1;
    int height = 1;
    const std::vector<uint32_t>& items = m_items[n.ref];
    const bool dict = n.kind == Kind::Dict;
    const std::vector<std::string_view> dropped =
        dict ? droppedKeys(n) : std::vector<std::string_view>{};
    for (size_t i = dict ? 1 : 0; i < items.size(); i += dict ? 2 : 1) {
        if (dict && isDropped(dropped, m_nodes[items[i - 1]], m_strings))
            continue;
        if (auto e = measure(items[i], depth + 1))
            return e;
        total = std::min(cap, total + std::min(cap, countOf(items[i])));
        if (isContainer(m_nodes[items[i]].kind))
            height = std::max(height, 1 + m_nodes[items[i]].depth);
    }
    n.onPath = false;
    n.depth = static_cast<uint16_t>(height);
    m_count[id] = total;
    return std::nullopt;
}

/// The JSON of @p id; measure() has bounded its size and nesting and found no cycle.
void Unpickler::build(uint32_t id, json& out) const {
    const Node& n = m_nodes[id];
    switch (n.kind) {
    case Kind::None:
        out = nullptr;
        return;
    case Kind::Bool:
        out = n.scalar != 0;
        return;
    case Kind::Int:
        out = n.scalar;
        return;
    case Kind::Float: {
        const auto bits = static_cast<uint64_t>(n.scalar);
        double d = 0;
        std::memcpy(&d, &bits, sizeof d);
        out = d;
        return;
    }
    case Kind::Str:
        out = std::string(m_strings[n.ref]);
        return;
    default:
        buildContainer(n, out);
    }
}

void Unpickler::buildContainer(const Node& n, json& out) const {
    const std::vector<uint32_t>& items = m_items[n.ref];
    if (n.kind == Kind::Dict) {
        out = json::object();
        const std::vector<std::string_view> dropped = droppedKeys(n);
        for (size_t i = 0; i + 1 < items.size(); i += 2) {
            const Node& key = m_nodes[items[i]];
            if (isDropped(dropped, key, m_strings))
                continue;
            std::string k = key.kind == Kind::Str ? std::string(m_strings[key.ref])
                                                  : std::to_string(key.scalar);
            build(items[i + 1], out[std::move(k)]); // a repeated key keeps its last value
        }
        return;
    }
    out = json::array();
    out.get_ref<json::array_t&>().reserve(items.size());
    for (uint32_t item : items) {
        out.push_back(nullptr);
        build(item, out.back());
    }
}

bool Unpickler::keyIs(uint32_t key, std::string_view s) const {
    const Node& k = m_nodes[key];
    return k.kind == Kind::Str && m_strings[k.ref] == s;
}

/// The keys @p dict leaves out of the JSON: each PickleDrop's `drop` whose `when` it has.
std::vector<std::string_view> Unpickler::droppedKeys(const Node& dict) const {
    std::vector<std::string_view> out;
    const std::vector<uint32_t>& items = m_items[dict.ref];
    for (const PickleDrop& d : m_drops)
        for (size_t i = 0; i < items.size(); i += 2)
            if (keyIs(items[i], d.when)) {
                out.push_back(d.drop);
                break;
            }
    return out;
}

bool Unpickler::isDropped(const std::vector<std::string_view>& dropped, const Node& key,
                          const std::vector<std::string_view>& strings) {
    if (dropped.empty() || key.kind != Kind::Str)
        return false;
    return std::find(dropped.begin(), dropped.end(), strings[key.ref]) != dropped.end();
}

// ---------------------------------------------------------------------------------------------
// The opcode table (Lib/pickletools.py's `opcodes`).

constexpr const char* kGlobal = "imports a module attribute";
constexpr const char* kCall = "calls an object";
constexpr const char* kBuild = "builds or updates an object";
constexpr const char* kPersistent = "asks for a persistent object";
constexpr const char* kExtension = "looks up the extension registry";
constexpr const char* kBytes = "is bytes (a memory snapshot has none)";
constexpr const char* kPy2 = "is a Python 2 string (bytes)";
constexpr const char* kBuffer = "is an out-of-band buffer";
constexpr const char* kText = "is protocol 0's text form, not read";

void addDataOps(std::array<OpEntry, 256>& t) {
    const auto op = [&t](unsigned char c, const char* name, Handler h) { t[c] = {name, h, {}}; };
    op('(', "MARK", &Unpickler::opMark);
    op('.', "STOP", nullptr);
    op('0', "POP", &Unpickler::opPop);
    op('1', "POP_MARK", &Unpickler::opPopMark);
    op('2', "DUP", &Unpickler::opDup);
    op('I', "INT", &Unpickler::opInt);
    op('J', "BININT", &Unpickler::opBinInt);
    op('K', "BININT1", &Unpickler::opBinInt1);
    op('L', "LONG", &Unpickler::opLong);
    op('M', "BININT2", &Unpickler::opBinInt2);
    op('N', "NONE", &Unpickler::opNone);
    op('X', "BINUNICODE", &Unpickler::opBinUnicode);
    op('a', "APPEND", &Unpickler::opAppend);
    op('d', "DICT", &Unpickler::opDict);
    op('}', "EMPTY_DICT", &Unpickler::opEmptyDict);
    op('e', "APPENDS", &Unpickler::opAppends);
    op('g', "GET", &Unpickler::opGet);
    op('h', "BINGET", &Unpickler::opBinGet);
    op('j', "LONG_BINGET", &Unpickler::opLongBinGet);
    op('l', "LIST", &Unpickler::opList);
    op(']', "EMPTY_LIST", &Unpickler::opEmptyList);
    op('p', "PUT", &Unpickler::opPut);
    op('q', "BINPUT", &Unpickler::opBinPut);
    op('r', "LONG_BINPUT", &Unpickler::opLongBinPut);
    op('s', "SETITEM", &Unpickler::opSetItem);
    op('t', "TUPLE", &Unpickler::opTuple);
    op(')', "EMPTY_TUPLE", &Unpickler::opEmptyTuple);
    op('u', "SETITEMS", &Unpickler::opSetItems);
    op('G', "BINFLOAT", &Unpickler::opBinFloat);
    op(0x80, "PROTO", &Unpickler::opProto);
    op(0x85, "TUPLE1", &Unpickler::opTuple1);
    op(0x86, "TUPLE2", &Unpickler::opTuple2);
    op(0x87, "TUPLE3", &Unpickler::opTuple3);
    op(0x88, "NEWTRUE", &Unpickler::opTrue);
    op(0x89, "NEWFALSE", &Unpickler::opFalse);
    op(0x8a, "LONG1", &Unpickler::opLong1);
    op(0x8b, "LONG4", &Unpickler::opLong4);
    op(0x8c, "SHORT_BINUNICODE", &Unpickler::opShortBinUnicode);
    op(0x8d, "BINUNICODE8", &Unpickler::opBinUnicode8);
    op(0x8f, "EMPTY_SET", &Unpickler::opEmptySet);
    op(0x90, "ADDITEMS", &Unpickler::opAddItems);
    op(0x91, "FROZENSET", &Unpickler::opFrozenSet);
    op(0x94, "MEMOIZE", &Unpickler::opMemoize);
    op(0x95, "FRAME", &Unpickler::opFrame);
}

void addRefusedOps(std::array<OpEntry, 256>& t) {
    const auto no = [&t](unsigned char c, const char* name, const char* why) {
        t[c] = {name, nullptr, why};
    };
    no('c', "GLOBAL", kGlobal);
    no(0x93, "STACK_GLOBAL", kGlobal);
    no('i', "INST", kCall);
    no('o', "OBJ", kCall);
    no('R', "REDUCE", kCall);
    no(0x81, "NEWOBJ", kCall);
    no(0x92, "NEWOBJ_EX", kCall);
    no('b', "BUILD", kBuild);
    no('P', "PERSID", kPersistent);
    no('Q', "BINPERSID", kPersistent);
    no(0x82, "EXT1", kExtension);
    no(0x83, "EXT2", kExtension);
    no(0x84, "EXT4", kExtension);
    no('B', "BINBYTES", kBytes);
    no('C', "SHORT_BINBYTES", kBytes);
    no(0x8e, "BINBYTES8", kBytes);
    no(0x96, "BYTEARRAY8", kBytes);
    no('S', "STRING", kPy2);
    no('T', "BINSTRING", kPy2);
    no('U', "SHORT_BINSTRING", kPy2);
    no(0x97, "NEXT_BUFFER", kBuffer);
    no(0x98, "READONLY_BUFFER", kBuffer);
    no('F', "FLOAT", kText);
    no('V', "UNICODE", kText);
}

const std::array<OpEntry, 256>& opTable() {
    static const std::array<OpEntry, 256> table = [] {
        std::array<OpEntry, 256> t{};
        addDataOps(t);
        addRefusedOps(t);
        return t;
    }();
    return table;
}

} // namespace

Result<json> readPickle(std::string_view bytes, const PickleLimits& limits,
                        const std::vector<PickleDrop>& drops) {
    return Unpickler(bytes, limits, drops).run();
}

} // namespace headroom
