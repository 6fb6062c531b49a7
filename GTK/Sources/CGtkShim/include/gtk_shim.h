#ifndef TEXTREVEAL_GTK_SHIM_H
#define TEXTREVEAL_GTK_SHIM_H

// What Swift cannot reach in GTK on its own: a GtkWidget subclass (GObject's type macros), and
// the variadic property calls. Everything else is called from Swift directly.

#include <gtk/gtk.h>

/// The functions every TextReveal widget calls back, set once for the process. `owner` is the
/// pointer given to trv_widget_set_owner; while it is NULL the widget draws nothing and asks
/// for no space.
typedef struct {
  /// GtkWidget's measure: the minimum and natural size along an orientation, for a size
  /// along the other one (-1 when none is given).
  void (*measure)(void *owner, GtkOrientation orientation, int for_size, int *minimum,
                  int *natural);
  /// GtkWidget's snapshot, with the widget's allocated width and height.
  void (*snapshot)(void *owner, GtkSnapshot *snapshot, int width, int height);
  /// GtkWidget's size_allocate.
  void (*size_allocate)(void *owner, int width, int height);
} TRVWidgetCallbacks;

/// Sets the callbacks of every TextReveal widget; call once, before the first widget draws.
void trv_widget_set_callbacks(const TRVWidgetCallbacks *callbacks);

/// A new TextReveal widget (height-for-width, floating reference) with an accessible role.
GtkWidget *trv_widget_new(GtkAccessibleRole role);

/// Sets or clears (NULL) the pointer the widget passes to the callbacks.
void trv_widget_set_owner(GtkWidget *widget, void *owner);

/// Whether a widget is a TextReveal widget.
gboolean trv_is_widget(GtkWidget *widget);

/// Sets the accessible label and description (NULL resets one).
void trv_accessible_set_label(GtkAccessible *accessible, const char *label,
                              const char *description);

/// Sets the accessible expanded state: 1 expanded, 0 collapsed, -1 none (not expandable).
void trv_accessible_set_expanded(GtkAccessible *accessible, int expanded);

/// An integer property of an object (g_object_get).
int trv_object_get_int(gpointer object, const char *property);

/// A boolean property of an object (g_object_get).
gboolean trv_object_get_boolean(gpointer object, const char *property);

/// A string property of an object, to free with g_free; NULL when unset.
char *trv_object_get_string(gpointer object, const char *property);

/// Sets a boolean property of an object (g_object_set).
void trv_object_set_boolean(gpointer object, const char *property, gboolean value);

/// Sets a string property of an object (g_object_set).
void trv_object_set_string(gpointer object, const char *property, const char *value);

#endif
