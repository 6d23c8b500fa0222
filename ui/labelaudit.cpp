#include "ui/labelaudit.h"

#include "ui/chartstyle.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSpinBox>
#include <QComboBox>
#include <QGraphicsEllipseItem>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QGraphicsView>
#include <QLabel>
#include <QLineEdit>
#include <QStyle>
#include <QStyleOptionComboBox>
#include <QTabBar>
#include <QTextDocument>
#include <QToolButton>

namespace headroom::ui {

namespace {

QString pathOf(const QWidget* w, const QWidget* root) {
    QStringList parts;
    for (const QWidget* p = w; p && p != root; p = p->parentWidget()) {
        const QString name = p->objectName();
        if (!name.isEmpty() && !name.startsWith(QLatin1String("qt_")))
            parts.prepend(name);
    }
    if (parts.isEmpty())
        parts << QString::fromLatin1(w->metaObject()->className());
    return parts.join(QLatin1Char('/'));
}

QString plainText(const QString& text) {
    if (!Qt::mightBeRichText(text))
        return text;
    QTextDocument doc;
    doc.setHtml(text);
    return doc.toPlainText();
}

/// A label without word wrap narrower than its text, or a wrapped one shorter than its lines.
bool labelCut(const QLabel* l) {
    if (l->text().isEmpty())
        return false;
    if (l->wordWrap())
        return l->hasHeightForWidth() && l->height() + 1 < l->heightForWidth(l->width());
    return l->width() + 1 < l->sizeHint().width() ||
           l->height() + 1 < l->minimumSizeHint().height();
}

bool buttonCut(const QAbstractButton* b) {
    if (b->text().isEmpty())
        return false;
    if (const auto* tb = qobject_cast<const QToolButton*>(b);
        tb && tb->toolButtonStyle() == Qt::ToolButtonIconOnly)
        return false;
    return b->width() + 1 < b->sizeHint().width();
}

bool comboCut(const QComboBox* c) {
    QStyleOptionComboBox opt;
    opt.initFrom(c);
    opt.editable = c->isEditable();
    opt.currentText = c->currentText();
    const QRect field =
        c->style()->subControlRect(QStyle::CC_ComboBox, &opt, QStyle::SC_ComboBoxEditField, c);
    return c->fontMetrics().horizontalAdvance(c->currentText()) > field.width() + 1;
}

bool lineEditCut(const QLineEdit* e) {
    const QMargins m = e->textMargins();
    const int room =
        e->contentsRect().width() - m.left() - m.right() - 4; // QLineEdit's 2 px a side
    return e->fontMetrics().horizontalAdvance(e->text()) > room + 1;
}

void auditTabBar(const QTabBar* bar, const QWidget* root, QList<LabelProblem>& out) {
    const int pad = bar->style()->pixelMetric(QStyle::PM_TabBarTabHSpace, nullptr, bar);
    for (int i = 0; i < bar->count(); ++i) {
        QString text = bar->tabText(i);
        text.remove(QLatin1Char('&'));
        const QRect r = bar->tabRect(i);
        if (!bar->rect().contains(r.adjusted(1, 0, -1, 0)))
            out.append({LabelProblem::Kind::Outside, pathOf(bar, root), text});
        else if (r.width() + 1 < bar->fontMetrics().horizontalAdvance(text) + pad)
            out.append({LabelProblem::Kind::Cut, pathOf(bar, root), text});
    }
}

void auditItemView(const QAbstractItemView* v, const QWidget* root, QList<LabelProblem>& out) {
    const QAbstractItemModel* model = v->model();
    if (!model)
        return;
    const QRect port = v->viewport()->rect();
    const int margin = v->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, v) + 1;
    const int rows = std::min(model->rowCount(v->rootIndex()), 400);
    const int cols = std::min(model->columnCount(v->rootIndex()), 40);
    for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < cols; ++c) {
            const QModelIndex idx = model->index(r, c, v->rootIndex());
            const QRect rect = v->visualRect(idx);
            const QString text = idx.data(Qt::DisplayRole).toString();
            if (text.isEmpty() || !rect.isValid() || !port.intersects(rect))
                continue;
            QFont f = v->font();
            if (const QVariant fv = idx.data(Qt::FontRole); fv.isValid())
                f = fv.value<QFont>();
            const QFontMetrics fm(f);
            const bool hasIcon = idx.data(Qt::DecorationRole).isValid();
            const int room = rect.width() - 2 * margin - (hasIcon ? v->iconSize().width() + 4 : 0);
            const QRect need =
                fm.boundingRect(QRect(0, 0, std::max(1, room), 100000), Qt::TextWordWrap, text);
            const bool wrap = v->property("wordWrap").toBool();
            const bool cut =
                wrap ? need.height() > rect.height() ||
                           fm.horizontalAdvance(text.section(QLatin1Char(' '), 0, 0)) > room
                     : fm.horizontalAdvance(text) > room;
            if (cut)
                out.append({LabelProblem::Kind::Cut, pathOf(v, root), text});
        }
    }
}

struct SceneText {
    QRectF rect;
    QString text;
    bool overlay = false; // one of our ChartLabels
};

void auditChart(const QGraphicsView* view, const QWidget* root, QList<LabelProblem>& out) {
    const QGraphicsScene* scene = view->scene();
    if (!scene)
        return;
    const QRectF port = QRectF(view->viewport()->rect()).adjusted(-1, -1, 1, 1);
    std::vector<SceneText> texts;
    std::vector<QRectF> dots; // point markers (the current point, a peak): no overlay on them
    for (const QGraphicsItem* item : scene->items()) {
        if (!item->isVisible() || item->effectiveOpacity() < 0.05)
            continue;
        if (dynamic_cast<const QGraphicsEllipseItem*>(item)) {
            dots.push_back(view->mapFromScene(item->sceneBoundingRect()).boundingRect());
            continue;
        }
        // clipped away by its parent (QtCharts keeps stale axis labels of an empty range)
        if (item->isClipped() && item->mapToScene(item->clipPath()).boundingRect().width() < 1)
            continue;
        SceneText t;
        if (const auto* label = dynamic_cast<const ChartLabel*>(item)) {
            t.text = label->text();
            t.overlay = true;
        } else if (dynamic_cast<const ChartLabel*>(item->parentItem())) {
            continue; // the text inside a ChartLabel: its plate stands for it
        } else if (const auto* s = dynamic_cast<const QGraphicsSimpleTextItem*>(item)) {
            t.text = s->text();
        } else if (const auto* g = dynamic_cast<const QGraphicsTextItem*>(item)) {
            t.text = g->toPlainText();
        } else {
            continue;
        }
        if (t.text.trimmed().isEmpty())
            continue;
        t.rect = view->mapFromScene(item->sceneBoundingRect()).boundingRect();
        texts.push_back(t);
        if (texts.size() > 400)
            break;
    }
    auto elided = [](const SceneText& t) {
        return t.text.contains(QLatin1String("...")) || t.text.contains(QChar(0x2026));
    };
    for (const SceneText& t : texts) {
        const QString where = QStringLiteral("%1 @%2,%3 %4x%5")
                                  .arg(pathOf(view, root))
                                  .arg(t.rect.x(), 0, 'f', 0)
                                  .arg(t.rect.y(), 0, 'f', 0)
                                  .arg(t.rect.width(), 0, 'f', 0)
                                  .arg(t.rect.height(), 0, 'f', 0);
        // QtCharts leaves a stale, elided copy of an axis label under the label it lays out
        // anew; a text wholly under a readable one is not seen
        const bool covered = std::any_of(texts.begin(), texts.end(), [&](const SceneText& o) {
            return &o != &t && !elided(o) && o.rect.contains(t.rect);
        });
        if (elided(t) && !covered)
            out.append({LabelProblem::Kind::Elided, where, t.text});
        else if (!port.contains(t.rect) && !covered)
            out.append({LabelProblem::Kind::Outside, where, t.text});
    }
    for (const SceneText& t : texts) {
        if (!t.overlay)
            continue;
        for (const QRectF& dot : dots) {
            const QRectF both = t.rect.intersected(dot);
            if (both.width() > 1.5 && both.height() > 1.5)
                out.append({LabelProblem::Kind::Overlap, pathOf(view, root),
                            t.text + QStringLiteral(" | (point marker)")});
        }
    }
    for (size_t i = 0; i < texts.size(); ++i) {
        for (size_t j = i + 1; j < texts.size(); ++j) {
            if (!texts[i].overlay && !texts[j].overlay)
                continue; // QtCharts lays out its own texts; ours must keep clear of them
            const QRectF both = texts[i].rect.intersected(texts[j].rect);
            if (both.width() > 1.5 && both.height() > 1.5)
                out.append({LabelProblem::Kind::Overlap, pathOf(view, root),
                            texts[i].text + QStringLiteral(" | ") + texts[j].text});
        }
    }
}

void auditWidget(const QWidget* w, const QWidget* root, QList<LabelProblem>& out) {
    auto cut = [&](const QString& text) {
        out.append({LabelProblem::Kind::Cut, pathOf(w, root), plainText(text)});
    };
    if (w->property(kElidedProperty).toBool())
        cut(w->accessibleName());
    if (const auto* l = qobject_cast<const QLabel*>(w)) {
        if (labelCut(l))
            cut(l->text());
    } else if (const auto* b = qobject_cast<const QAbstractButton*>(w)) {
        if (buttonCut(b))
            cut(b->text());
    } else if (const auto* c = qobject_cast<const QComboBox*>(w)) {
        if (comboCut(c))
            cut(c->currentText());
    } else if (const auto* e = qobject_cast<const QLineEdit*>(w)) {
        if (lineEditCut(e))
            cut(e->text());
    } else if (const auto* t = qobject_cast<const QTabBar*>(w)) {
        auditTabBar(t, root, out);
    } else if (const auto* v = qobject_cast<const QAbstractItemView*>(w)) {
        auditItemView(v, root, out);
    } else if (const auto* g = qobject_cast<const QGraphicsView*>(w)) {
        auditChart(g, root, out);
    }
}

} // namespace

QList<LabelProblem> auditLabels(const QWidget* root) {
    QList<LabelProblem> out;
    if (!root || !root->isVisible())
        return out;
    auditWidget(root, root, out);
    for (const QWidget* w : root->findChildren<QWidget*>()) {
        if (w->isVisible() && w->width() > 0 && w->height() > 0 && !w->isWindow())
            auditWidget(w, root, out);
    }
    return out;
}

QString kindName(LabelProblem::Kind k) {
    switch (k) {
    case LabelProblem::Kind::Cut:
        return QStringLiteral("cut");
    case LabelProblem::Kind::Elided:
        return QStringLiteral("elided");
    case LabelProblem::Kind::Overlap:
        return QStringLiteral("overlap");
    case LabelProblem::Kind::Outside:
        return QStringLiteral("outside");
    }
    return {};
}

} // namespace headroom::ui
