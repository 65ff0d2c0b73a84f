/* dyn_libhints.c - which library defines a symbol the link step could not
 * find: a table of name patterns of widely used C libraries, with the link
 * flag and the Debian package that provides each, so that a failed link
 * can say "-lz (zlib1g-dev)" instead of only "undefined reference".
 *
 * Patterns are fnmatch(3) globs.  The first matching row wins, so narrower rows come first
 * (json-c's json_object_new_* before jansson's json_*).  A wrong guess
 * costs the user one failed link, so only names that one library owns are
 * listed, not short generic ones.
 */
#include "dyn.h"

#include <fnmatch.h>

static const rh_dyn_libhint hints[] = {
    /* zlib */
    {"deflate*", "-lz", "zlib1g-dev"}, {"inflate*", "-lz", "zlib1g-dev"},
    {"get_crc_table", "-lz", "zlib1g-dev"}, {"crc32*", "-lz", "zlib1g-dev"},
    {"adler32*", "-lz", "zlib1g-dev"}, {"zlibVersion", "-lz", "zlib1g-dev"},
    {"zError", "-lz", "zlib1g-dev"}, {"compress", "-lz", "zlib1g-dev"},
    {"compress2", "-lz", "zlib1g-dev"}, {"compressBound", "-lz", "zlib1g-dev"},
    {"uncompress", "-lz", "zlib1g-dev"}, {"gz*", "-lz", "zlib1g-dev"},
    /* other compressors */
    {"lzma_*", "-llzma", "liblzma-dev"}, {"BZ2_*", "-lbz2", "libbz2-dev"},
    {"ZSTD_*", "-lzstd", "libzstd-dev"}, {"LZ4_*", "-llz4", "liblz4-dev"},
    {"Zopfli*", "-lzopfli", "libzopfli-dev"},
    /* networking, web, data formats */
    {"curl_*", "-lcurl", "libcurl4-openssl-dev"}, {"MHD_*", "-lmicrohttpd", "libmicrohttpd-dev"},
    {"json_object_new_*", "-ljson-c", "libjson-c-dev"},
    {"json_object_object_*", "-ljson-c", "libjson-c-dev"},
    {"json_object_array_*", "-ljson-c", "libjson-c-dev"},
    {"json_object_get_*", "-ljson-c", "libjson-c-dev"},
    {"json_object_to_json_string*", "-ljson-c", "libjson-c-dev"},
    {"json_object_put", "-ljson-c", "libjson-c-dev"}, {"json_tokener_*", "-ljson-c", "libjson-c-dev"},
    {"json_*", "-ljansson", "libjansson-dev"}, {"cJSON_*", "-lcjson", "libcjson-dev"},
    {"yaml_*", "-lyaml", "libyaml-dev"}, {"xml[A-Z]*", "-lxml2", "libxml2-dev"},
    {"XML_*", "-lexpat", "libexpat1-dev"}, {"pcap_*", "-lpcap", "libpcap-dev"},
    {"rd_kafka_*", "-lrdkafka", "librdkafka-dev"}, {"PQ[a-z]*", "-lpq", "libpq-dev"},
    {"*PQExpBuffer*", "-lpq", "libpq-dev"}, {"mysql_*", "-lmariadb", "libmariadb-dev"},
    {"sqlite3_*", "-lsqlite3", "libsqlite3-dev"}, {"Upnp*", "-lupnp", "libupnp-dev"},
    {"ixml[A-Z]*", "-lixml", "libupnp-dev"}, {"zmq_*", "-lzmq", "libzmq3-dev"},
    {"mosquitto_*", "-lmosquitto", "libmosquitto-dev"}, {"ares_*", "-lcares", "libc-ares-dev"},
    /* event loops, concurrency */
    {"uv_*", "-luv", "libuv1-dev"}, {"event_base_*", "-levent", "libevent-dev"},
    {"event_new", "-levent", "libevent-dev"}, {"event_add", "-levent", "libevent-dev"},
    {"evbuffer_*", "-levent", "libevent-dev"}, {"bufferevent_*", "-levent", "libevent-dev"},
    {"evhttp_*", "-levent", "libevent-dev"},
    {"ck_*", "-lck", "libck-dev"}, {"numa_*", "-lnuma", "libnuma-dev"},
    /* cryptography */
    {"SSL_*", "-lssl", "libssl-dev"}, {"TLS_*", "-lssl", "libssl-dev"},
    {"OPENSSL_init_ssl", "-lssl", "libssl-dev"}, {"OPENSSL_*", "-lcrypto", "libssl-dev"},
    {"CRYPTO_*", "-lcrypto", "libssl-dev"}, {"ERR_*", "-lcrypto", "libssl-dev"},
    {"EVP_*", "-lcrypto", "libssl-dev"}, {"BIO_*", "-lcrypto", "libssl-dev"},
    {"RSA_*", "-lcrypto", "libssl-dev"}, {"AES_*", "-lcrypto", "libssl-dev"},
    {"DES_*", "-lcrypto", "libssl-dev"}, {"MD4_*", "-lcrypto", "libssl-dev"},
    {"MD5_*", "-lcrypto", "libssl-dev"}, {"SHA1*", "-lcrypto", "libssl-dev"},
    {"SHA256*", "-lcrypto", "libssl-dev"}, {"SHA512*", "-lcrypto", "libssl-dev"},
    {"HMAC*", "-lcrypto", "libssl-dev"}, {"PEM_*", "-lcrypto", "libssl-dev"},
    {"X509*", "-lcrypto", "libssl-dev"}, {"RAND_*", "-lcrypto", "libssl-dev"},
    {"BN_*", "-lcrypto", "libssl-dev"}, {"gcry_*", "-lgcrypt", "libgcrypt20-dev"},
    {"gnutls_*", "-lgnutls", "libgnutls28-dev"}, {"mbedtls_*", "-lmbedtls", "libmbedtls-dev"},
    {"sodium_*", "-lsodium", "libsodium-dev"}, {"__gmp*", "-lgmp", "libgmp-dev"},
    /* system */
    {"fuse_*", "-lfuse3", "libfuse3-dev"}, {"g_*", "-lglib-2.0", "libglib2.0-dev"},
    {"cap_*", "-lcap", "libcap-dev"}, {"uuid_*", "-luuid", "uuid-dev"},
    {"sd_*", "-lsystemd", "libsystemd-dev"}, {"dbus_*", "-ldbus-1", "libdbus-1-dev"},
    {"libusb_*", "-lusb-1.0", "libusb-1.0-0-dev"}, {"archive_*", "-larchive", "libarchive-dev"},
    {"magic_*", "-lmagic", "libmagic-dev"}, {"readline", "-lreadline", "libreadline-dev"},
    {"add_history", "-lreadline", "libreadline-dev"}, {"rl_*", "-lreadline", "libreadline-dev"},
    {"pcre2_*", "-lpcre2-8", "libpcre2-dev"}, {"pcre_*", "-lpcre", "libpcre3-dev"},
    {"lua_*", "-lluajit-5.1", "libluajit-5.1-dev"}, {"luaL_*", "-lluajit-5.1", "libluajit-5.1-dev"},
    {"iniparser_*", "-liniparser", "libiniparser-dev"}, {"strlcpy", "-lbsd", "libbsd-dev"},
    {"strlcat", "-lbsd", "libbsd-dev"}, {"pg_*printf", "-lpgport", "postgresql-server-dev-all"},
    {"pg_str*", "-lpgport", "postgresql-server-dev-all"},
    /* terminal (ncurses) */
    {"initscr", "-lncursesw", "libncurses-dev"}, {"endwin", "-lncursesw", "libncurses-dev"},
    {"stdscr", "-lncursesw", "libncurses-dev"}, {"curs_set", "-lncursesw", "libncurses-dev"},
    {"start_color", "-lncursesw", "libncurses-dev"}, {"init_pair", "-lncursesw", "libncurses-dev"},
    {"init_color", "-lncursesw", "libncurses-dev"}, {"use_default_colors", "-lncursesw", "libncurses-dev"},
    {"can_change_color", "-lncursesw", "libncurses-dev"}, {"mvprintw", "-lncursesw", "libncurses-dev"},
    {"wrefresh", "-lncursesw", "libncurses-dev"}, {"wgetch", "-lncursesw", "libncurses-dev"},
    {"wmove", "-lncursesw", "libncurses-dev"}, {"waddch", "-lncursesw", "libncurses-dev"},
    {"waddnwstr", "-lncursesw", "libncurses-dev"}, {"wclear", "-lncursesw", "libncurses-dev"},
    {"wtimeout", "-lncursesw", "libncurses-dev"}, {"wattr_on", "-lncursesw", "libncurses-dev"},
    {"wattrset", "-lncursesw", "libncurses-dev"}, {"wbkgd", "-lncursesw", "libncurses-dev"},
    {"noecho", "-lncursesw", "libncurses-dev"}, {"cbreak", "-lncursesw", "libncurses-dev"},
    {"COLS", "-lncursesw", "libncurses-dev"}, {"LINES", "-lncursesw", "libncurses-dev"},
    {"COLORS", "-lncursesw", "libncurses-dev"}, {"COLOR_PAIRS", "-lncursesw", "libncurses-dev"},
    {"newwin", "-lncursesw", "libncurses-dev"}, {"delwin", "-lncursesw", "libncurses-dev"},
    /* audio, video, graphics, devices */
    {"snd_*", "-lasound", "libasound2-dev"}, {"pa_simple_*", "-lpulse-simple", "libpulse-dev"},
    {"pa_*", "-lpulse", "libpulse-dev"}, {"ao_*", "-lao", "libao-dev"},
    {"FLAC__*", "-lFLAC", "libflac-dev"}, {"shine_*", "-lshine", "libshine-dev"},
    {"fftw_*", "-lfftw3", "libfftw3-dev"}, {"avcodec_*", "-lavcodec", "libavcodec-dev"},
    {"avformat_*", "-lavformat", "libavformat-dev"}, {"av_read_frame", "-lavformat", "libavformat-dev"},
    {"av_seek_frame", "-lavformat", "libavformat-dev"},
    {"av_find_best_stream", "-lavformat", "libavformat-dev"},
    {"avfilter_*", "-lavfilter", "libavfilter-dev"}, {"av_buffersink_*", "-lavfilter", "libavfilter-dev"},
    {"av_buffersrc_*", "-lavfilter", "libavfilter-dev"}, {"av_*", "-lavutil", "libavutil-dev"},
    {"rtlsdr_*", "-lrtlsdr", "librtlsdr-dev"}, {"freenect_*", "-lfreenect", "libfreenect-dev"},
    {"glut[A-Z]*", "-lglut", "freeglut3-dev"}, {"glu[A-Z]*", "-lGLU", "libglu1-mesa-dev"},
    {"gl[A-Z]*", "-lGL", "libgl-dev"}, {"SDL_*", "-lSDL2", "libsdl2-dev"},
    {"X[A-Z]*", "-lX11", "libx11-dev"},
};

const rh_dyn_libhint *rh_dyn_libhint_for(const char *sym)
{
    for (size_t i = 0; i < sizeof hints / sizeof hints[0]; i++)
        if (fnmatch(hints[i].pattern, sym, 0) == 0)
            return &hints[i];
    return NULL;
}
