#!/bin/sh
# Misbehaving player: answers the setup, then plays the corner, which no opening turn allows.
read -r line
echo OK
while read -r line; do
  case "$line" in TURN*) echo "MOVE 1 1" ;; esac
done
