#pragma once
// A data-only reader of Python pickles: the plain-data subset of the pickle machine (dicts,
// lists, tuples, sets, str, int, float, bool, None, and the memo that shares them), turned into
// JSON. It imports nothing, calls nothing and builds no object: every opcode that would
// (GLOBAL, STACK_GLOBAL, REDUCE, BUILD, INST, OBJ, NEWOBJ, NEWOBJ_EX, PERSID, BINPERSID,
// EXT1/2/4) is refused, as are bytes, out-of-band buffers and Python 2 strings.
//
// Source of the opcodes and their arguments: CPython's Lib/pickle.py (the opcode constants and
// _Unpickler.load_*), Modules/_pickle.c (load_* and the memo) and Lib/pickletools.py (the
// opcode table with each argument's encoding), as in Python 3.8 to 3.14.

#include "core/error.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace headroom {

/// Bounds on what a pickle may make this reader do. The defaults admit any memory snapshot of
/// PyTorch (torch.cuda.memory._dump_snapshot) up to 512 MiB; a caller that reads untrusted
/// input in a tight loop (the fuzz harness) lowers them.
struct PickleLimits {
    /// Bytes of input (FileTooLarge above; checked before anything is read).
    int64_t maxInputBytes = int64_t{512} << 20;
    /// Nesting of containers in the result: a list in a dict is at depth 2 (FieldOutOfRange
    /// above). Also the most MARKs open at once. At most 65,535.
    int maxDepth = 256;
    /// Values the pickle creates, entries on its stack, and values of the resulting JSON, each
    /// counted separately: a list the memo shares counts once per place it appears in the
    /// result, which is measured before any of it is built (FileTooLarge above). About 100
    /// bytes of memory per value of the result.
    int64_t maxValues = 50'000'000;
    /// Bytes of one string (FileTooLarge above; a length beyond the input left is
    /// HeaderMalformed before this is looked at).
    int64_t maxStringBytes = int64_t{64} << 20;
    /// Entries of the memo, PUT / BINPUT / LONG_BINPUT / MEMOIZE (FileTooLarge above).
    int64_t maxMemoEntries = 50'000'000;
    /// Items of one list, tuple, set or dict (a dict's key and value count as two;
    /// FileTooLarge above).
    int64_t maxContainerItems = int64_t{1} << 25;
};

/// A dict entry readPickle leaves out of the JSON: the key `drop` of every dict that also has
/// the key `when` (both str). What is left out is neither built nor counted nor checked for
/// depth; the memory-snapshot reader leaves out each trace entry's "frames" ({"frames",
/// "action"}), which a snapshot shares between entries and the JSON would copy into each.
struct PickleDrop {
    std::string drop;
    std::string when;
};

/// Reads a pickle of plain data, as Python 3.8-3.14's pickle.dump writes it with protocols 2 to
/// 5 (protocol 0/1 opcodes of plain data are read too), into JSON:
///   dict -> object (str keys; int keys become their decimal text; any other key: error),
///   list, tuple, set, frozenset -> array; str -> string (UTF-8); int -> integer (64-bit signed:
///   LONG1/LONG4 of at most 8 bytes); float -> number (finite only); True/False -> bool;
///   None -> null.
/// A container the memo shares (BINGET, GET, LONG_BINGET) is the same container wherever it is
/// referenced until STOP, so later APPENDS/SETITEMS through any reference show everywhere, as in
/// Python; the JSON holds one copy per place. The nodes live in an arena indexed by the memo.
/// A dict key repeated keeps its last value (Python's rule); JSON objects sort their keys.
///
/// Errors (field: the opcode's name as pickletools spells it, "pickle" for the input as a whole,
/// "opcode 0xNN" for a byte that is no opcode; detail: "at byte N: ...", N the opcode's offset):
///   HeaderMalformed: empty input; truncated argument or string (every length is checked
///     against the bytes left before anything is allocated); no STOP; bytes after STOP; STOP
///     with an open MARK or not exactly one value; stack underflow; a MARK missing or unclosed;
///     APPEND/SETITEM/ADDITEMS onto the wrong kind of object; a GET of an index never PUT;
///     a dict key that is not str or int; a string that is not UTF-8; a container that
///     contains itself (JSON cannot hold it; field STOP); any opcode outside the data subset,
///     named, with what it would have done;
///   FileTooLarge: above a PickleLimits bound on size, values, memo, container or string;
///   FieldOutOfRange: nesting above maxDepth, an integer beyond 64 bits;
///   FieldNotFinite: a NaN or infinite float (JSON has none);
///   UnsupportedVersion: PROTO above 5.
/// Time and memory are linear in the input and in the values of the result, both bounded by
/// @p limits; the reader recurses once per nesting level of the result (at most maxDepth).
Result<nlohmann::json> readPickle(std::string_view bytes, const PickleLimits& limits = {},
                                  const std::vector<PickleDrop>& drops = {});

} // namespace headroom
