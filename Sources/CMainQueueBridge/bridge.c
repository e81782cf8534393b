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
#include "main_queue_bridge.h"
#include <glib.h>
#include <glib-unix.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <stdint.h>

extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *message);
/* dispatch_get_main_queue() is a macro for the address of this object; declared
   here rather than through <dispatch/dispatch.h>, like the two above. */
struct dispatch_queue_s;
extern struct dispatch_queue_s _dispatch_main_q;
extern void dispatch_async_f(struct dispatch_queue_s *queue, void *context, void (*work)(void *context));

static guint bridge_source_id = 0;
static guint restore_source_id = 0;
static unsigned long drain_count = 0;

/* Painting and main-actor work take turns. The bridge drains at G_PRIORITY_DEFAULT,
   above GTK's redraw (GDK_PRIORITY_REDRAW = G_PRIORITY_HIGH_IDLE + 20), so main-actor
   work never waits behind more than one frame: at a fixed priority below redraw, the GL
   renderer's back-to-back frames under Xvfb held `Task.sleep(0.1)` for up to 15.8 s.
   After each drain the bridge steps below redraw until a one-shot source at redraw
   priority has run; a pending frame runs in that same iteration. So a frame never waits
   behind more than one drain: at a fixed default priority, the queue was ready again
   after every drain during a progress storm from worker threads and the HUD drew 7 frames
   a second. With no frame pending the step costs one loop iteration. Jobs keep FIFO order. */
#define BRIDGE_PRIORITY (G_PRIORITY_DEFAULT)
#define BRIDGE_PRIORITY_AFTER_DRAIN (G_PRIORITY_HIGH_IDLE + 21)
#define BRIDGE_PRIORITY_RESTORE (G_PRIORITY_HIGH_IDLE + 20)

static gboolean restore_bridge_priority(gpointer data) {
    (void)data;
    restore_source_id = 0;
    GSource *bridge = bridge_source_id ? g_main_context_find_source_by_id(NULL, bridge_source_id) : NULL;
    if (bridge) g_source_set_priority(bridge, BRIDGE_PRIORITY);
    return G_SOURCE_REMOVE;
}

static void yield_to_painting(void) {
    GSource *bridge = bridge_source_id ? g_main_context_find_source_by_id(NULL, bridge_source_id) : NULL;
    if (!bridge || restore_source_id != 0) return;
    g_source_set_priority(bridge, BRIDGE_PRIORITY_AFTER_DRAIN);
    restore_source_id = g_idle_add_full(BRIDGE_PRIORITY_RESTORE, restore_bridge_priority, NULL, NULL);
    g_source_set_name_by_id(restore_source_id, "[gtkhud] Swift main queue: back above redraw");
}

static gboolean drain_main_queue(gint fd, GIOCondition condition, gpointer data) {
    (void)condition; (void)data;
    /* The handle is a non-blocking eventfd that the drain does not reset;
       consume the wake-up first so the watch does not spin, and so work queued
       during the drain writes the fd again and is drained next iteration. */
    uint64_t wakeups;
    ssize_t ignored = read(fd, &wakeups, sizeof wakeups);
    (void)ignored;
    drain_count++;
    yield_to_painting();
    _dispatch_main_queue_callback_4CF(NULL);
    return G_SOURCE_CONTINUE;
}

bool gtkhud_main_queue_bridge_install(void) {
    if (bridge_source_id != 0) return true;
    int fd = _dispatch_get_main_queue_handle_4CF();
    if (fd < 0) return false;
    /* See BRIDGE_PRIORITY for the turn-taking with painting. */
    bridge_source_id = g_unix_fd_add_full(BRIDGE_PRIORITY, fd, G_IO_IN, drain_main_queue, NULL, NULL);
    g_source_set_name_by_id(bridge_source_id, "[gtkhud] Swift main queue");
    return bridge_source_id != 0;
}

bool gtkhud_main_queue_bridge_installed(void) { return bridge_source_id != 0; }

int gtkhud_main_queue_bridge_priority(void) {
    GSource *source = bridge_source_id ? g_main_context_find_source_by_id(NULL, bridge_source_id) : NULL;
    return source ? g_source_get_priority(source) : 0;
}

unsigned long gtkhud_main_queue_bridge_drain_count(void) { return drain_count; }

bool gtkhud_is_main_thread(void) { return (pid_t)syscall(SYS_gettid) == getpid(); }

void gtkhud_main_queue_async(void *context, void (*work)(void *context)) {
    dispatch_async_f(&_dispatch_main_q, context, work);
}

__attribute__((constructor)) static void gtkhud_install_bridge_at_load(void) {
    /* Only the main thread may own the main queue's handle; a library loaded
       later from another thread leaves it to an explicit install call. */
    if (gtkhud_is_main_thread()) {
        gtkhud_main_queue_bridge_install();
    }
}
