#!/usr/bin/env python3
"""realworld_libs.py - what each program of ../shared/bench/realworld needs at
link time: the Debian packages that hold its libraries and the link flags
racehunt gets after `--`.  Found by linking each main.c and reading which
symbols stayed undefined (racehunt's own note names most of them).

A program missing functions of its own project (not in its main.c, in no
Debian package) cannot be linked whole; `missing` says which, and such a
program is counted as not built.

    python3 bench/realworld_libs.py --packages   # the packages, one line (for apt-get install)
    python3 bench/realworld_libs.py NAME         # NAME's link flags
"""
import sys

# name -> (Debian packages, link flags, functions of the project itself that no package provides)
LIBS = {
    "AirConnect": ("libssl-dev libflac-dev libupnp-dev libshine-dev",
                   "-lcrypto -lFLAC -lupnp -lixml -lshine", ""),
    "brubeck": ("libmicrohttpd-dev libck-dev libjansson-dev librdkafka-dev",
                "-lmicrohttpd -lck -ljansson -lrdkafka", ""),
    "cava": ("libncurses-dev libfftw3-dev libiniparser-dev libpulse-dev libasound2-dev",
             "-lncursesw -lfftw3 -liniparser -lpulse-simple -lpulse -lasound", ""),
    "clib": ("libcurl4-openssl-dev", "-lcurl", ""),
    "dump1090": ("librtlsdr-dev", "-lrtlsdr", ""),
    "libfreenect": ("libfreenect-dev libgl-dev freeglut3-dev", "-lfreenect -lGL -lglut", ""),
    # libpgcommon/libpgport come with the server headers (which pull in clang-14 and llvm-14-dev)
    "pg_repack": ("libpq-dev postgresql-server-dev-15",
                  "-L/usr/lib/postgresql/15/lib -lpgcommon -lpgport -lpq", ""),
    "pianobar": ("libao-dev libavcodec-dev libavformat-dev libavfilter-dev libavutil-dev "
                 "libcurl4-openssl-dev libgcrypt20-dev libjson-c-dev",
                 "-lao -lavfilter -lavformat -lavcodec -lavutil -lcurl -lgcrypt -ljson-c", ""),
    "pigz": ("zlib1g-dev libzopfli-dev", "-lz -lzopfli", ""),
    "pigz-fixed": ("zlib1g-dev libzopfli-dev", "-lz -lzopfli", ""),
    "pingfs": ("libfuse3-dev", "-lfuse3", ""),
    "shairport": ("libssl-dev libao-dev libpulse-dev libasound2-dev",
                  "-lcrypto -lao -lpulse-simple -lpulse -lasound", "dup_nlabel (its mDNS code)"),
    "siege": ("libssl-dev zlib1g-dev", "-lssl -lcrypto -lz", ""),
    "snoopy": ("", "", "37 snoopy_* functions (the rest of libsnoopy)"),
    "sshfs": ("libfuse3-dev libglib2.0-dev", "-lfuse3 -lglib-2.0", ""),
    "sysbench": ("libluajit-5.1-dev", "-lluajit-5.1",
                 "register_test_*, register_driver_mysql, sb_rand_* (its test and driver modules)"),
    "sysbench-fixed": ("libluajit-5.1-dev", "-lluajit-5.1",
                       "register_test_*, register_driver_mysql, sb_rand_* (its test and driver modules)"),
    "the_silver_searcher": ("zlib1g-dev liblzma-dev libpcre3-dev", "-lz -llzma -lpcre", ""),
    "zmap": ("libgmp-dev libjson-c-dev libpcap-dev", "-lgmp -ljson-c -lpcap",
             "41 functions of its other modules (blocklist_*, log_*, pbm_*, xmalloc, ...)"),
}

# proxychains is a preloaded library (no main): racehunt says so and stops.
NO_MAIN = {"proxychains"}


def flags(name):
    return LIBS.get(name, ("", "", ""))[1].split()


def packages():
    return sorted({p for pkgs, _, _ in LIBS.values() for p in pkgs.split()})


def main(argv):
    if argv[:1] == ["--packages"]:
        print(" ".join(packages()))
    elif len(argv) == 1:
        print(" ".join(flags(argv[0])))
    else:
        print(__doc__.strip())
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
