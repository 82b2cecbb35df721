#!/bin/sh
# Misbehaving player: answers the setup, then floods stderr without end and stdout with one
# 20 MB line that has no newline.
read -r line
echo OK
read -r line
sh -c 'while :; do echo flood flood flood flood >&2; done' arena-test-flood-helper &
head -c 20000000 /dev/zero | tr '\0' x
sleep 300
