#ifndef GTKHUD_CGTK_SHIM_H
#define GTKHUD_CGTK_SHIM_H

/*
 * CGtk: GTK 4 and libadwaita for Swift.
 *
 * Swift imports ordinary C functions directly. This header adds what it
 * cannot import: variadic functions, function-like macros (type ids, casts,
 * version checks) and symbols newer than the GTK 4.8 / libadwaita 1.2 headers
 * we build against, which are looked up at run time with dlsym so that one
 * build lights them up on newer distributions.
 */

#include <gtk/gtk.h>
#include <adwaita.h>
#include <glib-unix.h>
#include <dlfcn.h>
#include <stdbool.h>
#include <libintl.h>  /* dgettext and bindtextdomain for the gtkhud domain */
#include <locale.h>

/* ---- Fundamental type ids (G_TYPE_* are macros) ---- */
static inline GType gtkhud_type_boolean(void) { return G_TYPE_BOOLEAN; }
static inline GType gtkhud_type_int(void) { return G_TYPE_INT; }
static inline GType gtkhud_type_uint(void) { return G_TYPE_UINT; }
static inline GType gtkhud_type_double(void) { return G_TYPE_DOUBLE; }
static inline GType gtkhud_type_string(void) { return G_TYPE_STRING; }
static inline GType gtkhud_type_object(void) { return G_TYPE_OBJECT; }
static inline GType gtkhud_type_pointer(void) { return G_TYPE_POINTER; }

/* ---- Type checks and casts (macros in C) ---- */
static inline GType gtkhud_instance_type(gpointer instance) { return G_TYPE_FROM_INSTANCE(instance); }
static inline GType gtkhud_class_type(gpointer klass) { return G_TYPE_FROM_CLASS(klass); }
static inline gboolean gtkhud_is_a(gpointer instance, GType type) {
    return instance != NULL && G_TYPE_CHECK_INSTANCE_TYPE(instance, type);
}
static inline GObjectClass *gtkhud_object_class(gpointer klass) { return G_OBJECT_CLASS(klass); }
static inline GtkWidgetClass *gtkhud_widget_class(gpointer klass) { return GTK_WIDGET_CLASS(klass); }
static inline GtkWidget *gtkhud_widget(gpointer instance) { return (GtkWidget *)instance; }
static inline GtkAccessible *gtkhud_accessible(gpointer instance) { return (GtkAccessible *)instance; }

/* g_object_new is variadic: create with no properties. */
static inline gpointer gtkhud_object_new(GType type) {
    return g_object_new_with_properties(type, 0, NULL, NULL);
}

/* A widget with a per-instance accessible role (construct-only property). */
static inline gpointer gtkhud_object_new_with_role(GType type, GtkAccessibleRole role) {
    const char *names[1] = { "accessible-role" };
    GValue values[1] = { G_VALUE_INIT };
    g_value_init(&values[0], GTK_TYPE_ACCESSIBLE_ROLE);
    g_value_set_enum(&values[0], role);
    gpointer object = g_object_new_with_properties(type, 1, names, values);
    g_value_unset(&values[0]);
    return object;
}

/* The widget's CSS colour (gtk_widget_get_color is 4.10; the style context is 4.8's way). */
static inline GdkRGBA gtkhud_widget_color(GtkWidget *widget) {
    GdkRGBA color = { 0, 0, 0, 1 };
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    gtk_style_context_get_color(gtk_widget_get_style_context(widget), &color);
    G_GNUC_END_IGNORE_DEPRECATIONS
    return color;
}

/* g_signal_connect is a macro over g_signal_connect_data. */
static inline gulong gtkhud_signal_connect(gpointer instance, const char *signal, GCallback handler,
                                           gpointer data, GClosureNotify destroy, gboolean after) {
    return g_signal_connect_data(instance, signal, handler, data, destroy, after ? G_CONNECT_AFTER : 0);
}

/* g_signal_emit_by_name is variadic: emit a signal that takes no arguments and returns nothing. */
static inline void gtkhud_signal_emit_simple(gpointer instance, const char *signal) {
    g_signal_emit_by_name(instance, signal);
}

/* GDK_PRIORITY_REDRAW and G_PRIORITY_DEFAULT_IDLE are macros. */
static inline int gtkhud_priority_redraw(void) { return GDK_PRIORITY_REDRAW; }
static inline int gtkhud_priority_default_idle(void) { return G_PRIORITY_DEFAULT_IDLE; }

/* ---- Version checks ---- */
/* Headers we were compiled against (GTK_CHECK_VERSION is a macro). */
static inline gboolean gtkhud_built_against_gtk(guint major, guint minor, guint micro) {
    return GTK_MAJOR_VERSION > major ||
           (GTK_MAJOR_VERSION == major && (GTK_MINOR_VERSION > minor ||
           (GTK_MINOR_VERSION == minor && GTK_MICRO_VERSION >= micro)));
}
/* GTK library running now. */
static inline gboolean gtkhud_running_gtk_at_least(guint major, guint minor, guint micro) {
    return gtk_check_version(major, minor, micro) == NULL;
}

/* ---- Logging ---- */

/* A message in GLib's structured log, domain "GtkHUD" (stderr, journald, the app's writer).
 * Level "message", not "warning": G_DEBUG=fatal-warnings must not turn bad input into a crash. */
static inline void gtkhud_log_message(const char *code_func, const char *message) {
    const GLogField fields[] = {
        { "GLIB_DOMAIN", "GtkHUD", -1 },
        { "PRIORITY", "5", -1 },          /* syslog's notice */
        { "CODE_FUNC", code_func, -1 },
        { "MESSAGE", message, -1 },
    };
    g_log_structured_array(G_LOG_LEVEL_MESSAGE, fields, G_N_ELEMENTS(fields));
}

/* ---- Run-time look-ups of symbols newer than the baseline ---- */

/* gtk_accessible_announce (GTK 4.14). Priorities: 0 low, 1 medium, 2 high. */
typedef void (*gtkhud_announce_fn)(GtkAccessible *self, const char *message, int priority);
static inline gtkhud_announce_fn gtkhud_lookup_accessible_announce(void) {
    return (gtkhud_announce_fn)dlsym(RTLD_DEFAULT, "gtk_accessible_announce");
}
static inline gboolean gtkhud_accessible_announce_available(void) {
    return gtkhud_lookup_accessible_announce() != NULL;
}
/* Announces through the given function; returns FALSE when there is none. */
static inline gboolean gtkhud_accessible_announce_with(gtkhud_announce_fn fn, GtkAccessible *self,
                                                       const char *message, int priority) {
    if (fn == NULL || self == NULL || message == NULL) return FALSE;
    fn(self, message, priority);
    return TRUE;
}

/* gtk_css_provider_load_from_string (GTK 4.12); falls back to load_from_data (4.8). */
typedef void (*gtkhud_css_load_string_fn)(GtkCssProvider *provider, const char *string);
static inline void gtkhud_css_provider_load(GtkCssProvider *provider, const char *css) {
    gtkhud_css_load_string_fn fn = (gtkhud_css_load_string_fn)dlsym(RTLD_DEFAULT, "gtk_css_provider_load_from_string");
    if (fn != NULL) {
        fn(provider, css);
    } else {
        G_GNUC_BEGIN_IGNORE_DEPRECATIONS
        gtk_css_provider_load_from_data(provider, css, -1);
        G_GNUC_END_IGNORE_DEPRECATIONS
    }
}

/* GtkStyleContext is deprecated in 4.10, but adding a display-wide provider has no
   replacement in any GTK 4 release, so keep the call here and silence the notice. */
static inline void gtkhud_add_provider_for_display(GdkDisplay *display, GtkStyleProvider *provider, guint priority) {
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    gtk_style_context_add_provider_for_display(display, provider, priority);
    G_GNUC_END_IGNORE_DEPRECATIONS
}
static inline void gtkhud_remove_provider_for_display(GdkDisplay *display, GtkStyleProvider *provider) {
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    gtk_style_context_remove_provider_for_display(display, provider);
    G_GNUC_END_IGNORE_DEPRECATIONS
}

/* A boolean GtkSettings property that may not exist in this GTK (e.g.
   gtk-interface-reduced-motion, 4.22). Returns -1 when absent. */
static inline int gtkhud_settings_boolean(const char *name) {
    GtkSettings *settings = gtk_settings_get_default();
    if (settings == NULL) return -1;
    GParamSpec *spec = g_object_class_find_property(G_OBJECT_GET_CLASS(settings), name);
    if (spec == NULL) return -1;
    GValue value = G_VALUE_INIT;
    g_value_init(&value, spec->value_type);
    g_object_get_property(G_OBJECT(settings), name, &value);
    int result = -1;
    if (G_VALUE_HOLDS_BOOLEAN(&value)) result = g_value_get_boolean(&value) ? 1 : 0;
    else if (G_VALUE_HOLDS_ENUM(&value)) result = g_value_get_enum(&value) != 0 ? 1 : 0;
    g_value_unset(&value);
    return result;
}

/* A node drawing `color` through the alpha of `mask` (gsk_mask_node_new in
   alpha mode, GTK 4.10+, looked up at run time; GSK_MASK_MODE_ALPHA is 0);
   NULL before 4.10. The caller owns the result; `mask` is referenced. */
static inline GskRenderNode *gtkhud_color_through_mask_node_new(const GdkRGBA *color, const graphene_rect_t *bounds,
                                                                 GskRenderNode *mask) {
    typedef GskRenderNode *(*MaskNodeNew)(GskRenderNode *, GskRenderNode *, int);
    static MaskNodeNew mask_node_new = NULL;
    static gboolean looked_up = FALSE;
    if (!looked_up) { mask_node_new = (MaskNodeNew) dlsym(RTLD_DEFAULT, "gsk_mask_node_new"); looked_up = TRUE; }
    if (mask_node_new == NULL) return NULL;
    GskRenderNode *source = gsk_color_node_new(color, bounds);
    GskRenderNode *node = mask_node_new(source, mask, 0);
    gsk_render_node_unref(source);
    return node;
}

/* The fractional scale of the surface `widget` is drawn on (gdk_surface_get_scale,
   GTK 4.12+, looked up at run time); 0 when unknown. */
static inline double gtkhud_widget_surface_scale(GtkWidget *widget) {
    typedef double (*SurfaceScale)(GdkSurface *);
    static SurfaceScale get_scale = NULL;
    static gboolean looked_up = FALSE;
    if (!looked_up) { get_scale = (SurfaceScale) dlsym(RTLD_DEFAULT, "gdk_surface_get_scale"); looked_up = TRUE; }
    GtkNative *native = gtk_widget_get_native(widget);
    GdkSurface *surface = native ? gtk_native_get_surface(native) : NULL;
    if (get_scale == NULL || surface == NULL) return 0;
    return get_scale(surface);
}

/* The toplevel surface of `window` once it is realized, else NULL. */
static inline GdkSurface *gtkhud_window_surface(GtkWidget *window) {
    return gtk_widget_get_realized(window) ? gtk_native_get_surface(GTK_NATIVE(window)) : NULL;
}
/* The X server's time now, for bringing a window forward on the user's behalf
 * (they clicked a desktop notification): on X11, gtk_window_present() uses the
 * last event time the app saw, and X ignores a focus request older than the
 * last focus change (measured under Xvfb). GDK_CURRENT_TIME when the surface is
 * not an X11 one. Looked up at run time: GDK's X11 header is not included here. */
static inline guint32 gtkhud_x11_server_time(GdkSurface *surface) {
    guint32 (*server_time)(GdkSurface *) = (guint32 (*)(GdkSurface *))dlsym(RTLD_DEFAULT, "gdk_x11_get_server_time");
    GType (*surface_type)(void) = (GType (*)(void))dlsym(RTLD_DEFAULT, "gdk_x11_surface_get_type");
    if (surface == NULL || server_time == NULL || surface_type == NULL
        || !G_TYPE_CHECK_INSTANCE_TYPE(surface, surface_type())) return GDK_CURRENT_TIME;
    return server_time(surface);
}
/* Sets or clears the urgency hint (WM_HINTS' UrgencyHint: the window manager's
 * "look at me") of an X11 toplevel surface. Returns FALSE, doing nothing, for
 * any other surface (Wayland has no urgency), a NULL one, or a GDK without the
 * call. Looked up at run time: GDK's X11 header is not included here. */
static inline gboolean gtkhud_x11_surface_set_urgency(GdkSurface *surface, gboolean urgent) {
    void (*set_urgency)(GdkSurface *, gboolean) =
        (void (*)(GdkSurface *, gboolean))dlsym(RTLD_DEFAULT, "gdk_x11_surface_set_urgency_hint");
    GType (*surface_type)(void) = (GType (*)(void))dlsym(RTLD_DEFAULT, "gdk_x11_surface_get_type");
    if (surface == NULL || set_urgency == NULL || surface_type == NULL
        || !G_TYPE_CHECK_INSTANCE_TYPE(surface, surface_type())) return FALSE;
    set_urgency(surface, urgent);
    return TRUE;
}
/* The GdkToplevelState bits of a toplevel surface (0 for any other surface). */
static inline guint gtkhud_toplevel_state(GdkSurface *surface) {
    return (surface && GDK_IS_TOPLEVEL(surface)) ? (guint) gdk_toplevel_get_state(GDK_TOPLEVEL(surface)) : 0;
}
/* GDK_TOPLEVEL_STATE_SUSPENDED (GTK 4.12+; the 4.8 headers lack the name, the bit is fixed). */
static inline guint gtkhud_toplevel_state_suspended(void) { return 1u << 16; }
/* Whether `display` is a Wayland display (by type name: the Wayland headers may be absent). */
static inline gboolean gtkhud_display_is_wayland(GdkDisplay *display) {
    return display && g_str_equal(G_OBJECT_TYPE_NAME(display), "GdkWaylandDisplay");
}

/* gtk_window_present_with_time, deprecated in GTK 4.14 for gtk_window_present,
   which on X11 presents with GTK's last event time, and X ignores a present
   older than the last focus change (a window brought forward from a desktop
   notification). */
static inline void gtkhud_window_present_with_time(GtkWindow *window, guint32 timestamp) {
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    gtk_window_present_with_time(window, timestamp);
    G_GNUC_END_IGNORE_DEPRECATIONS
}

/* A new AdwSpinner (libadwaita 1.6+, looked up at run time), or NULL. */
static inline GtkWidget *gtkhud_adw_spinner_new(void) {
    typedef GtkWidget *(*SpinnerNew)(void);
    SpinnerNew spinner_new = (SpinnerNew) dlsym(RTLD_DEFAULT, "adw_spinner_new");
    return spinner_new ? spinner_new() : NULL;
}

/* AdwToolbarView (libadwaita 1.4+). Its type is 0 until libadwaita registers it,
   which it does before the first one is made, so 0 also means "none to find". */
static inline GType gtkhud_adw_toolbar_view_type(void) {
    static GType type = 0;
    if (type == 0) type = g_type_from_name("AdwToolbarView");
    return type;
}
/* The height of a toolbar view's top (or bottom) bars as laid out now: 0 while
   hidden, the part shown while they slide (adw_toolbar_view_get_top_bar_height,
   _bottom_bar_height); -1 without the function. */
static inline int gtkhud_adw_toolbar_view_bar_height(GtkWidget *view, gboolean top) {
    typedef int (*BarHeight)(GtkWidget *);
    static BarHeight top_height = NULL, bottom_height = NULL;
    static gboolean looked_up = FALSE;
    if (!looked_up) {
        top_height = (BarHeight) dlsym(RTLD_DEFAULT, "adw_toolbar_view_get_top_bar_height");
        bottom_height = (BarHeight) dlsym(RTLD_DEFAULT, "adw_toolbar_view_get_bottom_bar_height");
        looked_up = TRUE;
    }
    BarHeight height = top ? top_height : bottom_height;
    return height != NULL && view != NULL ? height(view) : -1;
}
/* A toolbar view's content (adw_toolbar_view_get_content), or NULL. */
static inline GtkWidget *gtkhud_adw_toolbar_view_content(GtkWidget *view) {
    typedef GtkWidget *(*Content)(GtkWidget *);
    static Content content = NULL;
    static gboolean looked_up = FALSE;
    if (!looked_up) { content = (Content) dlsym(RTLD_DEFAULT, "adw_toolbar_view_get_content"); looked_up = TRUE; }
    return content != NULL && view != NULL ? content(view) : NULL;
}

/* AdwDialog (libadwaita 1.5+): its type, 0 until libadwaita registers it (so 0
   also means "none to find"), and its child (adw_dialog_get_child), or NULL. */
static inline GType gtkhud_adw_dialog_type(void) {
    static GType type = 0;
    if (type == 0) type = g_type_from_name("AdwDialog");
    return type;
}
static inline GtkWidget *gtkhud_adw_dialog_child(GtkWidget *dialog) {
    typedef GtkWidget *(*Child)(GtkWidget *);
    static Child child = NULL;
    static gboolean looked_up = FALSE;
    if (!looked_up) { child = (Child) dlsym(RTLD_DEFAULT, "adw_dialog_get_child"); looked_up = TRUE; }
    return child != NULL && dialog != NULL ? child(dialog) : NULL;
}

/* A string GtkSettings property (gtk-theme-name), newly allocated, or NULL. */
static inline char *gtkhud_settings_string(GtkSettings *settings, const char *name) {
    GParamSpec *spec = g_object_class_find_property(G_OBJECT_GET_CLASS(settings), name);
    if (spec == NULL || spec->value_type != G_TYPE_STRING) return NULL;
    char *value = NULL;
    g_object_get(settings, name, &value, NULL);
    return value;
}

/* An integer GtkSettings property (gtk-xft-dpi); 0 when absent. */
static inline gint gtkhud_settings_get_int(GtkSettings *settings, const char *name) {
    GParamSpec *spec = g_object_class_find_property(G_OBJECT_GET_CLASS(settings), name);
    if (spec == NULL || spec->value_type != G_TYPE_INT) return 0;
    gint value = 0;
    g_object_get(settings, name, &value, NULL);
    return value;
}

static inline void gtkhud_settings_set_int(GtkSettings *settings, const char *name, gint value) {
    GParamSpec *spec = g_object_class_find_property(G_OBJECT_GET_CLASS(settings), name);
    if (spec == NULL || spec->value_type != G_TYPE_INT) return;
    g_object_set(settings, name, value, NULL);
}

/* ---- Accessibility property updates (gtk_accessible_update_property is variadic) ---- */
/* Updates one property from `value` and unsets it. */
static inline void gtkhud_accessible_update_one(GtkAccessible *self, GtkAccessibleProperty property, GValue *value) {
    GtkAccessibleProperty properties[1] = { property };
    gtk_accessible_update_property_value(self, 1, properties, value);
    g_value_unset(value);
}
/* Whether a string property (e.g. the label) holds exactly `text`: GTK's own test
 * check (gtk_test_accessible_check_property is variadic, so Swift cannot call it). */
static inline gboolean gtkhud_accessible_string_is(GtkAccessible *self, GtkAccessibleProperty property, const char *text) {
    char *error = gtk_test_accessible_check_property(self, property, text);
    gboolean same = error == NULL;
    g_free(error);
    return same;
}
static inline void gtkhud_accessible_set_string(GtkAccessible *self, GtkAccessibleProperty property, const char *text) {
    GValue value = G_VALUE_INIT;
    g_value_set_string(g_value_init(&value, G_TYPE_STRING), text);
    gtkhud_accessible_update_one(self, property, &value);
}
static inline void gtkhud_accessible_set_double(GtkAccessible *self, GtkAccessibleProperty property, double number) {
    GValue value = G_VALUE_INIT;
    g_value_set_double(g_value_init(&value, G_TYPE_DOUBLE), number);
    gtkhud_accessible_update_one(self, property, &value);
}
static inline void gtkhud_accessible_set_boolean_property(GtkAccessible *self, GtkAccessibleProperty property, gboolean flag) {
    GValue value = G_VALUE_INIT;
    g_value_set_boolean(g_value_init(&value, G_TYPE_BOOLEAN), flag);
    gtkhud_accessible_update_one(self, property, &value);
}
/* The class of a widget instance (G_OBJECT_GET_CLASS is a macro). */
static inline GtkWidgetClass *gtkhud_widget_get_class(GtkWidget *widget) { return GTK_WIDGET_GET_CLASS(widget); }

/* For tests: NULL when the accessible's string `property` is `expected` as GTK holds it, else a
   message to g_free (gtk_test_accessible_check_property is variadic). */
static inline char *gtkhud_test_accessible_check_string(GtkAccessible *self, GtkAccessibleProperty property,
                                                        const char *expected) {
    return gtk_test_accessible_check_property(self, property, expected);
}
static inline void gtkhud_accessible_reset_property(GtkAccessible *self, GtkAccessibleProperty property) {
    gtk_accessible_reset_property(self, property);
}
static inline void gtkhud_accessible_set_state(GtkAccessible *self, GtkAccessibleState state, gboolean flag) {
    GValue value = G_VALUE_INIT;
    g_value_set_boolean(g_value_init(&value, G_TYPE_BOOLEAN), flag);
    GtkAccessibleState states[1] = { state };
    gtk_accessible_update_state_value(self, 1, states, &value);
    g_value_unset(&value);
}

/* ---- Swift concurrency on the GLib loop ----
   libdispatch on Linux exports the hooks CoreFoundation's run loop uses to
   drain the main queue: a file descriptor that becomes readable when the main
   queue has work, and the drain function. GtkHUD watches the fd from GLib. */
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *message);

#endif
