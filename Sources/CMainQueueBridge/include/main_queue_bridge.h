#ifndef GTKHUD_MAIN_QUEUE_BRIDGE_H
#define GTKHUD_MAIN_QUEUE_BRIDGE_H
#include <stdbool.h>

/* Installs the GLib watch that drains Swift's main queue (idempotent, main thread).
   Returns true once the watch is in place. Called automatically at load time. */
bool gtkhud_main_queue_bridge_install(void);
/* Whether the bridge is installed. */
bool gtkhud_main_queue_bridge_installed(void);
/* The GLib priority of the bridge's source now (0 when not installed): G_PRIORITY_DEFAULT,
   or just below GTK's redraw for one loop iteration after each drain. */
int gtkhud_main_queue_bridge_priority(void);
/* How many times the bridge has drained the main queue (for tests and benchmarks). */
unsigned long gtkhud_main_queue_bridge_drain_count(void);
/* Whether the caller runs on the process's main thread (its thread id is the process id;
   syscall() is variadic, so Swift cannot call it). */
bool gtkhud_is_main_thread(void);
/* Runs work(context) once on the main queue, which the bridge drains on the GLib loop:
   dispatch_async_f on the main queue, for Swift code that does not link the Dispatch overlay. */
void gtkhud_main_queue_async(void *context, void (*work)(void *context));

#endif
