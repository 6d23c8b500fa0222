#pragma once
// Recently opened/saved scenario files, kept in QSettings and shown as a menu.

#include <QObject>
#include <QStringList>

class QMenu;

namespace headroom::ui {

class RecentFiles : public QObject {
    Q_OBJECT

public:
    RecentFiles(QMenu* menu, bool persistent, QObject* parent = nullptr);

    void add(const QString& path);
    void clear();
    QStringList files() const { return m_files; }
    void retranslate();

signals:
    void openRequested(const QString& path);

private:
    void rebuild();
    void save() const;

    QMenu* m_menu;
    bool m_persistent;
    QStringList m_files;
    static constexpr int kMax = 8;
};

} // namespace headroom::ui
