#include "ui/savefile.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

namespace headroom {

namespace {

bool fail(QString* error, const QString& why) {
    if (error) {
        *error = why;
    }
    return false;
}

/// Writes all of @p bytes, call after call: a write() that stops short (the file-size limit
/// reached mid-call) is retried, and the retry gets the system's reason ("File too large").
bool writeAll(QFileDevice& file, const QByteArray& bytes) {
    qint64 done = 0;
    while (done < bytes.size()) {
        const qint64 n = file.write(bytes.constData() + done, bytes.size() - done);
        if (n <= 0) {
            return false;
        }
        done += n;
    }
    return true;
}

QString reason(const QFileDevice& file) {
    return file.error() != QFileDevice::NoError
               ? file.errorString()
               : QCoreApplication::translate("SaveFile", "the data could not be written");
}

} // namespace

bool saveFile(const QString& path, const QByteArray& bytes, QString* error) {
    const QFileInfo info(path);
    if (info.exists() && !info.isFile() && !info.isDir()) {
        // A device or FIFO is written in place: replacing it with a file would destroy it.
        QFile device(path);
        if (!device.open(QIODevice::WriteOnly | QIODevice::Unbuffered) ||
            !writeAll(device, bytes)) {
            return fail(error, reason(device));
        }
        return true;
    }
    // Unbuffered, and flushed and checked before commit(): under Qt 6.4 a buffered write()
    // reports success even when the later flush fails, and commit() would then rename the
    // truncated temporary file over the old one.
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Unbuffered)) {
        return fail(error, file.errorString());
    }
    if (!writeAll(file, bytes) || !file.flush() || file.error() != QFileDevice::NoError) {
        const QString why = reason(file);
        file.cancelWriting(); // the destructor removes the temporary file
        return fail(error, why);
    }
    if (!file.commit()) {
        return fail(error, file.errorString());
    }
    return true;
}

bool saveFile(const QString& path, const SaveWriter& write, QString* error) {
    // Encoded in memory first (a scenario, a PNG or an SVG: megabytes at most), so that the
    // file is written by the one checked loop above whatever the encoder does with errors.
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (!write(buffer)) {
        return fail(error,
                    QCoreApplication::translate("SaveFile", "the content could not be encoded"));
    }
    buffer.close();
    return saveFile(path, bytes, error);
}

} // namespace headroom
