#!/bin/sh
# Misbehaving player: answers the setup, then prints garbage instead of a move.
read -r line
echo OK
while read -r line; do
  case "$line" in TURN*) echo "hello, judge" ;; esac
done
