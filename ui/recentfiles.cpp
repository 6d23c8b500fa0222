#include "ui/recentfiles.h"

#include <QAction>
#include <QDir>
#include <QFileInfo>
#include <QMenu>
#include <QSettings>

namespace headroom::ui {

RecentFiles::RecentFiles(QMenu* menu, bool persistent, QObject* parent)
    : QObject(parent), m_menu(menu), m_persistent(persistent) {
    if (m_persistent) {
        m_files = QSettings().value(QStringLiteral("recentFiles")).toStringList();
    }
    rebuild();
}

void RecentFiles::add(const QString& path) {
    const QString abs = QFileInfo(path).absoluteFilePath();
    m_files.removeAll(abs);
    m_files.prepend(abs);
    while (m_files.size() > kMax) {
        m_files.removeLast();
    }
    save();
    rebuild();
}

void RecentFiles::clear() {
    m_files.clear();
    save();
    rebuild();
}

void RecentFiles::save() const {
    if (m_persistent) {
        QSettings().setValue(QStringLiteral("recentFiles"), m_files);
    }
}

void RecentFiles::retranslate() {
    rebuild();
}

void RecentFiles::rebuild() {
    m_menu->clear();
    int i = 1;
    for (const QString& f : m_files) {
        const QString label =
            tr("&%1 %2").arg(i++).arg(QDir::toNativeSeparators(QFileInfo(f).fileName()));
        QAction* a = m_menu->addAction(label);
        a->setToolTip(QDir::toNativeSeparators(f));
        a->setStatusTip(QDir::toNativeSeparators(f));
        connect(a, &QAction::triggered, this, [this, f] { emit openRequested(f); });
    }
    if (!m_files.isEmpty()) {
        m_menu->addSeparator();
    }
    QAction* clearAct = m_menu->addAction(tr("Clear Recent Files"));
    clearAct->setEnabled(!m_files.isEmpty());
    connect(clearAct, &QAction::triggered, this, &RecentFiles::clear);
    m_menu->setEnabled(true);
}

} // namespace headroom::ui
