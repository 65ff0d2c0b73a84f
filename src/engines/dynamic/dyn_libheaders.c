/* dyn_libheaders.c - the libraries a program's headers imply: a program
 * that includes zlib.h calls zlib, one that includes math.h may need libm.
 * When the link step finds symbols undefined, it tries these libraries
 * along with those the symbol hints name (dyn_libhints.c), and only those
 * installed on this machine (dyn_link.c), so the user of `racehunt prog.c`
 * gets runs where a build would have linked the same libraries.
 *
 * A row matches a header path that ends in "/" + its name (headers are
 * named as clang opened them: /usr/include/curl/curl.h).  Only headers
 * that belong to one library are listed.
 */
#include "dyn.h"

#include <string.h>

static const struct {
    const char *header, *flag;
} rows[] = {
    {"math.h", "-lm"}, {"complex.h", "-lm"}, {"fenv.h", "-lm"},
    {"dlfcn.h", "-ldl"}, {"aio.h", "-lrt"}, {"mqueue.h", "-lrt"},
    {"zlib.h", "-lz"}, {"bzlib.h", "-lbz2"}, {"lzma.h", "-llzma"}, {"zstd.h", "-lzstd"},
    {"lz4.h", "-llz4"}, {"zopfli/zopfli.h", "-lzopfli"}, {"zopfli.h", "-lzopfli"},
    {"curl/curl.h", "-lcurl"}, {"microhttpd.h", "-lmicrohttpd"}, {"jansson.h", "-ljansson"},
    {"json-c/json.h", "-ljson-c"}, {"json/json.h", "-ljson-c"}, {"cjson/cJSON.h", "-lcjson"},
    {"yaml.h", "-lyaml"}, {"libxml/parser.h", "-lxml2"}, {"expat.h", "-lexpat"},
    {"pcap.h", "-lpcap"}, {"pcap/pcap.h", "-lpcap"}, {"librdkafka/rdkafka.h", "-lrdkafka"},
    {"libpq-fe.h", "-lpq"}, {"postgresql/libpq-fe.h", "-lpq"}, {"sqlite3.h", "-lsqlite3"},
    {"mysql/mysql.h", "-lmariadb"}, {"upnp/upnp.h", "-lupnp"}, {"upnp/ixml.h", "-lixml"},
    {"zmq.h", "-lzmq"}, {"mosquitto.h", "-lmosquitto"}, {"ares.h", "-lcares"},
    {"uv.h", "-luv"}, {"event2/event.h", "-levent"}, {"ck_pr.h", "-lck"}, {"numa.h", "-lnuma"},
    {"openssl/ssl.h", "-lssl"}, {"openssl/crypto.h", "-lcrypto"}, {"openssl/evp.h", "-lcrypto"},
    {"gcrypt.h", "-lgcrypt"}, {"gnutls/gnutls.h", "-lgnutls"}, {"sodium.h", "-lsodium"},
    {"gmp.h", "-lgmp"}, {"fuse3/fuse.h", "-lfuse3"}, {"fuse.h", "-lfuse"},
    {"glib.h", "-lglib-2.0"}, {"sys/capability.h", "-lcap"}, {"uuid/uuid.h", "-luuid"},
    {"systemd/sd-daemon.h", "-lsystemd"}, {"dbus/dbus.h", "-ldbus-1"},
    {"libusb-1.0/libusb.h", "-lusb-1.0"}, {"archive.h", "-larchive"}, {"magic.h", "-lmagic"},
    {"readline/readline.h", "-lreadline"}, {"pcre2.h", "-lpcre2-8"}, {"pcre.h", "-lpcre"},
    {"luajit-2.1/lua.h", "-lluajit-5.1"}, {"iniparser.h", "-liniparser"},
    {"bsd/string.h", "-lbsd"}, {"ncurses.h", "-lncursesw"}, {"curses.h", "-lncursesw"},
    {"ncursesw/ncurses.h", "-lncursesw"}, {"alsa/asoundlib.h", "-lasound"},
    {"pulse/simple.h", "-lpulse-simple"}, {"pulse/pulseaudio.h", "-lpulse"},
    {"ao/ao.h", "-lao"}, {"FLAC/stream_decoder.h", "-lFLAC"}, {"FLAC/stream_encoder.h", "-lFLAC"},
    {"shine/layer3.h", "-lshine"}, {"fftw3.h", "-lfftw3"},
    {"libavcodec/avcodec.h", "-lavcodec"}, {"libavformat/avformat.h", "-lavformat"},
    {"libavfilter/avfilter.h", "-lavfilter"}, {"libavutil/avutil.h", "-lavutil"},
    {"rtl-sdr.h", "-lrtlsdr"}, {"libfreenect.h", "-lfreenect"}, {"GL/glut.h", "-lglut"},
    {"GL/freeglut.h", "-lglut"}, {"GL/glu.h", "-lGLU"}, {"GL/gl.h", "-lGL"},
    {"SDL2/SDL.h", "-lSDL2"}, {"X11/Xlib.h", "-lX11"},
};

const char *rh_dyn_header_lib(const char *path)
{
    size_t n = strlen(path);
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        size_t k = strlen(rows[i].header);
        if (n > k && path[n - k - 1] == '/' && strcmp(path + n - k, rows[i].header) == 0)
            return rows[i].flag;
    }
    return NULL;
}
