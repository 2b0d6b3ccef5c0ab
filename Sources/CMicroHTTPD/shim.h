/* GNU libmicrohttpd (Debian libmicrohttpd-dev) for geoserve. Swift cannot call
 * C variadic functions, so the few the server needs get non-variadic inline
 * wrappers here; everything else is the library's own API. */
#include <stdint.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <microhttpd.h>

/* Starts a daemon whose options come as one MHD_OPTION_ARRAY (terminated by MHD_OPTION_END). */
static inline struct MHD_Daemon *geo_mhd_start(unsigned int flags, uint16_t port,
                                               MHD_AccessHandlerCallback handler, void *handler_cls,
                                               struct MHD_OptionItem *options) {
    return MHD_start_daemon(flags, port, NULL, NULL, handler, handler_cls,
                            MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}

/* Connections the daemon has open now. */
static inline unsigned int geo_mhd_connection_count(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
    return info ? info->num_connections : 0;
}

/* The client's address as text ("127.0.0.1"), written into buf; "-" when unknown. */
static inline void geo_mhd_client_address(struct MHD_Connection *connection, char *buf, socklen_t size) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    buf[0] = '-'; buf[1] = 0;
    if (!info || !info->client_addr) return;
    const struct sockaddr *sa = info->client_addr;
    if (sa->sa_family == AF_INET) {
        inet_ntop(AF_INET, &((const struct sockaddr_in *)sa)->sin_addr, buf, size);
    } else if (sa->sa_family == AF_INET6) {
        inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)sa)->sin6_addr, buf, size);
    }
}

/* Closes a connection upgraded to a WebSocket (MHD_upgrade_action is variadic). */
static inline enum MHD_Result geo_mhd_upgrade_close(struct MHD_UpgradeResponseHandle *urh) {
    return MHD_upgrade_action(urh, MHD_UPGRADE_ACTION_CLOSE);
}

/* The socket of a connection (for the server's deadlines to shut it down); -1 when unknown. */
static inline int geo_mhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info ? info->connect_fd : -1;
}

/* Messages the library writes about what it refused itself (its own 400, 413, 414, 431, 505),
 * one formatted line each to geo_mhd_log_sink (written in Swift): its logger hands over a
 * va_list, which Swift cannot take apart. */
#include <stdio.h>
#include <stdarg.h>
extern void geo_mhd_log_sink(void *cls, const char *line);
static inline void geo_mhd_log_adapter(void *cls, const char *fmt, va_list ap) {
    char buf[512];
    vsnprintf(buf, sizeof buf, fmt, ap);
    geo_mhd_log_sink(cls, buf);
}
static inline intptr_t geo_mhd_log_adapter_pointer(void) { return (intptr_t)geo_mhd_log_adapter; }

/* Gives the C library's freed memory back to the system (glibc keeps it in its arenas): called
 * after a request that needed much, so one large upload does not leave the server hundreds of
 * MB larger for good. */
#include <malloc.h>
static inline void geo_release_free_memory(void) { malloc_trim(0); }
