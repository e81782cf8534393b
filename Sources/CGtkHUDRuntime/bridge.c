/*
 * Drains Swift's main queue (the main actor, DispatchQueue.main) from the GLib
 * main loop, so `@MainActor` code and `Task { @MainActor in ... }` run inside
 * g_application_run / g_main_loop_run.
 *
 * libdispatch signals pending main-queue work on an eventfd; GLib watches it
 * (no polling timer) and calls libdispatch's drain hook, the same pair of
 * hooks CoreFoundation's run loop uses. The watch is installed when the
 * library is loaded, so apps need no set-up call.
 */
#include "gtkhud_runtime.h"
#include <glib.h>
#include <glib-unix.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <stdint.h>

extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *message);

static guint bridge_source_id = 0;
static unsigned long drain_count = 0;

static gboolean drain_main_queue(gint fd, GIOCondition condition, gpointer data) {
    (void)condition; (void)data;
    /* The handle is a non-blocking eventfd that the drain does not reset;
       consume the wake-up first so the watch does not spin, and so work queued
       during the drain writes the fd again and is drained next iteration. */
    uint64_t wakeups;
    ssize_t ignored = read(fd, &wakeups, sizeof wakeups);
    (void)ignored;
    drain_count++;
    _dispatch_main_queue_callback_4CF(NULL);
    return G_SOURCE_CONTINUE;
}

bool gtkhud_main_queue_bridge_install(void) {
    if (bridge_source_id != 0) return true;
    int fd = _dispatch_get_main_queue_handle_4CF();
    if (fd < 0) return false;
    /* Just below GTK's redraw priority (GDK_PRIORITY_REDRAW = G_PRIORITY_HIGH_IDLE + 20),
       like GTK's own idles: a stream of main-actor work (progress from worker threads)
       cannot starve painting. At G_PRIORITY_DEFAULT the queue was ready again after
       every drain and a HUD fed 30 million updates a second drew 7 frames a second.
       Main-actor jobs keep their FIFO order among themselves. */
    bridge_source_id = g_unix_fd_add_full(G_PRIORITY_HIGH_IDLE + 21, fd, G_IO_IN, drain_main_queue, NULL, NULL);
    g_source_set_name_by_id(bridge_source_id, "[gtkhud] Swift main queue");
    return bridge_source_id != 0;
}

bool gtkhud_main_queue_bridge_installed(void) { return bridge_source_id != 0; }

int gtkhud_main_queue_bridge_priority(void) {
    GSource *source = bridge_source_id ? g_main_context_find_source_by_id(NULL, bridge_source_id) : NULL;
    return source ? g_source_get_priority(source) : 0;
}

unsigned long gtkhud_main_queue_bridge_drain_count(void) { return drain_count; }

__attribute__((constructor)) static void gtkhud_install_bridge_at_load(void) {
    /* Only the main thread may own the main queue's handle; a library loaded
       later from another thread leaves it to an explicit install call. */
    if ((pid_t)syscall(SYS_gettid) == getpid()) {
        gtkhud_main_queue_bridge_install();
    }
}
