#include "QtShim.h"

#include <QFont>
#include <QFontInfo>
#include <QGuiApplication>
#include <QString>
#include <QTextLayout>
#include <QTextOption>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>

struct QtPeer {
  QFont font;
  QTextOption option;
  double width;
  std::unique_ptr<QTextLayout> last;
  std::vector<int> starts;
  std::vector<double> heights;
};

static QGuiApplication *application() {
  static int argc = 1;
  static char name[] = "textreveal-bench";
  static char *argv[] = {name, nullptr};
  static QGuiApplication *app = [] {
    // No display: the offscreen platform has Qt's font database (Fontconfig) all the same.
    setenv("QT_QPA_PLATFORM", "offscreen", 1);
    return new QGuiApplication(argc, argv);
  }();
  return app;
}

extern "C" QtPeer *qt_peer_create(const char *family, double pixel_size, double width,
                                  char *error, int error_size) {
  application();
  auto *peer = new QtPeer();
  peer->font = QFont(QString::fromUtf8(family));
  peer->font.setPixelSize(static_cast<int>(pixel_size));
  peer->font.setHintingPreference(QFont::PreferNoHinting);
  peer->font.setKerning(true);
  QFontInfo info(peer->font);
  if (info.family() != QString::fromUtf8(family)) {
    std::snprintf(error, error_size, "Qt gave %s for %s", info.family().toUtf8().constData(),
                  family);
    delete peer;
    return nullptr;
  }
  peer->option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
  peer->option.setUseDesignMetrics(true);
  peer->width = width;
  return peer;
}

extern "C" void qt_peer_destroy(QtPeer *peer) { delete peer; }

extern "C" int qt_peer_layout(QtPeer *peer, const char *utf8, int length, int line_limit,
                              int *truncated) {
  // A new text object for every layout, as the engine's check makes one.
  auto layout = std::make_unique<QTextLayout>(QString::fromUtf8(utf8, length), peer->font);
  layout->setTextOption(peer->option);
  layout->setCacheEnabled(false);
  peer->starts.clear();
  peer->heights.clear();
  layout->beginLayout();
  int count = 0;
  double y = 0;
  while (true) {
    QTextLine line = layout->createLine();
    if (!line.isValid()) break;
    line.setLineWidth(peer->width);
    line.setPosition(QPointF(0, y));
    y += line.height();
    peer->starts.push_back(line.textStart());
    peer->heights.push_back(y);
    count += 1;
    // The early exit: the line after the last shown one says whether the text goes on.
    if (line_limit > 0 && count > line_limit) break;
  }
  layout->endLayout();
  *truncated = line_limit > 0 && count > line_limit;
  peer->last = std::move(layout);
  return count;
}

extern "C" int qt_peer_line_starts(QtPeer *peer, int *starts, int capacity) {
  int count = static_cast<int>(peer->starts.size());
  for (int index = 0; index < count && index < capacity; index++) starts[index] = peer->starts[index];
  return count;
}

extern "C" double qt_peer_height(QtPeer *peer, int line_limit) {
  if (peer->heights.empty()) return 0;
  size_t index = line_limit > 0 && static_cast<size_t>(line_limit) < peer->heights.size()
                     ? static_cast<size_t>(line_limit) - 1
                     : peer->heights.size() - 1;
  return peer->heights[index];
}

extern "C" double qt_peer_natural_width(QtPeer *peer, const char *utf8) {
  QTextLayout layout(QString::fromUtf8(utf8), peer->font);
  QTextOption option = peer->option;
  option.setWrapMode(QTextOption::NoWrap);
  layout.setTextOption(option);
  layout.beginLayout();
  QTextLine line = layout.createLine();
  double width = 0;
  if (line.isValid()) {
    line.setLineWidth(1e6);
    width = line.naturalTextWidth();
  }
  layout.endLayout();
  return width;
}
