#include "gtk_shim.h"

#define TRV_TYPE_WIDGET (trv_widget_get_type())
G_DECLARE_FINAL_TYPE(TRVWidget, trv_widget, TRV, WIDGET, GtkWidget)

struct _TRVWidget {
  GtkWidget parent_instance;
  void *owner;
};

G_DEFINE_FINAL_TYPE(TRVWidget, trv_widget, GTK_TYPE_WIDGET)

static TRVWidgetCallbacks callbacks;

void trv_widget_set_callbacks(const TRVWidgetCallbacks *given) { callbacks = *given; }

static void trv_widget_measure(GtkWidget *widget, GtkOrientation orientation, int for_size,
                               int *minimum, int *natural, int *minimum_baseline,
                               int *natural_baseline) {
  TRVWidget *self = TRV_WIDGET(widget);
  *minimum = 0;
  *natural = 0;
  if (self->owner != NULL && callbacks.measure != NULL) {
    callbacks.measure(self->owner, orientation, for_size, minimum, natural);
  }
}

static void trv_widget_snapshot(GtkWidget *widget, GtkSnapshot *snapshot) {
  TRVWidget *self = TRV_WIDGET(widget);
  if (self->owner != NULL && callbacks.snapshot != NULL) {
    callbacks.snapshot(self->owner, snapshot, gtk_widget_get_width(widget),
                       gtk_widget_get_height(widget));
  }
}

static void trv_widget_size_allocate(GtkWidget *widget, int width, int height, int baseline) {
  TRVWidget *self = TRV_WIDGET(widget);
  if (self->owner != NULL && callbacks.size_allocate != NULL) {
    callbacks.size_allocate(self->owner, width, height);
  }
}

static GtkSizeRequestMode trv_widget_get_request_mode(GtkWidget *widget) {
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void trv_widget_class_init(TRVWidgetClass *class) {
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(class);
  widget_class->measure = trv_widget_measure;
  widget_class->snapshot = trv_widget_snapshot;
  widget_class->size_allocate = trv_widget_size_allocate;
  widget_class->get_request_mode = trv_widget_get_request_mode;
}

static void trv_widget_init(TRVWidget *self) { self->owner = NULL; }

GtkWidget *trv_widget_new(GtkAccessibleRole role) {
  return GTK_WIDGET(g_object_new(TRV_TYPE_WIDGET, "accessible-role", role, NULL));
}

void trv_widget_set_owner(GtkWidget *widget, void *owner) { TRV_WIDGET(widget)->owner = owner; }

gboolean trv_is_widget(GtkWidget *widget) { return TRV_IS_WIDGET(widget); }

void trv_accessible_set_label(GtkAccessible *accessible, const char *label,
                              const char *description) {
  if (label != NULL) {
    gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  } else {
    gtk_accessible_reset_property(accessible, GTK_ACCESSIBLE_PROPERTY_LABEL);
  }
  if (description != NULL) {
    gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description,
                                   -1);
  } else {
    gtk_accessible_reset_property(accessible, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
  }
}

void trv_accessible_set_expanded(GtkAccessible *accessible, int expanded) {
  if (expanded < 0) {
    gtk_accessible_reset_state(accessible, GTK_ACCESSIBLE_STATE_EXPANDED);
  } else {
    gtk_accessible_update_state(accessible, GTK_ACCESSIBLE_STATE_EXPANDED, (gboolean)expanded,
                                -1);
  }
}

int trv_object_get_int(gpointer object, const char *property) {
  int value = 0;
  g_object_get(object, property, &value, NULL);
  return value;
}

gboolean trv_object_get_boolean(gpointer object, const char *property) {
  gboolean value = FALSE;
  g_object_get(object, property, &value, NULL);
  return value;
}

char *trv_object_get_string(gpointer object, const char *property) {
  char *value = NULL;
  g_object_get(object, property, &value, NULL);
  return value;
}

void trv_object_set_boolean(gpointer object, const char *property, gboolean value) {
  g_object_set(object, property, value, NULL);
}

void trv_object_set_string(gpointer object, const char *property, const char *value) {
  g_object_set(object, property, value, NULL);
}
