# Convenience targets over the CMake build in build/.
#   make          build racehunt
#   make test     run the test suite (ctest), quick tier first
#   make test-quick  only the quick tier (ctest -L quick, about two minutes)
#   make bench    measure on the SV-COMP style corpora (../shared/bench); BENCH_ARGS for more
#   make bench-realworld  time, memory and verdicts on ../shared/bench/realworld; REALWORLD_ARGS for more
#   make install  install to PREFIX (default /usr/local; DESTDIR for staging)
PREFIX ?= /usr/local
.PHONY: all test test-quick bench bench-realworld install clean
all:
	scripts/build.sh
test: all
	cd build && ctest --output-on-failure -j 2 -L quick && ctest --output-on-failure -j 2 -LE quick
test-quick: all
	cd build && ctest --output-on-failure -j 2 -L quick
bench: all
	python3 bench/run_bench.py $(BENCH_ARGS)
bench-realworld: all
	python3 bench/run_realworld.py $(REALWORLD_ARGS)
install: all
	cmake --install build --prefix "$(PREFIX)"
clean:
	rm -rf build build-asan
