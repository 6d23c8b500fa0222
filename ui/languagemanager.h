#pragma once
// Run-time language switching: installs the compiled-in translation (":/i18n/headroom_*.qm")
// and Qt's own, which sends QEvent::LanguageChange to every widget (retranslateUi). Under them,
// always installed, English plural forms for the source texts: tr("%n estimate(s)", "", n)
// reads "1 estimate" / "2 estimates" where no translation has the message (English, which has
// no .qm, or a string not translated yet).

#include <QObject>
#include <QString>
#include <QStringList>
#include <QTranslator>

#include <memory>

namespace headroom::ui {

class LanguageManager : public QObject {
    Q_OBJECT

public:
    explicit LanguageManager(QObject* parent = nullptr);
    ~LanguageManager() override;

    /// Language codes with a translation: "en", "de", "zh_CN".
    static QStringList available();
    /// The language's own name ("Deutsch", "简体中文").
    static QString nativeName(const QString& code);
    /// The best available language for the system locale.
    static QString systemLanguage();

    /// "" follows the system; otherwise one of available().
    void setLanguage(const QString& code);
    QString language() const { return m_choice; }
    QString effectiveLanguage() const { return m_effective; }

signals:
    void languageChanged(const QString& effective);

private:
    QString m_choice;
    QString m_effective = QStringLiteral("en");
    QTranslator m_app;
    QTranslator m_qt;
    std::unique_ptr<QTranslator> m_sourcePlurals; ///< English plurals of the source texts
    bool m_installed = false;
};

} // namespace headroom::ui
