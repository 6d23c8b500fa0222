// cli_common.cpp: errors, value parsing and unit formatting shared by the subcommands.

#include "app/cli_common.h"
#include "core/units.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <cmath>
#include <cstdio>
#include <iostream>
#include <sstream>

namespace headroom::cli {

void usageError(const std::string& message) {
    throw CliError(kExitUsage, message);
}

void dataError(const std::string& message) {
    throw CliError(kExitData, message);
}

void dataError(const Error& e, const std::string& context) {
    throw CliError(kExitData, context + describe(e));
}

std::string str(const QString& s) {
    return s.toStdString();
}

bool parseOrThrow(QCommandLineParser& parser, const QStringList& args) {
    if (!parser.parse(args))
        usageError(str(parser.errorText()) + " (see --help)");
    if (parser.isSet(QStringLiteral("help"))) {
        // Qt's usage line names the executable as started ("./headroom-cli [options]"); name
        // the subcommand too, as args[0] does ("headroom-cli estimate [options]")
        QString help = parser.helpText();
        const QString exe = QCoreApplication::arguments().value(0);
        const qsizetype at = exe.isEmpty() ? -1 : help.indexOf(exe);
        if (!args.isEmpty() && at >= 0 && at < help.indexOf(QLatin1Char('\n')))
            help.replace(at, exe.size(), args.first());
        out(str(help));
        return false;
    }
    return true;
}

int64_t parseInt(const QString& text, const std::string& option, int64_t min, int64_t max) {
    bool ok = false;
    const qlonglong x = text.trimmed().toLongLong(&ok);
    if (!ok || x < min || x > max)
        usageError(option + ": expected an integer in [" + std::to_string(min) + ", " +
                   std::to_string(max) + "], got '" + str(text.trimmed()) + "'");
    return x;
}

std::optional<int64_t> intOption(const QCommandLineParser& p, const QString& name, int64_t min,
                                 int64_t max) {
    if (!p.isSet(name))
        return std::nullopt;
    return parseInt(p.value(name), "--" + str(name), min, max);
}

std::vector<int64_t> intListOption(const QCommandLineParser& p, const QString& name, int64_t min,
                                   int64_t max, int64_t maxCount) {
    const std::string option = "--" + str(name);
    const QStringList parts = p.value(name).split(QLatin1Char(','), Qt::SkipEmptyParts);
    if (parts.size() > maxCount)
        usageError(option + ": at most " + std::to_string(maxCount) + " values (got " +
                   std::to_string(parts.size()) + ")");
    std::vector<int64_t> out;
    for (const QString& part : parts)
        out.push_back(parseInt(part, option, min, max));
    if (out.empty())
        usageError(option + ": give at least one value");
    return out;
}

double parseByteSize(const QString& text, const std::string& option) {
    static const QRegularExpression re(
        QStringLiteral(R"(^\s*([0-9]*\.?[0-9]+(?:[eE][+-]?[0-9]+)?)\s*([A-Za-z]*)\s*$)"));
    const auto m = re.match(text);
    if (!m.hasMatch())
        usageError(option + ": expected a size such as 80GiB or 80GB, got '" + str(text) + "'");
    const double x = m.captured(1).toDouble();
    const QString unit = m.captured(2).toLower();
    double scale = 0;
    if (unit == QLatin1String("b"))
        scale = 1;
    else if (unit == QLatin1String("kb"))
        scale = 1e3;
    else if (unit == QLatin1String("mb"))
        scale = 1e6;
    else if (unit == QLatin1String("gb"))
        scale = 1e9;
    else if (unit == QLatin1String("tb"))
        scale = 1e12;
    else if (unit == QLatin1String("kib"))
        scale = 1024.0;
    else if (unit == QLatin1String("mib"))
        scale = kMiB;
    else if (unit == QLatin1String("gib"))
        scale = kGiB;
    else if (unit == QLatin1String("tib"))
        scale = kTiB;
    else if (unit.isEmpty())
        usageError(option + ": give a unit: '" + str(text) + "GB' (1e9 bytes) or '" + str(text) +
                   "GiB' (2^30 bytes)");
    else
        usageError(option + ": unknown unit '" + str(m.captured(2)) +
                   "' (use B, KB, MB, GB, TB, KiB, MiB, GiB or TiB)");
    // GPU memory is counted in whole MiB (GpuSpec::memoryMiB): below 1 MiB is a 0-byte GPU.
    const double bytes = x * scale;
    if (!std::isfinite(bytes) || bytes < kMiB || bytes > 1e15)
        usageError(option + ": size out of range: give 1MiB to 1PB (got '" + str(text) + "')");
    return bytes;
}

double parseParamCount(const QString& text, const std::string& option) {
    static const QRegularExpression re(
        QStringLiteral(R"(^\s*([0-9]*\.?[0-9]+(?:[eE][+-]?[0-9]+)?)\s*([kKmMbBtT]?)\s*$)"));
    const auto m = re.match(text);
    if (!m.hasMatch())
        usageError(option + ": expected a parameter count such as 7e9, 7B or 350M, got '" +
                   str(text) + "'");
    double x = m.captured(1).toDouble();
    const QString s = m.captured(2).toLower();
    if (s == QLatin1String("k"))
        x *= 1e3;
    else if (s == QLatin1String("m"))
        x *= 1e6;
    else if (s == QLatin1String("b"))
        x *= 1e9;
    else if (s == QLatin1String("t"))
        x *= 1e12;
    if (!std::isfinite(x) || x < 1e6 || x > 1e13)
        usageError(option + ": must be between 1e6 and 1e13 parameters (got '" + str(text) + "')");
    return x;
}

std::string fmtNum(double x, int decimals) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, x);
    return buf;
}

std::string fmtGiB(double bytes, int decimals) {
    return fmtNum(bytes / kGiB, decimals) + " GiB";
}

std::string fmtGB(double bytes, int decimals) {
    return fmtNum(bytes / 1e9, decimals) + " GB";
}

std::string fmtInt(double bytes) {
    const bool neg = bytes < 0;
    std::string digits = fmtNum(std::fabs(std::round(bytes)), 0);
    std::string outStr;
    const int n = static_cast<int>(digits.size());
    for (int i = 0; i < n; ++i) {
        outStr += digits[static_cast<std::size_t>(i)];
        const int left = n - 1 - i;
        if (left > 0 && left % 3 == 0)
            outStr += ',';
    }
    return neg ? "-" + outStr : outStr;
}

std::string fmtCount(double n) {
    if (n < 1e4)
        return fmtNum(n, 0);
    const int e = static_cast<int>(std::floor(std::log10(n)));
    double mant = n / std::pow(10.0, e);
    int exp = e;
    if (std::round(mant * 100) >= 1000) { // 9.996e9 -> 1.00e10
        mant /= 10;
        ++exp;
    }
    return fmtNum(mant, 2) + "e" + std::to_string(exp);
}

void out(const std::string& text) {
    std::cout << text;
    if (!text.empty() && text.back() != '\n')
        std::cout << '\n';
    std::cout.flush();
}

void err(const std::string& text) {
    std::cerr << text;
    if (!text.empty() && text.back() != '\n')
        std::cerr << '\n';
}

} // namespace headroom::cli
