/* sha256.h - SHA-256 of a file, for the program hash SV-COMP witnesses
 * carry and the source hashes of race witnesses (checked on replay).
 * The digest comes from Nettle (Debian's nettle-dev).
 *
 * Contract: rh_sha256_file writes 64 lowercase hex digits and a NUL into
 * hex[65] and returns 0, or returns -1 when the file cannot be read.
 */
#ifndef RH_SHA256_H
#define RH_SHA256_H

int rh_sha256_file(const char *path, char hex[65]);

#endif
