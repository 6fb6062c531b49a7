#ifndef QTSHIM_H
#define QTSHIM_H

// A C interface to Qt 6's QTextLayout for the benchmarks: the peer lays text out the way
// TextReveal's engine does (the same font file's family, pixel size, width, unhinted design
// metrics, wrapping at words and then anywhere), with an early exit after the line past the
// limit.

#ifdef __cplusplus
extern "C" {
#endif

typedef struct QtPeer QtPeer;

/// Starts Qt (a QGuiApplication on the offscreen platform, once per process) and makes a peer
/// for a font family at a pixel size and a line width. Returns NULL and writes a message to
/// `error` when Qt does not give that family.
QtPeer *qt_peer_create(const char *family, double pixel_size, double width, char *error,
                       int error_size);

void qt_peer_destroy(QtPeer *peer);

/// Lays out UTF-8 text in a new QTextLayout, creating lines until `line_limit + 1` lines exist
/// (0: no limit). Returns the number of lines laid out; `truncated` is set when text is left
/// after the first `line_limit` lines.
int qt_peer_layout(QtPeer *peer, const char *utf8, int length, int line_limit, int *truncated);

/// The number of lines of the last layout, and their starts in UTF-16 code units (at most
/// `capacity` of them written to `starts`).
int qt_peer_line_starts(QtPeer *peer, int *starts, int capacity);

/// The height of the first `line_limit` lines of the last layout (all lines for 0), in pixels.
double qt_peer_height(QtPeer *peer, int line_limit);

/// The natural width of a one-line layout of `utf8`, in pixels: for the set-up check.
double qt_peer_natural_width(QtPeer *peer, const char *utf8);

#ifdef __cplusplus
}
#endif

#endif
