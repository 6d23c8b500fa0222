#include "ui/languagemanager.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>

namespace headroom::ui {

namespace {

/// English plurals of a source text with "(s)" (Qt's %n convention): dropped for n = 1, "s"
/// otherwise; no answer for a message without a count or without "(s)". Qt replaces %n after.
class SourcePlurals : public QTranslator {
public:
    bool isEmpty() const override { return false; }
    QString translate(const char*, const char* source, const char*, int n) const override {
        if (n < 0 || !source)
            return {};
        QString text = QString::fromUtf8(source);
        if (!text.contains(QLatin1String("(s)")))
            return {};
        return text.replace(QLatin1String("(s)"), n == 1 ? QString() : QStringLiteral("s"));
    }
};

} // namespace

LanguageManager::LanguageManager(QObject* parent)
    : QObject(parent), m_sourcePlurals(std::make_unique<SourcePlurals>()) {
    // installed first, so every translation installed later answers before it
    QCoreApplication::installTranslator(m_sourcePlurals.get());
}

LanguageManager::~LanguageManager() {
    QCoreApplication::removeTranslator(m_sourcePlurals.get());
}

QStringList LanguageManager::available() {
    return {QStringLiteral("en"), QStringLiteral("de"), QStringLiteral("zh_CN")};
}

QString LanguageManager::nativeName(const QString& code) {
    if (code == QLatin1String("de")) {
        return QStringLiteral("Deutsch");
    }
    if (code == QLatin1String("zh_CN")) {
        return QStringLiteral("简体中文");
    }
    return QStringLiteral("English");
}

QString LanguageManager::systemLanguage() {
    for (const QString& ui : QLocale::system().uiLanguages()) {
        const QString l = QString(ui).replace(QLatin1Char('-'), QLatin1Char('_'));
        if (l.startsWith(QLatin1String("de"))) {
            return QStringLiteral("de");
        }
        if (l.startsWith(QLatin1String("zh"))) {
            return QStringLiteral("zh_CN");
        }
        if (l.startsWith(QLatin1String("en"))) {
            return QStringLiteral("en");
        }
    }
    return QStringLiteral("en");
}

void LanguageManager::setLanguage(const QString& code) {
    m_choice = available().contains(code) ? code : QString();
    const QString eff = m_choice.isEmpty() ? systemLanguage() : m_choice;
    // the number format first: (un)installing a translator retranslates (and reformats) at once
    QLocale::setDefault(QLocale(eff));
    if (m_installed) {
        QCoreApplication::removeTranslator(&m_app);
        QCoreApplication::removeTranslator(&m_qt);
        m_installed = false;
    }
    m_effective = eff;
    if (eff != QLatin1String("en")) {
        const bool appOk = m_app.load(QStringLiteral(":/i18n/headroom_%1.qm").arg(eff));
        const bool qtOk = m_qt.load(QStringLiteral("qtbase_%1").arg(eff),
                                    QLibraryInfo::path(QLibraryInfo::TranslationsPath));
        if (qtOk) {
            QCoreApplication::installTranslator(&m_qt);
        }
        if (appOk) {
            QCoreApplication::installTranslator(&m_app);
        }
        m_installed = appOk || qtOk;
    }
    emit languageChanged(eff);
}

} // namespace headroom::ui
