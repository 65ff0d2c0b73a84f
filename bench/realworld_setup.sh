#!/bin/sh
# realworld_setup.sh DIR - makes the inputs the workloads of realworld_workloads.tsv name
# ({W} there is DIR): files to search, compress or read, configuration files, a web root
# for a local HTTP peer.  Measurement input only: racehunt never sees this script.
set -eu
W=${1:?usage: realworld_setup.sh DIR}
mkdir -p "$W" && cd "$W"

# a tree of text files, some with a word to search for (the_silver_searcher)
mkdir -p tree/a tree/b
for i in 1 2 3 4 5 6 7 8; do
    printf 'alpha line\nneedle %d here\nbeta line\n' "$i" > "tree/a/f$i.txt"
    printf 'gamma\ndelta needle %d\n' "$i" > "tree/b/g$i.txt"
done

# text to compress in several blocks (pigz), and a list of choices (fzy)
i=0; : > text.txt
while [ $i -lt 4000 ]; do echo "line $i of some text to compress, with words repeated $i" >> text.txt; i=$((i+1)); done
sed -n '1,2000p' text.txt > choices.txt

# 8-bit I/Q samples (dump1090 --ifile): mid-scale noise, no aircraft
head -c 262144 /dev/zero | tr '\0' '\177' > samples.bin

# raw audio for a fifo input read from a regular file (cava)
head -c 400000 /dev/urandom > audio.pcm
printf '[input]\nmethod = fifo\nsource = %s/audio.pcm\n\n[output]\nmethod = raw\nraw_target = /dev/null\ndata_format = ascii\nbars = 8\n' "$W" > cava.conf

# a carbon backend and a statsd sampler on loopback ports (brubeck)
cat > brubeck.json <<'JSON'
{"sharding": false, "server_name": "bench", "dumpfile": "./brubeck.dump", "capacity": 15,
 "backends": [{"type": "carbon", "address": "127.0.0.1", "port": 2003, "frequency": 1}],
 "samplers": [{"type": "statsd", "address": "127.0.0.1", "port": 8126, "workers": 2,
               "multisock": false, "multimsg": 8}]}
JSON

# a scanner's target list (unreachable loopback ports) and the file it would upload (Mirai loader)
printf '127.0.0.1:1 root:root\n127.0.0.1:2 admin:admin\n' > targets.txt
head -c 4096 /bin/true > payload.bin

# an empty siege configuration and a web root for the local HTTP peer
: > siegerc
mkdir -p www && echo hello > www/index.html

# lmdb's test writes its database in ./testdb
mkdir -p testdb
