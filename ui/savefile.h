#pragma once
// The one save path of the app and the CLI: every file Headroom writes (scenario, PNG / SVG
// export, screenshot, `headroom-cli --save-scenario`) goes through saveFile(). Qt Core only, so
// headroom-cli compiles it without the widgets.
//
// Why not QSaveFile alone: under Qt 6.4 a buffered QSaveFile::write() returns the full size
// even when the flush of its buffer fails later (disk full, RLIMIT_FSIZE), and commit() then
// renames the truncated temporary file over the user's file. saveFile() writes unbuffered and
// checks every write, the flush and the device's error before it commits, so a failed save
// leaves the old file byte for byte intact.

#include <QByteArray>
#include <QString>

#include <functional>

class QIODevice;

namespace headroom {

/// Writes the content of a file into the device; returns false when it could not.
using SaveWriter = std::function<bool(QIODevice& device)>;

/// Replaces @p path atomically with @p bytes: QSaveFile, unbuffered, every write and the
/// flush checked before commit(). An existing device or FIFO (/dev/null, /dev/full) is written
/// in place instead, never replaced. Returns false on any failure with the reason ("File too
/// large", "No space left on device") in @p error; the old file is then byte for byte intact.
bool saveFile(const QString& path, const QByteArray& bytes, QString* error = nullptr);

/// saveFile() of what @p write encodes (into memory first; a false return is a failure too).
bool saveFile(const QString& path, const SaveWriter& write, QString* error = nullptr);

} // namespace headroom
